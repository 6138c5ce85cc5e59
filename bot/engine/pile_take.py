"""A take of the discard pile by itself (A.8): the kinds of take, and each kind's verdict.

A kind of take is how many naturals of the top card's rank and how many wild cards from the
hand join the top card. ``PileTake`` knows one player's position once: the kinds the pile
allows, and the take of each kind by itself, judged from its counts where the planner asks
only the law of melds and the initial minimum, else by the planner. ``taking`` adds the
further melds of a side's first meld and going out with the pile.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from operator import attrgetter
from typing import Any, Generic, TypeVar

from .actions import TakePile, take_of, trusted
from .bonus_cards import first_meld_brings
from .cards import Card, card_texts
from .errors import accepted
from .meld_limits import onto_short_meld
from .melds import law_of_melds, meld_ok, set_kind, set_melds
from .planning import plan_take
from .rules import CANASTA_MINIMUM, NATURAL_CANASTA_MINIMUM
from .table_state import TableState

T = TypeVar("T")
_ORDER, _IS_JOKER = attrgetter("order"), attrgetter("is_joker")


class once(Generic[T]):   # (a decorator, named as one)
    """``functools.cached_property`` without the lock Python 3.11 takes at each first read:
    the value is worked out at the first read and kept in the instance's ``__dict__``."""

    def __init__(self, func: Callable[[Any], T]) -> None:
        self.func = func
        self.name = func.__name__

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    def __get__(self, obj: object, owner: type | None = None) -> T:
        value = obj.__dict__[self.name] = self.func(obj)
        return value


