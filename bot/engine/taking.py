"""Taking the discard pile (A.8): every kind of take, and the exact "can this player take it?".

A kind of take is how many naturals of the top card's rank and how many wild cards from the
hand join the top card. For each kind the search is exact: the take by itself, else (a side
that has not melded) the further melds that reach the minimum while keeping two cards, else
(a pile of at most two cards) melding the whole hand with it to go out. A.10's "cannot take
the discard" asks the same question, so the stock-end rule and the offered moves agree.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cached_property

from .actions import TakePile, take_of, trusted
from .bonus_cards import first_meld_brings
from .cards import Card, card_texts
from .errors import IllegalMove
from .going_out import meld_everything
from .initial_meld import MeldTable, most_points
from .meld_limits import onto_short_meld
from .melds import meld_ok, other_canastas, set_kind, set_melds
from .planning import plan_take
from .rules import CANASTA_MINIMUM, NATURAL_CANASTA_MINIMUM
from .table_state import TableState


class _Search:
    """One player's pile takes in one position."""

    def __init__(self, game: TableState, player: str) -> None:
        self.game = game
        self.player = player
        self.team = game.team_of(player)
        self.all_melds = game.team_melds[self.team]
        self.melds = set_melds(game.rules, self.all_melds)
        self.top = game.pile[-1]
        self.hand = game.hands[player]
        self.tops = [c for c in self.hand if c.rank == self.top.rank]
        # jokers first; the cards beside the top card come from the front of each kind,
        # the further melds' from the back, so no card is used twice
        self.wilds = sorted((c for c in self.hand if c.is_wild), key=lambda c: (-c.points, c.order))
        self.frozen = game.pile_frozen_for(self.team)
        # what the top card counts toward the initial minimum (Modern American: nothing)
        self.top_points = self.top.points if game.rules.initial_top_counts else 0
        self._table: MeldTable | None = None

    @cached_property
    def incoming(self) -> int:
        """The cards that come to the hand with the top card."""
        return len(self.game.pile_cards_to_hand(self.team))

    @cached_property
    def arriving(self) -> int:
        """The cards a side's first meld brings after it, which the hand keeps beside what
        it melds."""
        return first_meld_brings(self.game, self.team)

    def kinds(self) -> Iterator[tuple[int, int]]:
        r = self.game.rules
        short = onto_short_meld(r, self.all_melds, self.top)   # PG's option (B.15)
        for n in range(len(self.tops) + 1):
            if ((self.frozen or r.take_needs_pair) and 0 < n < 2
                    or self.frozen and n == 0 and not short):
                continue
            for w in range(min(len(self.wilds), r.max_wilds) + 1):
                if n == 0 and (w or self.top.rank not in self.melds):
                    continue
                yield n, w

    def take(self, n: int, w: int) -> TakePile | None:
        """A legal take with ``n`` naturals and ``w`` wild cards beside the top card."""
        cards = self.tops[:n] + self.wilds[:w]
        short = not self.all_melds and (self.top_points + sum(c.points for c in cards)
                                    < self.game.minimum_of(self.player))
        if short:
            action = None
        else:
            quick = self._quick(cards, n, w)
            if quick is None:
                action = self._legal(cards, [])
            else:
                action = take_of([c.text for c in cards], []) if quick else None
        if action is not None:
            return action
        if not self.all_melds:
            jokers = [c for c in self.wilds if c.is_joker]
            deuces = [c for c in self.wilds if not c.is_joker]
            for a in range(min(w, len(jokers)), -1, -1):
                if w - a > len(deuces):
                    continue
                action = self._with_minimum(n, jokers[:a] + deuces[:w - a])
                if action is not None:
                    return action
        return self._going_out(n, w)

    def _quick(self, cards: list[Card], n: int, w: int) -> bool | None:
        """The planner's verdict on the take by itself where it asks only the law of melds
        and the initial minimum (the hand keeps two cards, the rules judge a meld by its
        counts), else ``None`` (ask the planner). ``kinds`` has left out the takes the pile
        refuses before the planner looks at the meld."""
        game, r, top = self.game, self.game.rules, self.top
        melds = self.all_melds
        if r.strict_melds or r.initial_meld_natural:
            return None
        key = top.rank
        if r.duplicate_melds and key in melds:
            key = next((k for k, m in melds.items() if m.shape == "set" and m.rank == top.rank
                        and not m.is_canasta(r)), "")
            if not key:
                if cards:
                    return None   # a second meld of the rank: the planner names it
                key = top.rank
        remaining = len(self.hand) - len(cards) + self.incoming
        if not melds:
            if (r.initial_clean_triple or r.splash or not r.initial_top_counts
                    or game.bonus or r.first_meld_cards):
                return None
        if remaining <= 1:
            return None   # going out: the planner's
        if not cards and r.take_below_canasta and not self.frozen and not any(
                m.shape == "set" and m.rank == top.rank and not m.is_canasta(r)
                for m in melds.values()):
            return False
        old = melds.get(key)
        naturals, wilds = n + 1, w
        if old is not None:
            naturals += old.naturals
            wilds += old.wilds
        if not meld_ok(r, top.rank, naturals, wilds, False):
            return False
        if melds:
            return True
        minimum = game.minimum_of(self.player)
        if minimum == CANASTA_MINIMUM:
            return naturals + wilds >= r.canasta_size
        if minimum == NATURAL_CANASTA_MINIMUM:
            return (naturals + wilds >= r.canasta_size
                    and set_kind(r, top.rank, wilds) == "natural")
        return top.points + sum(c.points for c in cards) >= minimum

    def _with_minimum(self, n: int, wilds: list[Card]) -> TakePile | None:
        """The take plus the fewest further melds that reach the initial minimum."""
        game = self.game
        cards = self.tops[:n] + wilds
        room = len(self.hand) + self.incoming + self.arriving - 2 - len(cards)
        need = game.minimum_of(self.player) - self.top_points - sum(c.points for c in cards)
        if room < 3:
            return None
        if self._table is None:
            rest = [c for c in self.hand if c.rank != self.top.rank]
            naturals: dict[str, list[Card]] = {}
            for c in rest:
                if not c.is_wild:
                    naturals.setdefault(c.rank, []).append(c)
            if most_points(game.rules, naturals, self.wilds) < need:
                return None
            self._table = MeldTable(game.rules, naturals, self.wilds, len(rest))
        jokers = sum(1 for c in wilds if c.is_joker)
        groups = self._table.find(need, room, len(self._table.jokers) - jokers,
                                  len(self._table.deuces) - (len(wilds) - jokers))
        if groups is None:
            return None
        return self._legal(cards, groups)

    def _going_out(self, n: int, w: int) -> TakePile | None:
        """The take that melds the whole hand (but a card to discard) and goes out."""
        if self.incoming > 1 or self.game.permission is False:
            return None
        spares: list[Card | None] = [None]
        if self.incoming == 0:
            spares += list({c.rank: c for c in self.hand}.values())
        for spare in spares:
            cards = list(self.hand)
            if spare is not None:
                cards.remove(spare)
            if sum(1 for c in cards if c.rank == self.top.rank) != n:
                continue
            plan = meld_everything(self.game.rules, self.melds, cards, top=self.top,
                                   top_wilds=w, lay_off_wilds=False,
                                   have=other_canastas(self.game.rules, self.all_melds))
            if plan is None:
                continue
            with_top = plan.pop(self.top.rank)
            action = self._legal(with_top, list(plan.values()))
            if action is not None:
                return action
        return None

    def _legal(self, cards: list[Card], groups: list[list[Card]]) -> TakePile | None:
        # every card comes from the hand, none twice (wild cards beside the top card from
        # the front of each kind, those of further melds from the back)
        try:
            plan_take(self.game, self.player, cards, groups, check_held=False)
        except IllegalMove:
            return None
        return trusted(TakePile, cards=card_texts(cards), melds=[card_texts(g) for g in groups])


