"""Turns a service `Outcome` into Discord messages: hands by DM, the table in the thread,
the "may I go out?" prompt, score sheets, and the end of the game.

Everything here runs after the action was committed; nothing here changes a game.
"""

from __future__ import annotations

import logging
from typing import Any

import discord

from bot import i18n
from bot.discord_ui import custom_ids
from bot.discord_ui.discord_limits import edit, post, respond, send_private
from bot.discord_ui.live_table import LiveTable
from bot.discord_ui.names import shown, shown_names
from bot.discord_ui.pictures import as_file, picture
from bot.discord_ui.table_bot import TableBot
from bot.discord_ui.turn_dm import TurnMessages, caption
from bot.discord_ui.turn_panel import hint_button
from bot.i18n.speech import say
from bot.service import GameService, LiveGame, Notice, Outcome, Question, hints_allowed
from bot.service.crashpoints import crash_point
from bot.service.lobby import AI_PREFIX
from bot.service.narrate import Narrator
from bot.service.timer import STAND_IN_LEVEL, left
from bot.service.views import named_view

log = logging.getLogger(__name__)

class Presenter:
    def __init__(self, bot: TableBot) -> None:
        self.bot = bot

    @property
    def service(self) -> GameService:
        return self.bot.service

    # ------------------------------------------------------------------ channels

    async def channel(self, channel_id: int | None) -> discord.abc.Messageable | None:
        if channel_id is None:
            return None
        found = self.bot.get_channel(channel_id)
        if found is None:
            try:
                found = await self.bot.fetch_channel(channel_id)
            except discord.HTTPException:
                log.warning("channel %s is gone", channel_id)
                return None
        return found if isinstance(found, discord.abc.Messageable) else None

    # ------------------------------------------------------------------ hands

    async def private_hand(self, live: LiveGame, player: str,
                           interaction: discord.Interaction, lead: str = "") -> None:
        """The hand, "your turn" and the controls as a private reply (/hand, /rejoin, or a
        move by someone whose DMs are closed)."""
        self.bot.languages.seen(interaction)
        text, png, controls = await TurnMessages(self.bot).compose(live, player)
        kwargs: dict[str, Any] = {"file": as_file(png, "hand")}
        if controls is not None:
            kwargs["view"] = controls
        await respond(interaction, f"{lead}\n{text}".strip(), private=True, **kwargs)

    async def turn_changes(self, live: LiveGame, outcome: Outcome,
                           interaction: discord.Interaction | None, clicked: bool,
                           thread: discord.abc.Messageable | None) -> None:
        """The persons' turn messages after an action: the actor's is edited (or closed
        when the turn moved on), the next person's turn gets its one new DM."""
        dms = TurnMessages(self.bot)
        game = live.game
        actor = outcome.player
        person = live.stand_in(actor) is None and live.seat(actor) is not None
        click = interaction if clicked else None
        turn_over = (game.turn != actor or outcome.new_deal or live.status != "active"
                     or game.phase not in ("draw", "play", "permission"))
        if outcome.question is not None:
            # "May I go out?": the engine hands the move to the partner, who answers in the
            # thread; the asker's turn goes on, in the same message.
            if person and not await dms.refresh(live, actor, click):
                await self._no_dm(live, actor, interaction, thread)
            return
        if person and interaction is not None and str(interaction.user.id) == actor:
            if not turn_over:  # a draw, take, meld or lay-off: the hand picture is redrawn
                if not await dms.refresh(live, actor, click,
                                         picture_too=actor in outcome.hands_changed):
                    await self._no_dm(live, actor, interaction, thread)
            else:
                await dms.finish(live, actor, await self._over_note(live, actor), click)
        elif outcome.question is None and turn_over and not actor.startswith(AI_PREFIX):
            await dms.finish(live, actor, await self._over_note(live, actor))
        turn = game.turn
        if live.status != "active" or turn is None:
            return
        if outcome.answered is not None and not outcome.new_deal:
            # The partner answered: the asker's turn goes on, in the same message.
            if live.stand_in(turn) is None and not await dms.refresh(live, turn):
                await dms.start(live, turn)
            return
        starts = turn != actor or outcome.new_deal
        if starts and live.stand_in(turn) is None:
            if outcome.new_deal and turn == actor and person:
                await dms.finish(live, actor, await self._over_note(live, actor))
            if not await dms.start(live, turn):
                await self._no_dm(live, turn, interaction, thread)

    async def _no_dm(self, live: LiveGame, player: str,
                     interaction: discord.Interaction | None,
                     thread: discord.abc.Messageable | None) -> None:
        if interaction is not None and str(interaction.user.id) == player:
            first_time = await self.service.store.note_dm_closed(player)
            lang = await self.bot.languages.player(player, live.record.guild_id, interaction)
            help_text = i18n.text(lang, "dm.help", open_dms=i18n.text(lang, "dm.open"))
            await self.private_hand(live, player, interaction, help_text if first_time else "")
            return
        await TurnMessages(self.bot).closed_dms(live, player, thread)

    async def _over_note(self, live: LiveGame, player: str) -> str:
        lang = await self.bot.languages.player(player, live.record.guild_id)
        view = named_view(live.game.view(player), shown_names(live.names))
        return f"{caption(view, live.record.id, lang)}\n{i18n.text(lang, 'turn.over_note')}"

    # ------------------------------------------------------------------ outcome

    async def deliver(
        self, interaction: discord.Interaction, outcome: Outcome, *, lead: str | None = None,
        clicked: bool = False,
    ) -> None:
        """Everything that follows an accepted action, in the order players expect.
        `clicked`: a click on the actor's turn message, answered by editing that message."""
        live = await self.service.live(outcome.game_id)
        server = await self.bot.languages.server(live.record.guild_id)
        summary = self.summary(live, outcome, lead, lang=server)
        if not clicked:
            mine = await self.bot.languages.of(interaction)
            said = summary if mine == server else self.summary(live, outcome, None, lang=mine)
            await send_private(interaction, i18n.text(mine, "reply.done_with", summary=said)
                               if said else i18n.text(mine, "reply.done"))
        await self.publish(live, outcome, summary, interaction, clicked=clicked)
        if not interaction.response.is_done():
            await interaction.response.defer()

    def summary(self, live: LiveGame, outcome: Outcome, lead: str | None,
                names: dict[str, str] | None = None, *, lang: str = i18n.BASE_LANGUAGE
                ) -> str:
        spoken = named_view(live.game.view(None), shown_names(live.names))
        narrator = Narrator(names or shown_names(live.names), spoken.get("team_names") or [], lang,
                            live.game.rules.name)
        summary = narrator.summary(outcome.events)
        return f"{lead} {summary}".strip() if lead else summary

    async def publish(self, live: LiveGame, outcome: Outcome, summary: str,
                      interaction: discord.Interaction | None, *, clicked: bool = False,
                      burst: bool = False) -> None:
        """The public side of an outcome: the turn messages, the live table, and new posts
        only for a new hand, a question, a hand's end and the match's end. `clicked`: the
        interaction is a click on the actor's turn message (answered by editing it).
        `burst`: a computer's move with another computer to play next (the live table is
        edited once, when the burst ends)."""
        names = shown_names(live.names)  # in words; the pictures show the names as they are
        lang = await self.bot.languages.server(live.record.guild_id)
        public = named_view(live.game.view(None), live.names)
        public["language"] = lang
        spoken = named_view(live.game.view(None), names)
        narrator = Narrator(names, spoken.get("team_names") or [], lang, live.game.rules.name)
        table = LiveTable(self.bot)
        if outcome.hands_ended or _asked_this_hand(live):
            await self.close_question(live)
        thread = await self.channel(live.record.thread_id)
        ended = bool(outcome.hands_ended)
        if not ended and not outcome.new_deal:  # a new hand's table starts a new log
            await table.note(live.record.id, outcome.version or live.version, summary)
        if thread is not None and ended and not outcome.game_over:
            # The old hand's live message shows the hand's final table, before anything
            # about the next hand is posted under it.
            await table.show(live, None, with_picture=True, public=outcome.ended_table,
                             hand_over=outcome.hands_ended[-1].hand)
        if thread is not None:
            for end in outcome.hands_ended:
                if outcome.game_over and end is outcome.hands_ended[-1]:
                    break
                await self.post_hand_end(outcome, public, narrator, end.hand, thread)
        if outcome.game_over:
            await self.turn_changes(live, outcome, interaction, clicked, thread)
            if thread is not None:
                await table.show(live, None, with_picture=True)  # the final table
                await self.post_game_over(live, public, narrator, summary, thread)
            return
        if not outcome.new_deal:
            await self.turn_changes(live, outcome, interaction, clicked, thread)
        if outcome.new_deal and thread is not None:
            await table.clear(live.record.id)
            deal = next((e for e in outcome.events if e.get("type") == "deal"), None)
            lead = narrator.event(deal) + "." if deal else ""
            await table.post_new(live, thread, lead if ended else summary)
        elif thread is not None and not burst:
            # A person's turn starts: the picture is the table they decide on. Moves within
            # a turn edit the last moves only.
            person_next = live.stand_in(live.game.turn) is None
            changed_turn = live.game.turn != outcome.player
            await table.show(live, thread, with_picture=changed_turn and person_next)
        if outcome.new_deal:
            await self.turn_changes(live, outcome, interaction, clicked, thread)
        if outcome.question is not None and thread is not None:
            await self.post_question(live, outcome.question, thread)

    async def post_hand_end(self, outcome: Outcome, public: dict[str, Any],
                            narrator: Narrator, hand: int, thread: discord.abc.Messageable
                            ) -> None:
        """The hand's last moves and who went out, first; then the score sheet."""
        upto = next((i for i, e in enumerate(outcome.events) if e.get("type") == "hand_end"
                     and e.get("hand") == hand), len(outcome.events) - 1)
        start = max((i + 1 for i, e in enumerate(outcome.events[:upto])
                     if e.get("type") in ("hand_end", "deal")), default=0)
        said = narrator.summary(outcome.events[start:upto + 1]).rstrip(".")
        sheet = await picture("scores", public)
        text = (narrator.say("hand_over.said", hand=str(hand), said=said) if said
                else narrator.say("hand_over.plain", hand=str(hand)))
        await post(thread, text, file=as_file(sheet, "scores"))

    # ------------------------------------------------------------------ without a click

    async def announce(self, notice: Notice) -> None:
        """What the autopilot did (a computer's turn, the timer) or a seat changing hands."""
        live = await self.service.live(notice.game_id)
        said_names = shown_names(live.names)
        name = said_names.get(notice.player, notice.player)
        thread = await self.channel(live.record.thread_id)
        lang = await self.bot.languages.server(live.record.guild_id)
        if notice.kind == "reminder":
            if thread is not None:
                await post(thread, i18n.text(lang, "reminder", player=notice.player,
                                             left=left(notice.seconds_left, lang)),
                           ping=[notice.player])
            return
        lead = _seat_news(notice, name, said_names.get(notice.by or "", ""), lang)
        if notice.outcome is not None:
            outcome = notice.outcome
            names = dict(said_names)
            seat = live.seat(notice.player)
            if notice.kind in ("computer", "expired") and seat is not None and not seat.computer:
                names[notice.player] = i18n.text(lang, "seat.computer_for", player=name)
            summary = self.summary(live, outcome, lead, names, lang=lang)
            burst = (notice.kind == "computer" and live.stand_in(live.game.turn) is not None
                     and outcome.question is None and not outcome.hands_ended
                     and not outcome.new_deal and live.status == "active")
            if thread is not None and (notice.handed_over or notice.paused):
                await post(thread, lead)  # a seat changing hands deserves its own post
                summary = self.summary(live, outcome, None, names, lang=lang)
            await self.publish(live, outcome, summary, None, burst=burst)
        elif thread is not None and lead:
            await post(thread, lead)

    async def post_question(
        self, live: LiveGame, question: Question, thread: discord.abc.Messageable
    ) -> None:
        """The partner's prompt: "may I go out?" with Yes and No. Its id is stored, so that
        however the question ends (even after a restart) the prompt is closed."""
        names = shown_names(live.names)
        lang = await self.bot.languages.server(live.record.guild_id)
        view = answer_view(live.record.id, lang,
                           hint=hints_allowed(live.record.options, live.seats))
        people = [p for p in question.partners if live.stand_in(p) is None]
        asker = names.get(question.asker, question.asker)
        if not people:  # a computer partner answers by itself, in a moment
            await post(thread, say(lang, "question.ask_computer", player=asker,
                                   players=[names.get(p, p) for p in question.partners]))
            return
        mentions = " ".join(f"<@{p}>" for p in people)
        message = await post(
            thread, say(lang, "question.ask", mentions=mentions, player=asker).strip(),
            view=view, ping=people,
        )
        crash_point("goout.after_prompt_post")
        await self.service.store.set_message(live.record.id, "question", message.channel.id,
                                             message.id)

    async def close_question(self, live: LiveGame) -> None:
        """Once a question is no longer open (answered by the partner, a computer or the
        timer, or the hand or game ended), its prompt shows the answer and its buttons go."""
        game_id = live.record.id
        where = await self.service.store.message(game_id, "question")
        if where is None or (live.status == "active" and live.game.phase == "permission"):
            return
        channel = await self.channel(where[0])
        try:
            if channel is not None:
                message = await channel.fetch_message(where[1])
                lang = await self.bot.languages.server(live.record.guild_id)
                note = await self._answer_note(live, lang)
                content = message.content
                if note not in content:
                    content = f"{content}\n{note}"
                await edit(message, content, view=answered_view(game_id, lang))
        except discord.HTTPException:
            log.warning("could not close the question prompt of game %s", game_id)
        await self.service.store.forget_message(game_id, "question")

    async def _answer_note(self, live: LiveGame, lang: str) -> str:
        actions = await self.service.store.actions(live.record.id)
        answer = next((a for a in reversed(actions) if a.action.get("kind") == "answer"), None)
        if answer is None:
            return i18n.text(lang, "question.closed")
        name = shown(live.names.get(answer.player, answer.player))
        return answer_note(name, bool(answer.action.get("yes")), lang)

    async def post_game_over(
        self,
        live: LiveGame,
        public: dict[str, Any],
        narrator: Narrator,
        summary: str,
        thread: discord.abc.Messageable,
    ) -> None:
        winner = public.get("winner")
        scores = public.get("scores") or []
        lang = narrator.lang
        final = ", ".join(f"{narrator.side(t)} {i18n.number(lang, s)}"
                          for t, s in enumerate(scores))
        sheet = await picture("scores", public)
        view = discord.ui.View(timeout=None)
        view.add_item(discord.ui.Button(label=i18n.text(lang, "button.rematch"),
                                        style=discord.ButtonStyle.primary,
                                        custom_id=custom_ids.rematch(live.record.id)))
        won = narrator.side_does(winner, "game_over.wins")
        text = f"{summary}\n" + narrator.say("game_over", won=won, final=final)
        await post(thread, text.strip(), file=as_file(sheet, "scores"), view=view)


