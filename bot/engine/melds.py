"""Melds on the table and the law of what a meld may hold (A.6, B.2-B.7).

A meld has a shape judged by its cards alone: a *set* (naturals of one rank plus wild cards),
a *sequence* (three or more naturals of one suit in a row, 4 low to ace high: Samba and its
family) or a *wild* meld (2s and jokers only: Bolivia, Cuban, Italian). A side's melds are a
dict keyed by a stable meld key, in the order they were started: a set's key is its rank
(``"K"``; a second meld of kings where the rules allow it ``"K#2"``), a sequence's ``"seq"``,
``"seq#2"``..., a wild meld's ``"wild"``, ``"wild#2"``...
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from .cards import NATURAL_RANKS, Card, parse_cards
from .errors import IllegalMove, quoted
from .rules import Rules, count_bonus_groups

SEQUENCE_ORDER = {r: i for i, r in enumerate(NATURAL_RANKS)}   # 4 low ... A high
SHAPES = ("set", "sequence", "wild")


class TableMeld:
    """One side's meld. Cards only ever join it (A.5); a sequence keeps rank order."""

    __slots__ = ("rank", "cards", "wilds", "shape", "suit")

    def __init__(self, rank: str, cards: list[Card] | None = None, shape: str = "set",
                 suit: str = "") -> None:
        self.rank = rank          # a set's rank; "2" for a wild meld; "" for a sequence
        self.shape = shape
        self.suit = suit          # a sequence's suit
        self.cards: list[Card] = []
        self.wilds = 0
        if cards:
            self.extend(cards)

    def copy(self) -> TableMeld:
        new = object.__new__(TableMeld)
        new.rank, new.shape, new.suit = self.rank, self.shape, self.suit
        new.cards, new.wilds = list(self.cards), self.wilds
        return new

    def extend(self, cards: list[Card]) -> None:
        self.cards.extend(cards)
        self.wilds += sum(1 for c in cards if c.is_wild)
        if self.shape == "sequence":
            self.cards.sort(key=lambda c: SEQUENCE_ORDER[c.rank])

    @property
    def naturals(self) -> int:
        return len(self.cards) - self.wilds

    @property
    def points(self) -> int:
        return sum(c.points for c in self.cards)

    def is_canasta(self, rules: Rules) -> bool:
        return len(self.cards) >= rules.canasta_size

    def kind(self, rules: Rules) -> str | None:
        """The canasta it is: ``"natural"``, ``"mixed"``, the variant's name of a sequence
        canasta (``"samba"``/``"escalera"``) or of a wild one (``"bolivia"``/``"wild"``);
        ``None`` while it is not a canasta."""
        if len(self.cards) < rules.canasta_size:
            return None
        if self.shape == "sequence":
            return rules.sequence_canasta_name
        if self.shape == "wild":
            return rules.wild_canasta_name
        if self.rank == "3" and self.wilds:
            return "blocking"   # South American: four black threes, three matching wilds
        return set_kind(rules, self.rank, self.wilds)

    def to_text(self) -> str:
        return " ".join(c.text for c in self.cards)

    @classmethod
    def from_text(cls, text: str) -> TableMeld:
        cards = parse_cards(text)
        shape, rank, suit = judge_shape(cards)
        if shape is None:
            raise ValueError(f"not a meld (a set, a sequence or wild cards): {quoted(text)}")
        return cls(rank, cards, shape, suit)


def set_kind(rules: Rules, rank: str, wilds: int) -> str:
    """The kind of a canasta of ``rank`` with ``wilds`` wild cards: ``"natural"``,
    ``"mixed"``, or the rank's own kind (Pennies: ``"sevens"``)."""
    for kind_rank, name in rules.rank_canasta_kinds:
        if rank == kind_rank:
            return name
    return "natural" if wilds == 0 else "mixed"


def judge_shape(cards: list[Card]) -> tuple[str | None, str, str]:
    """(shape, rank, suit) of a group of cards judged by its cards alone; shape ``None`` when
    it is none of them (whether the rules allow it is ``shape_problem``'s question)."""
    ranks = {c.rank for c in cards if not c.is_wild}
    if len(ranks) == 1:
        return "set", ranks.pop(), ""
    if not ranks:
        return ("wild", "2", "") if cards else (None, "", "")
    suits = {c.suit for c in cards}
    if len(suits) == 1 and not any(c.is_wild for c in cards):
        return "sequence", "", suits.pop()
    return None, "", ""


