"""`/privacy`: what the bot stores about you, privately, with a button that deletes it (see
"What we store" in the README and `bot/service/player_data.py`)."""

from __future__ import annotations

import re
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot import i18n
from bot.discord_ui import custom_ids
from bot.discord_ui.client import CanastaBot
from bot.discord_ui.command_words import about, name
from bot.discord_ui.control_errors import answers_errors
from bot.discord_ui.discord_limits import edit_clicked, respond, send_private
from bot.discord_ui.names import shown
from bot.discord_ui.slow_down import too_soon
from bot.service import Refused
from bot.service.player_data import pseudonym
from bot.store import StoredAbout

ButtonItem = discord.ui.Button[discord.ui.View]  # a persistent button, any view


def stored_text(about: StoredAbout, lang: str) -> str:
    if about.nothing:
        return i18n.text(lang, "privacy.nothing")
    return i18n.text(lang, "privacy.stored", games=about.games, seats=about.seats,
                     settings=about.settings, statistics=about.statistics,
                     actions=about.actions, ratings=about.ratings)


def delete_view(player: int, lang: str) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(discord.ui.Button(label=i18n.text(lang, "button.privacy_delete"),
                                    style=discord.ButtonStyle.danger,
                                    custom_id=custom_ids.privacy(player)))
    return view


class DeleteButton(discord.ui.DynamicItem[ButtonItem], template=custom_ids.PRIVACY):
    """"Delete my data" under /privacy's private answer; only its own person may press."""

    def __init__(self, player: int) -> None:
        super().__init__(discord.ui.Button(label=i18n.text("en", "button.privacy_delete"),
                                           style=discord.ButtonStyle.danger,
                                           custom_id=custom_ids.privacy(player)))
        self.player = player

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> DeleteButton:
        return cls(int(match["player"]))

    @answers_errors
    async def callback(self, interaction: discord.Interaction) -> None:
        bot = interaction.client
        assert isinstance(bot, CanastaBot)
        mine = await bot.languages.of(interaction)
        if interaction.user.id != self.player:
            await send_private(interaction, i18n.text(mine, "reply.not_your_controls"))
            return
        player = str(self.player)
        try:
            await bot.service.forget_player(player)
        except Refused as exc:
            await send_private(interaction, exc.said(mine))
            return
        bot.languages.forget(player)
        await edit_clicked(interaction, i18n.text(
            mine, "privacy.deleted", name=shown(pseudonym(player)[1])), view=None)


class Privacy(commands.Cog):
    def __init__(self, bot: CanastaBot) -> None:
        self.bot = bot

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(DeleteButton)

    async def cog_unload(self) -> None:
        self.bot.remove_dynamic_items(DeleteButton)

    @app_commands.command(name=name("privacy"), description=about("privacy"))
    async def privacy(self, interaction: discord.Interaction) -> None:
        if await too_soon(self.bot, interaction, "click"):
            return
        mine = await self.bot.languages.of(interaction)
        stored = await self.bot.service.about_player(str(interaction.user.id))
        kwargs: dict[str, Any] = {}
        if not stored.nothing:
            kwargs["view"] = delete_view(interaction.user.id, mine)
        await respond(interaction, stored_text(stored, mine), private=True, **kwargs)


async def setup(bot: CanastaBot) -> None:
    await bot.add_cog(Privacy(bot))
