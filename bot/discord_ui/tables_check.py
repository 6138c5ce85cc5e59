"""The start-up check: after a crash at any instant, every table in the database is either
fully there and playable or gone.

It runs once Discord is reachable, in two steps, so that play resumes at once however many
tables there are:
1. What the database alone can tell: each game in play whose messages are all recorded (its
   live table message; the turn message of the person to play; the prompt of an open
   question a person must answer), and whose set-up finished, resumes at once (its timer,
   its computers' turns).
2. Then every table is checked against Discord, at most `AT_ONCE` at a time, the ones that
   did not pass step 1 first (each of those resumes once checked):
- set-ups a crash interrupted (openings) are completed, or dropped without a trace when
  their lobby message was never recorded;
- a table in its lobby has its lobby message and its thread; a lobby whose recorded
  message or thread is gone (a moderator deleted it while the bot was down) is cancelled,
  not posted again; a lobby that never got either is cancelled; one that never got its
  message recorded (an older crash's shape) gets it posted again;
- an open "may I go out?" question has its prompt with buttons (re-posted when missing);
- a prompt whose question ended while the bot was down is closed (answer shown);
- a game in play whose thread is gone is cancelled; else it has its live table message
  and, when a person is to play, that person's turn message with the controls (each
  re-posted when missing).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable

import discord

from bot import i18n
from bot.discord_ui import custom_ids, turn_dm
from bot.discord_ui.discord_limits import post
from bot.discord_ui.live_table import LiveTable
from bot.discord_ui.lobby_message import (
    abandon_table,
    lobby_text,
    lobby_view,
    open_thread,
    rematch_lead,
)
from bot.discord_ui.presenter import Presenter
from bot.discord_ui.table_bot import TableBot
from bot.discord_ui.table_end import close_table
from bot.service import Outcome, Question
from bot.store import GameRecord, Opening

log = logging.getLogger(__name__)

PROMPT_SEARCH = 20  # posts after a prompt before a restart: a few table pictures at most
AT_ONCE = 8  # tables checked against Discord at the same time


async def check_tables(bot: TableBot) -> int:
    """Check every table of this process's servers; returns how many games in play resume
    (`bot.kick` resumes each: at once when the database shows it whole, else once checked)."""
    checker = _Check(bot)
    shards = bot.own_shards  # sharded: only this process's guilds (the others check theirs)
    openings = await bot.service.openings(shards)
    opening = {o.game_id for o in openings}
    tables = await bot.store.active_games(shards)
    whole, rest = [], []
    for record in tables:
        if record.status == "active" and record.id not in opening \
                and await checker.recorded(record):
            whole.append(record)
        else:
            rest.append(record)
    for record in whole:
        bot.kick(record.id)  # step 1: these play on at once
    slots = asyncio.Semaphore(AT_ONCE)

    async def checked(step: Awaitable[object], game_id: int, *, then_kick: bool) -> None:
        async with slots:
            await checker.guarded(step, game_id)
        if then_kick:
            bot.kick(game_id)

    # Step 2, against Discord, a few at a time: the set-ups a crash interrupted first (a
    # table is never checked while its set-up is being finished), then every table.
    await asyncio.gather(*(checked(checker.finish(o), o.game_id, then_kick=False)
                           for o in openings))
    resumed = {r.id for r in whole}
    steps = []
    for record in rest + whole:
        if record.status == "lobby":
            steps.append(checked(checker.lobby(record), record.id, then_kick=False))
        else:
            steps.append(checked(checker.in_play(record), record.id,
                                 then_kick=record.id not in resumed))
    await asyncio.gather(*steps)
    for game_id in await bot.store.games_with_message("question", shards):
        await checker.guarded(checker.close_question(game_id), game_id)
    return sum(1 for r in tables if r.status == "active")


class _Check:
    def __init__(self, bot: TableBot) -> None:
        self.bot = bot
        self.presenter = Presenter(bot)

    async def guarded(self, step: Awaitable[object], game_id: int) -> None:
        """One table's trouble never stops the others' check."""
        try:
            await step
        except Exception:
            log.exception("start-up check of game %s failed", game_id)

    async def recorded(self, record: GameRecord) -> bool:
        """Does the database show this game in play whole: its live table message, the
        turn message of the person to play, the prompt of a question a person answers?"""
        store = self.bot.store
        if await store.message(record.id, "table") is None:
            return False
        live = await self.bot.service.live(record.id)
        game = live.game
        if live.status != "active":
            return True
        if game.phase == "permission":
            asked = game.view(live.players[0]).get("question") or {}
            people = [p for p in asked.get("partners") or [] if live.stand_in(p) is None]
            if people and await store.message(record.id, "question") is None:
                return False
        player = game.turn
        if player is None or live.stand_in(player) is not None or live.seat(player) is None:
            return True
        return await store.message(record.id, turn_dm.kind(player)) is not None

    async def in_play(self, record: GameRecord) -> None:
        """A game in play: its thread (gone: the game is cancelled), its question's
        prompt, its live messages."""
        if record.thread_id is not None and (await self._look(record.thread_id))[1]:
            await self._cancel(record, lobby_only=False)
            return
        await self.question(record)
        await self.live_messages(record)

    async def _cancel(self, record: GameRecord, *, lobby_only: bool,
                      lobby_gone: bool = False) -> None:
        """A table whose lobby message or thread was deleted while the bot was down."""
        ended = await self.bot.service.end_table(record.id, "cancelled", "deleted",
                                                 lobby_only=lobby_only)
        if ended is not None:
            await close_table(self.bot, ended, lobby_gone=lobby_gone,
                              thread_gone=not lobby_gone)
            log.info("start-up: cancelled game %s, its %s was deleted", record.id,
                     "lobby message" if lobby_gone else "thread")

    async def finish(self, opening: Opening) -> None:
        service = self.bot.service
        if opening.kind == "rematch":
            # Dealt and committed; the deal was not shown: show it now.
            live = await service.live(opening.game_id)
            outcome = Outcome(game_id=live.record.id, player=live.record.host,
                              hands_changed=list(live.players), new_deal=True)
            lang = await self.bot.languages.server(live.record.guild_id)
            lead = rematch_lead(live.record.id, lang)
            await self.presenter.publish(
                live, outcome, self.presenter.summary(live, outcome, lead, lang=lang), None)
            await service.opening_done(opening.game_id)
            log.info("start-up: showed the deal of rematch %s", opening.game_id)
            return
        message = await self._lobby_message(opening.game_id)
        if message is None:  # the lobby was never posted (or is gone): no table
            record = await service.store.game(opening.game_id)
            lang = await self.bot.languages.server(record.guild_id if record else None)
            await abandon_table(self.bot, opening.game_id,
                                i18n.text(lang, "lobby.restarted_opening"), lang)
            log.info("start-up: dropped game %s, whose set-up was interrupted", opening.game_id)
            return
        lobby = await service.lobby(opening.game_id)
        await open_thread(self.bot, lobby, message, await self._thread_of(message))
        log.info("start-up: finished opening game %s", opening.game_id)

    async def lobby(self, record: GameRecord) -> None:
        where = await self.bot.store.message(record.id, "lobby")
        message, gone = (None, False) if where is None else await self._look(*where)
        if gone:  # a moderator deleted it while the bot was down: the table goes with it
            await self._cancel(record, lobby_only=True, lobby_gone=True)
            return
        if record.thread_id is not None and (await self._look(record.thread_id))[1]:
            await self._cancel(record, lobby_only=True)
            return
        lobby = await self.bot.service.lobby(record.id)
        if message is not None:
            if record.thread_id is None:
                await open_thread(self.bot, lobby, message, await self._thread_of(message))
            return
        channel = await self.presenter.channel(record.channel_id)
        if record.thread_id is None or channel is None:
            # It never got its message and thread: nobody can reach it.
            await self.bot.store.set_status(record.id, "cancelled", expected="lobby")
            log.info("start-up: cancelled game %s, a lobby without a message", record.id)
            return
        lang = await self.bot.languages.server(record.guild_id)
        posted = await post(channel, lobby_text(lobby, lang), view=lobby_view(lobby, lang))
        await self.bot.store.set_message(record.id, "lobby", posted.channel.id, posted.id)
        log.info("start-up: re-posted the lobby of game %s", record.id)

    async def question(self, record: GameRecord) -> None:
        live = await self.bot.service.live(record.id)
        if live.game.phase != "permission":
            return
        asked = live.game.view(live.players[0]).get("question") or {}
        question = Question(asked.get("asker", ""), list(asked.get("partners") or []))
        if all(live.stand_in(p) is not None for p in question.partners):
            return  # a computer answers it (the autopilot)
        where = await self.bot.store.message(record.id, "question")
        if where is not None and await self._fetch(*where) is not None:
            return
        thread = await self.presenter.channel(record.thread_id)
        if thread is None:
            return
        posted = await self._unrecorded_prompt(thread, record.id)
        if posted is not None:  # posted, but the crash came before its id was recorded
            await self.bot.store.set_message(record.id, "question", posted.channel.id, posted.id)
            return
        await self.presenter.post_question(live, question, thread)
        log.info("start-up: re-posted the question prompt of game %s", record.id)

    async def live_messages(self, record: GameRecord) -> None:
        live = await self.bot.service.live(record.id)
        if live.status != "active":
            return
        thread = await self.presenter.channel(record.thread_id)
        where = await self.bot.store.message(record.id, "table")
        if thread is not None and (where is None or await self._fetch(*where) is None):
            await LiveTable(self.bot).post_new(live, thread)
            log.info("start-up: re-posted the table of game %s", record.id)
        player = live.game.turn
        if player is None or live.stand_in(player) is not None or live.seat(player) is None:
            return
        where = await self.bot.store.message(record.id, turn_dm.kind(player))
        if where is not None and await self._fetch(*where) is not None:
            return
        if not await turn_dm.TurnMessages(self.bot).start(live, player):
            await turn_dm.TurnMessages(self.bot).closed_dms(live, player, thread)
        log.info("start-up: re-sent the turn message of game %s", record.id)

    async def close_question(self, game_id: int) -> None:
        await self.presenter.close_question(await self.bot.service.live(game_id))

    # ------------------------------------------------------------------ Discord lookups

    async def _lobby_message(self, game_id: int) -> discord.Message | None:
        where = await self.bot.store.message(game_id, "lobby")
        return await self._fetch(*where) if where is not None else None

    async def _look(self, channel_id: int, message_id: int | None = None
                    ) -> tuple[discord.Message | None, bool]:
        """The message (None: not found or not asked for), and whether the channel or the
        message is surely deleted: Discord said "unknown"; any other trouble (the network,
        a missing permission) is not taken for a deletion."""
        try:
            channel = self.bot.get_channel(channel_id) or await self.bot.fetch_channel(
                channel_id)
            if message_id is not None and isinstance(channel, discord.abc.Messageable):
                return await channel.fetch_message(message_id), False
        except discord.NotFound:
            return None, True
        except discord.HTTPException:
            return None, False
        return None, False

    async def _fetch(self, channel_id: int, message_id: int) -> discord.Message | None:
        channel = await self.presenter.channel(channel_id)
        if channel is None:
            return None
        try:
            return await channel.fetch_message(message_id)
        except discord.NotFound:
            return None

    async def _unrecorded_prompt(self, thread: discord.abc.Messageable, game_id: int
                                 ) -> discord.Message | None:
        """The latest prompt with live buttons for this game among the thread's last posts."""
        wanted = custom_ids.answer(game_id, True)
        me = self.bot.user
        async for message in thread.history(limit=PROMPT_SEARCH):
            if me is None or message.author.id != me.id:
                continue
            for row in message.components:
                for item in getattr(row, "children", []):
                    if getattr(item, "custom_id", None) == wanted and not item.disabled:
                        return message
        return None

    async def _thread_of(self, message: discord.Message) -> discord.Thread | None:
        """The thread started from this message, if it was made (a thread started from a
        message has the message's id)."""
        found = self.bot.get_channel(message.id)
        if found is None:
            try:
                found = await self.bot.fetch_channel(message.id)
            except discord.HTTPException:
                return None
        return found if isinstance(found, discord.Thread) else None
