"""Modern American's special hands (B.15): 14 cards melded at once as the side's first and
only meld, ending the hand with no discard; the side scores only the special hand.

A special hand is played with one ``Meld`` whose groups together hold the player's whole
hand (grouped any way); the pattern is recognised from the cards:

- ``straight``: one card of every rank, 2 to ace with a 3, plus a joker;
- ``pairs``: seven natural pairs (no wild card, no 3);
- ``wild_pairs``: seven pairs among which a pair of 2s, a pair of 7s and a pair of aces
  (no joker, no 3);
- ``garbage``: two fours-of-a-kind and two threes-of-a-kind with no wild card standing in
  for a natural and no 3 (a rank of 2s or of jokers may be one of them, as in WP's example
  with three jokers).
"""

from __future__ import annotations

from collections import Counter

from .cards import JOKER, RANKS, Card
from .rules import Rules

SIZE = 14


def pattern_of(cards: list[Card]) -> list[str]:
    """Every pattern these cards make (best first as listed above)."""
    if len(cards) != SIZE:
        return []
    ranks = Counter(c.rank for c in cards)
    found: list[str] = []
    if ranks == Counter({**{r: 1 for r in RANKS}, JOKER: 1}):
        found.append("straight")
    if "3" not in ranks and all(n % 2 == 0 for n in ranks.values()):
        if "2" not in ranks and JOKER not in ranks:
            found.append("pairs")
        elif JOKER not in ranks and all(r in ranks for r in ("2", "7", "A")):
            found.append("wild_pairs")
    if "3" not in ranks and sorted(ranks.values()) == [3, 3, 4, 4]:
        found.append("garbage")
    return found


def special_hand(rules: Rules, hand: list[Card], groups: list[list[Card]],
                 ) -> tuple[str, int] | None:
    """(pattern, value) when ``groups`` hold exactly the whole ``hand`` and make a special
    hand these rules play, else ``None`` (the move is then an ordinary meld)."""
    cards = [c for g in groups for c in g]
    if len(hand) != SIZE or Counter(cards) != Counter(hand):
        return None
    values = dict(rules.special_hands)
    best = [(values[p], p) for p in pattern_of(cards) if p in values]
    if not best:
        return None
    value, pattern = max(best)
    return pattern, value
