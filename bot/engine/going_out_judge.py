"""The going-out lines of sets judged by their counts (``Judge``) and laid out in notation
(``quick_lines``), for ``legal_going_out``, where the rules allow (``quick_going_out``).

A big hand has a line for each of a dozen ranks, each melding nearly the whole hand. The
line that keeps back a natural of rank X mostly differs from the line melding the whole
hand only in X's meld: whenever ``Everything`` spreads the wild cards alike, its verdict is
the whole hand's but for X's meld, and so is its notation (``_Whole``; moves are never
changed once made, so lines share the lists of the melds they lay out alike).
"""

from __future__ import annotations

from typing import Any

from .actions import Meld, meld_of
from .cards import Card
from .going_out import Everything
from .going_out_verdict import Judge
from .legal_melds import Seat
from .rules import Rules


def quick_lines(seat: Seat, everything: Everything, spares: list[Card | None],
                counts: dict[str, int], texts: dict[str, list[str]], wilds: list[Card],
                respread: tuple[str, ...], points: int | None = None) -> list[Meld]:
    """The going-out lines judged by their counts (``Judge``), each laid out in notation as
    ``assemble`` would lay it out: a rank's naturals in the hand's order, then its wild
    cards taken from the end of the hand's wild cards (``points``: the hand's, where the
    caller knows them)."""
    judge = Judge(seat, points)
    melds = seat.sets
    lines: list[Meld] = []
    wild_texts = [c.text for c in wilds]
    whole: _Whole | None = None
    for spare in spares:
        given: list[tuple[str, int]] | None = None
        if whole is not None and spare is not None and not spare.is_wild:
            if not wild_texts and len(counts) == 1 and counts[spare.rank] == 1:
                continue
            # (``without`` asks ``alike`` first too; asked here, the common case skips its
            # setup, a rank not alike asks twice)
            given = whole.given if everything.alike(spare.rank) else everything.without(spare)
            if given is None:
                continue
            done, line = whole.line(spare, given, bool(respread))
            if done:
                if line is not None:
                    lines.append(line)
                continue
        cnt, txt, wt = counts, texts, wild_texts
        if spare is not None and spare.is_wild:
            wt = list(wild_texts)
            del wt[wilds.index(spare)]
        elif spare is not None:
            cnt, txt = dict(counts), dict(texts)
            rank = spare.rank
            if cnt[rank] > 1:
                cnt[rank] -= 1
                txt[rank] = rest = list(txt[rank])
                rest.remove(spare.text)
            else:
                del cnt[rank], txt[rank]
        if not cnt and not wt:
            continue
        if given is None:
            given = everything.without(spare) if spare is not None else everything.whole()
            if given is None:
                continue
            if spare is None:
                whole = _Whole(judge, everything, given, counts, texts, wild_texts[::-1])
                line = whole.whole_line()
                if line is not None:
                    lines.append(line)
                    continue
        if not (whole.accepts(given, spare) if whole is not None and spare is not None
                and spare.is_wild else judge.accepts(given, cnt, spare)):
            given = next((other for other in spread_again(everything, spare, given, respread)
                          if judge.accepts(other, cnt, spare)), None)
            if given is None:
                continue
        lines.append(_lay_out(given, txt, wt[::-1], melds))
    return lines


def _lay_out(given: list[tuple[str, int]], txt: dict[str, list[str]], handed: list[str],
             melds: dict[str, Any]) -> Meld:
    """The line ``given`` in notation (``handed``: the wild cards in the order they are
    handed out, from the end of the hand's)."""
    used = 0
    group_texts: list[list[str]] = []
    add_texts: dict[Any, list[str]] = {}
    for rank, count in given:
        meld_texts = _with_wilds(txt.get(rank), count, handed, used)
        used += count
        if not meld_texts:
            continue
        if rank in melds:
            add_texts[rank] = meld_texts
        else:
            group_texts.append(meld_texts)
    return meld_of(group_texts, add_texts)


