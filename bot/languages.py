"""Who reads which language (issue 10).

- A private reply or DM: the player's own choice (`/language`, stored), else the locale of
  their Discord client (`interaction.locale`, remembered from their last interaction for DMs
  sent without one), else the server's language.
- Public messages and pictures in a game's thread: the server's language: the one its admins
  set (`/canasta language`, stored), else the guild's preferred locale, else DEFAULT_LANGUAGE.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord

from bot import i18n

if TYPE_CHECKING:
    from bot.client import CanastaBot

CLIENT_LOCALES = 10_000  # client locales remembered (players seen), oldest forgotten first


class Languages:
    """The language of each reader; one per bot."""

    def __init__(self, bot: CanastaBot) -> None:
        self.bot = bot
        self._locales: dict[str, str] = {}  # player -> the language of their Discord client

    @property
    def default(self) -> str:
        return i18n.supported(self.bot.settings.default_language) or i18n.BASE_LANGUAGE

    def seen(self, interaction: discord.Interaction) -> None:
        """Remember the player's client language (for DMs that answer no interaction)."""
        lang = i18n.supported(str(interaction.locale))
        if lang is None:
            return
        player = str(interaction.user.id)
        self._locales.pop(player, None)
        self._locales[player] = lang
        while len(self._locales) > CLIENT_LOCALES:
            self._locales.pop(next(iter(self._locales)))

    async def server(self, guild_id: int | None) -> str:
        """The language of a server's threads and table pictures."""
        if guild_id is None:
            return self.default
        chosen = await self.bot.store.server_language(guild_id)
        if chosen in i18n.LANGUAGES:
            return chosen
        guild = self.bot.get_guild(guild_id)
        preferred = i18n.supported(str(guild.preferred_locale)) if guild is not None else None
        return preferred or self.default

    async def player(self, player: str, guild_id: int | None,
                     interaction: discord.Interaction | None = None) -> str:
        """The language of one player's private replies and DMs."""
        chosen = await self.bot.store.player_language(player)
        if chosen in i18n.LANGUAGES:
            return chosen
        if interaction is not None and str(interaction.user.id) == player:
            self.seen(interaction)
            client = i18n.supported(str(interaction.locale))
            if client is not None:
                return client
        return self._locales.get(player) or await self.server(guild_id)

    async def of(self, interaction: discord.Interaction) -> str:
        """The language of a private reply to this interaction."""
        return await self.player(str(interaction.user.id), interaction.guild_id, interaction)


__all__ = ["Languages"]
