"""`/canasta new`, the lobby buttons (Join, Leave, Add computer, Start, Cancel), the
computer's level picker, Rematch. The lobby message itself is `bot/lobby_message.py`."""

from __future__ import annotations

import logging
import re
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot import custom_ids
from bot.client import CanastaBot
from bot.crashpoints import crash_point
from bot.discord_limits import (
    choices,
    edit_clicked,
    respond,
    send_private,
)
from bot.engine import VARIANT_DESCRIPTIONS, VARIANTS
from bot.lobby_message import (
    BUTTONS,
    lobby_text,
    lobby_view,
    open_thread,
    refresh_lobby,
    rematch_lead,
)
from bot.presenter import Presenter
from bot.service import DEFAULT_TIMER, LEVELS, Refused
from bot.service.narrate import pretty

log = logging.getLogger(__name__)

def level_picker(game_id: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for level in LEVELS:
        view.add_item(discord.ui.Button(label=level.capitalize(),
                                        style=discord.ButtonStyle.secondary,
                                        custom_id=custom_ids.level(game_id, level)))
    return view


class LobbyButton(discord.ui.DynamicItem[discord.ui.Button], template=custom_ids.LOBBY):
    """Join / Leave / Add computer / Start / Cancel on a lobby message; works across
    restarts."""

    def __init__(self, game_id: int, verb: str) -> None:
        label, style = BUTTONS[verb]
        super().__init__(discord.ui.Button(label=label, style=style,
                                           custom_id=custom_ids.lobby(game_id, verb)))
        self.game_id = game_id
        self.verb = verb

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str]
    ) -> LobbyButton:
        return cls(int(match["game"]), match["verb"])

    async def callback(self, interaction: discord.Interaction) -> None:
        bot = interaction.client
        assert isinstance(bot, CanastaBot)
        service = bot.service
        user = str(interaction.user.id)
        try:
            if self.verb == "join":
                lobby = await service.join(self.game_id, user, interaction.user.display_name)
            elif self.verb == "leave":
                lobby = await service.leave(self.game_id, user)
            elif self.verb == "computer":
                lobby = await service.lobby(self.game_id)
                if user != lobby.host:
                    raise Refused("Only the host can add a computer player.")
                if lobby.status != "lobby" or lobby.full:
                    raise Refused("This table is full." if lobby.status == "lobby"
                                  else "This game has already started.")
                await respond(
                    interaction, "Which level for the computer player? Easy plays sensible "
                    "moves, normal plays like a club player, hard thinks ahead.",
                    view=level_picker(self.game_id), private=True)
                return
            elif self.verb == "cancel":
                lobby = await service.cancel(self.game_id, user)
            else:
                lobby, outcome, draws = await service.start(self.game_id, user)
        except Refused as exc:
            await send_private(interaction, str(exc))
            return
        await edit_clicked(interaction, lobby_text(lobby), view=lobby_view(lobby))
        if self.verb == "start":
            lead = "The game begins."
            if draws:
                names = {s.player: s.name for s in lobby.seats}
                lead = "Seats drawn: " + ", ".join(
                    f"{names[d.player]} {pretty(d.card)}" for d in draws) + "."
            try:
                await Presenter(bot).deliver(interaction, outcome, lead=lead)
            finally:
                bot.kick(self.game_id)


class LevelButton(discord.ui.DynamicItem[discord.ui.Button], template=custom_ids.LEVEL):
    """The host's choice of level for a computer player; fills the next seat."""

    def __init__(self, game_id: int, level: str) -> None:
        super().__init__(discord.ui.Button(label=level.capitalize(),
                                           style=discord.ButtonStyle.secondary,
                                           custom_id=custom_ids.level(game_id, level)))
        self.game_id = game_id
        self.level = level

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str]
    ) -> LevelButton:
        return cls(int(match["game"]), match["level"])

    async def callback(self, interaction: discord.Interaction) -> None:
        bot = interaction.client
        assert isinstance(bot, CanastaBot)
        try:
            lobby = await bot.service.add_computer(self.game_id, str(interaction.user.id),
                                                   self.level)
        except Refused as exc:
            await send_private(interaction, str(exc))
            return
        seat = lobby.seats[-1]
        await edit_clicked(interaction, f"{seat.name} ({self.level}) takes seat "
                                        f"{len(lobby.seats)}.", view=None)
        await refresh_lobby(bot, lobby)


