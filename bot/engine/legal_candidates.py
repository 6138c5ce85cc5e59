"""The building melds of sets offered beside the smallest forms, for ``legal``: the largest
melds the hand allows (with and without wild cards) and, a side that has not melded, the
same with the weakest left out; each judged as the planner judges it.

Each group and lay-off is worked out once a call (``Seat.part``), so a candidate costs a
look at its groups, not at their cards. The same move twice is offered once: moves are told
apart by their cards (``_key``), and only moves of as many cards can share a key, so a key
is worked out only when another move of its size comes (``_Seen``).
"""

from __future__ import annotations

from collections.abc import Callable

from .actions import Meld, meld_of
from .cards import Card
from .errors import accepted
from .initial_meld import MeldTable, most_points
from .legal_melds import (
    Adds,
    Groups,
    Part,
    Seat,
    Slot,
    greedy_melds,
    legal_meld,
    meets_minimum,
    smallest_melds,
)
from .legal_melds import slot as slot_of
from .melds import meld_ok, set_kind
from .offered import by_rank
from .planning import plan_meld
from .rules import CANASTA_MINIMUM, NATURAL_CANASTA_MINIMUM

Key = tuple[object, ...]
Lazy = Callable[[bool], Key]   # a move's shape (False) or key (True), when asked
# what a candidate's groups add up to: cards, all lawful, points, a canasta made, a natural
# canasta made, a group of threes among them
Prefix = tuple[int, bool, int, bool, bool, bool]


class _Seen:
    """The moves offered so far, by their number of cards and then by their shape (the
    number of groups and the sum of their sizes' squares, the lay-offs' sizes): only moves
    of as many cards and of one shape can be the same move. The shapes of a size are worked
    out only when a second move of it comes, and the keys of a shape only when a second
    move of it comes."""

    def __init__(self) -> None:
        self.waiting: dict[int, list[Lazy]] = {}
        self.shapes: dict[int, dict[Key, _Same]] = {}

    def _shapes(self, size: int) -> dict[Key, _Same] | None:
        shapes = self.shapes.get(size)
        if shapes is None:
            waiting = self.waiting.get(size)
            if waiting is None:
                return None
            shapes = self.shapes[size] = {}
            for move in waiting:
                shape = move(False)
                same = shapes.get(shape)
                if same is None:
                    shapes[shape] = _Same(move)
                else:
                    same.put(move)
        return shapes

    def has(self, size: int, move: Lazy) -> bool:
        shapes = self._shapes(size)
        if shapes is None:
            return False
        same = shapes.get(move(False))
        return same is not None and same.has(move)

    def put(self, size: int, move: Lazy) -> None:
        """A move seen (not compared with those before it)."""
        shapes = self.shapes.get(size)
        if shapes is None:
            self.waiting.setdefault(size, []).append(move)
            return
        shape = move(False)
        same = shapes.get(shape)
        if same is None:
            shapes[shape] = _Same(move)
        else:
            same.put(move)

    def add(self, size: int, move: Lazy) -> bool:
        """Was this move seen? (Then it is now.)"""
        shapes = self._shapes(size)
        if shapes is None:
            self.waiting[size] = [move]
            return False
        shape = move(False)
        same = shapes.get(shape)
        if same is None:
            shapes[shape] = _Same(move)
            return False
        return same.add(move)


class _Same:
    """The moves seen of one size and shape, their keys worked out when a second comes."""

    def __init__(self, move: Lazy) -> None:
        self.waiting = [move]
        self.keys: set[Key] | None = None

    def _keys(self) -> set[Key]:
        keys = self.keys
        if keys is None:
            keys = self.keys = {move(True) for move in self.waiting}
        return keys

    def has(self, move: Lazy) -> bool:
        return move(True) in self._keys()

    def put(self, move: Lazy) -> None:
        if self.keys is None:
            self.waiting.append(move)
        else:
            self.keys.add(move(True))

    def add(self, move: Lazy) -> bool:
        keys = self._keys()
        k = move(True)
        if k in keys:
            return True
        keys.add(k)
        return False


