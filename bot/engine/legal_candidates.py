"""The building melds of sets offered beside the smallest forms, for ``legal``: the largest
melds the hand allows (with and without wild cards) and, a side that has not melded, the
same with the weakest left out; each judged as the planner judges it.

Each group and lay-off is worked out once a call (``Seat.part``), so a candidate costs a
look at its groups, not at their cards. The same move twice is offered once
(``same_moves``).
"""

from __future__ import annotations

from operator import itemgetter

from .actions import Meld, meld_of
from .cards import Card
from .errors import accepted
from .going_out_verdict import judged_going_out
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
from .planning import plan_meld
from .same_moves import NOTHING_SEEN, Key, Lazy, Seen, key_of, of_move, of_parts

_POINTS = itemgetter(7)   # a part's points
# what a candidate's groups add up to: cards, all lawful, points, a canasta made, a natural
# canasta made, a group of threes among them
Prefix = tuple[int, bool, int, bool, bool, bool]


def meld_actions(seat: Seat, out: list[Meld], sets_out: int = 0) -> list[Meld]:
    """Building melds (``out``: the going-out lines, already found, left out here; the
    first ``sets_out`` of them ``going_out_lines``', the whole hand's first where there is
    one, every other keeping back one card)."""
    melded = bool(seat.table)
    legal: list[Meld] = smallest_melds(seat) if melded else []
    cands: list[tuple[Groups, Adds, list[Part] | None, int]] = []   # (... cards)
    ladders: list[_Ladder] = []
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
            cands.append((groups, adds, parts, _cards(groups, adds)))
            if (plain_groups or plain_adds) and (plain_groups, plain_adds) != (groups, adds):
                cands.append((plain_groups, plain_adds, plain_parts,
                              _cards(plain_groups, plain_adds)))
            if parts is not None and plain_parts is not None:
                # The initial meld: melding everything may be going out without a canasta,
                # so also offer the hand's best melds with the weakest left out.
                # (a ladder of one group has no rungs; the plain ladder the same groups as
                # the first offers only moves already seen)
                ladders = [_Ladder(seat, ps) for ps in (parts, plain_parts)
                           if len(ps) > 1 and (ps is parts or ps != parts)]
    # The same move twice is offered once: a going-out line, then a smallest form, first.
    seen = Seen() if out or not plain else NOTHING_SEEN
    if out:
        # (a line is kept only where a later move has as many cards: a candidate, a rung)
        sizes = [_used(a) for a in legal]   # the smallest forms'
        later = None if plain else (set(sizes) | {c[3] for c in cands}
                                    | {p[0] for ladder in ladders
                                       for p in ladder.prefixes[:-1]})
        kept_back = len(seat.hand) - 1
        for i, a in enumerate(out):
            size = kept_back if 0 < i < sets_out else _used(a)
            if later is None or size in later:
                seen.put(size, of_move(a))
        if sizes and max(sizes) >= kept_back:   # (no line melds fewer cards)
            kept = [a for a, size in zip(legal, sizes, strict=True)
                    if not seen.has(size, of_move(a))]
            if len(kept) < len(legal):
                legal = kept
    smallest = len(legal)
    if plain:
        found = _plain_melded(seat, legal, seen)
        if found is not None:
            legal += found
            return legal
        if seen is NOTHING_SEEN:
            seen = Seen()
        groups, adds = greedy_melds(seat)[0]
        cands = [(groups, adds, None, _cards(groups, adds))]
    slots: list[Slot] | None = None   # the smallest forms' slots, when first asked
    for groups, adds, parts, size in cands:
        if parts is None:
            parts = [seat.part(g) for g in groups]
        add_parts = [seat.part(v, k) for k, v in adds.items()]
        key = of_parts(parts, add_parts)
        if seen.add(size, key):
            continue
        if smallest and len(groups) + len(adds) == 1:
            one = (True, parts[0][1], size) if groups else (False, add_parts[0][1], size)
            if slots is None:
                slots = [slot_of(a) for a in legal[:smallest]]
            if any(s == one and key_of(a.groups, a.add) == key(True)
                   for a, s in zip(legal, slots, strict=False)):
                continue
        action = _candidate(seat, groups, adds, parts, add_parts, size, None)
        if action is not None:
            legal.append(action)
    for i, ladder in enumerate(ladders):
        ladder.offer(seen, legal, {p[0] for later in ladders[i + 1:]
                                         for p in later.prefixes[:-1]})
    hand = len(seat.hand)
    if not melded and not any(hand - _used(a) >= 2 for a in legal):
        initial = _initial_meld(seat)
        if initial is not None:
            legal.append(initial)
    return legal


