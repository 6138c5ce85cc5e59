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
from .going_out import fewest_to_meld, meld_everything
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
        self.team = team = game.side_of[player]
        self.all_melds = game.team_melds[team]
        self.melds = set_melds(game.rules, self.all_melds)
        self.top = top = game.pile[-1]
        self.hand = hand = game.hands[player]
        rank = top.rank
        self.tops = [c for c in hand if c.rank == rank]
        # jokers first; the cards beside the top card come from the front of each kind,
        # the further melds' from the back, so no card is used twice
        self.wilds = sorted((c for c in hand if c.is_wild), key=lambda c: (-c.points, c.order))
        self.frozen = game.pile_frozen_for(team)
        # what the top card counts toward the initial minimum (Modern American: nothing)
        self.top_points = top.points if game.rules.initial_top_counts else 0
        self._table: MeldTable | None = None
        # the points and notation of the first n naturals and wild cards beside the top card
        self.top_sums = _sums(self.tops)
        self.wild_sums = _sums(self.wilds)
        self.top_texts = [c.text for c in self.tops]
        self.wild_texts = [c.text for c in self.wilds]

    @cached_property
    def minimum(self) -> int:
        return self.game.minimum_of(self.player)

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
        points = self.top_sums[n] + self.wild_sums[w]
        if not self.all_melds and self.top_points + points < self.minimum:
            action = None   # short of the minimum by itself
        else:
            quick = self._quick(n, w, points)
            if quick is None:
                cards = self.tops[:n] + self.wilds[:w]
                action = None if self._refused(n, w, []) else self._legal(cards, [])
            else:
                action = (take_of(self.top_texts[:n] + self.wild_texts[:w], []) if quick
                          else None)
        if action is not None:
            return action
        if not self.all_melds and self.incoming + self.arriving + len(self.hand) - n - w >= 5:
            jokers, deuces = self._jokers_deuces
            for a in range(min(w, len(jokers)), -1, -1):
                if w - a > len(deuces):
                    continue
                action = self._with_minimum(n, jokers[:a] + deuces[:w - a], a)
                if action is not None:
                    return action
        return self._going_out(n, w)

    @cached_property
    def _facts(self) -> tuple[bool, int, int, bool] | None:
        """What ``_quick`` asks of every kind of take alike (beside ``_wilds_refused``), or
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
            if (r.initial_clean_triple or r.splash or not r.initial_top_counts
                    or game.bonus or r.first_meld_cards):
                return None
        alone_refused = r.take_below_canasta and not self.frozen and not any(
            m.shape == "set" and m.rank == top.rank and not m.is_canasta(r)
            for m in melds.values())
        old = melds.get(key)
        if old is None:
            return second, 0, 0, alone_refused
        return second, old.naturals, old.wilds, alone_refused

    @cached_property
    def _wilds_refused(self) -> int:
        """Italian's rules for wild cards (``check_wild_use``): beside the top card, no wild
        card in a side's natural first meld (0), no 2 (or no wild card) while the side has a
        wild meld short of a canasta (the number of jokers that may go); else -1."""
        r = self.game.rules
        if r.initial_meld_natural and not self.all_melds:
            return 0
        if (r.deuces_reserved or r.wilds_reserved) and any(
                m.shape == "wild" and not m.is_canasta(r) for m in self.all_melds.values()):
            return 0 if r.wilds_reserved else len(self._jokers_deuces[0])
        return -1

    def _quick(self, n: int, w: int, points: int) -> bool | None:
        """The planner's verdict on the take by itself where it asks only the law of melds
        and the initial minimum (the hand keeps two cards, the rules judge a meld by its
        counts), else ``None`` (ask the planner). ``kinds`` has left out the takes the pile
        refuses before the planner looks at the meld; ``points``: the cards' beside the top
        card."""
        facts = self._facts
        if facts is None:
            return None
        second, old_naturals, old_wilds, alone_refused = facts
        if second and (n or w):
            return None
        if len(self.hand) - n - w <= 1 and len(self.hand) - n - w + self.incoming <= 1:
            return None   # going out: the planner's
        if alone_refused and not (n or w):
            return False
        if 0 <= self._wilds_refused < w:
            return False   # wild cards first: the jokers, then the 2s
        r = self.game.rules
        rank = self.top.rank
        naturals, wilds = n + 1 + old_naturals, w + old_wilds
        if not meld_ok(r, rank, naturals, wilds, False):
            return False
        if self.all_melds:
            return True
        minimum = self.minimum
        if minimum == CANASTA_MINIMUM:
            return naturals + wilds >= r.canasta_size
        if minimum == NATURAL_CANASTA_MINIMUM:
            return (naturals + wilds >= r.canasta_size
                    and set_kind(r, rank, wilds) == "natural")
        return self.top.points + points >= minimum

    @cached_property
    def _jokers_deuces(self) -> tuple[list[Card], list[Card]]:
        return ([c for c in self.wilds if c.is_joker],
                [c for c in self.wilds if not c.is_joker])

    def _with_minimum(self, n: int, wilds: list[Card], jokers: int) -> TakePile | None:
        """The take plus the fewest further melds that reach the initial minimum
        (``jokers``: how many of ``wilds`` are jokers)."""
        game = self.game
        cards = self.tops[:n] + wilds
        room = len(self.hand) + self.incoming + self.arriving - 2 - len(cards)
        if room < 3:
            return None
        need = self.minimum - self.top_points - sum(c.points for c in cards)
        # the take's own meld, which the move keeps two cards beside (so does not go out)
        if not meld_ok(game.rules, self.top.rank, n + 1, len(wilds), False):
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
        groups = self._table.find(need, room, len(self._table.jokers) - jokers,
                                  len(self._table.deuces) - (len(wilds) - jokers))
        if groups is None or self._refused(n, len(wilds), groups):
            return None
        if self._facts is not None and not game.rules.blocking_canasta and self.minimum not in (
                CANASTA_MINIMUM, NATURAL_CANASTA_MINIMUM):
            # as the planner judges it where the rules judge melds by their counts: the
            # take's own meld is lawful (above), so are the groups (``MeldTable`` makes only
            # lawful ones), two cards stay (``room``), so the minimum is all that is left
            points = self.top.points + sum(c.points for c in cards) + sum(
                c.points for g in groups for c in g)
            if points < self.minimum:
                return None
            return trusted(TakePile, cards=card_texts(cards),
                           melds=[card_texts(g) for g in groups])
        return self._legal(cards, groups)

    def _going_out(self, n: int, w: int) -> TakePile | None:
        """The take that melds the whole hand (but a card to discard) and goes out."""
        # the naturals of the top card's rank beside it are all the hand's, but a spare one
        tops, rank = len(self.tops), self.top.rank
        if n != tops and n != tops - 1 or self.game.permission is False:
            return None
        if self.incoming > 1 or n != tops and self.incoming:
            return None
        spares: list[Card | None] = [None]
        if self.incoming == 0:
            spares += list({c.rank: c for c in self.hand}.values())
        counts, short = self._stranded
        if len(short) > 1:
            return None
        r, melds = self.game.rules, self.melds
        have: int | None = None
        for spare in spares:
            if tops - (spare is not None and spare.rank == rank) != n:
                continue
            if spare is None or spare.is_wild:
                if short:
                    continue
            else:
                x = spare.rank
                if short and short != {x}:
                    continue
                if (x != rank and x not in melds
                        and 0 < counts[x] - 1 < fewest_to_meld(r, x)):
                    continue
            cards = list(self.hand)
            if spare is not None:
                cards.remove(spare)
            if have is None:
                have = other_canastas(self.game.rules, self.all_melds)
            plan = meld_everything(self.game.rules, self.melds, cards, top=self.top,
                                   top_wilds=w, lay_off_wilds=False, have=have)
            if plan is None:
                continue
            with_top = plan.pop(self.top.rank)
            groups = list(plan.values())
            if self._refused(n, w, groups):
                continue
            action = self._legal(with_top, groups)
            if action is not None:
                return action
        return None

    @cached_property
    def _stranded(self) -> tuple[dict[str, int], set[str]]:
        """The hand's naturals by rank, and the ranks whose naturals no meld of going out
        with the top card can take (``going_out.stranded``): none may be left once the
        spare card is put aside."""
        counts: dict[str, int] = {}
        for c in self.hand:
            if not c.is_wild:
                counts[c.rank] = counts.get(c.rank, 0) + 1
        r, melds, rank = self.game.rules, self.melds, self.top.rank
        return counts, {x for x, k in counts.items()
                        if x != rank and x not in melds and k < fewest_to_meld(r, x)}

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
        try:
            plan_take(self.game, self.player, cards, groups, check_held=False)
        except IllegalMove:
            return None
        return trusted(TakePile, cards=card_texts(cards), melds=[card_texts(g) for g in groups])


def _sums(cards: list[Card]) -> list[int]:
    """The points of the first n cards, for each n."""
    sums = [0]
    for c in cards:
        sums.append(sums[-1] + c.points)
    return sums


def _search(game: TableState, player: str) -> _Search | None:
    team = game.team_of(player)
    if game.pile_block(team) is not None:
        return None
    hand = game.hands[player]
    if game.rules.one_card_rule and len(hand) == 1 and len(game.pile) == 1:
        return None
    card = game.pile[-1]
    top, melds = card.rank, game.team_melds[team]
    naturals = sum(1 for c in hand if c.rank == top)
    if not naturals and top not in melds:
        return None  # no natural to show and no meld to lay the top card off on
    if (naturals < 2 and game.pile_frozen_for(team)
            and not onto_short_meld(game.rules, melds, card)):
        return None  # a frozen pile wants a natural pair (``_Search.kinds``)
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
