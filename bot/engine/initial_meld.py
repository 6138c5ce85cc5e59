"""The initial meld (A.7): new melds worth the minimum, found exactly.

Which melds count most is a small knapsack: each rank gives a meld of some of its naturals
and up to three wild cards, the jokers and deuces are shared, and the move must keep enough
cards in hand not to go out. ``MeldTable`` works through the ranks one by one, keeping for
every (jokers used, deuces used, cards used) the best count and the melds that make it, so
"is there a meld worth N with at most K cards?" has an exact answer.

The answer uses the fewest cards, and every state of the table only grows from states of
fewer cards, so the table is worked out up to a bound on the cards used, the bound growing
until the answer is found: the states within a bound are exactly those of the whole table
(the same counts, the same melds, in the same order), so the answer is the same, and a big
hand costs about what a small one does.
"""

from __future__ import annotations

from .cards import Card
from .melds import law_key, meld_ok, remembered
from .rules import Rules

Choice = tuple[str, int, int, int]   # rank, naturals, jokers, deuces
Shape = tuple[int, int, int, int, int]   # naturals, jokers, deuces, cards, points
# a rank's melds, the fewest cards of any, and the melds within each bound on the cards
_Shapes = tuple[list[Shape], int, dict[int, list[Shape]]]
State = dict[tuple[int, int, int], tuple[int, tuple[Choice, ...]]]
FIRST_BOUND = 3   # cards: the smallest meld


