"""The legal melds of sets (A.6-A.9), one of each kind, for ``legal``.

- a side that has melded: every lay-off of a natural and of a wild card on each of its melds,
  and every new meld with and without a wild card, in the smallest form (any move that does
  not go out shrinks to these);
- a side that has not melded: at least one initial meld that keeps two cards, whenever one
  exists (``initial_meld``);
- (the going-out lines are ``legal_going_out``'s);
- besides these, the largest melds the hand allows, and the same with the weakest left out.

The hand is sorted and split by rank once a call (``Seat``). Every candidate is checked by the
planner ``apply`` uses, but for a building meld that keeps two cards in hand on a side that
has melded, where the planner asks only the law of melds (A.6): that law is asked directly
(``building_meld``), the hot path of every computer turn.
"""

from __future__ import annotations

from operator import attrgetter

from .actions import Meld, meld_of
from .cards import Card
from .errors import IllegalMove
from .going_out import wild_room
from .initial_meld import MeldTable, most_points
from .melds import (
    law_of_melds,
    meld_ok,
    set_kind,
    set_melds,
)
from .planning import plan_meld
from .rules import CANASTA_MINIMUM, NATURAL_CANASTA_MINIMUM
from .table_state import TableState

Groups = list[list[Card]]
Adds = dict[str, list[Card]]
Split = tuple[dict[str, list[Card]], list[Card], list[Card]]
_ORDER = attrgetter("order")
MEMO_FROM = 24   # cards in hand from which the initial meld's candidates share their work


class Seat:
    """One player's hand and side, worked out once a ``legal_actions`` call: the naturals by
    rank (in rank order, each rank's cards in card order), the wild cards (jokers first),
    the black threes, and every 3 held (Modern American keeps one)."""

    def __init__(self, game: TableState, player: str) -> None:
        self.game = game
        self.player = player
        self.rules = game.rules
        self.team = game.side_of[player]
        self.table = game.team_melds[self.team]
        self.sets = set_melds(self.rules, self.table)
        self.hand = game.hands[player]
        naturals: dict[str, list[Card]] = {}
        jokers: list[Card] = []
        deuces: list[Card] = []
        black: list[Card] = []
        threes = 0
        for c in sorted(self.hand, key=_ORDER):
            if c.is_natural:
                cards = naturals.get(c.rank)
                if cards is None:
                    naturals[c.rank] = [c]
                else:
                    cards.append(c)
            elif c.is_wild:
                (jokers if c.is_joker else deuces).append(c)
            else:
                threes += 1
                if c.is_black_three:
                    black.append(c)
        self.naturals = naturals
        self.wilds = jokers + deuces
        self.black = black
        self.threes = threes
        self.keeps = len(self.hand) - 2   # the most cards a move melds without going out
        # what is worked out about a group of cards once, by the list's identity (the
        # list is kept here, so its identity is not reused within the call)
        self._texts: dict[int, tuple[list[Card], tuple[str, ...], tuple[str, ...]]] | None = None
        self._counts: dict[tuple[str, int],
                           tuple[list[Card], bool, int, int, int]] | None = None
        r = self.rules
        # do the rules judge a meld that keeps two cards by its counts (and the minimum)?
        self.building = not r.strict_melds and (bool(self.table) or not (
            r.initial_meld_natural or r.initial_clean_triple or r.splash
            or not r.initial_top_counts))

    @property
    def split(self) -> Split:
        return self.naturals, self.wilds, self.black

    def texts(self, cards: list[Card]) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """The cards' notation, and the same sorted (for telling moves apart)."""
        if self._texts is None:
            self._texts = {}
        known = self._texts.get(id(cards))
        if known is None:
            texts = tuple(c.text for c in cards)
            known = self._texts[id(cards)] = (cards, texts, tuple(sorted(texts)))
        return known[1], known[2]

    def counts(self, rank: str, cards: list[Card]) -> tuple[bool, int, int, int]:
        """Would ``cards`` make (or grow) the side's meld of ``rank`` one the law allows
        (A.6, not going out); its naturals and wild cards then; the cards' points."""
        if self._counts is None:
            self._counts = {}
        known = self._counts.get((rank, id(cards)))
        if known is None:
            old = self.sets.get(rank)
            wilds = sum(1 for c in cards if c.is_wild) + (old.wilds if old else 0)
            naturals = len(cards) + (len(old.cards) if old else 0) - wilds
            ok = meld_ok(self.rules, rank, naturals, wilds, False)
            points = sum(c.points for c in cards)
            known = self._counts[(rank, id(cards))] = (cards, ok, naturals, wilds, points)
        return known[1], known[2], known[3], known[4]


