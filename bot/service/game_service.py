"""GameService: the one place where games change. Discord-free.

Every change follows the same path: take the game's lock, load it (memory, else the store),
apply the action to a copy with the engine, commit action + snapshot in one transaction, and
only then swap the copy in. A refused move or a failed write leaves everything as it was.

Several processes, one truth: any process may receive a move for any game (Discord sends
every direct-message interaction to shard 0), so a move is judged on the game as stored,
never on a copy another process may have moved on from:
- which copies in memory are trusted, and which are read again first: see held_games.py;
- a move accepted on the copy commits only if the game is still at the copy's version;
  when another process committed first, the game is loaded again and the move judged once
  more. A move refused on a copy that was not just checked is refused only once a read
  shows the copy is the stored game (else it is judged again on the game reloaded).
Timers and computer turns run only in the process that owns the game's server (`shards`).

What a process keeps for a game in memory (its copy, its lock, the moves autocomplete
offers, and the front end's own notes, see `on_release`) goes when the game ends or leaves
the cache: a process that has seen a hundred thousand games holds only the ones in play.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from bot.engine import (
    AnswerGoOut,
    AskToGoOut,
    Game,
    IllegalMove,
    Rules,
    action_to_dict,
    variant,
)
from bot.service.crashpoints import crash_point
from bot.service.ending import TableEnding
from bot.service.game_locks import GameLock, GameLocks
from bot.service.held_games import HeldGames
from bot.service.hints import TableHints
from bot.service.limits import TableLimits
from bot.service.live_game import LiveGame, turn_token
from bot.service.lobby import AI_PREFIX, LobbyTables
from bot.service.offers import MoveOffers
from bot.service.opening import TableOpening
from bot.service.outcome import HandEnd, MovedOn, Outcome, Question, Refused, refused
from bot.service.player_data import PlayerDataDesk
from bot.service.rating_match import computer_actor, match_result
from bot.service.replays import Replays
from bot.service.seat_control import SeatControl
from bot.service.standings import Standings
from bot.service.table_steps import TableSteps
from bot.service.thinking import Thinker
from bot.service.timer import STAND_IN_LEVEL
from bot.service.views import named_view
from bot.store import (
    ActionCommit,
    GameRecord,
    HandResultRecord,
    Seat,
    Shards,
    StaleGame,
    StatsDelta,
    Store,
)

log = logging.getLogger(__name__)

JUDGED_AT_MOST = 3  # a move is judged again on the reloaded game while others commit first


class GameService(HeldGames, LobbyTables, TableOpening, TableSteps, SeatControl, MoveOffers,
                  TableEnding, PlayerDataDesk,
                  Standings, Replays, TableHints):
    def __init__(
        self,
        store: Store,
        *,
        seed: int | None = None,
        default_variant: str = "classic",
        cache_size: int = 5000,
        clock: Callable[[], float] = time.time,
        shards: Shards | None = None,
        thinker: Thinker | None = None,
        limits: TableLimits | None = None,
    ) -> None:
        self.store = store
        self.shards = shards  # the servers whose timers and computers run here (None: all)
        self.seed = seed
        self.default_variant = default_variant
        self.clock = clock  # wall-clock seconds; the turn timer's deadlines use it
        self.thinker = thinker or Thinker(0)  # where computers think (a thread by default)
        self.limits = limits or TableLimits()  # none by default (the bot sets its own)
        self._opening = asyncio.Lock()
        self._cache: OrderedDict[int, LiveGame] = OrderedDict()
        self._cache_size = cache_size
        self._locks = GameLocks()
        self._offers = OrderedDict()
        self._releases: list[Callable[[int], None]] = [self._forget_offers]
        self._openings: list[Callable[[float], None]] = []

    def lock(self, game_id: int) -> GameLock:
        """The game's lock: everything that changes one game runs under it, one at a time."""
        return self._locks(game_id)

    async def think(self, name: str, *args: Any) -> Any:
        """Run a search (`searches.SEARCHES`: a computer's move, the moves autocomplete
        offers, ...) away from the event loop; see thinking.py."""
        return await self.thinker.think(name, *args)

    def on_release(self, release: Callable[[int], None]) -> None:
        """Call `release(game_id)` when a game ends or leaves this process's memory, so a
        front end drops what it keeps for it."""
        self._releases.append(release)

    def _release(self, game_id: int) -> None:
        for release in self._releases:
            release(game_id)

    def on_open(self, opened: Callable[[float], None]) -> None:
        """Call `opened(due)` when a table opens here (a lobby, or a game dealt), with the
        time it will fall due for expiry if nobody moves (see `expire`)."""
        self._openings.append(opened)

    def _opened(self, limit: float) -> None:
        if limit > 0:
            for opened in self._openings:
                opened(self.clock() + limit)

    def close(self) -> None:
        """Stop the thinking processes."""
        self.thinker.close()

    async def _in_play(self, game_id: int, game: Game, seats: list[Seat], host: str) -> Outcome:
        """A game just dealt and committed: hold it in memory, start its turn timer."""
        fresh = replace(await self._record(game_id), snapshot=None)
        live = LiveGame(fresh, game, 0, "active", seats)
        self._remember(live)
        self._opened(self.limits.idle_seconds)
        await self._sync_deadline(live)
        return Outcome(game_id=game_id, player=host, hands_changed=list(game.players),
                       new_deal=True)

    # ------------------------------------------------------------------ play

    async def game_in_thread(self, thread_id: int) -> GameRecord | None:
        """The game of this thread (in play, else the latest): one indexed read, no
        snapshot, whoever asks and wherever."""
        return await self.store.game_in_thread(thread_id)

    async def act(self, game_id: int, player: str, action: Any, *,
                  turn: str | None = None) -> Outcome:
        """Apply one player's action; commit it; return what happened.

        The move is judged on the game as stored; a refusal names a rule of the game as it
        is. `turn`: the turn marker of the turn message the move was made from; when that
        turn is over, the move is refused as "the game moved on" (the player's view was
        older than the game)."""
        async with self.lock(game_id):
            live, checked = await self._held(game_id)
            for _ in range(JUDGED_AT_MOST):
                try:
                    return await self._move(live, player, action, turn)
                except MovedOn:
                    pass  # another process committed first: judge it on the game reloaded
                except Refused:
                    if checked or await self._current(live):
                        raise  # refused by the game as stored
                live, checked = await self._held(game_id)
            raise refused("reply.stale")

    async def _move(self, live: LiveGame, player: str, action: Any,
                    turn: str | None) -> Outcome:
        seat = live.seat_in_play(player)
        if seat.away:
            raise refused("reply.computer_has_seat")
        if turn is not None and turn_token(live.game) != turn:
            raise refused("reply.stale")
        outcome = Outcome(game_id=live.record.id, player=player)
        await self._apply(live, player, action, outcome, by_person=True)
        if seat.missed:  # playing yourself ends a run of turns the timer took
            await self._set_control(live, replace(seat, missed=0))
        return outcome

    async def _apply(self, live: LiveGame, player: str, action: Any, outcome: Outcome, *,
                     by_person: bool = False) -> None:
        """Apply one action on a copy, commit it, then swap it in; add to `outcome`.
        `by_person`: a person moved (not a computer, nor the timer for them)."""
        game_id = live.record.id
        before = live.game
        hands_before = {p: _hand_key(before, p) for p in live.players}
        hand_number = before.hand_number
        results_before = len(before.results)

        work = before.copy()   # the containers a move can change, copied (TableState.copy)
        try:
            events = work.apply(player, action)
        except IllegalMove as exc:
            raise Refused(_with_names(str(exc), live.names),
                          key=f"refusal.{exc.code}" if exc.code else "",
                          **_named_values(exc.values, live.names)) from None

        step = Outcome(game_id=game_id, player=player, events=list(events))
        step.new_deal = work.hand_number != hand_number and work.phase != "over"
        step.hands_changed = [
            p for p in live.players
            if step.new_deal or _hand_key(work, p) != hands_before[p]
        ]
        if isinstance(action, AnswerGoOut):
            step.answered = bool(action.yes)
        step.hands_ended = _hand_ends(work, results_before, events)
        step.winner = work.winner
        step.game_over = work.phase == "over"

        record = live.record
        actor = player
        seat = live.seat(player)
        if not by_person and seat is not None and not seat.computer:
            actor = computer_actor(live.stand_in(player) or STAND_IN_LEVEL)
        match = None
        if step.game_over:
            actors = [*await self.store.actors(game_id), (player, actor)]
            match = match_result(record.variant, live.seats, work, actors)
        commit = ActionCommit(
            game_id=game_id,
            expected_version=live.version,
            player=player,
            action=action_to_dict(action),
            snapshot=work.to_dict(),
            status="over" if step.game_over else "active",
            winner=step.winner,
            hand_results=[
                HandResultRecord(end.hand, team, total, end.breakdown[team])
                for end in step.hands_ended for team, total in enumerate(end.totals)
            ],
            stats=_stats_deltas(live, work, player, events, step),
            variant=record.variant,
            guild_id=record.guild_id,
            by_person=by_person,
            actor=actor,
            match=match,
        )
        try:
            version = await self.store.commit_action(commit)
        except StaleGame:
            # Another process committed a move on this game between the check and the
            # commit: this one was judged on a copy that is stale now and is not applied.
            self._cache.pop(game_id, None)
            raise MovedOn(str(refused("reply.stale")), key="reply.stale") from None
        except BaseException:
            self._cache.pop(game_id, None)  # the store holds the truth: reload next time
            raise
        live.game = work
        live.version = version
        live.status = commit.status
        if step.game_over:
            self._release(game_id)
        if isinstance(action, AskToGoOut):
            crash_point("goout.committed")

        outcome.events.extend(step.events)
        outcome.hands_changed += [p for p in step.hands_changed if p not in outcome.hands_changed]
        if step.answered is not None:
            outcome.answered = step.answered
        outcome.hands_ended.extend(step.hands_ended)
        if step.hands_ended:
            outcome.ended_table = work.ended_hand_table
        outcome.new_deal = outcome.new_deal or step.new_deal
        outcome.winner = step.winner
        outcome.game_over = step.game_over
        outcome.version = version
        outcome.question = None
        if work.phase == "permission":
            question = work.view(player).get("question") or {}
            outcome.question = Question(question.get("asker", player),
                                        list(question.get("partners") or []))
        await self._sync_deadline(live)

    # ------------------------------------------------------------------ reading

    async def live(self, game_id: int, *, check: bool = False) -> LiveGame:
        """The game in play (`check`: read from the store now, even a trusted copy)."""
        async with self.lock(game_id):
            return await self._live(game_id, check=check)

    async def view(self, game_id: int, player: str | None) -> dict[str, Any]:
        """What `player` may see (None: what anyone watching the table may see), with names."""
        live = await self.live(game_id)
        return named_view(_view(live.game, player), live.names)

    async def hand(self, game_id: int, player: str, *, check: bool = False) -> list[str]:
        live = await self.live(game_id, check=check)
        if player not in live.names:
            raise refused("reply.not_playing")
        return [c.text for c in live.game.hand(player)]

    async def rules_of(self, game_id: int | None) -> Rules:
        """The rules of a game in play, or of the default variant (no game)."""
        if game_id is None:
            return variant(self.default_variant)
        return (await self.live(game_id)).game.rules



