"""A table that ends without a result (cancelled by its host or a moderator, its lobby message
or thread deleted, its lobby expired, abandoned): its messages close. The lobby message says
why and loses its buttons; the turn messages lose their controls; an open "may I go out?"
prompt loses its buttons; the thread hears it when a moderator cancelled the table or it was
abandoned. Also the moderators' confirmation button of `/canasta cancel`.

Moderators are the members who may manage messages (or the server) where they act: Discord
tells the bot each interaction's permissions, no privileged intent needed.
"""

from __future__ import annotations

import logging
import re
from typing import Any

import discord

from bot import i18n
from bot.discord_ui import custom_ids
from bot.discord_ui.discord_limits import edit, edit_clicked, post, send_private
from bot.discord_ui.lobby_message import refresh_lobby
from bot.discord_ui.presenter import answered_view
from bot.discord_ui.table_bot import TableBot
from bot.service import Refused
from bot.service.ending import Ended, moderator_id

log = logging.getLogger(__name__)

ButtonItem = discord.ui.Button[discord.ui.View]


def is_moderator(interaction: discord.Interaction) -> bool:
    """May this member cancel any table here (Manage Messages, Manage Server, admin)?"""
    if interaction.guild_id is None:
        return False
    allowed = interaction.permissions
    return allowed.manage_messages or allowed.manage_guild or allowed.administrator


def confirm_view(game_id: int, lang: str) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(discord.ui.Button(label=i18n.text(lang, "button.cancel_table"),
                                    style=discord.ButtonStyle.danger,
                                    custom_id=custom_ids.end(game_id)))
    return view


async def close_table(bot: TableBot, ended: Ended, *, lobby_shown: bool = False,
                      lobby_gone: bool = False, thread_gone: bool = False) -> None:
    """Close every message of a table that just ended without a result. `lobby_shown`:
    the lobby message was already edited (the click that cancelled it); `lobby_gone`,
    `thread_gone`: deleted (nothing to edit or post there)."""
    lobby = ended.lobby
    game_id = ended.game_id
    bot.kick(game_id)  # its timer and computers stop
    if not (lobby_shown or lobby_gone):
        await refresh_lobby(bot, lobby)
    lang = await bot.languages.server(lobby.guild_id)
    if ended.was == "active":
        for seat in lobby.seats:
            if not seat.computer:
                await _close_turn(bot, ended, seat.player)
        await _close_prompt(bot, ended, lang)
    news = _news(ended, lang)
    if news and not thread_gone and lobby.thread_id is not None:
        try:
            thread = bot.get_channel(lobby.thread_id) or await bot.fetch_channel(
                lobby.thread_id)
            if isinstance(thread, discord.abc.Messageable):
                await post(thread, news)
        except discord.HTTPException:
            log.info("could not tell the thread of game %s that it ended", game_id)


def _news(ended: Ended, lang: str) -> str:
    """What the thread hears (nothing when the host cancelled a lobby, or it expired)."""
    if ended.lobby.status == "abandoned":
        return i18n.text(lang, "table.abandoned", game=ended.game_id)
    if moderator_id(ended.lobby.ended_by) is not None:
        return i18n.text(lang, "table.cancelled_moderator", game=ended.game_id)
    return ""


async def _close_turn(bot: TableBot, ended: Ended, player: str) -> None:
    kind = f"turn:{player}"
    where = await bot.store.message(ended.game_id, kind)
    if where is None:
        return
    lang = await bot.languages.player(player, ended.lobby.guild_id)
    message = bot.get_partial_messageable(where[0]).get_partial_message(where[1])
    try:
        await edit(message, i18n.text(lang, "turn.table_ended", game=ended.game_id), view=None)
    except discord.HTTPException:
        log.info("could not close the turn message of %s in game %s", player, ended.game_id)
    await bot.store.forget_message(ended.game_id, kind)


async def _close_prompt(bot: TableBot, ended: Ended, lang: str) -> None:
    where = await bot.store.message(ended.game_id, "question")
    if where is None:
        return
    try:
        channel = bot.get_partial_messageable(where[0])
        message = await channel.fetch_message(where[1])
        await edit(message, f"{message.content}\n{i18n.text(lang, 'question.table_ended')}",
                   view=answered_view(ended.game_id, lang))
    except discord.HTTPException:
        log.info("could not close the question prompt of game %s", ended.game_id)
    await bot.store.forget_message(ended.game_id, "question")


class EndButton(discord.ui.DynamicItem[ButtonItem], template=custom_ids.END):
    """A moderator's "Cancel the table" under `/canasta cancel`'s private question."""

    def __init__(self, game_id: int) -> None:
        super().__init__(discord.ui.Button(label=i18n.text("en", "button.cancel_table"),
                                           style=discord.ButtonStyle.danger,
                                           custom_id=custom_ids.end(game_id)))
        self.game_id = game_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> EndButton:
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        bot = interaction.client
        assert isinstance(bot, TableBot)
        mine = await bot.languages.of(interaction)
        try:
            ended = await bot.service.cancel(self.game_id, str(interaction.user.id),
                                             moderator=is_moderator(interaction))
        except Refused as exc:
            await send_private(interaction, exc.said(mine))
            return
        await edit_clicked(interaction, i18n.text(mine, "cancel.done", game=self.game_id),
                           view=None)
        await close_table(bot, ended)