def greedy_melds(seat: Seat) -> tuple[tuple[Groups, Adds], tuple[Groups, Adds]]:
    """Meld as much of the hand as the rules allow: every natural that fits, wild cards where
    they are needed and then wherever they fit; and the same without wild cards. Each is
    (new groups, lay-offs by rank)."""
    r = seat.rules
    melds = seat.sets
    plain_groups: Groups = []
    plain_adds: Adds = {}
    pairs: Groups = []
    for rank, cards in seat.naturals.items():
        if rank in melds:
            plain_adds[rank] = list(cards)
        elif len(cards) >= 3:
            plain_groups.append(list(cards))
        elif len(cards) == 2:
            pairs.append(cards)
    black = len(seat.black) >= 3 and r.black_threes_meldable
    if not seat.wilds:   # nothing to add: the same melds with and without wild cards
        if black:
            plain_groups.append(list(seat.black))
        return (plain_groups, plain_adds), (plain_groups, plain_adds)
    groups = [list(g) for g in plain_groups]
    adds = {k: list(v) for k, v in plain_adds.items()}
    if black:
        plain_groups.append(list(seat.black))
    plain = (plain_groups, plain_adds)
    wilds = list(seat.wilds)
    if wilds:
        pairs.sort(key=lambda g: -g[0].points)
        for g in pairs:
            if wilds and g[0].rank not in r.wildless_ranks:
                groups.append(g + [wilds.pop(0)])
    # Remaining wild cards go where there is room (canastas first, then the largest melds).
    if wilds:
        targets: list[tuple[str, int, int]] = []  # (key, naturals, wilds)
        for rank, m in melds.items():
            extra = adds.get(rank, [])
            targets.append((rank, m.naturals + len(extra), m.wilds))
        for i, g in enumerate(groups):
            n = sum(1 for c in g if not c.is_wild)
            targets.append((f"#{i}", n, len(g) - n))
        targets.sort(key=lambda t: -(t[1] + t[2]))
        for key, n, w in targets:
            while wilds and w < r.max_wilds and (not r.wilds_at_most_naturals or w < n):
                if r.max_meld_size is not None and n + w >= r.max_meld_size:
                    break
                rank = groups[int(key[1:])][0].rank if key.startswith("#") else key
                if rank in r.wildless_ranks and not w:
                    break
                c = wilds.pop(0)
                w += 1
                if key.startswith("#"):
                    groups[int(key[1:])].append(c)
                else:
                    adds.setdefault(key, []).append(c)
    if black:
        groups.append(list(seat.black))
    return (groups, adds), plain


def legal_meld(seat: Seat, groups: Groups, adds: Adds, memo: bool = False) -> Meld | None:
    """The move, if the planner accepts it (or, a building meld, the law of melds);
    ``memo``: its groups come again in other candidates (``Seat.counts``, ``Seat.texts``)."""
    if (seat.building and sum(map(len, groups)) + sum(map(len, adds.values())) <= seat.keeps
            and not any(seat.sets[k].rank == "3" for k in adds)
            and not any(c.rank == "3" for g in groups for c in g)):
        return building_meld(seat, groups, adds, memo)
    try:
        plan_meld(seat.game, seat.player, groups, list(adds.items()), check_held=False)
    except IllegalMove:
        return None
    return _meld(seat, groups, adds, memo)


def building_meld(seat: Seat, groups: Groups, adds: Adds, memo: bool = False) -> Meld | None:
    """A meld that keeps two cards in hand (so does not go out), of groups one rank each and
    no black threes, where the rules judge a meld by its counts (``Seat.building``): the
    planner asks only whether each meld it makes or grows is one the law allows (A.6) and,
    a side's first meld, the initial minimum (A.7); this asks the same, without the
    planner's bookkeeping."""
    rules, melds = seat.rules, seat.sets
    first = not seat.table
    points = 0
    made = made_natural = False
    for rank, cards in [(_rank(g), g) for g in groups] + list(adds.items()):
        if memo:
            ok, naturals, wilds, cards_points = seat.counts(rank, cards)
            if not ok:
                return None
        else:
            old = melds.get(rank)
            wilds = sum(1 for c in cards if c.is_wild) + (old.wilds if old else 0)
            naturals = len(cards) + (len(old.cards) if old else 0) - wilds
            if not meld_ok(rules, rank, naturals, wilds, False):
                return None
            cards_points = sum(c.points for c in cards) if first else 0
        if first:
            points += cards_points
            if naturals + wilds >= rules.canasta_size:
                made = True
                made_natural = made_natural or set_kind(rules, rank, wilds) == "natural"
    if first:
        minimum = seat.game.minimum_of(seat.player)
        if (minimum == CANASTA_MINIMUM and not made
                or minimum == NATURAL_CANASTA_MINIMUM and not made_natural
                or points < minimum):
            return None
    return _meld(seat, groups, adds, memo)


