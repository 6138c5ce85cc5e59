"""The initial meld (A.7): new melds worth the minimum, found exactly.

Which melds count most is a small knapsack: each rank gives a meld of some of its naturals
and up to three wild cards, the jokers and deuces are shared, and the move must keep enough
cards in hand not to go out. ``MeldTable`` works through the ranks one by one, keeping for
every (jokers used, deuces used, cards used) the best count and the melds that make it, so
"is there a meld worth N with at most K cards?" has an exact answer.
"""

from __future__ import annotations

from .cards import Card
from .melds import meld_problem
from .rules import Rules

Choice = tuple[str, int, int, int]   # rank, naturals, jokers, deuces


class MeldTable:
    """Every way to make new melds out of ``naturals`` (by rank) and ``wilds``, best count
    per (jokers, deuces, cards) used."""

    def __init__(self, rules: Rules, naturals: dict[str, list[Card]], wilds: list[Card],
                 max_cards: int) -> None:
        self.naturals = naturals
        self.jokers = [c for c in wilds if c.is_joker]
        self.deuces = [c for c in wilds if not c.is_joker]
        jokers, deuces = len(self.jokers), len(self.deuces)
        joker_pts = self.jokers[0].points if self.jokers else 0
        deuce_pts = self.deuces[0].points if self.deuces else 0
        states: dict[tuple[int, int, int], tuple[int, tuple[Choice, ...]]] = {(0, 0, 0): (0, ())}
        for rank, cards in naturals.items():
            if rank == "3" or len(cards) < rules.min_naturals:
                continue
            value = cards[0].points
            shapes = [(n, a, b) for n in range(rules.min_naturals, len(cards) + 1)
                      for a in range(min(jokers, rules.max_wilds) + 1)
                      for b in range(min(deuces, rules.max_wilds - a) + 1)
                      if n + a + b <= max_cards
                      and meld_problem(rules, rank, n, a + b, going_out=False) is None]
            grown = dict(states)
            for (j, d, k), (points, path) in states.items():
                for n, a, b in shapes:
                    key = (j + a, d + b, k + n + a + b)
                    if key[0] > jokers or key[1] > deuces or key[2] > max_cards:
                        continue
                    p = points + n * value + a * joker_pts + b * deuce_pts
                    if key not in grown or grown[key][0] < p:
                        grown[key] = (p, (*path, (rank, n, a, b)))
            states = grown
        self.states = states

    def find(self, need: int, max_cards: int, jokers: int | None = None,
             deuces: int | None = None) -> list[list[Card]] | None:
        """New melds worth at least ``need`` with at most ``max_cards`` cards and at most the
        given wild cards (fewest cards, then most points), or ``None``."""
        jokers = len(self.jokers) if jokers is None else jokers
        deuces = len(self.deuces) if deuces is None else deuces
        best: tuple[int, int, tuple[Choice, ...]] | None = None
        for (j, d, k), (points, path) in self.states.items():
            if (path and points >= need and k <= max_cards and j <= jokers and d <= deuces
                    and (best is None or (k, -points) < (best[0], -best[1]))):
                best = (k, points, path)
        if best is None:
            return None
        jokers_left, deuces_left = list(self.jokers), list(self.deuces)
        groups: list[list[Card]] = []
        for rank, n, a, b in best[2]:
            groups.append(self.naturals[rank][:n] + [jokers_left.pop() for _ in range(a)]
                          + [deuces_left.pop() for _ in range(b)])
        return groups


def most_points(rules: Rules, naturals: dict[str, list[Card]], wilds: list[Card]) -> int:
    """A bound no set of new melds from these cards can beat (every natural of a rank that
    can be melded, every wild card)."""
    return (sum(c.points for rank, cs in naturals.items()
                if rank != "3" and len(cs) >= rules.min_naturals for c in cs)
            + sum(c.points for c in wilds))
