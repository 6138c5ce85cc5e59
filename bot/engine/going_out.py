"""Going out (A.9): can these cards all be melded, with the canastas going out needs, and how.

Going out melds every card but the one discarded, so the naturals have nowhere to go but the
meld of their rank; the only freedom is where the wild cards go. That makes the question
exact and cheap: each meld takes between the wild cards it needs (a meld has three cards) and
the wild cards it may hold, and the spare wild cards complete the canastas closest to seven.
"""

from __future__ import annotations

from collections.abc import Iterable

from .cards import Card
from .melds import TableMeld, meld_ok
from .rules import Rules


def wild_room(rules: Rules, rank: str, naturals: int, wilds: int) -> int:
    """How many more wild cards a meld of ``rank`` with these counts may take (A.6, B.10.2)."""
    if rank == "3" or (rank in rules.wildless_ranks and not wilds):
        return 0
    if naturals < rules.meld_base:   # Modern American's rule of five (after the first meld)
        return 0
    room = rules.max_wilds - wilds
    if rules.wilds_at_most_naturals:
        room = min(room, naturals - wilds)
    if rules.wilds_fewer_than_naturals:
        room = min(room, naturals - wilds - 1)
    if rules.max_meld_size is not None:
        room = min(room, rules.max_meld_size - naturals - wilds)
    return max(0, room)


def meld_everything(rules: Rules, melds: dict[str, TableMeld], cards: list[Card], *,
                    top: Card | None = None, top_wilds: int | None = None,
                    lay_off_wilds: bool = True, have: int = 0,
                    need: int | None = None) -> dict[str, list[Card]] | None:
    """Every one of ``cards`` melded, leaving the side with the canastas it needs to go out.

    Returns the cards each rank's meld receives, or ``None`` when there is no such move.
    ``top``: the pile's top card, which joins the meld of its rank (taking the pile), with
    exactly ``top_wilds`` wild cards from ``cards`` beside it. ``lay_off_wilds=False``: a wild
    card may only join a meld that also receives a natural from ``cards`` (the further melds
    of a pile take are groups, and a group needs a natural). ``melds``: the side's sets;
    ``have``: its other canastas that count for going out (sequences, wild melds);
    ``need``: the canastas needed (Hand and Foot's foot waiting: 0; default the rules').
    """
    naturals: dict[str, list[Card]] = {}
    wilds: list[Card] = []
    for c in cards:
        if c.is_wild:
            wilds.append(c)
        else:
            naturals.setdefault(c.rank, []).append(c)
    given = wilds_given(rules, melds, {rank: len(cs) for rank, cs in naturals.items()},
                        len(wilds), top=top, top_wilds=top_wilds, lay_off_wilds=lay_off_wilds,
                        have=have, need=need)
    return None if given is None else assemble(given, naturals, wilds, top)


def wilds_given(rules: Rules, melds: dict[str, TableMeld], counts: dict[str, int],
                wild_count: int, *, top: Card | None = None, top_wilds: int | None = None,
                lay_off_wilds: bool = True, have: int = 0,
                need: int | None = None) -> list[tuple[str, int]] | None:
    """``meld_everything`` by counts: each meld that receives cards (``counts``: the naturals
    of each rank, none of them 0; ``wild_count`` wild cards), in the order it lists them,
    with the wild cards it gets; ``None`` when there is no such move."""
    need = rules.canastas_to_go_out if need is None else need
    # (rank, size before wild cards, fewest wild cards, most wild cards)
    entries: list[tuple[str, int, int, int]] = []
    for rank in set(counts) | set(melds) | ({top.rank} if top else set()):
        old = melds.get(rank)
        own = counts.get(rank, 0) + (1 if top is not None and rank == top.rank else 0)
        n = own + (old.naturals if old else 0)
        w0 = old.wilds if old else 0
        hi = wild_room(rules, rank, n, w0) if own or lay_off_wilds else 0
        lo = max(0, 3 - n - w0) if own else 0
        if top is not None and rank == top.rank and top_wilds is not None:
            if not lo <= top_wilds <= hi:
                return None
            lo = hi = top_wilds
        if lo > hi or (own and not meld_ok(rules, rank, n, w0 + lo, True)):
            return None
        entries.append((rank, n + w0, lo, hi))
    # spare wild cards go to natural canastas last (a wild card would make them mixed)
    entries.sort(key=lambda e: (e[0] in melds and melds[e[0]].wilds == 0
                                and melds[e[0]].is_canasta(rules), e[0]))
    spare = wild_count - sum(e[2] for e in entries)
    if spare < 0 or spare > sum(e[3] - e[2] for e in entries):
        return None
    given = {rank: lo for rank, _, lo, _ in entries}
    size = rules.canasta_size
    canastas = have + sum(1 for _, s, lo, _ in entries if s + lo >= size)
    short = sorted((size - s - lo, rank) for rank, s, lo, hi in entries
                   if s + lo < size <= s + hi)
    for gap, rank in short:
        if canastas >= need or gap > spare:
            break
        given[rank] += gap
        spare -= gap
        canastas += 1
    if canastas < need:
        return None
    for rank, _, _, hi in entries:
        more = min(spare, hi - given[rank])
        given[rank] += more
        spare -= more
    return [(rank, given[rank]) for rank, _, _, _ in entries]


