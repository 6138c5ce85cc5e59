"""The hard level: information-set search over the moves that matter.

At each decision the candidates (``candidates.search_options``: every way of taking the pile
or drawing; going out, asking; with ``search_melds``, melding now, melding everything,
completing a canasta or holding back; with ``search_discards``, the discards close to the
cheapest, on a pile worth taking; the partner's yes and no) are compared in the same sampled
worlds: the cards the seat cannot see are dealt at random consistently with its view
(``world.build_game``: the cards each player picked up with the pile and still holds stay in
that hand), each candidate is played there, every seat plays on by the heuristics of the
level's style (``style``: the variant's by default) for a few turns (to the end of the hand
where it ends sooner), each seat from what it could know (``evaluate.rollout_step``), and the
position is scored for the side (``evaluate.outcome``: the engine's score sheet when the
hand ended, a static estimate otherwise). Worlds are added until the thinking time (CPU time
of the thinking thread) is spent or a fixed number is reached; a candidate clearly behind
the best in the worlds both have seen, or unable to beat the base move by the margin, stops
being played. The best average wins; the base move (the style's own choice) keeps the
benefit of a small margin, so noise alone does not move it.
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass, field
from typing import Any

from bot.engine import Action, AnswerGoOut, AskToGoOut, Discard, Game, IllegalMove, Meld

from . import policy
from .candidates import search_options
from .evaluate import outcome, play_out, rollout_step, side_value
from .knowledge import Memory, read_history
from .players import acting_seat
from .style import strong_for
from .table import Table, read_table
from .world import build_game

MIN_WORLDS = 4        # worlds before a candidate may be dropped or the search stopped


@dataclass
class Searched:
    """The result of one search: the candidates, their average outcomes, the choice."""

    actions: list[Action]
    scores: list[list[float]] = field(default_factory=list)
    alive: list[bool] = field(default_factory=list)
    worlds: int = 0
    choice: int = 0
    obvious: bool = False

    def mean(self, i: int) -> float:
        xs = self.scores[i]
        return sum(xs) / len(xs) if xs else float("-inf")

    @property
    def action(self) -> Action:
        return self.actions[self.choice]

    def runner_up(self) -> int | None:
        """The best other candidate (by its average in the worlds it was played in)."""
        others = [i for i in range(len(self.actions)) if i != self.choice and self.scores[i]]
        return max(others, key=self.mean) if others else None


class HardPlayer:
    level = "hard"

    def __init__(self, seed: int = 0, budget: float | None = 0.9,
                 style: policy.Style | None = None,
                 max_samples: int | None = None, depth: int = 24, discard_depth: int = 8,
                 margin: float = 15.0, confidence: float = 2.0, prune: float = 3.0,
                 search_melds: bool = False, search_discards: bool = False,
                 discard_pile: int = 6, discard_share: float = 0.35) -> None:
        self.seed = seed
        self.given_style = style        # the heuristics of the base move and the rollouts
        # (None: the variant's, ``style.strong_for``, chosen at each decision)
        self.style = policy.STRONG if style is None else style
        self.rng = random.Random(seed)
        self.budget = budget            # CPU seconds per searched decision (None: no limit)
        self.max_samples = max_samples  # cap on worlds per decision (None: the budget only)
        self.depth = depth              # rollout length in moves (0: to the end of the hand)
        self.discard_depth = discard_depth  # rollouts when only discards compete
        self.margin = margin            # points another move must gain over the base move
        self.confidence = confidence    # ... and by this many standard errors
        self.search_melds = search_melds        # compare melds and holding back
        self.search_discards = search_discards  # compare the cheapest discards ...
        self.discard_pile = discard_pile        # ... on a pile of at least this many cards
        self.discard_share = discard_share      # share of the budget when only discards compete
        self.prune = prune              # standard errors behind the best that drop a move
        self.worlds: list[int] = []     # worlds sampled at each searched decision (for bench)

    # ------------------------------------------------------------------ search
    def choose(self, view: dict[str, Any]) -> Action:
        return self.think(view).action

    def think(self, view: dict[str, Any]) -> Searched:
        if not acting_seat(view):
            raise ValueError(f"{view['player']} has nothing to do now")
        start = time.thread_time()
        know = read_history(view)
        table = read_table(view, know)
        if self.given_style is None:
            self.style = strong_for(table.rules)
        me = view["player"]
        check = build_game(view, know, random.Random(0))
        options = search_options(
            table, check, me, self.style, search_melds=self.search_melds,
            search_discards=self.search_discards and table.pile_size >= self.discard_pile)
        found = Searched(options.actions, [[] for _ in options.actions],
                         [True] * len(options.actions), obvious=options.obvious)
        if options.obvious:
            return found
        depth, budget = self.depth, self.budget
        if view["phase"] == "permission" or any(
                isinstance(a, AskToGoOut) or _goes_out(a, table) for a in options.actions):
            depth = 0   # going out ends the hand: every candidate is scored at its end
        elif all(isinstance(a, Discard) for a in options.actions):
            depth = min(depth, self.discard_depth) if depth else self.discard_depth
            budget = None if budget is None else budget * self.discard_share
        team = view["team"]
        searching = time.thread_time()
        while True:
            if self.max_samples is not None and found.worlds >= self.max_samples:
                break
            if budget is not None and found.worlds >= 2:
                now = time.thread_time()
                per_world = (now - searching) / found.worlds
                if now - start + per_world > budget:   # the next world would not fit
                    break
            if found.worlds >= MIN_WORLDS and sum(found.alive) == 1:
                break
            world_seed = self.rng.randrange(1 << 30)
            world = build_game(view, know, random.Random(world_seed))
            memory = Memory.of(know, world)
            for i, action in enumerate(found.actions):
                if found.alive[i]:
                    found.scores[i].append(self.play(world, memory, me, action, depth, team))
            found.worlds += 1
            if found.worlds >= MIN_WORLDS:
                self.drop_behind(found)
        found.choice = self.pick(found)
        self.worlds.append(found.worlds)
        return found

    def play(self, world: Game, memory: Memory, me: str, action: Action, depth: int,
             team: int) -> float:
        game = world.copy()
        start = len(game.results)
        try:
            game.apply(me, action)
        except IllegalMove:
            return -1e6
        play_out(game, start, depth, self.style, memory.copy())
        return outcome(game, start, team)

    def drop_behind(self, found: Searched) -> None:
        """Stop playing candidates far behind the best, or unable to beat the base move by
        the margin (the base move is kept unless it is far behind)."""
        alive = [i for i, a in enumerate(found.alive) if a]
        best = max(alive, key=found.mean)
        for i in alive:
            if i in (best, 0):
                continue
            diffs = [a - b for a, b in zip(found.scores[best], found.scores[i], strict=True)]
            mean, se = _mean_se(diffs)
            if mean > self.margin + self.prune * se:
                found.alive[i] = False
        if found.alive[0] and found.worlds >= 2 * MIN_WORLDS:
            # a move that cannot plausibly beat normal's by the margin is not played on
            for i in alive:
                if i == 0 or not found.alive[i]:
                    continue
                diffs = [a - b for a, b in zip(found.scores[i], found.scores[0], strict=True)]
                mean, se = _mean_se(diffs)
                if mean + self.prune * se < self.margin:
                    found.alive[i] = False
        if (0 != best and found.alive[0]):
            diffs = [a - b for a, b in zip(found.scores[best], found.scores[0], strict=True)]
            mean, se = _mean_se(diffs)
            if mean > self.margin + self.prune * se:
                found.alive[0] = False

    def pick(self, found: Searched) -> int:
        """The best average among the candidates still played; the base move (index 0)
        unless another beats it by more than the margin."""
        alive = [i for i, a in enumerate(found.alive) if a and found.scores[i]]
        if not alive:
            return 0
        if not found.alive[0]:
            return max(alive, key=found.mean)
        best, best_gain = 0, 0.0
        for i in alive:
            if i == 0:
                continue
            diffs = [a - b for a, b in zip(found.scores[i], found.scores[0], strict=True)]
            mean, se = _mean_se(diffs)
            if mean > max(self.margin, self.confidence * se) and mean > best_gain:
                best, best_gain = i, mean
        return best


def _goes_out(action: Action, table: Table) -> bool:
    if not isinstance(action, Meld):
        return False
    used = sum(len(g) for g in action.groups) + sum(len(v) for v in action.add.values())
    return len(table.hand) - used <= 1


def _mean_se(xs: list[float]) -> tuple[float, float]:
    n = len(xs)
    mean = sum(xs) / n
    var = sum((x - mean) ** 2 for x in xs) / max(1, n - 1)
    return mean, math.sqrt(var / n)


__all__ = ["AnswerGoOut", "HardPlayer", "Searched", "outcome", "rollout_step", "side_value"]