def meld_key(melds: Mapping[str, TableMeld], taken: Mapping[str, object], base: str) -> str:
    """The key of a new meld: ``base`` (a rank, ``"seq"``, ``"wild"``), then ``base#2``..."""
    if base not in melds and base not in taken:
        return base
    n = 2
    while f"{base}#{n}" in melds or f"{base}#{n}" in taken:
        n += 1
    return f"{base}#{n}"


def key_base(shape: str, rank: str) -> str:
    return rank if shape == "set" else ("seq" if shape == "sequence" else "wild")


def add_meld(melds: dict[str, TableMeld], meld: TableMeld) -> str:
    """Put a whole meld on a side (positions, snapshots: the keys come back the same)."""
    key = meld_key(melds, {}, key_base(meld.shape, meld.rank))
    melds[key] = meld
    return key


def rekey(melds: dict[str, TableMeld]) -> dict[str, str]:
    """Old key -> the key each meld gets when the keys are given again in order (after two
    melds were combined), as a snapshot would give them."""
    fresh: dict[str, TableMeld] = {}
    renamed: dict[str, str] = {}
    for key, m in melds.items():
        renamed[key] = add_meld(fresh, m)
    return renamed


def set_melds(rules: Rules, melds: dict[str, TableMeld]) -> dict[str, TableMeld]:
    """The side's sets (the searches of legal moves and going out work on sets by rank;
    sequences and wild melds have their own)."""
    if not (rules.sequences or rules.wild_melds):
        return melds
    return {key: m for key, m in melds.items() if m.shape == "set"}


def other_canastas(rules: Rules, melds: dict[str, TableMeld]) -> int:
    """The side's sequence and wild canastas that count for going out."""
    if not (rules.sequences or rules.wild_melds):
        return 0
    return sum(1 for m in melds.values() if m.shape != "set" and m.is_canasta(rules)
               and m.kind(rules) not in rules.going_out_ignores)


def rank_name(rank: str, plural: bool = True) -> str:
    names = {"A": "aces", "K": "kings", "Q": "queens", "J": "jacks", "3": "black threes"}
    if plural:
        return names.get(rank, rank + "s")
    return {"A": "ace", "K": "king", "Q": "queen", "J": "jack", "3": "black three"}.get(rank, rank)


def meld_problem(rules: Rules, rank: str, naturals: int, wilds: int,
                 going_out: bool) -> IllegalMove | None:
    """Why a set of ``rank`` with these counts is not allowed (to raise), or ``None`` if it is."""
    size = naturals + wilds
    if rank == "3":
        if not rules.black_threes_meldable:
            return IllegalMove("threes are never melded in these rules: a black three is "
                               "only discarded", code="threes_never_melded")
        if wilds and rules.blocking_canasta and (naturals, wilds) == (4, 3):
            return None   # South American: the blocking canasta (its wild cards match)
        if wilds:
            return IllegalMove("black threes are melded without wild cards",
                               code="black_threes_wild")
        if not going_out and not rules.black_threes_any_time:
            return IllegalMove("black threes may be melded only in the turn you go out",
                               code="black_threes_only_going_out")
        if size < 3:
            return IllegalMove("a meld of black threes needs at least 3 of them",
                               code="black_threes_too_few")
        return None
    if naturals < rules.min_naturals:
        return IllegalMove(f"a meld needs at least {rules.min_naturals} natural "
                           f"{rank_name(rank)}; this one would have {naturals}",
                           code="too_few_naturals", n=rules.min_naturals, rank=rank,
                           have=naturals)
    if wilds > rules.max_wilds:
        return IllegalMove(f"a meld may hold at most {rules.max_wilds} wild cards; "
                           f"the {rank_name(rank)} would have {wilds}",
                           code="too_many_wilds", n=rules.max_wilds, rank=rank, have=wilds)
    if rules.wilds_at_most_naturals and wilds > naturals:
        return IllegalMove(f"wild cards may not outnumber naturals: the {rank_name(rank)} "
                           f"would have {wilds} wild and {naturals} natural",
                           code="wilds_outnumber", rank=rank, wilds=wilds, naturals=naturals)
    if rules.wilds_fewer_than_naturals and wilds and wilds >= naturals:
        return IllegalMove(f"a meld must hold fewer wild cards than naturals: the "
                           f"{rank_name(rank)} would have {wilds} wild and {naturals} natural",
                           code="wilds_not_fewer", rank=rank, wilds=wilds, naturals=naturals)
    if size < 3:
        return IllegalMove(f"a meld needs at least 3 cards; the {rank_name(rank)} would have "
                           f"{size}", code="meld_too_small", rank=rank, n=size)
    if rules.max_meld_size is not None and size > rules.max_meld_size:
        return IllegalMove(f"a meld may not grow past {rules.max_meld_size} cards",
                           code="meld_too_big", n=rules.max_meld_size)
    return None