def _search(game: TableState, player: str) -> _Search | None:
    team = game.team_of(player)
    if game.pile_block(team) is not None:
        return None
    hand = game.hands[player]
    if game.rules.one_card_rule and len(hand) == 1 and len(game.pile) == 1:
        return None
    top = game.pile[-1].rank
    if top not in game.team_melds[team] and not any(c.rank == top for c in hand):
        return None  # no natural to show and no meld to lay the top card off on
    return _Search(game, player)


def take_actions(game: TableState, player: str) -> list[TakePile]:
    """One legal take of each kind (naturals and wild cards beside the top card)."""
    search = _search(game, player)
    if search is None:
        return []
    found = (search.take(n, w) for n, w in search.kinds())
    return [a for a in found if a is not None]


def any_take(game: TableState, player: str) -> bool:
    """Exactly: has ``player`` any legal way to take the discard pile now?"""
    search = _search(game, player)
    return search is not None and any(search.take(n, w) is not None for n, w in search.kinds())


def forced_take(game: TableState, player: str) -> bool:
    """Stock exhausted: must this player take the pile (A.10)?"""
    if game.stock or not game.pile:
        return False
    if game.rules.forced_take_any:
        return any_take(game, player)
    return lay_off_take(game, player) is not None


def lay_off_take(game: TableState, player: str) -> TakePile | None:
    """The take that lays the top card off on the side's meld of its rank, if legal."""
    search = _search(game, player)
    if search is None or search.frozen or search.top.rank not in search.melds:
        return None
    return search.take(0, 0)
