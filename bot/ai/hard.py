"""The hard level: determinized Monte Carlo search with normal-level rollouts.

For a decision with several sensible moves (normal's candidates: each way of taking the pile
or drawing; going out, melding or the best few discards), it repeatedly deals the cards it
cannot see at random, consistently with its view (``world.build_game``), plays every candidate
in that same world (common random numbers), lets all seats continue with the normal
heuristics for a few turns (or to the end of the hand) and scores the outcome for its side.
The candidate with the best average wins; within the time budget, normal's own choice is kept
unless another move is better by a margin.
"""

from __future__ import annotations

import math
import random
import time
from typing import Any

from bot.engine import Action, AnswerGoOut, Discard, Game, IllegalMove, canasta_bonus

from . import policy
from .knowledge import read_history
from .players import acting_seat, first_legal
from .table import read_table
from .world import build_game


def rollout_step(game: Game, player: str) -> None:
    """One move of ``player`` by the normal heuristics, from its own view of ``game``."""
    view = game.view(player)
    table = read_table(view)
    first_legal(game, player, policy.decide(table, policy.NORMAL))


def side_value(game: Game, team: int) -> float:
    """A static estimate of a side's hand score if the hand went on from here."""
    r = game.rules
    value = 0.0
    melds = game.melds(team)
    for m in melds:
        value += sum(c.points for c in m)
        n = len(m)
        if n >= r.canasta_size:
            value += r.natural_canasta if not any(c.is_wild for c in m) else r.mixed_canasta
        elif n >= 4:
            value += 40.0 * (n - 3)          # progress toward a canasta
    if r.rank_canasta_kinds:   # Pennies: sevens and wild canastas at their own bonuses
        value += sum(canasta_bonus(r, m) - (r.natural_canasta if not m.wilds
                                            else r.mixed_canasta)
                     for m in game.team_melds[team].values() if m.is_canasta(r))
    reds = len(game.red_threes(team))
    if reds:
        rv = r.red_three_value(reds)
        plus = bool(melds) or r.red_threes_as_is   # Hand and Foot: -300 each, always
        if r.red_threes_need_kind:                 # Pennies: plus with a sevens canasta
            plus = r.red_threes_need_kind in game.canasta_kinds(team)
        value += rv if plus else -rv
    for p in game.players:
        if game.team_of(p) == team:
            value -= 0.7 * sum(c.points for c in game.hand(p))
    return value


def outcome(game: Game, start_results: int, team: int) -> float:
    """My side's score minus the others' (their mean with three sides)."""
    if len(game.results) > start_results:
        totals = [float(x) for x in game.results[start_results].total]
    else:
        totals = [side_value(game, t) for t in range(game.rules.teams)]
    others = [v for t, v in enumerate(totals) if t != team]
    return totals[team] - sum(others) / len(others)


class HardPlayer:
    level = "hard"

    def __init__(self, seed: int = 0, budget: float = 0.3, max_samples: int | None = None,
                 depth: int = 24, discard_depth: int = 8, width: int = 4,
                 margin: float = 10.0, confidence: float = 2.0,
                 skip_discards: bool = True) -> None:
        self.seed = seed
        self.rng = random.Random(seed)
        self.budget = budget            # seconds per searched decision
        self.max_samples = max_samples  # cap on worlds per decision (None: time only)
        self.depth = depth              # rollout length in moves (0: to the end of the hand)
        self.discard_depth = discard_depth  # shorter rollouts when only discards compete
        self.width = width              # candidates compared
        self.margin = margin            # points another move must gain over normal's choice
        self.confidence = confidence    # ... and by this many standard errors
        self.skip_discards = skip_discards  # leave choices among discards to the heuristics

    # ------------------------------------------------------------------ candidates
    def candidates(self, view: dict[str, Any]) -> list[Action]:
        table = read_table(view)
        ordered = policy.decide(table, policy.NORMAL)
        me = view["player"]
        legal: list[Action] = []
        seen: set[str] = set()
        check = build_game(view, table.know, random.Random(0))
        snapshot = check.to_dict()
        discards = 0
        for action in ordered:
            key = repr(action)
            if key in seen:
                continue
            seen.add(key)
            if isinstance(action, Discard):
                if discards >= max(1, self.width - 1):
                    continue
            game = Game.from_dict(snapshot)
            try:
                game.apply(me, action)
            except IllegalMove:
                continue
            legal.append(action)
            if isinstance(action, Discard):
                discards += 1
            if len(legal) >= self.width:
                break
        if not legal:
            legal = [first_legal(check, me, [])]
        return legal

    # ------------------------------------------------------------------ search
    def choose(self, view: dict[str, Any]) -> Action:
        if not acting_seat(view):
            raise ValueError(f"{view['player']} has nothing to do now")
        if view["phase"] == "permission":
            return policy.answer(read_table(view), policy.NORMAL)
        options = self.candidates(view)
        if len(options) == 1:
            return options[0]
        if self.skip_discards and all(isinstance(a, Discard) for a in options):
            return options[0]
        know = read_history(view)
        me = view["player"]
        team = view["team"]
        scores: list[list[float]] = [[] for _ in options]
        depth = self.depth
        if all(isinstance(a, Discard) for a in options):
            depth = min(depth, self.discard_depth) if depth else self.discard_depth
        samples = 0
        deadline = time.perf_counter() + self.budget
        while True:
            if self.max_samples is not None and samples >= self.max_samples:
                break
            if self.max_samples is None and samples >= 2 and time.perf_counter() > deadline:
                break
            world_seed = self.rng.randrange(1 << 30)
            for i, action in enumerate(options):
                game = build_game(view, know, random.Random(world_seed))
                start = len(game.results)
                try:
                    game.apply(me, action)
                except IllegalMove:
                    scores[i].append(-1e6)
                    continue
                self.play_out(game, start, depth)
                scores[i].append(outcome(game, start, team))
            samples += 1
        return options[self.pick(scores)]

    def pick(self, scores: list[list[float]]) -> int:
        """Normal's choice (index 0) unless another is better by more than the margin and
        by more than two standard errors of the paired differences."""
        base = scores[0]
        best, best_gain = 0, 0.0
        n = len(base)
        for i in range(1, len(scores)):
            diffs = [a - b for a, b in zip(scores[i], base, strict=True)]
            mean = sum(diffs) / n
            var = sum((d - mean) ** 2 for d in diffs) / max(1, n - 1)
            se = math.sqrt(var / n)
            if mean > max(self.margin, self.confidence * se) and mean > best_gain:
                best, best_gain = i, mean
        return best

    def play_out(self, game: Game, start: int, depth: int) -> None:
        moves = 0
        while len(game.results) == start and game.phase != "over":
            if depth and moves >= depth and game.phase == "draw":
                break
            player = game.turn
            assert player is not None
            rollout_step(game, player)
            moves += 1


__all__ = ["HardPlayer", "AnswerGoOut"]