class MeldTable:
    """Every way to make new melds out of ``naturals`` (by rank) and ``wilds``, best count
    per (jokers, deuces, cards) used."""

    def __init__(self, rules: Rules, naturals: dict[str, list[Card]], wilds: list[Card],
                 max_cards: int) -> None:
        self.naturals = naturals
        self.jokers = [c for c in wilds if c.is_joker]
        self.deuces = [c for c in wilds if not c.is_joker]
        self.max_cards = max_cards
        jokers, deuces = len(self.jokers), len(self.deuces)
        joker_pts = self.jokers[0].points if self.jokers else 0
        deuce_pts = self.deuces[0].points if self.deuces else 0
        # each rank's melds: (naturals, jokers, deuces, cards, points), in that order, and
        # the same within each bound on the cards
        self.shapes: list[tuple[str, list[Shape]]] = []
        self._within: list[tuple[str, dict[int, list[Shape]], list[Shape]]] = []
        remembered_shapes = remembered(rules, "_meld_shapes", law_key)
        least = 0   # the fewest cards of any meld
        fewest = rules.min_naturals
        for rank, cards in naturals.items():
            if rank == "3" or len(cards) < fewest:
                continue
            shapes, size, within = _shapes(
                rules, remembered_shapes, rank, cards[0].points, min(len(cards), max_cards),
                jokers, deuces, max_cards, joker_pts, deuce_pts)
            if shapes:
                self.shapes.append((rank, shapes))
                self._within.append((rank, within, shapes))
                least = size if not least or size < least else least
        # below twice the smallest meld, no two melds fit: every state is one meld
        self._single = 2 * least
        self._tables: dict[int, State] = {}

    def states(self, bound: int) -> State:
        """The table's states that use at most ``bound`` cards (``bound <= max_cards``)."""
        table = self._tables.get(bound)
        if table is not None:
            return table
        jokers, deuces = len(self.jokers), len(self.deuces)
        states: State = {(0, 0, 0): (0, ())}
        if bound < self._single:
            # what the table below makes where no two melds fit: the state of each meld's
            # counts holds the first rank (in order) whose meld of them scores most
            for rank, within, every in self._within:
                for n, a, b, size, gain in _bounded(within, every, bound):
                    key = (a, b, size)
                    old = states.get(key)
                    if old is None or old[0] < gain:
                        states[key] = (gain, ((rank, n, a, b),))
            self._tables[bound] = states
            return states
        for rank, within, every in self._within:
            shapes = _bounded(within, every, bound)
            if not shapes:
                continue
            grown = dict(states)
            for (j, d, k), (points, path) in states.items():
                room = bound - k
                for n, a, b, size, gain in shapes:
                    if size > room or j + a > jokers or d + b > deuces:
                        continue
                    key = (j + a, d + b, k + size)
                    p = points + gain
                    old = grown.get(key)
                    if old is None or old[0] < p:
                        grown[key] = (p, (*path, (rank, n, a, b)))
            states = grown
        self._tables[bound] = states
        return states

    def find(self, need: int, max_cards: int, jokers: int | None = None,
             deuces: int | None = None) -> list[list[Card]] | None:
        """New melds worth at least ``need`` with at most ``max_cards`` cards and at most the
        given wild cards (fewest cards, then most points), or ``None``."""
        if not self.shapes:
            return None   # no rank can make a meld
        jokers = len(self.jokers) if jokers is None else jokers
        deuces = len(self.deuces) if deuces is None else deuces
        limit = min(max_cards, self.max_cards)
        bound = min(FIRST_BOUND, limit)
        while True:
            best: tuple[int, int, tuple[Choice, ...]] | None = None
            for (j, d, k), (points, path) in self.states(max(bound, 0)).items():
                if (path and points >= need and k <= max_cards and j <= jokers
                        and d <= deuces and (best is None or (k, -points) < (best[0], -best[1]))):
                    best = (k, points, path)
            if best is not None or bound >= limit:
                break
            bound = min(bound + 1 if bound < 8 else bound * 3 // 2, limit)
        if best is None:
            return None
        jokers_left, deuces_left = list(self.jokers), list(self.deuces)
        groups: list[list[Card]] = []
        for rank, n, a, b in best[2]:
            groups.append(self.naturals[rank][:n] + [jokers_left.pop() for _ in range(a)]
                          + [deuces_left.pop() for _ in range(b)])
        return groups


def _shapes(rules: Rules, remembered_shapes: dict[tuple[object, ...], _Shapes], rank: str,
            value: int, naturals: int, jokers: int, deuces: int, max_cards: int,
            joker_pts: int, deuce_pts: int) -> _Shapes:
    """A rank's melds (``MeldTable.shapes``) of at most ``naturals`` naturals, the wild
    cards given and ``max_cards`` cards, each (naturals, jokers, deuces, cards, points):
    remembered by the law of melds (``remembered_shapes``) and the counts (a handful of
    different ones a game), with the fewest cards of any and, as they are asked for, the
    same melds within each bound on the cards."""
    most = rules.max_wilds
    jokers, deuces = min(jokers, most, max_cards), min(deuces, most, max_cards)
    max_cards = min(max_cards, naturals + jokers + deuces)   # beyond that it binds nothing
    key = (rank, value, naturals, jokers, deuces, max_cards, joker_pts, deuce_pts)
    found = remembered_shapes.get(key)
    if found is None:
        shapes = [(n, a, b, n + a + b, n * value + a * joker_pts + b * deuce_pts)
                  for n in range(rules.min_naturals, naturals + 1)
                  for a in range(min(jokers, most, max_cards - n) + 1)
                  for b in range(min(deuces, most - a, max_cards - n - a) + 1)
                  if meld_ok(rules, rank, n, a + b, False)]
        found = (shapes, min((shape[3] for shape in shapes), default=0), {})
        if len(remembered_shapes) < 100_000:
            remembered_shapes[key] = found
    return found


def _bounded(within: dict[int, list[Shape]], every: list[Shape], bound: int) -> list[Shape]:
    """``every`` rank's melds of at most ``bound`` cards, in their order (remembered)."""
    shapes = within.get(bound)
    if shapes is None:
        shapes = within[bound] = [shape for shape in every if shape[3] <= bound]
    return shapes


def most_points(rules: Rules, naturals: dict[str, list[Card]], wilds: list[Card]) -> int:
    """A bound no set of new melds from these cards can beat (every natural of a rank that
    can be melded, every wild card)."""
    return (sum(c.points for rank, cs in naturals.items()
                if rank != "3" and len(cs) >= rules.min_naturals for c in cs)
            + sum(c.points for c in wilds))