def _with_names(text: str, names: dict[str, str]) -> str:
    """Engine messages name players by id; people know them by name."""
    for player, name in sorted(names.items(), key=lambda item: -len(item[0])):
        text = text.replace(player, name)
    return text


def _named_values(values: dict[str, Any], names: dict[str, str]) -> dict[str, Any]:
    """A reason's values with its players named as people know them."""
    out = dict(values)
    if "player" in out:
        out["player"] = names.get(out["player"], out["player"])
    if "players" in out:
        out["players"] = [names.get(p, p) for p in out["players"]]
    return out


def _hand_key(game: Game, player: str) -> tuple[str, ...]:
    return tuple(sorted(c.text for c in game.hand(player)))


def _view(game: Game, player: str | None) -> dict[str, Any]:
    if player is not None:
        return game.view(player)
    try:
        return game.view(None)
    except (TypeError, ValueError, KeyError):
        view = game.view(game.turn)
        view.update(player=None, hand=[], just_arrived=[])
        return view


def _hand_ends(game: Game, results_before: int, events: list[dict[str, Any]]) -> list[HandEnd]:
    ends: list[HandEnd] = []
    results = game.results
    went_out_by_hand = {e.get("hand"): e.get("went_out") for e in events
                        if e.get("type") == "hand_end"}
    for index in range(results_before, len(results)):
        result = results[index]
        hand = index + 1
        went_out = getattr(result, "went_out", None) or went_out_by_hand.get(hand)
        ends.append(HandEnd(hand, list(result.total), [dict(b) for b in result.breakdown],
                            went_out))
    return ends


def _stats_deltas(live: LiveGame, game: Game, player: str, events: list[dict[str, Any]],
                  outcome: Outcome) -> list[StatsDelta]:
    deltas = {s.player: StatsDelta(s.player, s.name) for s in live.seats
              if not s.player.startswith(AI_PREFIX)}
    for event in events:
        if event.get("type") == "canasta":
            who = event.get("player", player)
            if who in deltas:
                deltas[who].canastas += 1
    for end in outcome.hands_ended:
        if end.went_out in deltas:
            deltas[end.went_out].went_out += 1
        for p, delta in deltas.items():
            total = end.totals[game.team_of(p)]
            delta.hands += 1
            delta.hand_points += total
            delta.best_hand = total if delta.best_hand is None else max(delta.best_hand, total)
    if outcome.game_over:
        for p, delta in deltas.items():
            delta.games += 1
            if outcome.winner is not None and game.team_of(p) == outcome.winner:
                delta.wins += 1
    return [d for d in deltas.values() if not d.is_empty()]