def law_of_melds(rules: Rules) -> dict[tuple[str, int, int, bool], bool]:
    """(rank, naturals, wilds, going out) -> does ``meld_problem`` find nothing? Remembered
    on the rules, and shared by every set of rules with the same law (the fields
    ``meld_problem`` reads): the legal-move search asks it thousands of times a game."""
    return remembered(rules, "_law_of_melds", law_key)


def law_key(rules: Rules) -> tuple[object, ...]:
    """The fields of the rules that ``meld_problem`` reads (equal keys, equal law)."""
    return (rules.black_threes_meldable, bool(rules.blocking_canasta),
            rules.black_threes_any_time, rules.min_naturals, rules.max_wilds,
            rules.wilds_at_most_naturals, rules.wilds_fewer_than_naturals,
            rules.max_meld_size)


def remembered(rules: Rules, name: str, fields: Callable[[Rules], tuple[object, ...]]
               ) -> dict[Any, Any]:
    """A table of answers about these rules, kept on them (as the attribute ``name``) and
    shared by every set of rules whose ``fields`` (those the answers read) are equal."""
    table: dict[Any, Any] | None = rules.__dict__.get(name)
    if table is None:
        table = _TABLES.setdefault((name, fields(rules)), {})
        object.__setattr__(rules, name, table)
    return table


# ``remembered``'s tables, by name and the fields they read (a handful a process)
_TABLES: dict[tuple[str, tuple[object, ...]], dict[Any, Any]] = {}


def meld_ok(rules: Rules, rank: str, naturals: int, wilds: int, going_out: bool) -> bool:
    """``meld_problem(...) is None``, remembered (``law_of_melds``)."""
    table = rules.__dict__.get("_law_of_melds") or law_of_melds(rules)
    key = (rank, naturals, wilds, going_out)
    ok = table.get(key)
    if ok is None:
        ok = table[key] = meld_problem(rules, rank, naturals, wilds, going_out) is None
    return ok


def sequence_problem(rules: Rules, cards: list[Card]) -> IllegalMove | None:
    """Why these cards are not a sequence the rules allow (B.2), or ``None``."""
    suit = cards[0].suit if cards else ""
    order: list[int] = []
    for c in cards:
        if not c.is_natural or c.suit != suit:
            break
        order.append(SEQUENCE_ORDER[c.rank])
    else:   # the common case, judged without the words: one suit, no gap, no repeat
        order.sort()
        if (order and order[-1] - order[0] == len(order) - 1 and len(set(order)) == len(order)
                and 3 <= len(cards) <= rules.canasta_size):
            return None
    return _sequence_problem(rules, cards)


def _sequence_problem(rules: Rules, cards: list[Card]) -> IllegalMove | None:
    text = " ".join(c.pretty for c in cards)
    codes = [c.text for c in cards]
    if any(c.is_wild for c in cards):
        return IllegalMove(f"{text}: a sequence holds no wild cards", code="sequence_wild",
                           cards=codes)
    if any(not c.is_natural for c in cards):
        return IllegalMove(f"{text}: threes are never part of a sequence (it runs from 4 "
                           "to the ace)", code="sequence_three", cards=codes)
    suits = {c.suit for c in cards}
    if len(suits) > 1:
        return IllegalMove(f"{text}: a sequence is of one suit", code="sequence_suits",
                           cards=codes)
    order = sorted(SEQUENCE_ORDER[c.rank] for c in cards)
    if len(set(order)) != len(order):
        rank = next(NATURAL_RANKS[i] for i in order if order.count(i) > 1)
        return IllegalMove(f"{text}: a sequence holds each rank once (two {rank_name(rank)})",
                           code="sequence_repeats", cards=codes, rank=rank)
    if order[-1] - order[0] != len(order) - 1:
        return IllegalMove(f"{text}: a sequence has no gaps (4 low, ace high, no wrap-around)",
                           code="sequence_gap", cards=codes)
    if len(cards) < 3:
        return IllegalMove(f"a sequence needs at least 3 cards; {text} has {len(cards)}",
                           code="sequence_too_short", cards=codes, count=len(cards))
    if len(cards) > rules.canasta_size:
        return IllegalMove(f"a sequence stops at {rules.canasta_size} cards (a "
                           f"{rules.sequence_canasta_name}); this one would have {len(cards)}",
                           code="sequence_too_long", count=len(cards), most=rules.canasta_size,
                           canasta=rules.sequence_canasta_name)
    return None