def _meld(seat: Seat, groups: Groups, adds: Adds, memo: bool = False) -> Meld:
    if memo:
        return meld_of([list(seat.texts(g)[0]) for g in groups],
                       {k: list(seat.texts(v)[0]) for k, v in adds.items()})
    return meld_of([[c.text for c in g] for g in groups],
                   {k: [c.text for c in v] for k, v in adds.items()})


def _rank(group: list[Card]) -> str:
    return next(c.rank for c in group if not c.is_wild)


def _shrinking(groups: Groups) -> list[Groups]:
    """The groups, then the groups less the weakest, less the two weakest, ... down to one."""
    ranked = sorted(groups, key=lambda g: -sum(c.points for c in g))
    return [ranked[:n] for n in range(len(ranked), 0, -1)] or [[]]


Slot = tuple[bool, str, int]   # a move of one group (True) or lay-off, its rank or key, cards


def smallest_melds(seat: Seat, slots: list[Slot] | None = None) -> list[Meld]:
    """A side that has melded: each lay-off and each new meld in its smallest form (one
    natural; one wild card with the fewest naturals it needs; three naturals; a pair and a
    wild card). A move that does not go out can always shrink to one of these.
    ``slots`` receives each move's slot, in the same order."""
    r = seat.rules
    melds = seat.sets
    naturals = seat.naturals
    low_wild = seat.wilds[-1:]
    keeps = seat.keeps
    # A natural laid off on its own meld is always sound while the hand keeps two cards.
    safe = keeps >= 1 and r.max_meld_size is None
    legal: list[Meld] = []
    legal_slots: list[Slot] = []
    checked: list[Meld | None] = []   # the other candidates, offered after those
    checked_slots: list[Slot] = []
    counts = not r.strict_melds   # the law of melds judges by counts
    law = law_of_melds(r)
    for rank, m in melds.items():
        own = naturals.get(rank)
        n, w = len(m.cards) - m.wilds, m.wilds
        if own:
            if safe:
                legal.append(meld_of([], {rank: [own[0].text]}))
                legal_slots.append((False, rank, 1))
            else:
                checked_slots.append((False, rank, 1))
                if counts and keeps >= 1:
                    checked.append(meld_of([], {rank: [own[0].text]})
                                   if meld_ok(r, rank, n + 1, w, False) else None)
                else:
                    checked.append(legal_meld(seat, [], {rank: own[:1]}))
        if rank != "3" and low_wild:
            # the fewest naturals that let a wild card join (Vienna: never more wild cards)
            have = len(own) if own else 0
            k = next((k for k in range(have + 1) if wild_room(r, rank, n + k, w) > 0), None)
            if k is not None:
                cards = (own[:k] if own else []) + low_wild
                checked_slots.append((False, rank, k + 1))
                if counts and k + 1 <= keeps:
                    ok = law.get((rank, n + k, w + 1, False))
                    if ok is None:
                        ok = meld_ok(r, rank, n + k, w + 1, False)
                    checked.append(meld_of([], {rank: [c.text for c in cards]}) if ok else None)
                else:
                    checked.append(legal_meld(seat, [], {rank: cards}))
    plain = max(3, r.min_naturals)
    paired = max(2, r.min_naturals)
    for rank, cards in naturals.items():
        if rank in melds:
            continue
        if len(cards) >= plain:
            group = cards[:plain]
            checked_slots.append((True, rank, plain))
            if counts and plain <= keeps:
                ok = law.get((rank, plain, 0, False))
                if ok is None:
                    ok = meld_ok(r, rank, plain, 0, False)
                checked.append(meld_of([[c.text for c in group]], {}) if ok else None)
            else:
                checked.append(legal_meld(seat, [group], {}))
        if len(cards) >= paired and low_wild:
            group = cards[:paired] + low_wild
            checked_slots.append((True, rank, paired + 1))
            if counts and paired + 1 <= keeps:
                ok = law.get((rank, paired, 1, False))
                if ok is None:
                    ok = meld_ok(r, rank, paired, 1, False)
                checked.append(meld_of([[c.text for c in group]], {}) if ok else None)
            else:
                checked.append(legal_meld(seat, [group], {}))
    legal += [a for a in checked if a is not None]
    if slots is not None:
        slots += legal_slots
        slots += [slot for a, slot in zip(checked, checked_slots, strict=True) if a is not None]
    return legal