class RematchButton(discord.ui.DynamicItem[discord.ui.Button], template=custom_ids.REMATCH):
    def __init__(self, game_id: int) -> None:
        super().__init__(discord.ui.Button(label="Rematch", style=discord.ButtonStyle.primary,
                                           custom_id=custom_ids.rematch(game_id)))
        self.game_id = game_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str]
    ) -> RematchButton:
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        bot = interaction.client
        assert isinstance(bot, CanastaBot)
        try:
            lobby, outcome = await bot.service.rematch(self.game_id, str(interaction.user.id))
        except Refused as exc:
            await send_private(interaction, str(exc))
            return
        done = discord.ui.View(timeout=None)
        done.add_item(discord.ui.Button(label="Rematch", disabled=True,
                                        custom_id=custom_ids.rematch(self.game_id)))
        await edit_clicked(interaction, view=done)
        crash_point("rematch.after_button_edit")
        try:
            await Presenter(bot).deliver(interaction, outcome, lead=rematch_lead(lobby.game_id))
            crash_point("rematch.announced")
            await bot.service.opening_done(lobby.game_id)
        finally:
            bot.kick(lobby.game_id)


class Lobby(commands.Cog):
    canasta = app_commands.Group(name="canasta", description="Canasta tables",
                                 guild_only=True)

    def __init__(self, bot: CanastaBot) -> None:
        self.bot = bot

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(LobbyButton, LevelButton, RematchButton)

    async def cog_unload(self) -> None:
        self.bot.remove_dynamic_items(LobbyButton, LevelButton, RematchButton)

    @canasta.command(name="new", description="Open a Canasta table in this channel")
    @app_commands.describe(
        variant="Rules to play (classic by default)",
        players="Number of players, 2 to 6",
        teams="With 6 players: 2 teams of 3 or 3 teams of 2",
        target="Score that ends the game (default: the variant's)",
        seating="Draw for seats (high cards partner) or keep the join order",
        timer="Time for a turn; then a computer plays it for the player (default 2 minutes)",
    )
    @app_commands.choices(seating=[
        app_commands.Choice(name="drawn (high cards partner)", value="drawn"),
        app_commands.Choice(name="join order", value="join"),
    ], timer=[
        app_commands.Choice(name="off", value=0),
        app_commands.Choice(name="1 minute", value=1),
        app_commands.Choice(name="2 minutes", value=2),
        app_commands.Choice(name="5 minutes", value=5),
    ])
    async def new(
        self,
        interaction: discord.Interaction,
        variant: str | None = None,
        players: app_commands.Range[int, 2, 6] = 4,
        teams: app_commands.Range[int, 2, 3] | None = None,
        target: app_commands.Range[int, 500, 100000] | None = None,
        seating: str = "drawn",
        timer: int = DEFAULT_TIMER,
    ) -> None:
        channel = interaction.channel
        if not isinstance(channel, discord.TextChannel):
            await send_private(interaction, "Open a table from a text channel (not a thread); "
                                            "the game gets a thread of its own.")
            return
        try:
            lobby = await self.bot.service.new_lobby(
                guild_id=interaction.guild_id,
                channel_id=channel.id,
                host=str(interaction.user.id),
                host_name=interaction.user.display_name,
                variant_name=variant,
                players=players,
                teams=teams,
                target=target,
                seating=seating,
                timer=timer,
            )
        except Refused as exc:
            await send_private(interaction, str(exc))
            return
        view = lobby_view(lobby)
        kwargs: dict[str, Any] = {} if view is None else {"view": view}
        await respond(interaction, lobby_text(lobby), private=False, **kwargs)
        crash_point("new.after_lobby_post")
        message = await interaction.original_response()
        await self.bot.store.set_message(lobby.game_id, "lobby", message.channel.id, message.id)
        crash_point("new.after_lobby_recorded")
        await open_thread(self.bot, lobby, message)

    @new.autocomplete("variant")
    async def variant_names(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return variant_choices(current)


def variant_choices(current: str) -> list[app_commands.Choice[str]]:
    """The variants whose name or description contains what was typed (all, when nothing
    fits), for the `variant` option of /canasta new and /leaderboard."""
    typed = current.strip().lower()
    named = [name for name in VARIANTS
             if typed in name or typed in VARIANT_DESCRIPTIONS.get(name, "").lower()]
    return choices(app_commands.Choice(name=f"{name}: {VARIANT_DESCRIPTIONS.get(name, '')}",
                                       value=name) for name in named or VARIANTS)


async def setup(bot: CanastaBot) -> None:
    await bot.add_cog(Lobby(bot))
