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

from operator import attrgetter, itemgetter

from .actions import Meld, meld_of
from .cards import CARDS, Card
from .errors import accepted
from .going_out import wild_room
from .melds import (
    law_of_melds,
    meld_ok,
    remembered,
    set_kind,
    set_melds,
)
from .planning import plan_meld
from .rules import CANASTA_MINIMUM, NATURAL_CANASTA_MINIMUM, Rules
from .table_state import TableState

Groups = list[list[Card]]
Adds = dict[str, list[Card]]
Split = tuple[dict[str, list[Card]], list[Card], list[Card]]
# a group or lay-off worked out (``Seat.part``): cards, rank, of threes, size, lawful,
# naturals, wild cards, points, notation
Part = tuple[list[Card], str, bool, int, bool, int, int, int, list[str]]
_ORDER = attrgetter("order")
_SIZE = itemgetter(0)


class Seat:
    """One player's hand and side, worked out once a ``legal_actions`` call: the naturals by
    rank (in rank order, each rank's cards in card order), the wild cards (jokers first),
    the black threes, and every 3 held (Modern American keeps one)."""

    __slots__ = ("game", "player", "rules", "team", "table", "sets", "hand", "naturals",
                 "wilds", "black", "threes", "keeps", "law", "_parts", "building")

    def __init__(self, game: TableState, player: str) -> None:
        self.game = game
        self.player = player
        self.rules = game.rules
        self.team = game.side_of[player]
        self.table = game.team_melds[self.team]
        r = self.rules
        self.sets = (self.table if not (r.sequences or r.wild_melds)
                     else set_melds(r, self.table))
        self.hand = game.hands[player]
        naturals: dict[str, list[Card]] = {}
        wilds: list[Card] = []   # (in card order: the 2s, then the jokers)
        black: list[Card] = []
        threes = 0
        rank = ""
        cards: list[Card] = []
        for c in sorted(self.hand, key=_ORDER):   # (a rank's cards come together)
            if c.is_natural:
                if c.rank == rank:
                    cards.append(c)
                else:
                    rank = c.rank
                    cards = naturals[rank] = [c]
            elif c.is_wild:
                wilds.append(c)
            else:
                threes += 1
                if c.is_black_three:
                    black.append(c)
        self.naturals = naturals
        if len(wilds) > 1 and wilds[-1].is_joker and not wilds[0].is_joker:   # jokers first
            wilds = [c for c in wilds if c.is_joker] + [c for c in wilds if not c.is_joker]
        self.wilds = wilds
        self.black = black
        self.threes = threes
        self.keeps = len(self.hand) - 2   # the most cards a move melds without going out
        self.law = r.__dict__.get("_law_of_melds") or law_of_melds(r)
        # what is worked out about a group of cards once, by the list's identity (the
        # list is kept here, so its identity is not reused within the call)
        self._parts: dict[tuple[str | None, int], Part] | None = None   # (at the first)
        # do the rules judge a meld that keeps two cards by its counts (and the minimum)?
        self.building = (not r.strict_melds if self.table else r.first_meld_by_counts)

    @property
    def split(self) -> Split:
        return self.naturals, self.wilds, self.black

    def part(self, cards: list[Card], key: str | None = None) -> Part:
        """What a move's group (``key`` ``None``) or lay-off on the meld ``key`` is, worked
        out once a call: its rank, whether it is (or goes on) a meld of threes, its cards,
        whether the meld it makes or grows is one the law allows (A.6, not going out), the
        naturals and wild cards it then holds, the cards' points and their notation."""
        parts = self._parts
        if parts is None:
            parts = self._parts = {}
        known = parts.get((key, id(cards)))
        if known is None:
            wilds = points = 0
            three = False
            rank = key
            if cards and cards is self.naturals.get(cards[0].rank):
                # a rank's naturals as the seat holds them (never 3s): no card to look at
                points = len(cards) * cards[0].points
                if rank is None:
                    rank = cards[0].rank
            else:
                for c in cards:
                    points += c.points
                    if c.is_wild:
                        wilds += 1
                    else:
                        if rank is None:
                            rank = c.rank
                        if c.rank == "3":
                            three = True
            if key is not None:
                three = self.sets[key].rank == "3"
            assert rank is not None
            old = self.sets.get(rank)
            naturals = len(cards) - wilds
            if old is not None:
                wilds += old.wilds
                naturals += old.naturals
            ok = self.law.get((rank, naturals, wilds, False))
            if ok is None:
                ok = meld_ok(self.rules, rank, naturals, wilds, False)
            texts = [c.text for c in cards]
            known = parts[(key, id(cards))] = (
                cards, rank, three, len(cards), ok, naturals, wilds, points, texts)
        return known


