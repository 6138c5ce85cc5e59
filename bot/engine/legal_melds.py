"""The legal melds of sets (A.6-A.9), one of each kind, for ``legal``.

- a side that has melded: every lay-off of a natural and of a wild card on each of its melds,
  and every new meld with and without a wild card, in the smallest form (any move that does
  not go out shrinks to these);
- a side that has not melded: at least one initial meld that keeps two cards, whenever one
  exists (``initial_meld``);
- every going-out line: for each rank of card that can be the last one discarded, and for
  melding the whole hand, one meld that does it (``going_out``);
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
from .going_out import fewest_to_meld, meld_everything, wild_room
from .initial_meld import MeldTable, most_points
from .melds import TableMeld, meld_problem, other_canastas, set_kind, set_melds
from .planning import plan_meld
from .rules import CANASTA_MINIMUM, NATURAL_CANASTA_MINIMUM, Rules
from .table_state import TableState

Groups = list[list[Card]]
Adds = dict[str, list[Card]]
Split = tuple[dict[str, list[Card]], list[Card], list[Card]]
_ORDER = attrgetter("order")


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
        r = self.rules
        # do the rules judge a meld that keeps two cards by its counts (and the minimum)?
        self.building = not r.strict_melds and (bool(self.table) or not (
            r.initial_meld_natural or r.initial_clean_triple or r.splash
            or not r.initial_top_counts))

    @property
    def split(self) -> Split:
        return self.naturals, self.wilds, self.black


def greedy_melds(seat: Seat) -> tuple[tuple[Groups, Adds], tuple[Groups, Adds]]:
    """Meld as much of the hand as the rules allow: every natural that fits, wild cards where
    they are needed and then wherever they fit; and the same without wild cards. Each is
    (new groups, lay-offs by rank)."""
    r = seat.rules
    melds = seat.sets
    groups: Groups = []
    adds: Adds = {}
    pairs: Groups = []
    for rank, cards in seat.naturals.items():
        if rank in melds:
            adds[rank] = list(cards)
        elif len(cards) >= 3:
            groups.append(list(cards))
        elif len(cards) == 2:
            pairs.append(list(cards))
    black = len(seat.black) >= 3 and r.black_threes_meldable
    plain = ([list(g) for g in groups] + ([list(seat.black)] if black else []),
             {k: list(v) for k, v in adds.items()})
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


def legal_meld(seat: Seat, groups: Groups, adds: Adds) -> Meld | None:
    """The move, if the planner accepts it (or, a building meld, the law of melds)."""
    if (seat.building and sum(map(len, groups)) + sum(map(len, adds.values())) <= seat.keeps
            and not any(seat.sets[k].rank == "3" for k in adds)
            and not any(c.rank == "3" for g in groups for c in g)):
        return building_meld(seat, groups, adds)
    try:
        plan_meld(seat.game, seat.player, groups, list(adds.items()), check_held=False)
    except IllegalMove:
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
        if meld_problem(rules, rank, naturals, wilds, going_out=False):
            return None
        if first:
            points += sum(c.points for c in cards)
            if naturals + wilds >= rules.canasta_size:
                made = True
                made_natural = made_natural or set_kind(rules, rank, wilds) == "natural"
    if first:
        minimum = seat.game.minimum_of(seat.player)
        if (minimum == CANASTA_MINIMUM and not made
                or minimum == NATURAL_CANASTA_MINIMUM and not made_natural
                or points < minimum):
            return None
    return _meld(groups, adds)


def _meld(groups: Groups, adds: Adds) -> Meld:
    return meld_of([[c.text for c in g] for g in groups],
                   {k: [c.text for c in v] for k, v in adds.items()})


def _rank(group: list[Card]) -> str:
    return next(c.rank for c in group if not c.is_wild)


def _shrinking(groups: Groups) -> list[Groups]:
    """The groups, then the groups less the weakest, less the two weakest, ... down to one."""
    ranked = sorted(groups, key=lambda g: -sum(c.points for c in g))
    return [ranked[:n] for n in range(len(ranked), 0, -1)] or [[]]


def smallest_melds(seat: Seat) -> list[Meld]:
    """A side that has melded: each lay-off and each new meld in its smallest form (one
    natural; one wild card with the fewest naturals it needs; three naturals; a pair and a
    wild card). A move that does not go out can always shrink to one of these."""
    r = seat.rules
    melds = seat.sets
    naturals = seat.naturals
    low_wild = seat.wilds[-1:]
    # A natural laid off on its own meld is always sound while the hand keeps two cards.
    safe = len(seat.hand) >= 3 and r.max_meld_size is None
    legal: list[Meld] = []
    checked: list[Meld | None] = []   # the other candidates, offered after those
    counts = not r.strict_melds   # the law of melds judges by counts
    for rank, m in melds.items():
        own = naturals.get(rank)
        if own:
            if safe:
                legal.append(meld_of([], {rank: [own[0].text]}))
            elif counts and seat.keeps >= 1:
                checked.append(None if meld_problem(r, rank, m.naturals + 1, m.wilds, False)
                               else meld_of([], {rank: [own[0].text]}))
            else:
                checked.append(legal_meld(seat, [], {rank: own[:1]}))
        if rank != "3" and low_wild:
            # the fewest naturals that let a wild card join (Vienna: never more wild cards)
            have = len(own) if own else 0
            k = next((k for k in range(have + 1)
                      if wild_room(r, rank, m.naturals + k, m.wilds) > 0), None)
            if k is not None:
                cards = (own[:k] if own else []) + low_wild
                if counts and k + 1 <= seat.keeps:
                    checked.append(
                        None if meld_problem(r, rank, m.naturals + k, m.wilds + 1, False)
                        else meld_of([], {rank: [c.text for c in cards]}))
                else:
                    checked.append(legal_meld(seat, [], {rank: cards}))
    plain = max(3, r.min_naturals)
    paired = max(2, r.min_naturals)
    for rank, cards in naturals.items():
        if rank in melds:
            continue
        if len(cards) >= plain:
            group = cards[:plain]
            if counts and plain <= seat.keeps:
                checked.append(None if meld_problem(r, rank, plain, 0, False)
                               else meld_of([[c.text for c in group]], {}))
            else:
                checked.append(legal_meld(seat, [group], {}))
        if len(cards) >= paired and low_wild:
            group = cards[:paired] + low_wild
            if counts and paired + 1 <= seat.keeps:
                checked.append(None if meld_problem(r, rank, paired, 1, False)
                               else meld_of([[c.text for c in group]], {}))
            else:
                checked.append(legal_meld(seat, [group], {}))
    legal += [a for a in checked if a is not None]
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


def going_out_lines(seat: Seat) -> list[Meld]:
    """Every way to go out by melding this turn: one Meld for each rank of card that can be
    the last one left to discard, and one melding the whole hand (A.9)."""
    game, r = seat.game, seat.rules
    if game.permission is False:
        return []
    melds = seat.sets
    left = _stranded(seat)
    if left is None:
        return []
    hand = seat.hand
    have = other_canastas(r, seat.table)
    foot = game.foot_pending(seat.player)   # Hand and Foot: melding the hand away picks it up
    if not (foot or _canastas_within_reach(r, melds, seat, have)):
        return []
    spares: list[Card | None] = list(left) or [None, *_spares(r, melds, hand)]
    lines: list[Meld] = []
    for spare in spares:
        cards = list(hand)
        if spare is not None:
            cards.remove(spare)
        if not cards:
            continue
        plan = meld_everything(r, melds, cards, have=have, need=0 if foot else None)
        if plan is None:
            continue
        groups = [g for rank, g in plan.items() if rank not in melds]
        adds = {rank: g for rank, g in plan.items() if rank in melds and g}
        action = legal_meld(seat, groups, adds)
        if action is not None:
            lines.append(action)
    return lines


def _stranded(seat: Seat) -> list[Card] | None:
    """The cards no going out can meld (a lone natural of a rank the side has not melded, one
    or two black threes), or ``None`` when there are more of them than one discard
    (``going_out.stranded``, from the split hand)."""
    r = seat.rules
    melds = seat.sets
    out: list[Card] = []
    need = r.min_naturals
    for rank, cards in seat.naturals.items():
        if rank not in melds and len(cards) < need:
            out += cards
            if len(out) > 1:
                return None
    if seat.threes and "3" not in melds and seat.threes < fewest_to_meld(r, "3"):
        out += [c for c in seat.hand if c.rank == "3"]
        if len(out) > 1:
            return None
    return out


def _spares(rules: Rules, melds: dict[str, TableMeld], hand: list[Card]) -> list[Card]:
    """One card of each rank whose discard could end a going out: not the last but one of a
    rank that must still make a new meld (what is left of it would be stranded)."""
    counts: dict[str, int] = {}
    for c in hand:
        counts[c.rank] = counts.get(c.rank, 0) + 1
    spares: dict[str, Card] = {}
    for c in hand:
        if c.rank in spares:
            continue
        rest = counts[c.rank] - 1
        if (c.is_wild or c.rank in melds or rest == 0
                or rest >= fewest_to_meld(rules, c.rank)):
            spares[c.rank] = c
    return list(spares.values())


def _canastas_within_reach(r: Rules, melds: dict[str, TableMeld], seat: Seat,
                           have: int) -> bool:
    """Could melding the whole hand give the side the canastas it needs to go out? (A quick
    bound: each meld with all its naturals from the hand and every wild card.)"""
    wilds = len(seat.wilds)
    naturals: dict[str, int] = {rank: m.naturals for rank, m in melds.items()}
    for rank, cards in seat.naturals.items():
        naturals[rank] = naturals.get(rank, 0) + len(cards)
    if seat.threes:
        naturals["3"] = naturals.get("3", 0) + seat.threes
    for rank, n in naturals.items():
        w = melds[rank].wilds if rank in melds else 0
        if n + w + min(wilds, wild_room(r, rank, n, w)) >= r.canasta_size:
            have += 1
    return have >= r.canastas_to_go_out


def meld_actions(seat: Seat, out: list[Meld]) -> list[Meld]:
    """Building melds (``out``: the going-out lines, already found, left out here)."""
    melded = bool(seat.table)
    legal: list[Meld] = smallest_melds(seat) if melded else []
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
    # the same move twice is offered once: a going-out line, then a smallest form, first
    seen = {_key(a.groups, a.add) for a in out}
    if seen or any(len(g) + len(a) == 1 for g, a in cands):   # a smallest form has one
        keys = [_key(a.groups, a.add) for a in legal]
        if seen:
            legal = [a for a, k in zip(legal, keys, strict=True) if k not in seen]
        seen.update(keys)
    for groups, adds in cands:
        key = _key([[c.text for c in g] for g in groups],
                   {k: [c.text for c in v] for k, v in adds.items()})
        if key in seen:
            continue
        seen.add(key)
        action = legal_meld(seat, groups, adds)
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