def answer_note(name: str, yes: bool, lang: str = i18n.BASE_LANGUAGE) -> str:
    """The line a closed prompt ends with."""
    return say(lang, "question.answered_yes" if yes else "question.answered_no", player=name)


def answer_view(game_id: int, lang: str, *, disabled: bool = False,
                hint: bool = False) -> discord.ui.View:
    """The prompt's Yes and No, in the thread's language (`hint`: and Hint, for the partner
    asked, where the table allows hints)."""
    view = discord.ui.View(timeout=None)
    for yes in (True, False):
        view.add_item(discord.ui.Button(
            label=i18n.text(lang, "button.yes" if yes else "button.no"), disabled=disabled,
            style=discord.ButtonStyle.success if yes else discord.ButtonStyle.danger,
            custom_id=custom_ids.answer(game_id, yes),
        ))
    if hint and not disabled:
        view.add_item(hint_button(game_id, lang))
    return view


def answered_view(game_id: int, lang: str = i18n.BASE_LANGUAGE) -> discord.ui.View:
    """The prompt's buttons once the question is answered: shown, but disabled."""
    return answer_view(game_id, lang, disabled=True)


def _seat_news(notice: Notice, name: str, by: str, lang: str) -> str:
    """The sentence that says who plays a seat now, or why a computer played it."""
    level = i18n.text(lang, f"level.{STAND_IN_LEVEL}")
    later = i18n.text(lang, "seat.later", player=name)
    paused = i18n.text(lang, "seat.paused") if notice.paused else ""
    if notice.kind == "expired":
        text = i18n.text(lang, "seat.expired", player=name, level=level)
        if notice.handed_over:
            text += i18n.text(lang, "seat.handed_over", missed=notice.missed, level=level,
                              later=later)
        return text + paused
    if notice.kind == "left":
        return i18n.text(lang, "seat.left", player=name, level=level, later=later) + paused
    if notice.kind == "replaced":
        return i18n.text(lang, "seat.replaced", by=by or i18n.text(lang, "seat.the_host"),
                         player=name, level=level, later=later) + paused
    if notice.kind == "back":
        return i18n.text(lang, "seat.back", player=name)
    return ""


def _asked_this_hand(live: LiveGame) -> bool:
    """Whether a "may I go out?" prompt can be open: only after a question in this hand (a
    hand that ended with one open closes it in the outcome that ended it; a prompt left open
    by a crash is closed at start-up). Spares a database read on almost every move."""
    return any(e.get("type") == "ask" for e in live.game.history)

