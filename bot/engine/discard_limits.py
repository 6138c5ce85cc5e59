"""What may not be discarded (Modern American, B.15).

- a 3, never;
- a wild card, unless the hand holds only wild cards or it is the going-out card;
- on an empty pile (CLA "SWAD"): no seven, wild card, ace or dead card (a rank in which a side
  has completed its canasta, which can take no more cards).

When every card of a hand is barred, the bars are lifted (a 3 only from a hand of threes,
which a 3 left in hand for want of a stock card can make): a player must always be able to
end his turn.
"""

from __future__ import annotations

from .cards import Card
from .errors import IllegalMove
from .table_state import TableState


def dead_ranks(state: TableState) -> set[str]:
    size = state.rules.max_meld_size or 10**9
    return {m.rank for melds in state.team_melds for m in melds.values()
            if m.shape == "set" and len(m.cards) >= size}


def _bar(state: TableState, hand: list[Card], c: Card, dead: set[str]) -> IllegalMove | None:
    if c.is_wild and len(hand) > 1 and not all(h.is_wild for h in hand if h.rank != "3"):
        return IllegalMove(f"a wild card ({c.pretty}) may be discarded only when your hand "
                           "holds nothing but wild cards, or to go out", code="wild_discard",
                           card=c.text)
    if not state.pile and (c.is_wild or c.rank in ("7", "A") or c.rank in dead):
        return IllegalMove(f"the discard pile is empty: sevens, wild cards, aces and dead cards "
                           f"may not start it ({c.pretty})", code="empty_pile_discard",
                           card=c.text)
    return None


def barred(state: TableState, player: str) -> set[Card]:
    """Every card ``player`` may not discard now (what ``discard_problem`` refuses), worked
    out once for the legal moves."""
    if not state.rules.discard_limits:
        return set()
    hand = state.hands[player]
    dead = dead_ranks(state)
    out = {c for c in set(hand) if c.rank != "3" and _bar(state, hand, c, dead) is not None}
    if len(out) == len({c for c in hand if c.rank != "3"}):
        out = set()   # nothing else to discard: the bars are lifted
    if not all(c.rank == "3" for c in hand):
        out |= {c for c in hand if c.rank == "3"}
    return out


def discard_problem(state: TableState, player: str, c: Card) -> IllegalMove | None:
    """Why ``player`` may not discard ``c`` now, or ``None``."""
    if not state.rules.discard_limits:
        return None
    hand = state.hands[player]
    if c.rank == "3" and not all(h.rank == "3" for h in hand):
        return IllegalMove("threes are never discarded", code="three_discard", card=c.text)
    dead = dead_ranks(state)
    problem = _bar(state, hand, c, dead)
    if problem is None:
        return None
    if all(_bar(state, hand, h, dead) is not None for h in hand if h.rank != "3"):
        return None   # nothing else to discard: the bars are lifted
    return problem
