"""Who plays a seat: /leave (a computer takes over), /replace (the host hands an idle
player's seat to a computer), /rejoin (take your seat and your hand back)."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot import i18n
from bot.discord_ui.client import CanastaBot
from bot.discord_ui.command_words import about, name
from bot.discord_ui.discord_limits import send_private
from bot.discord_ui.names import shown
from bot.discord_ui.presenter import Presenter
from bot.service import Notice, Refused, refused
from bot.service.names import clean_name
from cogs.play import game_here


class Seats(commands.Cog):
    def __init__(self, bot: CanastaBot) -> None:
        self.bot = bot
        self.presenter = Presenter(bot)

    async def _game_id(self, interaction: discord.Interaction) -> int:
        record = await game_here(self.bot, interaction)
        if record.status == "over":
            raise refused("reply.game_over")
        return record.id

    async def _announce(self, interaction: discord.Interaction, notice: Notice,
                        reply: str) -> None:
        try:
            await send_private(interaction, reply)
            await self.presenter.announce(notice)
        finally:
            self.bot.kick(notice.game_id)

    @app_commands.command(name=name("leave"), description=about("leave"))
    @app_commands.guild_only()
    async def leave(self, interaction: discord.Interaction) -> None:
        try:
            game_id = await self._game_id(interaction)
            notice = await self.bot.service.leave_table(game_id, str(interaction.user.id))
        except Refused as exc:
            await send_private(interaction, exc.said(await self.bot.languages.of(interaction)))
            return
        mine = await self.bot.languages.of(interaction)
        await self._announce(interaction, notice, i18n.text(mine, "seats.left"))

    @app_commands.command(name=name("replace"), description=about("replace"))
    @app_commands.rename(player=name("replace.player"))
    @app_commands.describe(player=about("replace.player"))
    @app_commands.guild_only()
    async def replace(self, interaction: discord.Interaction, player: discord.Member) -> None:
        try:
            game_id = await self._game_id(interaction)
            notice = await self.bot.service.replace_player(
                game_id, str(interaction.user.id), str(player.id))
        except Refused as exc:
            await send_private(interaction, exc.said(await self.bot.languages.of(interaction)))
            return
        mine = await self.bot.languages.of(interaction)
        await self._announce(interaction, notice,
                             i18n.text(mine, "seats.replaced",
                                       player=shown(clean_name(player.display_name))))

    @app_commands.command(name=name("rejoin"), description=about("rejoin"))
    @app_commands.guild_only()
    async def rejoin(self, interaction: discord.Interaction) -> None:
        user = str(interaction.user.id)
        try:
            game_id = await self._game_id(interaction)
            notice = await self.bot.service.rejoin(game_id, user)
        except Refused as exc:
            await send_private(interaction, exc.said(await self.bot.languages.of(interaction)))
            return
        try:
            await interaction.response.defer(ephemeral=True, thinking=True)
            live = await self.bot.service.live(game_id)
            mine = await self.bot.languages.of(interaction)
            await self.presenter.private_hand(live, user, interaction,
                                              i18n.text(mine, "seats.welcome_back"))
            await self.presenter.announce(notice)
        finally:
            self.bot.kick(game_id)


async def setup(bot: CanastaBot) -> None:
    await bot.add_cog(Seats(bot))
