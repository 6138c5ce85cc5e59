"""Melds on the table and the law of what a meld may hold (A.6)."""

from __future__ import annotations

from .cards import Card, parse_cards
from .errors import IllegalMove, quoted
from .rules import Rules


class TableMeld:
    """One side's meld of one rank. Cards only ever join it (A.5)."""

    __slots__ = ("rank", "cards", "wilds")

    def __init__(self, rank: str, cards: list[Card] | None = None) -> None:
        self.rank = rank
        self.cards: list[Card] = []
        self.wilds = 0
        if cards:
            self.extend(cards)

    def extend(self, cards: list[Card]) -> None:
        self.cards.extend(cards)
        self.wilds += sum(1 for c in cards if c.is_wild)

    @property
    def naturals(self) -> int:
        return len(self.cards) - self.wilds

    @property
    def points(self) -> int:
        return sum(c.points for c in self.cards)

    def is_canasta(self, rules: Rules) -> bool:
        return len(self.cards) >= rules.canasta_size

    def kind(self, rules: Rules) -> str | None:
        """``"natural"``, ``"mixed"`` or ``None`` (not a canasta yet)."""
        if len(self.cards) < rules.canasta_size:
            return None
        return "natural" if self.wilds == 0 else "mixed"

    def to_text(self) -> str:
        return " ".join(c.text for c in self.cards)

    @classmethod
    def from_text(cls, text: str) -> TableMeld:
        cards = parse_cards(text)
        ranks = {c.rank for c in cards if not c.is_wild}
        if len(ranks) != 1:
            raise ValueError(f"a meld is cards of one rank plus wild cards: {quoted(text)}")
        return cls(ranks.pop(), cards)


def rank_name(rank: str, plural: bool = True) -> str:
    names = {"A": "aces", "K": "kings", "Q": "queens", "J": "jacks", "3": "black threes"}
    if plural:
        return names.get(rank, rank + "s")
    return {"A": "ace", "K": "king", "Q": "queen", "J": "jack", "3": "black three"}.get(rank, rank)


def meld_problem(rules: Rules, rank: str, naturals: int, wilds: int,
                 going_out: bool) -> IllegalMove | None:
    """Why a meld of ``rank`` with these counts is not allowed (to raise), or ``None`` if it is."""
    size = naturals + wilds
    if rank == "3":
        if wilds:
            return IllegalMove("black threes are melded without wild cards",
                               code="black_threes_wild")
        if not going_out:
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
    if size < 3:
        return IllegalMove(f"a meld needs at least 3 cards; the {rank_name(rank)} would have "
                           f"{size}", code="meld_too_small", rank=rank, n=size)
    if rules.max_meld_size is not None and size > rules.max_meld_size:
        return IllegalMove(f"a meld may not grow past {rules.max_meld_size} cards",
                           code="meld_too_big", n=rules.max_meld_size)
    return None
