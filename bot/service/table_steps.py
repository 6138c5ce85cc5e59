"""What happens at a table while nobody interacts: computer players' moves and the turn
timer (its reminder, and the computer playing a turn the timer took).

A mixin of `GameService`, so that every step goes the one way games change: under the
game's lock, each move applied on a copy and committed. The autopilot (`autopilot.py`) asks
`next_step` what to wait for, waits, then calls `take_step`; a step planned on a state that
has moved on since is dropped, so a person's move and a timer never both play one turn.

Only the process that owns the game's server plans and takes these steps (`owns`), and
before each it reads the game as stored: a move another process applied (a click on a
turn message, which Discord sends to shard 0) is seen, and a timer planned before it is
dropped instead of counting a turn the person played as missed.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from bot.engine import Concede, IllegalMove, action_from_dict
from bot.service.crashpoints import crash_point
from bot.service.outcome import MovedOn, Notice, Outcome, Refused, Step
from bot.service.timer import (
    MISSES_BEFORE_HANDOVER,
    STAND_IN_LEVEL,
    new_deadline,
    turn_minutes,
)
from bot.store import Seat, Store

if TYPE_CHECKING:
    from bot.service.game_locks import GameLock
    from bot.service.live_game import LiveGame

log = logging.getLogger(__name__)

MOVES_PER_TURN = 60  # a guard: a turn is a draw, some melds and a discard


class TableSteps:
    store: Store
    clock: Callable[[], float]

    if TYPE_CHECKING:  # provided by GameService
        def owns(self, guild_id: int | None) -> bool: ...
        def lock(self, game_id: int) -> GameLock: ...
        async def _live(self, game_id: int, *, check: bool = False) -> LiveGame: ...
        async def _apply(self, live: LiveGame, player: str, action: Any,
                         outcome: Outcome, *, by_person: bool = False) -> None: ...
        async def think(self, name: str, *args: Any) -> Any: ...

    # ------------------------------------------------------------------ planning

    async def next_step(self, game_id: int) -> Step | None:
        """What this table waits for now, or None when only a person can move it on."""
        async with self.lock(game_id):
            try:
                live = await self._live(game_id)
            except Refused:
                return None
            if not self.owns(live.record.guild_id):
                return None  # another process runs this game's timer and computers
            await self._sync_deadline(live)
            return _plan(live)

    async def take_step(self, game_id: int, step: Step) -> Notice | None:
        """Do `step` if the table still waits for exactly it; None when it moved on (here,
        or in another process: the game is read as stored first, and a move committed
        elsewhere meanwhile drops the step before it changed anything)."""
        async with self.lock(game_id):
            live = await self._live(game_id, check=True)  # a timer never acts on a stale copy
            if not self.owns(live.record.guild_id) or _plan(live) != step:
                return None
            try:
                return await self._take(live, step)
            except MovedOn:
                return None

    async def _take(self, live: LiveGame, step: Step) -> Notice | None:
        game_id = live.record.id
        if step.kind == "computer":
            level = live.stand_in(step.player) or STAND_IN_LEVEL
            outcome = await self._play_turn(live, step.player, level)
            return Notice(game_id, "computer", step.player, outcome)
        deadline = live.deadline
        assert deadline is not None
        if step.kind == "remind":
            reminded = replace(deadline, remind_at=None)
            await self.store.set_deadline(game_id, reminded)
            live.deadline = reminded
            return Notice(game_id, "reminder", step.player,
                          seconds_left=max(0.0, deadline.expires_at - self.clock()))
        return await self._expire(live, step.player)

    async def _expire(self, live: LiveGame, player: str) -> Notice:
        """The timer ran out: a computer plays the turn; the third time in a row, the seat."""
        outcome = await self._play_turn(live, player, STAND_IN_LEVEL)
        crash_point("timer.after_turn")
        seat = live.seat(player)
        assert seat is not None
        missed = seat.missed + 1
        handed_over = missed >= MISSES_BEFORE_HANDOVER
        await self._set_control(live, replace(
            seat, is_ai=handed_over, level=STAND_IN_LEVEL if handed_over else None,
            missed=missed))
        crash_point("timer.after_control")
        await self._sync_deadline(live)
        return Notice(live.record.id, "expired", player, outcome, missed=missed,
                      handed_over=handed_over, paused=not live.people_playing)

    # ------------------------------------------------------------------ computer moves

    async def _play_turn(self, live: LiveGame, seat: str, level: str) -> Outcome:
        """A computer plays `seat` until someone else must act (or the hand ends)."""
        outcome = Outcome(game_id=live.record.id, player=seat)
        hand = live.game.hand_number
        for _ in range(MOVES_PER_TURN):
            game = live.game
            if live.status != "active" or game.turn != seat or game.hand_number != hand:
                break
            try:
                if not await self._computer_move(live, seat, level, outcome):
                    break
            except MovedOn:
                if not outcome.events:
                    raise  # nothing was played: the step is dropped
                break  # what was played is told; the table is planned again
            crash_point("timer.after_move")
        return outcome

    async def _computer_move(self, live: LiveGame, seat: str, level: str,
                             outcome: Outcome) -> bool:
        """One computer decision, committed. A decision the rules refuse (or a computer
        player that fails) is replaced by the first legal move: a table never stalls."""
        game = live.game
        seed = live.record.seed + live.players.index(seat)
        try:
            # Thinking (up to a second at "hard") runs away from the event loop, in the
            # pool of thinking processes (thinking.py); the seat's view is all it sees.
            action = action_from_dict(
                await self.think("computer_move", level, seed, game.view(seat)))
            await self._apply(live, seat, action, outcome)
            return True
        except MovedOn:
            raise
        except (Refused, IllegalMove, ValueError):
            log.warning("computer %s in game %s chose badly; playing a legal move",
                        seat, live.record.id, exc_info=True)
        except Exception:
            log.exception("computer %s in game %s failed; playing a legal move",
                          seat, live.record.id)
        legal = [a for a in game.legal_actions(seat) if not isinstance(a, Concede)]
        if not legal:
            log.error("computer %s in game %s has no legal move", seat, live.record.id)
            return False
        try:
            await self._apply(live, seat, legal[0], outcome)
        except MovedOn:
            raise
        except Refused:
            log.error("computer %s in game %s is stuck", seat, live.record.id)
            return False
        return True

    # ------------------------------------------------------------------ seats and timer

    async def _set_control(self, live: LiveGame, seat: Seat) -> None:
        await self.store.set_control(live.record.id, seat.player, is_ai=seat.is_ai,
                                     level=seat.level, missed=seat.missed)
        live.set_seat(seat)

    async def _sync_deadline(self, live: LiveGame) -> None:
        """Keep the stored deadline on the person who must act now: a new one when the turn
        passes to someone (or a new hand starts), none when a computer or nobody acts."""
        if not self.owns(live.record.guild_id):
            return  # the owner's timer moves on when it hears of the move
        minutes = turn_minutes(live.record.options)
        actor = live.game.turn if live.status == "active" else None
        want = live.deadline
        if not minutes or actor is None or live.stand_in(actor) is not None:
            want = None
        elif want is None or want.player != actor or want.hand != live.game.hand_number:
            want = new_deadline(live.record.id, actor, live.game.hand_number, self.clock(),
                                minutes)
        if want != live.deadline:
            await self.store.set_deadline(live.record.id, want)
            live.deadline = want


def _plan(live: LiveGame) -> Step | None:
    if live.status != "active" or not live.people_playing:
        return None  # a table where nobody plays any more waits for someone to /rejoin
    actor = live.game.turn
    if actor is None:
        return None
    if live.stand_in(actor) is not None:
        return Step("computer", actor, live.version)
    deadline = live.deadline
    if deadline is None or deadline.player != actor:
        return None
    if deadline.remind_at is not None:
        return Step("remind", actor, live.version, deadline.remind_at)
    return Step("expire", actor, live.version, deadline.expires_at)
