"""Cards and their text notation.

Canasta is played with two or more packs, so identical cards exist and a hand is a multiset.
Every card is an interned, immutable object: ``Card("7", "H") is Card("7", "H")``, which
makes comparisons and counting cheap in the engine's hot paths.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

from .errors import quoted

SUITS = "CDHS"
SUIT_SYMBOLS = {"♣": "C", "♦": "D", "♥": "H", "♠": "S"}
SUIT_SIGNS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠", "": ""}
RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
NATURAL_RANKS = ("4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
JOKER = "JK"

# Point values of the Official Laws (A.2). Red threes are bonus cards, never counted as cards.
_POINTS = {"2": 20, "A": 20, "K": 10, "Q": 10, "J": 10, "10": 10, "9": 10, "8": 10,
           "7": 5, "6": 5, "5": 5, "4": 5, "3": 5, JOKER: 50}
# Sorting order for display: naturals 4..A, then black threes, then wild cards.
_ORDER = {r: i for i, r in enumerate(NATURAL_RANKS)} | {"3": 20, "2": 30, JOKER: 31}


class Card:
    """One playing card: ``rank`` is "2".."10", "J", "Q", "K", "A" or "JK"; ``suit`` is C/D/H/S
    ("" for a joker)."""

    __slots__ = ("rank", "suit", "text", "code", "is_wild", "is_joker", "is_red_three",
                 "is_black_three", "is_natural", "is_red", "points", "order")
    _interned: dict[tuple[str, str], Card] = {}

    rank: str
    suit: str
    text: str
    code: int
    is_wild: bool
    is_joker: bool
    is_red_three: bool
    is_black_three: bool
    is_natural: bool
    is_red: bool
    points: int
    order: int

    def __new__(cls, rank: str, suit: str = "") -> Card:
        try:
            return cls._interned[(rank, suit)]
        except KeyError:
            raise ValueError(f"no such card: rank {quoted(rank)}, suit {quoted(suit)}") from None

    @classmethod
    def _make(cls, rank: str, suit: str, code: int) -> Card:
        card = object.__new__(cls)
        values = {
            "rank": rank, "suit": suit, "text": rank + suit if rank != JOKER else JOKER,
            "code": code, "is_joker": rank == JOKER, "is_wild": rank in (JOKER, "2"),
            "is_red_three": rank == "3" and suit in "DH",
            "is_black_three": rank == "3" and suit in "CS",
            "is_natural": rank in NATURAL_RANKS, "is_red": suit in ("D", "H"),
            "points": 0 if (rank == "3" and suit in "DH") else _POINTS[rank],
            "order": _ORDER[rank] * 4 + (SUITS.index(suit) if suit else 0),
        }
        for name, value in values.items():
            object.__setattr__(card, name, value)
        cls._interned[(rank, suit)] = card
        return card

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("cards are immutable")

    def __hash__(self) -> int:
        return self.code

    def __lt__(self, other: Card) -> bool:
        return self.order < other.order

    def __reduce__(self) -> tuple[type, tuple[str, str]]:
        return (Card, (self.rank, self.suit))

    def __repr__(self) -> str:
        return f"Card({self.text})"

    def __str__(self) -> str:
        return self.text

    @property
    def pretty(self) -> str:
        """The card with its suit symbol: ``8♥``, ``JK`` for a joker."""
        return self.rank + SUIT_SIGNS[self.suit] if not self.is_joker else "Joker"


_code = 0
for _rank in RANKS:
    for _suit in SUITS:
        Card._make(_rank, _suit, _code)
        _code += 1
Card._make(JOKER, "", _code)
JOKER_CARD = Card(JOKER)
ALL_CARDS: tuple[Card, ...] = tuple(sorted(Card._interned.values(), key=lambda c: c.code))

_TOKEN = re.compile(r"^(10|[2-9tjqka])([cdhs♣♦♥♠])$")
_BY_TEXT: dict[str, Card] = {}
for _card in ALL_CARDS:
    _BY_TEXT[_card.text] = _card
CARDS: Mapping[str, Card] = _BY_TEXT   # each card by its canonical notation


def card(token: str | Card) -> Card:
    """One card from its notation (``"7h"``, ``"10D"``, ``"td"``, ``"Q♠"``, ``"jk"``)."""
    if isinstance(token, Card):
        return token
    found = _BY_TEXT.get(token)
    if found is not None:
        return found
    t = token.strip().lower()
    if t in ("jk", "joker", "jo", "*"):
        return JOKER_CARD
    m = _TOKEN.match(t)
    if not m:
        raise ValueError(f"not a card: {quoted(token)} (write cards like 7h, 10d, qs, ac, 2c, jk)")
    rank, suit = m.groups()
    rank = {"t": "10"}.get(rank, rank).upper()
    suit = SUIT_SYMBOLS.get(suit, suit).upper()
    return _BY_TEXT[rank + suit]


def parse_cards(text: str | Iterable[str | Card]) -> list[Card]:
    """Cards from space (or comma) separated notation; a list of tokens or cards also works."""
    if isinstance(text, str):
        return [card(t) for t in text.replace(",", " ").split()]
    try:   # canonical notation (moves from ``legal_actions``, snapshots): one lookup a card
        return [_BY_TEXT[t] for t in text]   # type: ignore[index]
    except (KeyError, TypeError):
        known = _BY_TEXT
        return [t if isinstance(t, Card) else known.get(t) or card(t) for t in text]


def card_texts(cards: Iterable[Card]) -> list[str]:
    """Canonical notation, one string per card (the JSON form of events and actions)."""
    return [c.text for c in cards]


def format_cards(cards: Iterable[Card]) -> str:
    """Canonical notation: ``"7H 7D JK"``."""
    return " ".join(c.text for c in cards)


def rank_key(text: str) -> str:
    """Normalise a rank name typed by a player: ``"t"`` -> ``"10"``, ``"q"`` -> ``"Q"``."""
    t = text.strip().upper()
    if t == "T":
        return "10"
    if t in RANKS:
        return t
    raise ValueError(f"not a rank: {quoted(text)} (ranks are 4 to 10, J, Q, K, A)")


def make_deck(packs: int, jokers: int) -> list[Card]:
    """``packs`` packs of 52 plus ``jokers`` jokers, in a fixed order (the deal shuffles)."""
    deck = [c for c in ALL_CARDS if not c.is_joker] * packs
    deck += [JOKER_CARD] * jokers
    return deck