def _with_wilds(own: list[str] | None, count: int, handed: list[str],
                used: int) -> list[str] | None:
    """A rank's notation in a line: its naturals (``own``) and ``count`` wild cards handed
    out from the ``used``-th on (``None``: nothing to meld); ``own`` itself where no wild
    card joins it (lines share the lists they lay out alike, none changed once made)."""
    if count:
        return own + handed[used:used + count] if own else handed[used:used + count]
    return own or None


class _Whole:
    """The line melding the whole hand as ``Everything`` spreads its wild cards (judged or
    not): each rank's verdict and notation, which a line keeping back one natural shares
    where the wild cards are spread alike (``line``)."""

    def __init__(self, judge: Judge, everything: Everything, given: list[tuple[str, int]],
                 counts: dict[str, int], texts: dict[str, list[str]],
                 handed: list[str]) -> None:
        self.judge, self.index, self.given, self.counts = judge, everything.index, given, counts
        self.melds = melds = judge.seat.sets
        bad: list[bool] = []                # each row's meld refused
        joined: set[str] = set()            # the ranks the line melds
        made: list[str] = []                # the canastas the line makes, in row order
        made_at: list[tuple[int, int]] = []   # each row's: those made before it, up to it
        row_texts: list[list[str] | None] = []   # each row's notation
        groups: list[list[str]] = []
        adds: dict[Any, list[str]] = {}
        group_at: dict[str, int] = {}       # a new meld's place among the groups
        self.bad, self.joined, self.made_at, self.texts = bad, joined, made_at, row_texts
        self.groups, self.adds, self.group_at = groups, adds, group_at
        verdict = judge.verdict
        used = 0
        for rank, count in given:
            own = counts.get(rank, 0)
            before = len(made)
            if own or count:
                joined.add(rank)
                ok, name = verdict(rank, own, count)
                bad.append(not ok)
                if name is not None:
                    made.append(name)
            else:
                bad.append(False)
            made_at.append((before, len(made)))
            meld_texts = _with_wilds(texts.get(rank), count, handed, used)
            used += count
            row_texts.append(meld_texts or None)
            if not meld_texts:
                continue
            if rank in melds:
                adds[rank] = meld_texts
            else:
                group_at[rank] = len(groups)
                groups.append(meld_texts)
        self.refused = sum(bad)
        self.made_names = made
        # the side's canastas the line leaves as they are
        self.kept = [kind for key, kind in judge.kinds if key not in self.joined]
        self.all_kinds = self.kept + made   # the side's canastas after the line
        self.kept_keys = {key for key, _ in judge.kinds}

    def whole_line(self) -> Meld | None:
        """The line melding the whole hand, where the judge accepts it as it is spread
        (``None``: refused, ``quick_lines`` tries it again spread another way)."""
        judge = self.judge
        if self.refused or judge.refuses(None):
            return None
        made = self.made_names
        if not judge.allows(self.all_kinds, made, None):
            return None
        return meld_of(list(self.groups), dict(self.adds))

    def accepts(self, given: list[tuple[str, int]], spare: Card) -> bool:
        """``Judge.accepts`` of the line keeping back the wild card ``spare`` (``given``:
        ``Everything``'s, its rows the whole hand's): the judge is asked only of the rows
        whose wild cards differ from the whole hand's line."""
        whole, judge, counts = self.given, self.judge, self.counts
        if len(given) != len(whole):
            return judge.accepts(given, counts, spare)
        if judge.refuses(spare):
            return False
        bad, names, made_at = self.bad, self.made_names, self.made_at
        made: list[str] = []
        for row, (rank, count) in enumerate(given):
            if count == whole[row][1]:   # (the rows keep their ranks and order)
                if bad[row]:
                    return False
                before, upto = made_at[row]
                if upto > before:
                    made.append(names[before])
                continue
            own = counts.get(rank, 0)
            if not own:   # a meld it may join or leave alone: the judge's own way
                return judge.accepts(given, counts, spare)
            ok, name = judge.verdict(rank, own, count)
            if not ok:
                return False
            if name is not None:
                made.append(name)
        return judge.allows(self.kept + made, made, spare)

    def line(self, spare: Card, given: list[tuple[str, int]],
             respread: bool) -> tuple[bool, Meld | None]:
        """The line keeping back the natural ``spare`` (``given``: ``Everything``'s), where
        it is the whole hand's but for the meld of the spare's rank: (True, the line, or
        ``None`` when refused); (False, ``None``) where ``quick_lines`` must work it out."""
        rank = spare.rank
        row = self.index[rank]
        whole = self.given
        if given is whole:   # (``Everything.whole``)
            count = given[row][1]
        elif len(given) == len(whole):
            if given[:row] != whole[:row] or given[row + 1:] != whole[row + 1:]:
                return False, None
            count = given[row][1]
        elif (len(given) == len(whole) - 1 and given[:row] == whole[:row]
              and given[row:] == whole[row + 1:]):
            count = 0   # none of the rank left to meld
        else:
            return False, None
        judge = self.judge
        own = self.counts[rank] - 1
        ok = self.refused - self.bad[row] == 0 and not judge.refuses(spare)
        name: str | None = None
        melds_it = bool(own or count)
        if ok and melds_it:
            ok, name = judge.verdict(rank, own, count)
        if ok:
            kinds = self.kept
            if not melds_it and rank in self.kept_keys:
                joined = self.joined
                kinds = [kind for key, kind in judge.kinds if key not in joined or key == rank]
            names = self.made_names
            before, upto = self.made_at[row]
            if kinds is self.kept and (upto - before == 1 and names[before] == name
                                       if name is not None else upto == before):
                ok = judge.allows(self.all_kinds, names, spare)   # (as the whole hand's)
            else:
                made = names[:before] + [name] + names[upto:] if name is not None else (
                    names[:before] + names[upto:])
                ok = judge.allows(kinds + made, made, spare)
        if not ok:
            return (False, None) if respread else (True, None)
        if count != whole[row][1]:
            return False, None   # the wild cards after it go to other melds
        texts = self.texts[row]
        assert texts is not None
        if texts[0] == spare.text:
            rest = texts[1:]
        else:
            rest = list(texts)
            rest.remove(spare.text)
        groups = list(self.groups)
        adds = dict(self.adds)
        if rank in self.melds:
            if rest:
                adds[rank] = rest
            else:
                del adds[rank]
        elif rest:
            groups[self.group_at[rank]] = rest
        else:
            del groups[self.group_at[rank]]
        return True, meld_of(groups, adds)


def spread_again(everything: Everything, spare: Card | None, given: list[tuple[str, int]],
                 respread: tuple[str, ...]) -> list[list[tuple[str, int]]]:
    """The line's other spreadings of wild cards (``respread``, from ``respreadings``):
    "keep", a natural canasta's last, where the first spoils one going out needs; "spoil",
    a natural canasta's first, where going out needs a mixed one more."""
    others: list[list[tuple[str, int]]] = []
    for way in respread:
        other = everything.without(spare, keep_natural=way == "keep",
                                   spoil_natural=way == "spoil")
        if other is not None and other != given and other not in others:
            others.append(other)
    return others


def respreadings(rules: Rules) -> tuple[str, ...]:
    """The other spreadings of wild cards a refused going-out line is tried with: where
    going out needs natural canastas, one keeping them; where it needs mixed ones, one
    spoiling a natural canasta (Hand and Foot, Pennies)."""
    kinds = {kind for kind, _ in rules.going_out_kinds}
    return tuple(way for way, kind in (("keep", "natural"), ("spoil", "mixed"))
                 if kind in kinds)