def wild_meld_problem(rules: Rules, cards: list[Card]) -> IllegalMove | None:
    """Why these wild cards are not a wild meld the rules allow (B.3, B.6, B.7), or ``None``."""
    naturals = [c for c in cards if not c.is_wild]
    if naturals:
        return IllegalMove(f"{naturals[0].pretty} doesn't go on a meld of wild cards",
                           code="wild_meld_natural", card=naturals[0].text)
    if len(cards) < 3:
        return IllegalMove(f"a meld of wild cards needs at least 3 of them (it would have "
                           f"{len(cards)})", code="wild_meld_too_short", count=len(cards))
    if rules.wild_canasta_whole and len(cards) < rules.canasta_size:
        return IllegalMove(f"a canasta of wild cards is melded all at once: "
                           f"{rules.canasta_size} of them (this one would have {len(cards)})",
                           code="wild_canasta_whole", most=rules.canasta_size,
                           count=len(cards))
    if len(cards) > rules.canasta_size:
        return IllegalMove(f"a canasta of wild cards is closed at {rules.canasta_size}: nothing "
                           f"more goes on it (it would have {len(cards)})",
                           code="wild_meld_closed", count=len(cards), most=rules.canasta_size)
    return None


def shape_problem(rules: Rules, shape: str, cards: list[Card]) -> IllegalMove | None:
    """A sequence's or a wild meld's problem (sets: ``meld_problem`` on their counts)."""
    if shape == "sequence":
        return sequence_problem(rules, cards)
    return wild_meld_problem(rules, cards)


def canasta_bonus(rules: Rules, meld: TableMeld) -> int:
    """The bonus of a canasta by its kind and, for wild canastas, its deuces and jokers."""
    kind = meld.kind(rules)
    if kind is None:
        return 0
    if kind == "blocking":
        return rules.blocking_canasta
    if kind == "mixed":
        for wilds, value in rules.mixed_canasta_by_wilds:   # South American
            if meld.wilds == wilds:
                return value
    if meld.shape == "set":
        for rank, natural, mixed in rules.rank_canastas:
            if meld.rank == rank:
                return natural if meld.wilds == 0 else mixed
        return rules.natural_canasta if meld.wilds == 0 else rules.mixed_canasta
    if meld.shape == "sequence":
        return rules.sequence_canasta
    jokers = sum(1 for c in meld.cards if c.is_joker)
    for deuces, joker_count, value in rules.wild_canasta_values:
        if (deuces, joker_count) == (len(meld.cards) - jokers, jokers):
            return value
    return rules.wild_canasta


def natural_for_count(meld: TableMeld) -> bool:
    """Does this canasta count as natural for the canasta-count bonuses (Italian, B.7)? No
    wild card in it is used as a wild: a natural set, a sequence, or a wild meld of 2s alone
    (the deuces melded as a rank)."""
    if meld.shape == "wild":
        return not any(c.is_joker for c in meld.cards)
    return meld.wilds == 0


def count_bonus(rules: Rules, canastas: list[TableMeld]) -> int:
    """The bonuses a side's ``canastas`` earn by their number (``canasta_count_bonuses``):
    for each number of canastas, the first row whose canastas and natural ones the side
    has; the rows of different numbers add up (RG: 5 natural 2 000, or else 4 natural and
    a mixed 1 000; 10 of any kind a further 2 000)."""
    if not rules.canasta_count_bonuses:
        return 0
    natural = sum(1 for m in canastas if natural_for_count(m))
    return sum(next((bonus for n, naturals, bonus in group
                     if len(canastas) >= n and natural >= naturals), 0)
               for group in count_bonus_groups(rules.canasta_count_bonuses))