def greedy_melds(seat: Seat) -> tuple[tuple[Groups, Adds], tuple[Groups, Adds]]:
    """Meld as much of the hand as the rules allow: every natural that fits, wild cards where
    they are needed and then wherever they fit; and the same without wild cards. Each is
    (new groups, lay-offs by rank)."""
    r = seat.rules
    melds = seat.sets
    plain_groups: Groups = []
    plain_adds: Adds = {}
    pairs: Groups = []
    for rank, cards in seat.naturals.items():   # (the seat's lists: copied before growing)
        if rank in melds:
            plain_adds[rank] = cards
        else:
            k = len(cards)
            if k >= 3:
                plain_groups.append(cards)
            elif k == 2:
                pairs.append(cards)
    black = len(seat.black) >= 3 and r.black_threes_meldable
    if not seat.wilds:   # nothing to add: the same melds with and without wild cards
        if black:
            plain_groups.append(list(seat.black))
        return (plain_groups, plain_adds), (plain_groups, plain_adds)
    # the same lists as the plain melds until a wild card joins one (``Seat.part`` then
    # works each shared group and lay-off out once)
    groups = list(plain_groups)
    adds = dict(plain_adds)
    shared = len(groups)         # groups[:shared] are the plain melds' own lists
    grown: set[object] = set()   # the groups (by index) and lay-offs (by key) copied
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
        # (size, key: a meld's, or a group's index; naturals, wilds): the groups so far are
        # the plain melds' (naturals only) and the pairs, each with a wild card
        targets: list[tuple[int, str | int, int, int]] = []
        for rank, m in melds.items():
            extra = adds.get(rank)
            n = len(m.cards) - m.wilds + (len(extra) if extra else 0)
            targets.append((n + m.wilds, rank, n, m.wilds))
        for i, g in enumerate(groups):
            targets.append((len(g), i, len(g), 0) if i < shared else (3, i, 2, 1))
        targets.sort(key=_SIZE, reverse=True)   # (a stable sort)
        for _, key, n, w in targets:
            while wilds and w < r.max_wilds and (not r.wilds_at_most_naturals or w < n):
                if r.max_meld_size is not None and n + w >= r.max_meld_size:
                    break
                rank = groups[key][0].rank if isinstance(key, int) else key
                if rank in r.wildless_ranks and not w:
                    break
                c = wilds.pop(0)
                w += 1
                if isinstance(key, int):
                    i = key
                    if i < shared and i not in grown:
                        grown.add(i)
                        groups[i] = list(groups[i])
                    groups[i].append(c)
                elif key in adds:
                    if key not in grown:
                        grown.add(key)
                        adds[key] = list(adds[key])
                    adds[key].append(c)
                else:
                    grown.add(key)
                    adds[key] = [c]
    if black:
        groups.append(list(seat.black))
    return (groups, adds), plain


def legal_meld(seat: Seat, groups: Groups, adds: Adds) -> Meld | None:
    """The move, if the planner accepts it (or, a building meld, the law of melds)."""
    if (seat.building and sum(map(len, groups)) + sum(map(len, adds.values())) <= seat.keeps
            and not any(seat.sets[k].rank == "3" for k in adds)
            and not any(c.rank == "3" for g in groups for c in g)):
        return building_meld(seat, groups, adds)
    if not accepted(plan_meld, seat.game, seat.player, groups, list(adds.items()),
                    check_held=False):
        return None
    return _meld(groups, adds)


def building_meld(seat: Seat, groups: Groups, adds: Adds) -> Meld | None:
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
        old = melds.get(rank)
        wilds = sum(1 for c in cards if c.is_wild) + (old.wilds if old else 0)
        naturals = len(cards) + (len(old.cards) if old else 0) - wilds
        if not meld_ok(rules, rank, naturals, wilds, False):
            return None
        if first:
            points += sum(c.points for c in cards)
            if naturals + wilds >= rules.canasta_size:
                made = True
                made_natural = made_natural or set_kind(rules, rank, wilds) == "natural"
    if first and not meets_minimum(seat, points, made, made_natural):
        return None
    return _meld(groups, adds)


def meets_minimum(seat: Seat, points: int, made: bool, made_natural: bool,
                  minimum: int | None = None) -> bool:
    """A side's first meld of these points, making a canasta (a natural one) or not: does
    it meet the initial minimum (A.7; ``minimum``: the seat's, where the caller has it)?"""
    if minimum is None:
        minimum = seat.game.minimum_of(seat.player)
    return not (minimum == CANASTA_MINIMUM and not made
                or minimum == NATURAL_CANASTA_MINIMUM and not made_natural
                or points < minimum)


def _meld(groups: Groups, adds: Adds) -> Meld:
    return meld_of([[c.text for c in g] for g in groups],
                   {k: [c.text for c in v] for k, v in adds.items()})


def _rank(group: list[Card]) -> str:
    return next(c.rank for c in group if not c.is_wild)


# the lay-off of one card (a natural, or a wild card) on a meld, by meld key and card (moves
# are never changed once made, so each is made once and handed out again)
_LAY_OFFS: dict[tuple[str, str], Meld] = {}
Slot = tuple[bool, str, int]   # a move of one group (True) or lay-off, its rank or key, cards