_NOTHING_SEEN = _Seen()   # read only (``_plain_melded``), where nothing was offered before


def meld_actions(seat: Seat, out: list[Meld]) -> list[Meld]:
    """Building melds (``out``: the going-out lines, already found, left out here)."""
    melded = bool(seat.table)
    legal: list[Meld] = smallest_melds(seat) if melded else []
    cands: list[tuple[Groups, Adds, list[Part] | None]] = []
    ladders: list[_Ladder] = []
    keys = _Keys()
    # a side that has melded, with no wild card in hand: one candidate, melding every
    # natural that fits (``_plain_melded``)
    plain = melded and seat.building and not seat.wilds and not (
        len(seat.black) >= 3 and seat.rules.black_threes_meldable)
    if not plain:
        (groups, adds), (plain_groups, plain_adds) = greedy_melds(seat)
        if groups or adds:
            # (a side that has not melded: its groups worked out here, for its ladders too)
            parts = None if melded else [seat.part(g) for g in groups]
            plain_parts = None if melded else [seat.part(g) for g in plain_groups]
            cands.append((groups, adds, parts))
            if (plain_groups or plain_adds) and (plain_groups, plain_adds) != (groups, adds):
                cands.append((plain_groups, plain_adds, plain_parts))
            if parts is not None and plain_parts is not None:
                # The initial meld: melding everything may be going out without a canasta,
                # so also offer the hand's best melds with the weakest left out.
                ladders = [_Ladder(seat, parts), _Ladder(seat, plain_parts)]
    # The same move twice is offered once: a going-out line, then a smallest form, first.
    seen = _Seen() if out or not plain else _NOTHING_SEEN
    if out:
        for a in out:
            seen.put(_used(a), keys.of_move(a))
        kept = [a for a in legal if not seen.has(_used(a), keys.of_move(a))]
        if len(kept) < len(legal):
            legal = kept
    smallest = len(legal)
    if plain:
        found = _plain_melded(seat, legal, seen)
        if found is not None:
            legal += found
            return legal
        if seen is _NOTHING_SEEN:
            seen = _Seen()
        cands = [(*greedy_melds(seat)[0], None)]
    slots: list[Slot] | None = None   # the smallest forms' slots, when first asked
    for groups, adds, parts in cands:
        size = sum(map(len, groups)) + sum(map(len, adds.values()))
        if parts is None:
            parts = [seat.part(g) for g in groups]
        add_parts = [seat.part(v, k) for k, v in adds.items()]
        key = keys.of_parts(parts, add_parts)
        if seen.add(size, key):
            continue
        if smallest and len(groups) + len(adds) == 1:
            one = (True, parts[0][1], size) if groups else (False, add_parts[0][1], size)
            if slots is None:
                slots = [slot_of(a) for a in legal[:smallest]]
            if any(s == one and _key(a.groups, a.add) == key(True)
                   for a, s in zip(legal, slots, strict=False)):
                continue
        action = _candidate(seat, groups, adds, parts, add_parts, size, None)
        if action is not None:
            legal.append(action)
    for ladder in ladders:
        ladder.offer(seen, keys, legal)
    hand = len(seat.hand)
    if not melded and not any(hand - _used(a) >= 2 for a in legal):
        initial = _initial_meld(seat)
        if initial is not None:
            legal.append(initial)
    return legal


