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

from bisect import bisect_right
from itertools import islice
from operator import itemgetter

from .cards import Card
from .melds import law_key, meld_ok, remembered
from .rules import Rules

Choice = tuple[str, int, int, int]   # rank, naturals, jokers, deuces
Shape = tuple[int, int, int, int, int]   # naturals, jokers, deuces, cards, points
# a state one meld makes: its key (jokers, deuces, cards) and value (points, melds)
_Single = tuple[tuple[int, int, int], tuple[int, tuple[Choice, ...]]]
# a rank's melds: the rank, its melds within each bound on the cards (as they are asked
# for), every one, and the states each of those makes alone (``MeldTable.states``); and
# (``_Shapes``) the fewest cards of any, with those (``None`` where the rank makes none)
_Rank = tuple[str, dict[int, list[Shape]], list[Shape], dict[int, list[_Single]]]
_Shapes = tuple[int, _Rank | None]
State = dict[tuple[int, int, int], tuple[int, tuple[Choice, ...]]]
# ``MeldTable._first``: the first state's points, the most points of any, its melds
_First = tuple[int, int, list[list[Card]] | None]
Ranked = tuple[int, int, int, int, tuple[Choice, ...]]   # cards, -points, jokers, deuces, melds
_BY_CARDS_AND_POINTS = itemgetter(0, 1)
FIRST_BOUND = 3   # cards: the smallest meld
RANK_FROM = 5     # ``find``'s question at a bound from which it ranks the states there


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
        # the same within each bound on the cards (``_Rank``)
        self._within: list[_Rank] = []
        within_ranks = self._within.append
        most, fewest = rules.max_wilds, rules.min_naturals
        jokers, deuces = min(jokers, most, max_cards), min(deuces, most, max_cards)
        # each rank's melds by its naturals and the cards it may use (``_shapes``),
        # remembered on the law of melds and the wild cards at hand
        by_wilds = remembered(rules, "_meld_shapes", law_key)
        wilds_key = (jokers, deuces, joker_pts, deuce_pts)
        known = by_wilds.get(wilds_key)
        if known is None:
            known = by_wilds[wilds_key] = {}
        least = 0   # the fewest cards of any meld
        wild = jokers + deuces
        for rank, cards in naturals.items():
            count = len(cards)
            if count < fewest or rank == "3":
                continue
            if count > max_cards:
                count = max_cards
            limit = count + wild   # beyond that the bound binds nothing
            if limit > max_cards:
                limit = max_cards
            found = known.get((rank, count, limit))
            if found is None:
                found = _shapes(rules, known, rank, cards[0].points, count, jokers, deuces,
                                limit, joker_pts, deuce_pts)
            size, melds = found
            if melds is not None:
                within_ranks(melds)
                if not least or size < least:
                    least = size
        # below twice the smallest meld, no two melds fit: every state is one meld
        self._single = 2 * least
        self._tables: dict[int, State] = {}
        self._ranks: dict[int, tuple[list[int], list[Ranked]]] = {}
        self._asked: dict[int, int] = {}   # questions at each bound not yet ranked
        # ``_first``'s answers, by the first bound and the wild cards allowed
        self._firsts: dict[tuple[int, int, int], _First] = {}

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
            for rank, within, every, alone in self._within:
                made = alone.get(bound)
                if made is None:
                    made = alone[bound] = [
                        ((a, b, size), (gain, ((rank, n, a, b),)))
                        for n, a, b, size, gain in (within.get(bound)
                                                    or _bounded(within, every, bound))]
                for key, value in made:
                    old = states.get(key)
                    if old is None or old[0] < value[0]:
                        states[key] = value
            self._tables[bound] = states
            return states
        for rank, within, every, _ in self._within:
            shapes = within.get(bound)
            if shapes is None:
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

    def _ranked(self, bound: int) -> tuple[list[int], list[Ranked]]:
        """The states of ``states(bound)`` but the empty one, fewest cards first, then most
        points, in the table's order among equals (so the first that does is the one a
        scan finds), and their cards."""
        ranked = sorted([(k, -points, j, d, path)
                         for (j, d, k), (points, path) in self.states(bound).items()
                         if path], key=_BY_CARDS_AND_POINTS)
        found = self._ranks[bound] = ([entry[0] for entry in ranked], ranked)
        return found

    def find(self, need: int, max_cards: int, jokers: int | None = None,
             deuces: int | None = None) -> list[list[Card]] | None:
        """New melds worth at least ``need`` with at most ``max_cards`` cards and at most the
        given wild cards (fewest cards, then most points), or ``None``."""
        if not self._within:
            return None   # no rank can make a meld
        jokers = len(self.jokers) if jokers is None else jokers
        deuces = len(self.deuces) if deuces is None else deuces
        limit = min(max_cards, self.max_cards)
        bound = min(FIRST_BOUND, limit)
        done = 0   # no state of at most this many cards does
        at = bound if bound > 0 else 0
        first = self._firsts.get((at, jokers, deuces))
        if first is None:
            first = self._first(at, jokers, deuces)
        if first[2] is not None and first[0] >= need:
            return [g[:] for g in first[2]]   # (the one meld most kinds of take ask)
        if first[1] < need:   # no state at the first bound does
            if bound >= limit:
                return None
            done = bound
            bound = min(bound + 1 if bound < 8 else bound * 3 // 2, limit)
        while True:
            best: tuple[Choice, ...] | None = None
            at = bound if bound > 0 else 0
            ranked = self._ranks.get(at)
            if ranked is None:
                # from the fifth question at a bound on, its states ranked once (sorting
                # costs about two scans, and a small hand asks a few); before, a scan
                asked = self._asked.get(at, 0) + 1
                if asked < RANK_FROM:
                    self._asked[at] = asked
                else:
                    ranked = self._ranked(at)
            if ranked is None:
                most: tuple[int, int, tuple[Choice, ...]] | None = None
                for (j, d, k), (points, path) in (self._tables.get(at)
                                                  or self.states(at)).items():
                    if (path and points >= need and k <= max_cards and j <= jokers
                            and d <= deuces
                            and (most is None or (k, -points) < (most[0], -most[1]))):
                        most = (k, points, path)
                best = None if most is None else most[2]
            else:
                sizes, states = ranked
                for k, minus, j, d, path in islice(states, bisect_right(sizes, done), None):
                    if -minus >= need and k <= max_cards and j <= jokers and d <= deuces:
                        best = path
                        break
            if best is not None or bound >= limit:
                break
            done = bound
            bound = min(bound + 1 if bound < 8 else bound * 3 // 2, limit)
        if best is None:
            return None
        return self._groups(best)

    def _groups(self, best: tuple[Choice, ...]) -> list[list[Card]]:
        """The cards of the melds ``best`` names (the wild cards from the back)."""
        jokers_left, deuces_left = list(self.jokers), list(self.deuces)
        groups: list[list[Card]] = []
        for rank, n, a, b in best:
            groups.append(self.naturals[rank][:n] + [jokers_left.pop() for _ in range(a)]
                          + [deuces_left.pop() for _ in range(b)])
        return groups

    def _first(self, bound: int, jokers: int, deuces: int) -> _First:
        """What ``find`` asks first, of the states of at most ``bound`` cards (its first
        bound) within the wild cards given, whatever the need: the points and melds of the
        one a scan finds first where it does (fewest cards, then most points, the table's
        order among equals; ``None`` where no state is), and the most points of any. Where
        that one reaches the need, it is ``find``'s answer (it comes first among those that
        do too); where none reaches it, ``find`` goes on to the next bound."""
        most: tuple[int, int, tuple[Choice, ...]] | None = None
        top = 0
        for (j, d, k), (points, path) in (self._tables.get(bound)
                                          or self.states(bound)).items():
            if path and j <= jokers and d <= deuces:
                if points > top:
                    top = points
                if most is None or (k, -points) < (most[0], -most[1]):
                    most = (k, points, path)
        found: _First = ((0, top, None) if most is None
                         else (most[1], top, self._groups(most[2])))
        self._firsts[bound, jokers, deuces] = found
        return found


def _shapes(rules: Rules, known: dict[tuple[str, int, int], _Shapes], rank: str,
            value: int, naturals: int, jokers: int, deuces: int, max_cards: int,
            joker_pts: int, deuce_pts: int) -> _Shapes:
    """A rank's melds (``MeldTable._within``) of at most ``naturals`` naturals, the wild
    cards given (at most the rules' and ``max_cards``) and ``max_cards`` cards (at most the
    naturals and wild cards), each (naturals, jokers, deuces, cards, points), with the
    fewest cards of any and, as they are asked for, the same melds within each bound on
    the cards: remembered in ``known`` (a rank's points are its own: threes are not
    melded here) by the rank and the counts, a handful of different ones a game."""
    most = rules.max_wilds
    shapes = [(n, a, b, n + a + b, n * value + a * joker_pts + b * deuce_pts)
              for n in range(rules.min_naturals, naturals + 1)
              for a in range(min(jokers, most, max_cards - n) + 1)
              for b in range(min(deuces, most - a, max_cards - n - a) + 1)
              if meld_ok(rules, rank, n, a + b, False)]
    found: _Shapes = (min((shape[3] for shape in shapes), default=0),
                      (rank, {}, shapes, {}) if shapes else None)
    if len(known) < 100_000:
        known[(rank, naturals, max_cards)] = found
    return found


def _bounded(within: dict[int, list[Shape]], every: list[Shape], bound: int) -> list[Shape]:
    """``every`` rank's melds of at most ``bound`` cards, in their order (remembered)."""
    shapes = within.get(bound)
    if shapes is None:
        shapes = within[bound] = [shape for shape in every if shape[3] <= bound]
    return shapes


def most_points(rules: Rules, naturals: dict[str, list[Card]], wilds: list[Card]) -> int:
    """A bound no set of new melds from these cards can beat (every natural of a rank that
    can be melded, every wild card). (A natural's points are its rank's.)"""
    fewest = rules.min_naturals
    return (sum(len(cs) * cs[0].points for rank, cs in naturals.items()
                if rank != "3" and len(cs) >= fewest)
            + sum(c.points for c in wilds))