def wild_rooms(rules: Rules) -> dict[tuple[str, int, int], int]:
    """(rank, naturals, wilds) -> ``wild_room``, remembered on the rules and shared by every
    set of rules with the same fields ``wild_room`` reads."""
    return remembered(rules, "_wild_rooms", lambda r: (
        r.wildless_ranks, r.meld_base, r.max_wilds, r.wilds_at_most_naturals,
        r.wilds_fewer_than_naturals, r.max_meld_size))


def _lay_off(rank: str, text: str) -> Meld:
    """The lay-off of one card on the meld ``rank`` (a key), made once and handed out again."""
    move = _LAY_OFFS.get((rank, text))
    if move is None:
        move = _LAY_OFFS[(rank, text)] = meld_of([], {rank: [text]})
    return move


def smallest_melds(seat: Seat) -> list[Meld]:
    """A side that has melded: each lay-off and each new meld in its smallest form (one
    natural; one wild card with the fewest naturals it needs; three naturals; a pair and a
    wild card). A move that does not go out can always shrink to one of these. (Each is
    one group or one lay-off: ``slot`` tells which.)"""
    r = seat.rules
    melds = seat.sets
    naturals = seat.naturals
    low_wild = seat.wilds[-1:]
    low_text = low_wild[0].text if low_wild else ""
    keeps = seat.keeps
    # A natural laid off on its own meld is always sound while the hand keeps two cards.
    safe = keeps >= 1 and r.max_meld_size is None
    legal: list[Meld] = []
    checked: list[Meld | None] = []   # the other candidates, offered after those
    counts = not r.strict_melds   # the law of melds judges by counts
    law = seat.law
    rooms = r.__dict__.get("_wild_rooms") or wild_rooms(r)
    lay_offs = _LAY_OFFS
    for rank, m in melds.items():
        own = naturals.get(rank)
        if own:
            if safe:
                text = own[0].text
                move = lay_offs.get((rank, text))
                legal.append(move if move is not None else _lay_off(rank, text))
            elif counts and keeps >= 1:
                w = m.wilds
                checked.append(meld_of([], {rank: [own[0].text]})
                               if meld_ok(r, rank, len(m.cards) - w + 1, w, False) else None)
            else:
                checked.append(legal_meld(seat, [], {rank: own[:1]}))
        if low_wild and rank != "3":
            w = m.wilds
            n = len(m.cards) - w
            # the fewest naturals that let a wild card join (Vienna: never more wild cards)
            room = rooms.get((rank, n, w))
            if room is None:
                room = rooms[(rank, n, w)] = wild_room(r, rank, n, w)
            if room > 0:
                k = 0
            else:
                have = len(own) if own else 0
                k = next((k for k in range(1, have + 1) if wild_room(r, rank, n + k, w) > 0),
                         -1)
                if k < 0:
                    continue
            if counts and k < keeps:
                ok = law.get((rank, n + k, w + 1, False))
                if ok is None:
                    ok = meld_ok(r, rank, n + k, w + 1, False)
                if not ok:
                    checked.append(None)
                elif k and own:   # (k naturals: the hand has them)
                    checked.append(meld_of([], {rank: [c.text for c in own[:k]] + [low_text]}))
                else:   # the wild card alone
                    move = lay_offs.get((rank, low_text))
                    checked.append(move if move is not None else _lay_off(rank, low_text))
            else:
                checked.append(legal_meld(seat, [], {rank: (own[:k] if own else []) + low_wild}))
    plain = max(3, r.min_naturals)
    paired = max(2, r.min_naturals)
    for rank, cards in naturals.items():
        if len(cards) < paired or rank in melds:
            continue
        if len(cards) >= plain:
            group = cards[:plain]
            if counts and plain <= keeps:
                ok = law.get((rank, plain, 0, False))
                if ok is None:
                    ok = meld_ok(r, rank, plain, 0, False)
                checked.append(meld_of([[c.text for c in group]], {}) if ok else None)
            else:
                checked.append(legal_meld(seat, [group], {}))
        if low_wild:
            group = cards[:paired]
            if counts and paired < keeps:
                ok = law.get((rank, paired, 1, False))
                if ok is None:
                    ok = meld_ok(r, rank, paired, 1, False)
                checked.append(meld_of([[c.text for c in group] + [low_text]], {})
                               if ok else None)
            else:
                checked.append(legal_meld(seat, [group + low_wild], {}))
    legal += [a for a in checked if a is not None]
    return legal


def slot(move: Meld) -> Slot:
    """A move of one group or one lay-off (``smallest_melds``): a group (True) or a lay-off,
    its rank or meld key, its number of cards."""
    if move.groups:
        group = move.groups[0]
        return True, CARDS[group[0]].rank, len(group)
    key, cards = next(iter(move.add.items()))
    return False, key, len(cards)