def _plain_melded(seat: Seat, smallest: list[Meld], seen: _Seen) -> list[Meld] | None:
    """``greedy_melds``' one candidate for a side that has melded, the hand without wild
    cards (every natural laid off on its meld, three or more of a rank melded), judged by
    the law of melds as ``_candidate`` judges it: the move, none (not lawful, or the same as
    a smallest form), or ``None`` where the general path must judge (a meld of threes, a
    move that does not keep two cards, one as big as a going-out line)."""
    sets, law, rules = seat.sets, seat.law, seat.rules
    melded: list[tuple[str, list[Card], bool]] = []   # rank, cards, laid off
    size = 0
    lawful = True
    for rank, cards in seat.naturals.items():
        k = len(cards)
        m = sets.get(rank)
        if m is not None:
            if m.rank == "3":
                return None
            naturals, wilds = len(m.cards) - m.wilds + k, m.wilds
        elif k >= 3:
            naturals, wilds = k, 0
        else:
            continue
        melded.append((rank, cards, m is not None))
        size += k
        if lawful:
            ok = law.get((rank, naturals, wilds, False))
            lawful = meld_ok(rules, rank, naturals, wilds, False) if ok is None else ok
    if not size:
        return []
    if size > seat.keeps or size in seen.waiting or size in seen.shapes:
        return None
    if not lawful:
        return []
    if len(melded) == 1:
        rank, cards, laid_off = melded[0]
        one = (not laid_off, rank, len(cards))
        if any(slot_of(a) == one for a in smallest):
            return []
    groups: list[list[str]] = []
    adds: dict[str, list[str]] = {}
    for rank, cards, laid_off in melded:
        if laid_off:
            adds[rank] = [c.text for c in cards]
        else:
            groups.append([c.text for c in cards])
    return [meld_of(groups, adds)]


def _candidate(seat: Seat, groups: Groups, adds: Adds, parts: list[Part],
               add_parts: list[Part], size: int, prefix: Prefix | None) -> Meld | None:
    """``legal_meld`` of a candidate whose groups and lay-offs are worked out (``prefix``:
    what its groups add up to, where ``_Ladder`` has it)."""
    if (seat.building and size <= seat.keeps and not any(p[2] for p in add_parts)
            and (not any(p[2] for p in parts) if prefix is None else not prefix[5])):
        rules = seat.rules
        first = not seat.table
        if prefix is not None and not add_parts:
            _, lawful, points, made, made_natural, _ = prefix
            if not lawful:
                return None
        else:
            points = 0
            made = made_natural = False
            for p in parts + add_parts:
                if not p[4]:
                    return None
                if first:
                    points += p[7]
                    if p[5] + p[6] >= rules.canasta_size:
                        made = True
                        made_natural = (made_natural
                                        or set_kind(rules, p[1], p[6]) == "natural")
        if first and not meets_minimum(seat, points, made, made_natural):
            return None
    else:
        if (size <= seat.keeps and by_rank(seat.rules)
                and not (all(p[4] for p in parts) and all(p[4] for p in add_parts))):
            # a meld the law of melds refuses (A.6: black threes), in a move that does not
            # go out: where melds are sets by rank, the planner's own question and answer
            return None
        if not accepted(plan_meld, seat.game, seat.player, groups, list(adds.items()),
                        check_held=False):
            return None
    return meld_of([p[8] for p in parts], {k: p[8] for k, p in zip(adds, add_parts, strict=True)})


class _Keys:
    """``_key`` of moves and candidates, each group's and lay-off's sorted notation worked
    out once a call (by the identity of its list, which is kept alive beside it)."""

    def __init__(self) -> None:
        self.known: dict[int, tuple[list[str], tuple[str, ...]]] = {}

    def texts(self, texts: list[str]) -> tuple[str, ...]:
        known = self.known.get(id(texts))
        if known is None:
            known = self.known[id(texts)] = (texts, tuple(sorted(texts)))
        return known[1]

    def of_parts(self, parts: list[Part], add_parts: list[Part]) -> Lazy:
        """The shape or ``_key`` of a candidate, when asked."""
        def lazy(full: bool) -> Key:
            if not full:
                return (len(parts), sum([p[3] * p[3] for p in parts]),
                        tuple(sorted([(p[1], p[3]) for p in add_parts])))
            texts = self.texts
            return (tuple(sorted([texts(p[8]) for p in parts])),
                    tuple(sorted([(p[1], texts(p[8])) for p in add_parts])))
        return lazy

    def of_move(self, action: Meld) -> Lazy:
        """The shape or ``_key`` of a move, when asked."""
        def lazy(full: bool) -> Key:
            groups, add = action.groups, action.add
            if not full:
                return (len(groups), sum([len(g) * len(g) for g in groups]),
                        tuple(sorted([(str(k), len(v)) for k, v in add.items()])) if add
                        else ())
            texts = self.texts
            return (tuple(sorted([texts(g) for g in groups])),
                    tuple(sorted([(str(k), texts(v)) for k, v in add.items()])))
        return lazy


