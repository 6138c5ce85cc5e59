"""Who reads which language (issue 10).

- A private reply or DM: the player's own choice (`/language`, stored), else the locale of
  their Discord client (`interaction.locale`, remembered from their last interaction for DMs
  sent without one), else the server's language.
- Public messages and pictures in a game's thread: the server's language: the one its admins
  set (`/canasta language`, stored), else the guild's preferred locale, else DEFAULT_LANGUAGE.
"""

from __future__ import annotations

import time
from typing import Protocol

import discord

from bot import i18n
from bot.discord_ui.config import Settings
from bot.store import Store

CLIENT_LOCALES = 10_000  # client locales remembered (players seen), oldest forgotten first
CHOICE_KEPT = 300.0  # seconds a stored choice is reused before it is read again (another
                     # process of a sharded bot may have changed it)


class LanguageHost(Protocol):
    """What the chooser asks of the bot: the stored choices, the default, the guilds."""

    settings: Settings

    @property
    def store(self) -> Store: ...

    def get_guild(self, id: int, /) -> discord.Guild | None: ...


class Languages:
    """The language of each reader; one per bot."""

    def __init__(self, bot: LanguageHost) -> None:
        self.bot = bot
        self._locales: dict[str, str] = {}  # player -> the language of their Discord client
        self._chosen: dict[tuple[str, object], tuple[float, str | None]] = {}

    async def _stored(self, kind: str, key: object) -> str | None:
        """A stored choice (kind "player" or "server"), read once and then kept: every
        message asks, the database need not answer each time. It is read again after
        CHOICE_KEPT seconds: another process may have changed it (a player's /language in
        a DM goes to shard 0's process; a server's choice is made in its own shard's
        process, but shard 0's edits that server's tables after a click on a turn
        message)."""
        now = time.time()
        kept = self._chosen.get((kind, key))
        if kept is not None and kept[0] > now:
            return kept[1]
        store = self.bot.store
        chosen = (await store.player_language(str(key)) if kind == "player"
                  else await store.server_language(int(key)))  # type: ignore[call-overload]
        if len(self._chosen) > CLIENT_LOCALES:
            self._chosen.clear()
        self._chosen[(kind, key)] = (now + CHOICE_KEPT, chosen)
        return chosen

    async def choose_for_player(self, player: str, language: str | None) -> None:
        await self.bot.store.set_player_language(player, language)
        self._chosen.pop(("player", player), None)

    def forget(self, player: str) -> None:
        """What this process remembers of a person's languages (their data was deleted)."""
        self._chosen.pop(("player", player), None)
        self._locales.pop(player, None)

    async def choose_for_server(self, guild_id: int, language: str | None) -> None:
        await self.bot.store.set_server_language(guild_id, language)
        self._chosen.pop(("server", guild_id), None)

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
        chosen = await self._stored("server", guild_id)
        if chosen in i18n.LANGUAGES:
            return chosen
        guild = self.bot.get_guild(guild_id)
        preferred = i18n.supported(str(guild.preferred_locale)) if guild is not None else None
        return preferred or self.default

    async def player(self, player: str, guild_id: int | None,
                     interaction: discord.Interaction | None = None) -> str:
        """The language of one player's private replies and DMs."""
        chosen = await self._stored("player", player)
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
