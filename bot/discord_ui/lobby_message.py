"""The lobby message of a table (its text and Join / Leave / Add computer / Start / Cancel
buttons) and the steps that open a table around it: the thread, or the table's end when its
set-up cannot be finished. Used by the lobby cog and by the start-up check."""

from __future__ import annotations

import logging

import discord

from bot import i18n
from bot.discord_ui import custom_ids
from bot.discord_ui.discord_limits import THREAD_NAME, edit, fit, post
from bot.discord_ui.names import shown
from bot.discord_ui.presenter import Presenter
from bot.discord_ui.table_bot import TableBot
from bot.i18n.rules_text import variant_name
from bot.service import LobbyState, hints_allowed
from bot.service.crashpoints import crash_point
from bot.service.timer import describe

log = logging.getLogger(__name__)

BUTTONS = {
    "join": discord.ButtonStyle.success,
    "leave": discord.ButtonStyle.secondary,
    "computer": discord.ButtonStyle.secondary,
    "start": discord.ButtonStyle.primary,
    "cancel": discord.ButtonStyle.danger,
}


def _seating(lobby: LobbyState) -> str:
    """How seats are taken; partners exist only when sides have more than one player."""
    if lobby.seating != "drawn":
        return "lobby.seats_join"
    if lobby.teams == lobby.players:
        return "lobby.seats_drawn"
    return "lobby.seats_drawn_partners"


def lobby_text(lobby: LobbyState, lang: str = i18n.BASE_LANGUAGE) -> str:
    """The lobby message in the server's language."""
    sides = (i18n.text(lang, "lobby.individual") if lobby.teams == lobby.players
             else i18n.plural(lang, "lobby.sides", lobby.teams))
    lines = [
        i18n.text(lang, "lobby.head", game=lobby.game_id,
                  variant=variant_name(lang, lobby.variant),
                  players=i18n.plural(lang, "lobby.players", lobby.players), sides=sides,
                  target=i18n.number(lang, lobby.target), host=shown(lobby.name_of(lobby.host))),
        i18n.text(lang, _seating(lobby)) + " "
        + i18n.text(lang, "lobby.timer", timer=describe(lobby.timer, lang)) + " "
        + i18n.text(lang, "lobby.hints", hints=i18n.text(lang, _hints(lobby))),
    ]
    for index in range(lobby.players):
        seat = lobby.seats[index] if index < len(lobby.seats) else None
        label = "—" if seat is None else shown(seat.name)
        if seat is not None and seat.computer:
            label = i18n.text(lang, "lobby.computer_seat", name=shown(seat.name),
                              level=i18n.text(lang, f"level.{seat.level or 'normal'}"))
        lines.append(f"{index + 1}. {label}")
    if lobby.status == "lobby":
        status = (i18n.text(lang, "lobby.seated", seated=len(lobby.seats), seats=lobby.players)
                  + " " + i18n.text(lang, "lobby.host_may_start" if lobby.full
                                    else "lobby.press_join"))
    else:
        status = i18n.text(lang, _ended(lobby))
    lines.append(status)
    return "\n".join(lines)


def _hints(lobby: LobbyState) -> str:
    """The table's hints: "auto" says its rule until the Start, then what it came to."""
    if lobby.hints == "auto" and lobby.status == "lobby":
        return "hints.auto"
    return "hints.on" if hints_allowed({"hints": lobby.hints}, lobby.seats) else "hints.off"


def _ended(lobby: LobbyState) -> str:
    """The lobby's last line once it is not open any more: how the table went on or ended."""
    if lobby.status == "cancelled":
        by = lobby.ended_by or "host"
        if by.startswith("moderator:"):
            return "lobby.cancelled_moderator"
        return {"deleted": "lobby.cancelled_deleted", "expired": "lobby.expired"}.get(
            by, "lobby.cancelled")
    return {"active": "lobby.on", "over": "lobby.over", "abandoned": "lobby.idle"}.get(
        lobby.status, "lobby.over")


def lobby_view(lobby: LobbyState, lang: str = i18n.BASE_LANGUAGE) -> discord.ui.View | None:
    if lobby.status != "lobby":
        return None
    view = discord.ui.View(timeout=None)
    for verb, style in BUTTONS.items():
        view.add_item(discord.ui.Button(label=i18n.text(lang, f"button.{verb}"), style=style,
                                        custom_id=custom_ids.lobby(lobby.game_id, verb)))
    return view


async def refresh_lobby(bot: TableBot, lobby: LobbyState) -> None:
    """Edit the lobby message (found by its stored id) to show the seats as they are."""
    where = await bot.store.message(lobby.game_id, "lobby")
    if where is None:
        return
    channel = bot.get_channel(where[0])
    if not isinstance(channel, discord.TextChannel):
        return
    lang = await bot.languages.server(channel.guild.id)
    try:
        await edit(channel.get_partial_message(where[1]), lobby_text(lobby, lang),
                   view=lobby_view(lobby, lang))
    except discord.HTTPException:
        log.warning("could not update the lobby message of game %s", lobby.game_id)


async def open_thread(bot: TableBot, lobby: LobbyState, message: discord.Message,
                      thread: discord.Thread | None = None) -> None:
    """The last steps of opening a table: its thread (made now unless given), recorded with
    the end of the set-up. A thread that cannot be made cancels the table (the lobby
    message says so)."""
    lang = await bot.languages.server(message.guild.id if message.guild else None)
    if thread is None:
        try:
            thread = await message.create_thread(name=fit(i18n.text(
                lang, "lobby.thread_name", game=lobby.game_id,
                variant=variant_name(lang, lobby.variant)), THREAD_NAME))
        except discord.HTTPException:
            log.warning("could not make the thread of game %s", lobby.game_id, exc_info=True)
            await abandon_table(bot, lobby.game_id, i18n.text(lang, "lobby.no_thread"), lang)
            return
    crash_point("new.after_thread_created")
    await bot.service.opened(lobby.game_id, thread.id)
    crash_point("new.opened")
    await post(thread, i18n.text(lang, "lobby.thread_first", game=lobby.game_id))


async def abandon_table(bot: TableBot, game_id: int, why: str,
                        lang: str = i18n.BASE_LANGUAGE) -> None:
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
                   i18n.text(lang, "lobby.abandoned", game=game_id, why=why), view=None)
    except discord.HTTPException:
        log.warning("could not mark the lobby of game %s as cancelled", game_id)


def rematch_lead(game_id: int, lang: str = i18n.BASE_LANGUAGE) -> str:
    return i18n.text(lang, "lobby.rematch", game=game_id)


