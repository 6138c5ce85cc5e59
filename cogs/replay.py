"""/replay game:<id> [hand:<n>]: a private message stepping through a finished hand, with ◀ ▶
and a menu of its moves (see bot/service/replays.py and bot/discord_ui/replay_desk.py)."""

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
from bot.discord_ui.discord_limits import edit_clicked, respond, send_private
from bot.discord_ui.pictures import as_file
from bot.discord_ui.replay_desk import OpenReplay, ReplayDesk
from bot.discord_ui.slow_down import too_soon
from bot.discord_ui.turn_panel import values
from bot.service import Refused

ButtonItem = discord.ui.Item[discord.ui.View]


class Replays(commands.Cog):
    def __init__(self, bot: CanastaBot) -> None:
        self.bot = bot
        self.desk = ReplayDesk()  # the replays open in this process

    @app_commands.command(name=name("replay"), description=about("replay"))
    @app_commands.rename(game=name("replay.game"), hand=name("replay.hand"))
    @app_commands.describe(game=about("replay.game"), hand=about("replay.hand"))
    @app_commands.guild_only()
    async def replay(self, interaction: discord.Interaction,
                     game: app_commands.Range[int, 1, 2**53],
                     hand: app_commands.Range[int, 1, 10_000] | None = None) -> None:
        lang = await self.bot.languages.of(interaction)
        try:
            replay = await self.bot.service.replay(interaction.guild_id, game, hand, lang)
        except Refused as exc:
            await send_private(interaction, exc.said(lang))
            return
        if await too_soon(self.bot, interaction, "picture"):  # a picture is dear
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        opened = self.desk.open(interaction.user.id, replay, lang)
        png = await opened.picture()
        await respond(interaction, opened.caption(), private=True,
                      file=as_file(png, "replay"), view=opened.controls())

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(ReplayControl)


class ReplayControl(discord.ui.DynamicItem[ButtonItem], template=custom_ids.REPLAY):
    """◀, ▶ or the menu of moves of an open replay: only its owner steps through it."""

    def __init__(self, key: str, verb: str) -> None:
        item: ButtonItem = (discord.ui.Select(custom_id=custom_ids.replay(key, verb))
                            if verb == "menu"
                            else discord.ui.Button(custom_id=custom_ids.replay(key, verb)))
        super().__init__(item)
        self.key, self.verb = key, verb

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> ReplayControl:
        return cls(match["key"], match["verb"])

    async def callback(self, interaction: discord.Interaction) -> None:
        bot = interaction.client
        assert isinstance(bot, CanastaBot)
        mine = await bot.languages.of(interaction)
        cog = bot.get_cog("Replays")
        opened = cog.desk.get(self.key) if isinstance(cog, Replays) else None
        if opened is None:
            await send_private(interaction, i18n.text(mine, "replay.expired"))
            return
        if opened.owner != interaction.user.id:
            await send_private(interaction, i18n.text(mine, "replay.not_yours"))
            return
        _step(opened, self.verb, interaction)
        png = await opened.picture()
        await edit_clicked(interaction, opened.caption(), attachments=[as_file(png, "replay")],
                           view=opened.controls())


def _step(opened: OpenReplay, verb: str, interaction: discord.Interaction) -> None:
    if verb == "back":
        opened.step = max(0, opened.step - 1)
    elif verb == "next":
        opened.step = min(opened.last, opened.step + 1)
    else:
        chosen = values(interaction)
        if chosen and chosen[0].isdigit():
            opened.step = min(opened.last, int(chosen[0]))


async def setup(bot: CanastaBot) -> None:
    await bot.add_cog(Replays(bot))