def _plain_melded(seat: Seat, smallest: list[Meld], seen: Seen) -> list[Meld] | None:
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
    three = any(p[2] for p in add_parts) or (any(p[2] for p in parts) if prefix is None
                                             else prefix[5])
    if three and seat.rules.black_threes_any_time:
        three = not _threes_any_time(seat, parts, add_parts)
    if seat.building and size <= seat.keeps and not three:
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
        by_counts = _by_counts(seat, parts)
        if (size <= seat.keeps and by_counts
                and not (all(p[4] for p in parts) and all(p[4] for p in add_parts))):
            # a meld the law of melds refuses (A.6: black threes), in a move that does not
            # go out: where sets are one a rank, the planner's own question and answer
            return None
        verdict = (judged_going_out(seat, parts, add_parts, size)
                   if size > seat.keeps and by_counts else None)
        if verdict is None:
            verdict = accepted(plan_meld, seat.game, seat.player, groups, list(adds.items()),
                               check_held=False)
        if not verdict:
            return None
    return meld_of([p[8] for p in parts], {k: p[8] for k, p in zip(adds, add_parts, strict=True)})


def _by_counts(seat: Seat, parts: list[Part]) -> bool:
    """Does the planner judge a candidate's melds by the counts ``Seat.part`` works out:
    where sets are one a rank, or where a rank may have two melds but no group is of a
    rank the side has melded (it would start a second meld of it)?"""
    r = seat.rules
    if r.one_set_a_rank:
        return True
    if r.special_hands:
        return False
    sets = seat.sets
    return not any(p[1] in sets for p in parts)


def _threes_any_time(seat: Seat, parts: list[Part], add_parts: list[Part]) -> bool:
    """Kombo, black threes melded any time: are the candidate's melds of threes judged as
    any other meld (at most four threes each, none a second meld of threes)?"""
    sets = seat.sets
    return (all(p[5] + p[6] <= 4 for p in add_parts if p[2])
            and all(p[5] + p[6] <= 4 and p[1] not in sets for p in parts if p[2]))


class _Ladder:
    """A side that has not melded: its groups (their parts) less the weakest, less the two
    weakest, ... down to one (the rungs), each judged by what its groups add up to
    (``Prefix``, worked out once for all) where ``_candidate`` would judge it so."""

    def __init__(self, seat: Seat, groups: list[Part]) -> None:
        self.seat = seat
        self.parts = parts = sorted(groups, key=_POINTS, reverse=True)   # (a stable sort)
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

    def _key(self, n: int) -> Lazy:
        """The shape or ``key_of`` the rung of ``n`` groups, when asked."""
        def lazy(full: bool) -> Key:
            if not full:
                return n, self.squares[n - 1], ()
            sorted_texts = self.keys
            if sorted_texts is None:
                sorted_texts = self.keys = [tuple(sorted(t)) for t in self.texts]
            return tuple(sorted(sorted_texts[:n])), ()
        return lazy

    def offer(self, seen: Seen, legal: list[Meld], later: set[int]) -> None:
        """The rungs not seen before, that the law and the initial minimum allow (``later``:
        the sizes of the rungs to come after these, the only moves still to be told apart
        from them: a rung of another size is not kept in ``seen``)."""
        seat = self.seat
        parts, texts, prefixes = self.parts, self.texts, self.prefixes
        keeps, building = seat.keeps, seat.building
        minimum = seat.game.minimum_of(seat.player)
        for n in range(len(parts) - 1, 0, -1):
            prefix = prefixes[n - 1]
            size, lawful, points, made, made_natural, three = prefix
            if (size in later or seen.holds(size)) and seen.add(size, self._key(n)):
                continue
            if building and size <= keeps and not three:
                if lawful and meets_minimum(seat, points, made, made_natural, minimum):
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


def _cards(groups: Groups, adds: Adds) -> int:
    return sum(map(len, groups)) + sum(map(len, adds.values()))


def _used(action: Meld) -> int:
    return sum(map(len, action.groups)) + sum(map(len, action.add.values()))
