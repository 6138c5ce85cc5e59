"""Turns a service `Outcome` into Discord messages: hands by DM, the table in the thread,
the "may I go out?" prompt, score sheets, and the end of the game.

Everything here runs after the action was committed; nothing here changes a game.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

import discord

from bot import custom_ids
from bot.crashpoints import crash_point
from bot.discord_limits import edit, post, send_private
from bot.pictures import as_file, picture
from bot.service import GameService, LiveGame, Notice, Outcome, Question
from bot.service.narrate import Narrator, pretty
from bot.service.timer import STAND_IN_LEVEL, left
from bot.service.views import named_view

if TYPE_CHECKING:
    from bot.client import CanastaBot

log = logging.getLogger(__name__)

OPEN_DMS = ("To get it by DM: open this server's menu > Privacy Settings and turn on Direct "
            "Messages (or allow DMs from server members).")
DM_HELP = f"I could not DM you your hand, so here it is privately. {OPEN_DMS}"


def caption(view: dict[str, Any], game_id: int) -> str:
    """What the hand's owner may do now, in one or two lines."""
    me = view.get("player")
    hand = view.get("hand") or []
    head = f"Canasta #{game_id}, hand {view.get('hand_number')}: your {len(hand)} cards."
    arrived = view.get("just_arrived") or []
    if arrived:
        head += f" New: {' '.join(pretty(c) for c in arrived)}."
    phase, turn = view.get("phase"), view.get("turn")
    question = view.get("question") or {}
    pile = view.get("pile") or {}
    if phase == "over":
        todo = "The game is over."
    elif phase == "permission" and me in (question.get("partners") or []):
        todo = (f"{question.get('asker')} asks you: may I go out? "
                "Answer with the buttons in the game thread.")
    elif turn != me:
        todo = f"Waiting for {turn}."
    elif phase == "draw":
        top = pile.get("top")
        todo = "Your turn: /draw from the stock"
        if top:
            todo += f", or /pickup the pile (top {pretty(top)}"
            todo += ", frozen)" if pile.get("frozen") else ")"
        todo += "."
    elif phase == "play":
        todo = "Your turn: /meld if you like, then /discard a card"
        if view.get("rules", {}).get("teams", 0) < view.get("rules", {}).get("players", 0):
            todo += " (/goout asks your partner first)"
        todo += "."
    else:
        todo = f"Waiting for {turn}."
    return f"{head}\n{todo}"