class _Ladder:
    """A side that has not melded: its groups (their parts) less the weakest, less the two
    weakest, ... down to one (the rungs), each judged by what its groups add up to
    (``Prefix``, worked out once for all) where ``_candidate`` would judge it so."""

    def __init__(self, seat: Seat, groups: list[Part]) -> None:
        self.seat = seat
        self.parts = parts = sorted(groups, key=lambda p: -p[7])
        self.texts = [p[8] for p in parts]
        rules = seat.rules
        prefixes: list[Prefix] = []
        self.squares: list[int] = []
        squares = self.squares   # the sum of the squares of the groups' sizes (a shape)
        size = points = square = 0
        lawful, made, made_natural, three = True, False, False, False
        for p in parts:
            size += p[3]
            square += p[3] * p[3]
            squares.append(square)
            points += p[7]
            lawful = lawful and p[4]
            three = three or p[2]
            if p[5] + p[6] >= rules.canasta_size:
                made = True
                made_natural = made_natural or set_kind(rules, p[1], p[6]) == "natural"
            prefixes.append((size, lawful, points, made, made_natural, three))
        self.prefixes = prefixes
        self.keys: list[tuple[str, ...]] | None = None   # each part's sorted notation

    def _key(self, keys: _Keys, n: int) -> Lazy:
        """The shape or ``_key`` of the rung of ``n`` groups, when asked."""
        def lazy(full: bool) -> Key:
            if not full:
                return n, self.squares[n - 1], ()
            sorted_texts = self.keys
            if sorted_texts is None:
                sorted_texts = self.keys = [keys.texts(t) for t in self.texts]
            return tuple(sorted(sorted_texts[:n])), ()
        return lazy

    def offer(self, seen: _Seen, keys: _Keys, legal: list[Meld]) -> None:
        """The rungs not seen before, that the law and the initial minimum allow."""
        seat = self.seat
        parts, texts, prefixes = self.parts, self.texts, self.prefixes
        keeps, building = seat.keeps, seat.building
        minimum = seat.game.minimum_of(seat.player)
        for n in range(len(parts) - 1, 0, -1):
            prefix = prefixes[n - 1]
            size, lawful, points, made, made_natural, three = prefix
            if seen.add(size, self._key(keys, n)):
                continue
            if building and size <= keeps and not three:
                if lawful and not (minimum == CANASTA_MINIMUM and not made
                                   or minimum == NATURAL_CANASTA_MINIMUM and not made_natural
                                   or points < minimum):   # (``meets_minimum``)
                    legal.append(meld_of(texts[:n], {}))
            else:
                action = _candidate(seat, [p[0] for p in parts[:n]], {}, parts[:n], [],
                                    size, prefix)
                if action is not None:
                    legal.append(action)


def _initial_meld(seat: Seat) -> Meld | None:
    """The fewest cards worth the minimum that keep two in hand (A.7), if any."""
    hand = seat.hand
    need = seat.game.minimum_of(seat.player)
    if len(hand) < 5 or most_points(seat.rules, seat.naturals, seat.wilds) < need:
        return None
    groups = MeldTable(seat.rules, seat.naturals, seat.wilds, len(hand) - 2).find(
        need, len(hand) - 2)
    return None if groups is None else legal_meld(seat, groups, {})


def _key(groups: list[list[str]], add: dict[str, list[str]]) -> Key:
    """The same move whatever the order of its cards and groups."""
    return (tuple(sorted(tuple(sorted(g)) for g in groups)),
            tuple(sorted((str(k), tuple(sorted(v))) for k, v in add.items())))


def _used(action: Meld) -> int:
    return sum(map(len, action.groups)) + sum(map(len, action.add.values()))
