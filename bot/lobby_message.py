"""The lobby message of a table (its text and Join / Leave / Add computer / Start / Cancel
buttons) and the steps that open a table around it: the thread, or the table's end when its
set-up cannot be finished. Used by the lobby cog and by the start-up check."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import discord

from bot import custom_ids
from bot.crashpoints import crash_point
from bot.discord_limits import THREAD_NAME, edit, fit, post
from bot.presenter import Presenter
from bot.service import LobbyState
from bot.service.timer import describe

if TYPE_CHECKING:
    from bot.client import CanastaBot

log = logging.getLogger(__name__)

BUTTONS = {
    "join": ("Join", discord.ButtonStyle.success),
    "leave": ("Leave", discord.ButtonStyle.secondary),
    "computer": ("Add computer", discord.ButtonStyle.secondary),
    "start": ("Start", discord.ButtonStyle.primary),
    "cancel": ("Cancel", discord.ButtonStyle.danger),
}


def _seating(lobby: LobbyState) -> str:
    """How seats are taken; partners exist only when sides have more than one player."""
    if lobby.seating != "drawn":
        return "follow the join order."
    if lobby.teams == lobby.players:
        return "are drawn at the start."
    return "are drawn at the start (high cards partner)."


def lobby_text(lobby: LobbyState) -> str:
    sides = ("individual play" if lobby.teams == lobby.players
             else f"{lobby.teams} sides")
    lines = [
        f"**Canasta #{lobby.game_id}** — {lobby.variant}, {lobby.players} players ({sides}), "
        f"game to {lobby.target}. Host: {lobby.name_of(lobby.host)}.",
        "Seats " + _seating(lobby) + f" Turn timer: {describe(lobby.timer)}.",
    ]
    for index in range(lobby.players):
        seat = lobby.seats[index] if index < len(lobby.seats) else None
        label = "—" if seat is None else seat.name
        if seat is not None and seat.computer:
            label += f" (computer, {seat.level or 'normal'})"
        lines.append(f"{index + 1}. {label}")
    status = {
        "lobby": (f"{len(lobby.seats)}/{lobby.players} seated. "
                  + ("The host may start." if lobby.full else "Press Join to take a seat.")),
        "active": "The game is on: play in the thread.",
        "over": "The game is over.",
        "cancelled": "Cancelled by the host.",
    }[lobby.status]
    lines.append(status)
    return "\n".join(lines)


def lobby_view(lobby: LobbyState) -> discord.ui.View | None:
    if lobby.status != "lobby":
        return None
    view = discord.ui.View(timeout=None)
    for verb, (label, style) in BUTTONS.items():
        view.add_item(discord.ui.Button(label=label, style=style,
                                        custom_id=custom_ids.lobby(lobby.game_id, verb)))
    return view


async def refresh_lobby(bot: CanastaBot, lobby: LobbyState) -> None:
    """Edit the lobby message (found by its stored id) to show the seats as they are."""
    where = await bot.store.message(lobby.game_id, "lobby")
    if where is None:
        return
    channel = bot.get_channel(where[0])
    if not isinstance(channel, discord.TextChannel):
        return
    try:
        await edit(channel.get_partial_message(where[1]), lobby_text(lobby),
                   view=lobby_view(lobby))
    except discord.HTTPException:
        log.warning("could not update the lobby message of game %s", lobby.game_id)


async def open_thread(bot: CanastaBot, lobby: LobbyState, message: discord.Message,
                      thread: discord.Thread | None = None) -> None:
    """The last steps of opening a table: its thread (made now unless given), recorded with
    the end of the set-up. A thread that cannot be made cancels the table (the lobby
    message says so)."""
    if thread is None:
        try:
            thread = await message.create_thread(
                name=fit(f"Canasta #{lobby.game_id} ({lobby.variant})", THREAD_NAME))
        except discord.HTTPException:
            log.warning("could not make the thread of game %s", lobby.game_id, exc_info=True)
            await abandon_table(bot, lobby.game_id, "I could not make its thread")
            return
    crash_point("new.after_thread_created")
    await bot.service.opened(lobby.game_id, thread.id)
    crash_point("new.opened")
    await post(thread, f"Game thread of Canasta #{lobby.game_id}. When the host starts, "
                       "play here: /draw, /pickup, /meld, /discard, /goout, /hand, /table.")


async def abandon_table(bot: CanastaBot, game_id: int, why: str) -> None:
    """Drop a table whose set-up cannot be finished; its lobby message (when known) says
    so and loses its buttons."""
    where = await bot.store.message(game_id, "lobby")
    await bot.service.drop_opening(game_id)
    if where is None:
        return
    channel = await Presenter(bot).channel(where[0])
    if not isinstance(channel, discord.TextChannel | discord.Thread):
        return
    try:
        await edit(channel.get_partial_message(where[1]),
                   f"**Canasta #{game_id}** was cancelled: {why}. "
                   "Open a new table with /canasta new.", view=None)
    except discord.HTTPException:
        log.warning("could not mark the lobby of game %s as cancelled", game_id)


def rematch_lead(game_id: int) -> str:
    return f"Rematch: Canasta #{game_id} begins, same seats."