class Presenter:
    def __init__(self, bot: CanastaBot) -> None:
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

    async def send_hand(
        self, live: LiveGame, player: str, interaction: discord.Interaction | None
    ) -> tuple[str, bytes] | None:
        """DM one player's hand. When the DM fails, returns (caption, png) for the caller to
        show privately if it can (it can only for the player who is interacting)."""
        seat = live.seat(player)
        asking = interaction is not None and str(interaction.user.id) == player
        if seat is None or seat.computer or (seat.away and not asking):
            return None  # a computer's hand, or one a computer holds for a person away
        view = named_view(live.game.view(player), live.names)
        png = await picture("hand", view)
        text = caption(view, live.record.id)
        try:
            user = self.bot.get_user(int(player)) or await self.bot.fetch_user(int(player))
            await post(user, text, file=as_file(png, "hand.png"))
            return None
        except (discord.HTTPException, ValueError) as exc:
            log.info("DM to %s failed (%s)", player, getattr(exc, "code", exc))
            return text, png

    async def deliver_hands(
        self, live: LiveGame, players: list[str], interaction: discord.Interaction | None,
        *, new_deal: bool = False,
    ) -> None:
        """DM each player's hand. Whoever is interacting gets it privately when the DM fails;
        the others, in the thread, hear about it the first time and at every new deal."""
        actor = str(interaction.user.id) if interaction is not None else None
        unreached: list[str] = []
        for player in players:
            failed = await self.send_hand(live, player, interaction)
            if failed is None:
                continue
            text, png = failed
            first_time = await self.service.store.note_dm_closed(player)
            if player == actor and interaction is not None:
                note = f"\n{DM_HELP}" if first_time else ""
                await send_private(interaction, text + note, file=as_file(png, "hand.png"))
            elif first_time or new_deal:
                unreached.append(player)
        thread = await self.channel(live.record.thread_id)
        if unreached and thread is not None:
            mentions = " ".join(f"<@{p}>" for p in unreached)
            news = "a new hand is dealt, and I" if new_deal else "I"
            await post(thread, f"{mentions}: {news} cannot DM you your hand. Use /hand here to "
                               f"see it. {OPEN_DMS}", ping=unreached)

    # ------------------------------------------------------------------ outcome

    async def deliver(
        self, interaction: discord.Interaction, outcome: Outcome, *, lead: str | None = None
    ) -> None:
        """Everything that follows an accepted action, in the order players expect."""
        live = await self.service.live(outcome.game_id)
        summary = self.summary(live, outcome, lead)
        await send_private(interaction, f"Done. {summary}" if summary else "Done.")
        await self.publish(live, outcome, summary, interaction)

    def summary(self, live: LiveGame, outcome: Outcome, lead: str | None) -> str:
        public = named_view(live.game.view(None), live.names)
        summary = Narrator(live.names, public.get("team_names") or []).summary(outcome.events)
        return f"{lead} {summary}".strip() if lead else summary

    async def publish(self, live: LiveGame, outcome: Outcome, summary: str,
                      interaction: discord.Interaction | None) -> None:
        """The public side of an outcome: hands by DM, score sheets, the table, a question."""
        names = live.names
        public = named_view(live.game.view(None), names)
        narrator = Narrator(names, public.get("team_names") or [])
        await self.close_question(live)
        await self.deliver_hands(live, outcome.hands_changed, interaction,
                                 new_deal=outcome.new_deal)

        thread = await self.channel(live.record.thread_id)
        if thread is None:
            return
        for end in outcome.hands_ended:
            if outcome.game_over and end is outcome.hands_ended[-1]:
                break
            sheet = await picture("scores", public)
            await post(thread, f"Hand {end.hand} is over.", file=as_file(sheet, "scores.png"))
        if outcome.game_over:
            await self.post_game_over(live, public, narrator, summary, thread)
            return
        table = await picture("table", public)
        message = await post(thread, summary or "The table:", file=as_file(table, "table.png"))
        await self.service.store.set_message(live.record.id, "table", message.channel.id,
                                             message.id)
        if outcome.question is not None:
            await self.post_question(live, outcome.question, thread)

    # ------------------------------------------------------------------ without a click

    async def announce(self, notice: Notice) -> None:
        """What the autopilot did (a computer's turn, the timer) or a seat changing hands."""
        live = await self.service.live(notice.game_id)
        name = live.names.get(notice.player, notice.player)
        thread = await self.channel(live.record.thread_id)
        if notice.kind == "reminder":
            if thread is not None:
                await post(
                    thread, f"<@{notice.player}>, it is your turn: {left(notice.seconds_left)} "
                    "left. Then a computer plays this turn for you.", ping=[notice.player])
            return
        lead = _seat_news(notice, name, live.names.get(notice.by or "", ""))
        if notice.outcome is not None:
            summary = self.summary(live, notice.outcome, lead)
            await self.publish(live, notice.outcome, summary, None)
        elif thread is not None and lead:
            await post(thread, lead)

    async def post_question(
        self, live: LiveGame, question: Question, thread: discord.abc.Messageable
    ) -> None:
        """The partner's prompt: "may I go out?" with Yes and No. Its id is stored, so that
        however the question ends (even after a restart) the prompt is closed."""
        names = live.names
        view = discord.ui.View(timeout=None)
        view.add_item(discord.ui.Button(label="Yes", style=discord.ButtonStyle.success,
                                        custom_id=custom_ids.answer(live.record.id, True)))
        view.add_item(discord.ui.Button(label="No", style=discord.ButtonStyle.danger,
                                        custom_id=custom_ids.answer(live.record.id, False)))
        people = [p for p in question.partners if live.stand_in(p) is None]
        asker = names.get(question.asker, question.asker)
        if not people:  # a computer partner answers by itself, in a moment
            partners = " or ".join(names.get(p, p) for p in question.partners)
            await post(thread, f"{asker} asks {partners}: partner, may I go out?")
            return
        mentions = " ".join(f"<@{p}>" for p in people)
        message = await post(
            thread, f"{mentions} {asker} asks: partner, may I go out?".strip(),
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
                note = await self._answer_note(live)
                content = message.content
                if note not in content:
                    content = f"{content}\n{note}"
                await edit(message, content, view=answered_view(game_id))
        except discord.HTTPException:
            log.warning("could not close the question prompt of game %s", game_id)
        await self.service.store.forget_message(game_id, "question")

    async def _answer_note(self, live: LiveGame) -> str:
        actions = await self.service.store.actions(live.record.id)
        answer = next((a for a in reversed(actions) if a.action.get("kind") == "answer"), None)
        if answer is None:
            return "**The question is closed.**"
        name = live.names.get(answer.player, answer.player)
        return answer_note(name, bool(answer.action.get("yes")))

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
        final = ", ".join(f"{narrator.side(t)} {s}" for t, s in enumerate(scores))
        sheet = await picture("scores", public)
        view = discord.ui.View(timeout=None)
        view.add_item(discord.ui.Button(label="Rematch", style=discord.ButtonStyle.primary,
                                        custom_id=custom_ids.rematch(live.record.id)))
        text = f"{summary}\n**Game over: {narrator.side(winner)} win.** Final score: {final}."
        await post(thread, text.strip(), file=as_file(sheet, "scores.png"), view=view)

    async def post_table(self, live: LiveGame, thread: discord.abc.Messageable, text: str) -> None:
        public = named_view(live.game.view(None), live.names)
        table = await picture("table", public)
        message = await post(thread, text, file=as_file(table, "table.png"))
        await self.service.store.set_message(live.record.id, "table", message.channel.id,
                                             message.id)


def answer_note(name: str, yes: bool) -> str:
    """The line a closed prompt ends with."""
    return f"**{name} answered {'yes' if yes else 'no'}.**"


def answered_view(game_id: int) -> discord.ui.View:
    """The prompt's buttons once the question is answered: shown, but disabled."""
    view = discord.ui.View(timeout=None)
    for yes in (True, False):
        view.add_item(discord.ui.Button(
            label="Yes" if yes else "No", disabled=True,
            style=discord.ButtonStyle.success if yes else discord.ButtonStyle.danger,
            custom_id=custom_ids.answer(game_id, yes),
        ))
    return view


def _seat_news(notice: Notice, name: str, by: str) -> str:
    """The sentence that says who plays a seat now, or why a computer played it."""
    level = STAND_IN_LEVEL
    later = f"{name} can take the seat back with /rejoin."
    paused = (" Nobody else plays at this table now, so it waits until someone comes back."
              if notice.paused else "")
    if notice.kind == "expired":
        text = f"Time ran out for {name}: a computer played the turn ({level} level)."
        if notice.handed_over:
            text += (f" That was {notice.missed} turns in a row, so a computer player "
                     f"({level}) has the seat now. {later}")
        return text + paused
    if notice.kind == "left":
        return (f"{name} left the table: a computer player ({level}) has the seat. {later}"
                + paused)
    if notice.kind == "replaced":
        return (f"{by or 'The host'} replaced {name} with a computer player ({level}). "
                f"{later}{paused}")
    if notice.kind == "back":
        return f"{name} is back and plays the seat again."
    return ""

