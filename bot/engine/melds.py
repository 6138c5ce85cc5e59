"""Melds on the table and the law of what a meld may hold (A.6)."""

from __future__ import annotations

from .cards import Card, parse_cards
from .errors import quoted
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


def meld_problem(rules: Rules, rank: str, naturals: int, wilds: int, going_out: bool) -> str | None:
    """Why a meld of ``rank`` with these counts is not allowed, or ``None`` if it is."""
    size = naturals + wilds
    if rank == "3":
        if wilds:
            return "black threes are melded without wild cards"
        if not going_out:
            return "black threes may be melded only in the turn you go out"
        if size < 3:
            return "a meld of black threes needs at least 3 of them"
        return None
    if naturals < rules.min_naturals:
        return (f"a meld needs at least {rules.min_naturals} natural {rank_name(rank)}; "
                f"this one would have {naturals}")
    if wilds > rules.max_wilds:
        return (f"a meld may hold at most {rules.max_wilds} wild cards; "
                f"the {rank_name(rank)} would have {wilds}")
    if rules.wilds_at_most_naturals and wilds > naturals:
        return (f"wild cards may not outnumber naturals: the {rank_name(rank)} would have "
                f"{wilds} wild and {naturals} natural")
    if size < 3:
        return f"a meld needs at least 3 cards; the {rank_name(rank)} would have {size}"
    if rules.max_meld_size is not None and size > rules.max_meld_size:
        return f"a meld may not grow past {rules.max_meld_size} cards"
    return None