class PileTake:
    """One player's takes of the pile in one position: the kinds, each by itself."""

    def __init__(self, game: TableState, player: str, tops: list[Card]) -> None:
        self.game = game
        self.player = player
        self.team = team = game.side_of[player]
        self.all_melds = game.team_melds[team]
        self.melds = set_melds(game.rules, self.all_melds)
        self.top = top = game.pile[-1]
        self.hand = hand = game.hands[player]
        self.tops = tops   # the hand's naturals of the top card's rank
        # jokers first; the cards beside the top card come from the front of each kind,
        # the further melds' from the back, so no card is used twice
        wilds = [c for c in hand if c.is_wild]
        if len(wilds) > 1:   # the 2s by their order, then the jokers (a stable sort) first
            wilds.sort(key=_ORDER)
            wilds.sort(key=_IS_JOKER, reverse=True)
        self.wilds = wilds
        self.frozen = game.pile_frozen_for(team)
        # what the top card counts toward the initial minimum (Modern American: nothing)
        self.top_points = top.points if game.rules.initial_top_counts else 0
        # the points and notation of the first n naturals and wild cards beside the top card
        self.top_sums = _sums(tops)
        self.wild_sums = _sums(self.wilds)
        self.top_texts = [c.text for c in tops]
        self.wild_texts = [c.text for c in self.wilds]

    @once
    def minimum(self) -> int:
        return self.game.minimum_of(self.player)

    @once
    def incoming(self) -> int:
        """The cards that come to the hand with the top card."""
        return len(self.game.pile_cards_to_hand(self.team))

    @once
    def arriving(self) -> int:
        """The cards a side's first meld brings after it, which the hand keeps beside what
        it melds."""
        return first_meld_brings(self.game, self.team)

    def kinds(self) -> Iterator[tuple[int, int]]:
        for n, wilds in self.rows():
            for w in wilds:
                yield n, w

    def rows(self) -> Iterator[tuple[int, range]]:
        """The kinds by their naturals beside the top card: each count of naturals the
        pile allows, with the counts of wild cards that may join them (none beside the top
        card alone, which goes onto the side's meld of its rank)."""
        r = self.game.rules
        short = onto_short_meld(r, self.all_melds, self.top)   # PG's option (B.15)
        wilds = range(min(len(self.wilds), r.max_wilds) + 1)
        for n in range(len(self.tops) + 1):
            if ((self.frozen or r.take_needs_pair) and 0 < n < 2
                    or self.frozen and n == 0 and not short):
                continue
            if n:
                yield n, wilds
            elif self.top.rank in self.melds:
                yield 0, _NO_WILDS

    def _alone(self) -> Callable[[int, int], TakePile | None]:
        """The judge of the take by itself with ``n`` naturals and ``w`` wild cards beside
        the top card, if legal. Where the planner asks only the law of melds and the initial
        minimum (the hand keeps two cards, the rules judge a meld by its counts:
        ``_facts``), its verdict is worked out here from the counts, what every kind asks
        alike worked out once; else the planner's. ``kinds`` has left out the takes the pile
        refuses before the planner looks at the meld. (Not kept on the search: the judge
        refers to it, a cycle only the garbage collector would free.)"""
        melded = bool(self.all_melds)
        minimum = 0 if melded else self.minimum
        top_points, top_sums, wild_sums = self.top_points, self.top_sums, self.wild_sums
        top_texts, wild_texts = self.top_texts, self.wild_texts
        planner = self._planner_alone
        facts = self._facts
        if facts is None:
            def by_planner(n: int, w: int) -> TakePile | None:
                if not melded and top_points + top_sums[n] + wild_sums[w] < minimum:
                    return None   # short of the minimum by itself
                return planner(n, w)
            return by_planner
        second, old_naturals, old_wilds, alone_refused = facts
        rules, rank, top_value = self.game.rules, self.top.rank, self.top.points
        size = len(self.hand)
        wilds_refused = self._wilds_refused
        law = law_of_melds(rules)
        canasta = minimum in (CANASTA_MINIMUM, NATURAL_CANASTA_MINIMUM)

        def alone(n: int, w: int) -> TakePile | None:
            points = top_sums[n] + wild_sums[w]
            if not melded and top_points + points < minimum:
                return None   # short of the minimum by itself
            left = size - n - w
            if second and (n or w) or left <= 1 and left + self.incoming <= 1:
                return planner(n, w)   # a second meld of the rank, or going out
            if alone_refused and not (n or w) or 0 <= wilds_refused < w:
                return None   # (wild cards first: the jokers, then the 2s)
            naturals, wilds = n + 1 + old_naturals, w + old_wilds
            ok = law.get((rank, naturals, wilds, False))
            if ok is None:
                ok = meld_ok(rules, rank, naturals, wilds, False)
            if not ok:
                return None
            if not melded and (top_value + points < minimum if not canasta
                               else not self._canasta_minimum(naturals, wilds)):
                return None
            return take_of(top_texts[:n] + wild_texts[:w], [])

        return alone

    def by_counts(self, further: Callable[[int, int], TakePile | None]
                  ) -> list[TakePile] | None:
        """Every kind's take in the order of ``kinds`` (by itself as ``_alone`` judges it,
        else ``further``'s), or ``None`` where some kind would ask the planner (a second
        meld of the rank, or going out): ``_alone``'s verdicts with what a count of
        naturals shares worked out once for its row of wild cards."""
        facts = self._facts
        if facts is None or facts[0]:
            return None
        wilds_most = min(len(self.wilds), self.game.rules.max_wilds)
        if len(self.hand) - len(self.tops) - wilds_most <= 1:
            return None   # a kind might go out
        _, old_naturals, old_wilds, alone_refused = facts
        r, top = self.game.rules, self.top
        melded = bool(self.all_melds)
        minimum = 0 if melded else self.minimum
        canasta = minimum in (CANASTA_MINIMUM, NATURAL_CANASTA_MINIMUM)
        top_points, top_value, rank = self.top_points, top.points, top.rank
        wild_sums, wild_texts = self.wild_sums, self.wild_texts
        refused = self._wilds_refused
        most = wilds_most if refused < 0 else min(wilds_most, refused)
        law = law_of_melds(r)
        top_sums, top_texts = self.top_sums, self.top_texts
        out: list[TakePile] = []
        for n, row in self.rows():   # what a count of naturals shares
            if n == 0 and alone_refused:
                action = further(0, 0)
                if action is not None:
                    out.append(action)
                continue
            naturals = n + 1 + old_naturals
            base = top_sums[n]
            texts = top_texts[:n]
            for w in row:
                points = base + wild_sums[w]
                ok: bool | None = w <= most and (melded or top_points + points >= minimum)
                if ok:
                    wilds = w + old_wilds
                    ok = law.get((rank, naturals, wilds, False))
                    if ok is None:
                        ok = meld_ok(r, rank, naturals, wilds, False)
                    if ok and not melded:
                        ok = (self._canasta_minimum(naturals, wilds) if canasta
                              else top_value + points >= minimum)
                if ok:
                    out.append(take_of(texts + wild_texts[:w] if w else texts[:], []))
                else:
                    action = further(n, w)
                    if action is not None:
                        out.append(action)
        return out

    def _planner_alone(self, n: int, w: int) -> TakePile | None:
        """The planner's verdict on the take by itself."""
        if self._refused(n, w, []):
            return None
        return self._legal(self.tops[:n] + self.wilds[:w], [])

    def _canasta_minimum(self, naturals: int, wilds: int) -> bool:
        """A side's first meld that must make a canasta (or a natural one): does the take's
        meld of ``naturals`` and ``wilds``?"""
        r = self.game.rules
        if self.minimum == CANASTA_MINIMUM:
            return naturals + wilds >= r.canasta_size
        return (naturals + wilds >= r.canasta_size
                and set_kind(r, self.top.rank, wilds) == "natural")

    @once
    def _facts(self) -> tuple[bool, int, int, bool] | None:
        """What ``_alone`` asks of every kind of take alike (beside ``_wilds_refused``), or
        ``None`` where it asks the planner for all of them: whether the top card would
        start a second meld of its rank, the naturals and wild cards of the meld it joins,
        and whether the top card alone is refused (it goes onto no meld below a canasta)."""
        game, r, top = self.game, self.game.rules, self.top
        melds = self.all_melds
        if r.meld_base or r.wildless_ranks:
            return None   # Modern American's limits on wild cards: the planner's
        key = top.rank
        second = False
        if r.duplicate_melds and key in melds:
            key = next((k for k, m in melds.items() if m.shape == "set" and m.rank == top.rank
                        and not m.is_canasta(r)), "")
            if not key:
                second = True   # a second meld of the rank: the planner names it
                key = top.rank
        if not melds:
            if r.initial_clean_triple or r.splash or not r.initial_top_counts or game.bonus:
                return None
        alone_refused = r.take_below_canasta and not self.frozen and not any(
            m.shape == "set" and m.rank == top.rank and not m.is_canasta(r)
            for m in melds.values())
        old = melds.get(key)
        if old is None:
            return second, 0, 0, alone_refused
        return second, old.naturals, old.wilds, alone_refused

    @once
    def _wilds_refused(self) -> int:
        """Italian's rules for wild cards (``check_wild_use``): beside the top card, no wild
        card in a side's natural first meld (0), no 2 (or no wild card) while the side has a
        wild meld short of a canasta (the number of jokers that may go); else -1."""
        r = self.game.rules
        if r.initial_meld_natural and not self.all_melds:
            return 0
        if (r.deuces_reserved or r.wilds_reserved) and any(
                m.shape == "wild" and not m.is_canasta(r) for m in self.all_melds.values()):
            return 0 if r.wilds_reserved else len(self.jokers_deuces[0])
        return -1

    @once
    def jokers_deuces(self) -> tuple[list[Card], list[Card]]:
        """The hand's wild cards: its jokers, its 2s."""
        return ([c for c in self.wilds if c.is_joker],
                [c for c in self.wilds if not c.is_joker])

    def _refused(self, n: int, w: int, groups: list[list[Card]]) -> bool:
        """Does the planner refuse a side's first meld for what it holds whatever else: a
        wild card in Italian's natural first meld (``check_wild_use``), no clean triple in
        Modern American's (``initial_problem``)? ``n`` naturals and ``w`` wild cards beside
        the top card, ``groups`` the further melds (each with naturals of one rank, so a
        set, none of the top card's rank)."""
        r = self.game.rules
        if self.all_melds or r.blocking_canasta:
            return False
        if r.initial_meld_natural and (w or any(c.is_wild for g in groups for c in g)):
            return True
        return (r.initial_clean_triple and not (w == 0 and n >= 2)
                and not any(len(g) >= 3 and not any(c.is_wild for c in g) for g in groups))

    def _legal(self, cards: list[Card], groups: list[list[Card]]) -> TakePile | None:
        # every card comes from the hand, none twice (wild cards beside the top card from
        # the front of each kind, those of further melds from the back)
        if not accepted(plan_take, self.game, self.player, cards, groups, check_held=False):
            return None
        return trusted(TakePile, cards=card_texts(cards), melds=[card_texts(g) for g in groups])


_NO_WILDS = range(1)   # (no wild card beside the top card alone)


def _sums(cards: list[Card]) -> list[int]:
    """The points of the first n cards, for each n."""
    sums = [0]
    for c in cards:
        sums.append(sums[-1] + c.points)
    return sums