class Everything:
    """``wilds_given`` for one hand (no top card), asked again and again for the hand less
    one card (going out's spares): each rank's meld is worked out once, then only the rank
    of the card left out."""

    def __init__(self, rules: Rules, melds: dict[str, TableMeld], counts: dict[str, int],
                 wild_count: int, *, have: int = 0, need: int | None = None) -> None:
        self.rules, self.melds, self.counts = rules, melds, counts
        self.wild_count, self.have = wild_count, have
        self.need = rules.canastas_to_go_out if need is None else need
        # the order wilds_given sorts its melds in: natural canastas last, then by rank
        self.ranks = sorted(set(counts) | set(melds),
                            key=lambda rank: (rank in melds and melds[rank].wilds == 0
                                              and melds[rank].is_canasta(rules), rank))
        self.entries = {rank: self._entry(rank, counts.get(rank, 0)) for rank in self.ranks}
        self.failed = [rank for rank, entry in self.entries.items() if entry is None]

    def _entry(self, rank: str, own: int) -> tuple[int, int, int] | None:
        """(size before wild cards, fewest wild cards, most wild cards), or ``None`` when
        the meld cannot be made."""
        rules = self.rules
        old = self.melds.get(rank)
        n = own + (old.naturals if old else 0)
        w0 = old.wilds if old else 0
        hi = wild_room(rules, rank, n, w0)
        lo = max(0, 3 - n - w0) if own else 0
        if lo > hi or (own and not meld_ok(rules, rank, n, w0 + lo, True)):
            return None
        return n + w0, lo, hi

    def without(self, spare: Card | None,
                keep_natural: bool = False) -> list[tuple[str, int]] | None:
        """``wilds_given`` for the hand less ``spare`` (``None``: the whole hand).
        ``keep_natural``: the spare wild cards go to a meld that would otherwise be a
        natural canasta last (where going out needs a natural canasta, the first answer may
        spoil the only one)."""
        wild_count = self.wild_count
        changed: str | None = None
        if spare is not None:
            if spare.is_wild:
                wild_count -= 1
            else:
                changed = spare.rank
        if self.failed and any(rank != changed for rank in self.failed):
            return None
        entries = self.entries
        fresh: tuple[int, int, int] | None = None
        if changed is not None:
            own = self.counts[changed] - 1
            if own or changed in self.melds:
                fresh = self._entry(changed, own)
                if fresh is None:
                    return None
        size = self.rules.canasta_size
        # one pass: the melds in order, their fewest wild cards, the room for more, the
        # canastas made and the melds a canasta's gap short
        rows: list[tuple[str, int, int]] = []   # rank, fewest wild cards, most
        lows = room = 0
        canastas = self.have
        short: list[tuple[int, str, int]] = []
        sizes: list[int] = []   # each row's size before wild cards
        for rank in self.ranks:
            if rank == changed:
                if fresh is None:
                    continue
                s, lo, hi = fresh
            else:
                s, lo, hi = entries[rank]   # type: ignore[misc]
            lows += lo
            room += hi - lo
            if s + lo >= size:
                canastas += 1
            elif size <= s + hi:
                short.append((size - s - lo, rank, len(rows)))
            rows.append((rank, lo, hi))
            sizes.append(s)
        spare_wilds = wild_count - lows
        if spare_wilds < 0 or spare_wilds > room:
            return None
        given = [lo for _, lo, _ in rows]
        if short and canastas < self.need:
            short.sort()
            for gap, _, i in short:
                if canastas >= self.need or gap > spare_wilds:
                    break
                given[i] += gap
                spare_wilds -= gap
                canastas += 1
        if canastas < self.need:
            return None
        if spare_wilds:
            order: Iterable[int] = range(len(rows))
            if keep_natural:
                order = sorted(order, key=lambda i: self._natural_canasta(rows[i][0],
                                                                          sizes[i], given[i]))
            for i in order:
                hi = rows[i][2]
                more = min(spare_wilds, hi - given[i])
                given[i] += more
                spare_wilds -= more
                if not spare_wilds:
                    break
        return [(row[0], n) for row, n in zip(rows, given, strict=True)]

    def _natural_canasta(self, rank: str, size: int, given: int) -> bool:
        """Would the meld of ``rank`` be a natural canasta with no more wild cards?"""
        old = self.melds.get(rank)
        return (not given and size >= self.rules.canasta_size
                and (old is None or not old.wilds))


def assemble(given: list[tuple[str, int]], naturals: dict[str, list[Card]],
             wilds: list[Card], top: Card | None = None) -> dict[str, list[Card]]:
    """``meld_everything``'s cards for each meld: the rank's naturals, then its wild cards
    from the end of ``wilds`` (which ``assemble`` does not change)."""
    wilds = list(wilds)
    out: dict[str, list[Card]] = {}
    for rank, count in given:
        got = list(naturals.get(rank, ()))
        for _ in range(count):
            got.append(wilds.pop())
        if got or (top is not None and rank == top.rank):
            out[rank] = got
    return out


def fewest_to_meld(rules: Rules, rank: str) -> int:
    """The fewest cards of ``rank`` from the hand that can start its meld when going out
    (black threes: three of them; otherwise the naturals a meld needs)."""
    if rank == "3":
        return 3 if rules.black_threes_meldable else 99   # Hand and Foot: never melded
    return rules.min_naturals


def stranded(rules: Rules, melds: dict[str, TableMeld], hand: list[Card]) -> list[Card] | None:
    """The cards no going out can meld (a lone natural of a rank the side has not melded, one
    or two black threes), or ``None`` when there are more of them than one discard."""
    counts: dict[str, list[Card]] = {}
    for c in hand:
        if not c.is_wild:
            counts.setdefault(c.rank, []).append(c)
    out: list[Card] = []
    for rank, cs in counts.items():
        if rank in melds:
            continue
        if len(cs) < fewest_to_meld(rules, rank):
            out += cs
            if len(out) > 1:
                return None
    return out