def _initial_meld(seat: Seat) -> Meld | None:
    """The fewest cards worth the minimum that keep two in hand (A.7), if any."""
    hand = seat.hand
    need = seat.game.minimum_of(seat.player)
    if len(hand) < 5 or most_points(seat.rules, seat.naturals, seat.wilds) < need:
        return None
    groups = MeldTable(seat.rules, seat.naturals, seat.wilds, len(hand) - 2).find(
        need, len(hand) - 2)
    return None if groups is None else legal_meld(seat, groups, {})


def meld_actions(seat: Seat, out: list[Meld]) -> list[Meld]:
    """Building melds (``out``: the going-out lines, already found, left out here)."""
    melded = bool(seat.table)
    slots: list[Slot] = []
    legal: list[Meld] = smallest_melds(seat, slots) if melded else []
    cands: list[tuple[Groups, Adds]] = []
    (groups, adds), (plain_groups, plain_adds) = greedy_melds(seat)
    if groups or adds:
        cands.append((groups, adds))
        if (plain_groups or plain_adds) and (plain_groups, plain_adds) != (groups, adds):
            cands.append((plain_groups, plain_adds))
        if not melded:
            # The initial meld: melding everything may be going out without a canasta, so
            # also offer the hand's best melds with the weakest left out.
            for grouping in (groups, plain_groups):
                for subset in _shrinking(grouping)[1:]:
                    cands.append((subset, {}))
    # The same move twice is offered once: a going-out line, then a smallest form, first.
    # Moves are told apart by ``_key``; only moves of as many cards (and, of one group or
    # lay-off, of the same slot) can share one, so only those keys are worked out.
    seen: set[tuple[object, ...]] = set()
    if out:
        seen = {_key(a.groups, a.add) for a in out}
        sizes = {_used(a) for a in out}
        kept = [i for i, (a, slot) in enumerate(zip(legal, slots, strict=True))
                if slot[2] not in sizes or _key(a.groups, a.add) not in seen]
        legal, slots = [legal[i] for i in kept], [slots[i] for i in kept]
    smallest = list(zip(legal, slots, strict=True))
    # the initial meld's candidates share their groups: worth remembering in a big hand
    memo = not melded and len(seat.hand) > MEMO_FROM
    for groups, adds in cands:
        key: tuple[object, ...]
        if memo:
            key = (tuple(sorted(seat.texts(g)[1] for g in groups)),
                   tuple(sorted((str(k), seat.texts(v)[1]) for k, v in adds.items())))
        else:
            key = _key([[c.text for c in g] for g in groups],
                       {k: [c.text for c in v] for k, v in adds.items()})
        if key in seen:
            continue
        seen.add(key)
        if smallest and len(groups) + len(adds) == 1:
            slot = ((True, _rank(groups[0]), len(groups[0])) if groups else
                    (False, *next((k, len(v)) for k, v in adds.items())))
            if any(s == slot and _key(a.groups, a.add) == key for a, s in smallest):
                continue
        action = legal_meld(seat, groups, adds, memo)
        if action is not None:
            legal.append(action)
    hand = len(seat.hand)
    if not melded and not any(hand - _used(a) >= 2 for a in legal):
        initial = _initial_meld(seat)
        if initial is not None:
            legal.append(initial)
    return legal


def _key(groups: list[list[str]], add: dict[str, list[str]]) -> tuple[object, ...]:
    """The same move whatever the order of its cards and groups."""
    return (tuple(sorted(tuple(sorted(g)) for g in groups)),
            tuple(sorted((str(k), tuple(sorted(v))) for k, v in add.items())))


def _used(action: Meld) -> int:
    return sum(len(g) for g in action.groups) + sum(len(v) for v in action.add.values())
