"""Card codes as the engine's view writes them ("7H", "10D", "QS", "JK"), read for drawing.

The renderer only ever sees strings, so this small module is its whole notion of a card:
colour and the order a Canasta player wants to see a hand in.
"""

from __future__ import annotations

from dataclasses import dataclass

SUITS: tuple[str, ...] = ("C", "D", "H", "S")
RANKS: tuple[str, ...] = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
JOKER = "JK"
BACK = "back"
SUIT_SYMBOL: dict[str, str] = {"C": "\u2663", "D": "\u2666", "H": "\u2665", "S": "\u2660"}
RED_SUITS = frozenset({"D", "H"})

# Naturals in the order a Canasta hand is read: low to high, the ace on top.
_NATURAL_ORDER = {rank: i for i, rank in enumerate(("4", "5", "6", "7", "8", "9", "10",
                                                   "J", "Q", "K", "A"))}
# Within one rank, alternate colours so neighbouring suits never look alike.
_SUIT_ORDER = {"S": 0, "H": 1, "C": 2, "D": 3}


@dataclass(frozen=True, slots=True)
class Card:
    """One card as drawn: ``suit`` is None for the joker."""

    rank: str
    suit: str | None

    @property
    def code(self) -> str:
        return JOKER if self.suit is None else f"{self.rank}{self.suit}"

    @property
    def is_joker(self) -> bool:
        return self.suit is None

    @property
    def is_red(self) -> bool:
        return self.suit in RED_SUITS

    @property
    def is_wild(self) -> bool:
        return self.is_joker or self.rank == "2"

    @property
    def is_black_three(self) -> bool:
        return self.rank == "3" and self.suit in ("C", "S")


def parse(code: str) -> Card:
    """Read a canonical card code; raises ValueError on anything else."""
    text = code.strip().upper()
    if text in (JOKER, "JOKER", "*"):
        return Card("JK", None)
    rank, suit = text[:-1], text[-1:]
    if rank == "T":
        rank = "10"
    if suit not in SUITS or rank not in RANKS:
        raise ValueError(f"not a card: {code!r}")
    return Card(rank, suit)


def all_faces() -> list[str]:
    """Every face the art script draws: 52 ranks x suits, then the joker."""
    return [f"{rank}{suit}" for suit in SUITS for rank in RANKS] + [JOKER]


def hand_sort_key(code: str) -> tuple[int, int, int]:
    """Naturals by rank, then threes, then wild cards: how a player arranges a hand."""
    card = parse(code)
    if card.is_joker:
        return (4, 0, 0)
    suit = _SUIT_ORDER[card.suit or "S"]
    if card.rank == "2":
        return (3, 0, suit)
    if card.is_black_three:
        return (2, 0, suit)
    if card.rank == "3":
        return (1, 0, suit)
    return (0, _NATURAL_ORDER[card.rank], suit)


def sort_hand(cards: list[str]) -> list[str]:
    return sorted(cards, key=hand_sort_key)


def rank_sort_key(rank: str) -> int:
    """Order of meld ranks on the table (same as in the hand; unknown ranks last)."""
    if rank in _NATURAL_ORDER:
        return _NATURAL_ORDER[rank]
    return {"3": 20, "2": 30, "JK": 31}.get(rank.upper(), 40)
