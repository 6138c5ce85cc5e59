"""Drawing for seats, as at a real table: everyone draws a card, the high cards partner.

Ranks for the draw run from ace (high) down to three; jokers and deuces are void and drawn
again; between equal ranks the suit decides: spades, hearts, diamonds, clubs (high to low).
The highest card takes seat 1 and plays first; seats alternate between the sides, so the
highest drawers fill the first side, the next ones the second, and so on.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

_RANKS = ("3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
_SUITS = ("C", "D", "H", "S")


@dataclass(frozen=True)
class SeatDraw:
    player: str
    card: str  # canonical text, e.g. "AS"

    @property
    def strength(self) -> tuple[int, int]:
        rank, suit = self.card[:-1], self.card[-1]
        return _RANKS.index(rank), _SUITS.index(suit)


def draw_for_seats(
    players: list[str], teams: int, rng: random.Random
) -> tuple[list[str], list[SeatDraw]]:
    """Return the seat order (engine order: seat i is on side i % teams) and the cards drawn."""
    deck = [rank + suit for rank in _RANKS for suit in _SUITS]
    rng.shuffle(deck)
    draws = [SeatDraw(player, deck[i]) for i, player in enumerate(players)]
    ranked = sorted(draws, key=lambda d: d.strength, reverse=True)
    seats_of_side = [[s for s in range(len(players)) if s % teams == side] for side in range(teams)]
    order: list[str] = [""] * len(players)
    drawers = iter(ranked)
    for side_seats in seats_of_side:
        for seat in side_seats:
            order[seat] = next(drawers).player
    return order, draws
