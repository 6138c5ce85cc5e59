"""/hint and the Hint button (turn panel, the partner's "may I go out?" prompt): privately,
the move the hard computer would make now. The answer is `bot/discord_ui/hint_answer.py`."""

from __future__ import annotations

import re
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord_ui import custom_ids
from bot.discord_ui.client import CanastaBot
from bot.discord_ui.command_words import about, name
from bot.discord_ui.discord_limits import send_private
from bot.discord_ui.hint_answer import give_hint
from bot.service import Refused
from cogs.play import game_here

ButtonItem = discord.ui.Button[discord.ui.View]  # a persistent button, any view


class HintButton(discord.ui.DynamicItem[ButtonItem], template=custom_ids.HINT):
    """Hint on a turn panel or a question prompt: works across restarts, for whoever may
    ask now (the clicker's own turn, or the partner asked)."""

    def __init__(self, game_id: int) -> None:
        super().__init__(discord.ui.Button(custom_id=custom_ids.hint(game_id)))
        self.game_id = game_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> HintButton:
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        bot = interaction.client
        assert isinstance(bot, CanastaBot)
        await give_hint(bot, interaction, self.game_id)


class Hints(commands.Cog):
    def __init__(self, bot: CanastaBot) -> None:
        self.bot = bot

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(HintButton)

    async def cog_unload(self) -> None:
        self.bot.remove_dynamic_items(HintButton)

    @app_commands.command(name=name("hint"), description=about("hint"))
    @app_commands.guild_only()
    async def hint(self, interaction: discord.Interaction) -> None:
        try:
            record = await game_here(self.bot, interaction)
        except Refused as exc:
            await send_private(interaction, exc.said(await self.bot.languages.of(interaction)))
            return
        await give_hint(self.bot, interaction, record.id)


async def setup(bot: CanastaBot) -> None:
    await bot.add_cog(Hints(bot))
