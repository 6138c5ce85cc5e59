"""Going out (A.9): can these cards all be melded, with the canastas going out needs, and how.

Going out melds every card but the one discarded, so the naturals have nowhere to go but the
meld of their rank; the only freedom is where the wild cards go. That makes the question
exact and cheap: each meld takes between the wild cards it needs (a meld has three cards) and
the wild cards it may hold, and the spare wild cards complete the canastas closest to seven.
"""

from __future__ import annotations

from collections.abc import Iterable

from .cards import Card
from .melds import TableMeld, law_key, meld_ok, remembered
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
    one card (going out's spares): each rank's meld and what the melds add up to are worked
    out once, then only the rank of the card left out changes."""

    def __init__(self, rules: Rules, melds: dict[str, TableMeld], counts: dict[str, int],
                 wild_count: int, *, have: int = 0, need: int | None = None) -> None:
        self.rules, self.melds, self.counts = rules, melds, counts
        self.wild_count, self.have = wild_count, have
        self.need = rules.canastas_to_go_out if need is None else need
        size = rules.canasta_size
        # the order wilds_given sorts its melds in: natural canastas last, then by rank
        ranks = sorted(set(counts) | set(melds))
        last = [rank for rank, m in melds.items() if not m.wilds and len(m.cards) >= size]
        if last:
            ranks = ([rank for rank in ranks if rank not in last]
                     + [rank for rank in ranks if rank in last])
        self.ranks = ranks
        self.index = {rank: i for i, rank in enumerate(ranks)}
        self.known = _entries(rules)
        self.entries: dict[str, Entry] = {}
        self.failed: list[str] = []
        self._whole: list[tuple[str, int]] | None = None   # ``whole``, once worked out
        self._whole_known = False
        # the whole hand's rows (a meld that cannot be made: no wild cards, no room), their
        # fewest wild cards, the room for more, the canastas made and the melds a gap short
        self.sizes: list[int] = []
        self.lows: list[int] = []
        self.highs: list[int] = []
        self.made = 0
        short: list[tuple[int, str, int]] = []
        for i, rank in enumerate(ranks):
            entry = self.entries[rank] = self._entry(rank, counts.get(rank, 0))
            if entry is None:
                self.failed.append(rank)
                self.sizes.append(0)
                self.lows.append(0)
                self.highs.append(0)
                continue
            s, lo, hi = entry
            self.sizes.append(s)
            self.lows.append(lo)
            self.highs.append(hi)
            if s + lo >= size:
                self.made += 1
            elif size <= s + hi:
                short.append((size - s - lo, rank, i))
        short.sort()
        self.short = short
        self.low_sum = sum(self.lows)
        self.room = sum(self.highs) - self.low_sum

    def _entry(self, rank: str, own: int) -> tuple[int, int, int] | None:
        """(size before wild cards, fewest wild cards, most wild cards), or ``None`` when
        the meld cannot be made (``meld_entry``, remembered)."""
        old = self.melds.get(rank)
        key = (rank, own, len(old.cards), old.wilds) if old else (rank, own, 0, 0)
        try:
            return self.known[key]
        except KeyError:
            known = self.known[key] = meld_entry(self.rules, rank, own, old)
            return known

    def without(self, spare: Card | None, keep_natural: bool = False,
                spoil_natural: bool = False) -> list[tuple[str, int]] | None:
        """``wilds_given`` for the hand less ``spare`` (``None``: the whole hand).
        ``keep_natural``: the spare wild cards go to a meld that would otherwise be a
        natural canasta last (where going out needs a natural canasta, the first answer may
        spoil the only one); ``spoil_natural``: first (where going out needs mixed
        canastas, a natural one may have to become mixed: Hand and Foot)."""
        wild_count = self.wild_count
        changed: str | None = None
        if spare is not None:
            if spare.is_wild:
                wild_count -= 1
            else:
                changed = spare.rank
                if not (keep_natural or spoil_natural) and self.alike(changed):
                    return self.whole()   # every row as the whole hand's
        if self.failed and any(rank != changed for rank in self.failed):
            return None
        size = self.rules.canasta_size
        lows, highs, sizes = self.lows, self.highs, self.sizes
        low_sum, room, canastas = self.low_sum, self.room, self.have + self.made
        short = self.short
        skip = -1   # the row of the rank left out, when none of it is left to meld
        if changed is not None:
            i = self.index[changed]
            old = self.entries[changed]
            if old is not None:
                s, lo, hi = old
                low_sum -= lo
                room -= hi - lo
                if s + lo >= size:
                    canastas -= 1
            own = self.counts[changed] - 1
            fresh: tuple[int, int, int] | None = None
            if own or changed in self.melds:
                fresh = self._entry(changed, own)
                if fresh is None:
                    return None
            lows, highs, sizes = list(lows), list(highs), list(sizes)
            short = [e for e in short if e[1] != changed]
            if fresh is None:
                skip = i
                lows[i] = highs[i] = sizes[i] = 0
            else:
                s, lo, hi = fresh
                lows[i], highs[i], sizes[i] = lo, hi, s
                low_sum += lo
                room += hi - lo
                if s + lo >= size:
                    canastas += 1
                elif size <= s + hi:
                    short.append((size - s - lo, changed, i))
                    short.sort()
        spare_wilds = wild_count - low_sum
        if spare_wilds < 0 or spare_wilds > room:
            return None
        given = list(lows)
        need = self.need
        if short and canastas < need:
            for gap, _, i in short:
                if canastas >= need or gap > spare_wilds:
                    break
                given[i] += gap
                spare_wilds -= gap
                canastas += 1
        if canastas < need:
            return None
        ranks = self.ranks
        if spare_wilds:
            order: Iterable[int] = range(len(ranks))
            if keep_natural or spoil_natural:
                order = sorted(order, key=lambda i: self._natural_canasta(
                    ranks[i], sizes[i], given[i]) is keep_natural)
            for i in order:
                more = min(spare_wilds, highs[i] - given[i])
                given[i] += more
                spare_wilds -= more
                if not spare_wilds:
                    break
        if skip < 0:
            return list(zip(ranks, given, strict=True))
        return [(rank, n) for i, (rank, n) in enumerate(zip(ranks, given, strict=True))
                if i != skip]

    def alike(self, rank: str) -> bool:
        """Does the hand less one natural of ``rank`` spread its wild cards as the whole
        hand does (``without``'s answer is ``whole``'s): the rank's meld keeps its fewest
        and most wild cards and counts alike (``_alike``)?"""
        if self.failed:
            return False
        old = self.entries[rank]
        own = self.counts[rank] - 1
        if old is None or not (own or rank in self.melds):
            return False
        fresh = self._entry(rank, own)
        return (fresh is not None and fresh[1] == old[1] and fresh[2] == old[2]
                and self._alike(fresh, old))

    def _alike(self, fresh: tuple[int, int, int], old: tuple[int, int, int]) -> bool:
        """Does a row that keeps its fewest and most wild cards (``old`` for the whole
        hand, ``fresh`` less a natural) leave the wild cards spread as the whole hand's:
        the canastas the melds make by themselves are enough either way (the melds a gap
        short are not looked at), or the row counts alike (a canasta, or not even a gap
        short of one)?"""
        size = self.rules.canasta_size
        made, now = old[0] + old[1] >= size, fresh[0] + fresh[1] >= size
        canastas = self.have + self.made
        if canastas >= self.need and canastas - made + now >= self.need:
            return True
        return made == now and (made or (old[0] + old[2] < size and fresh[0] + fresh[2] < size))

    def whole(self) -> list[tuple[str, int]] | None:
        """``without(None)``, worked out once (the list is shared: not to be changed)."""
        if not self._whole_known:
            self._whole = self.without(None)
            self._whole_known = True
        return self._whole

    def _natural_canasta(self, rank: str, size: int, given: int) -> bool:
        """Would the meld of ``rank`` be a natural canasta with no more wild cards?"""
        old = self.melds.get(rank)
        return (not given and size >= self.rules.canasta_size
                and (old is None or not old.wilds))


def meld_entry(rules: Rules, rank: str, own: int,
               old: TableMeld | None) -> tuple[int, int, int] | None:
    """The meld of ``rank`` going out, with ``own`` naturals from the hand joining ``old``
    (the side's meld, or none): its size before wild cards, the fewest wild cards it needs
    and the most it may take, or ``None`` when it cannot be made."""
    n = own + (old.naturals if old else 0)
    w0 = old.wilds if old else 0
    hi = wild_room(rules, rank, n, w0)
    lo = max(0, 3 - n - w0) if own else 0
    if lo > hi or (own and not meld_ok(rules, rank, n, w0 + lo, True)):
        return None
    return n + w0, lo, hi


Entry = tuple[int, int, int] | None


def _entries(rules: Rules) -> dict[tuple[str, int, int, int], Entry]:
    """``meld_entry``'s answers remembered on the rules (as ``melds.law_of_melds``)."""
    return remembered(rules, "_going_out_entries",
                      lambda r: (law_key(r), r.meld_base, r.wildless_ranks))


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
