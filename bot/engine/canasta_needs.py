"""Going out by kinds of canasta (Hand and Foot's 3 natural + 4 mixed, Pennies' natural,
mixed, sevens and wild) and Pennies' sevens (B.13): no seven discarded until every side has a
sevens canasta, and never a seven as the going-out discard."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .cards import Card
from .errors import IllegalMove

if TYPE_CHECKING:
    from .rules import Rules
    from .table_state import TableState

SEVENS = "sevens"


def kinds_problem(rules: Rules, kinds: list[str], left: str) -> IllegalMove | None:
    """Why a side with these canastas may not go out yet (``left``: what the move leaves)."""
    for kind, n in rules.going_out_kinds:
        have = kinds.count(kind)
        if have < n:
            needs = ", ".join(f"{m} {k}" for k, m in rules.going_out_kinds)
            return IllegalMove(f"that would leave you {left}, which is going out, and going "
                               f"out needs {needs} canasta(s): your side has {have} {kind} "
                               f"of {n}", code="going_out_kinds", kind=kind, need=n, have=have,
                               needs=needs)
    return None


def sevens_open(game: TableState) -> bool:
    """Pennies: has every side completed a sevens canasta (so sevens may be discarded)?"""
    r = game.rules
    return all(any(m.kind(r) == SEVENS for m in melds.values()) for melds in game.team_melds)


def seven_discard_problem(game: TableState, hand: list[Card], c: Card) -> IllegalMove | None:
    """Why this seven may not be discarded from ``hand`` now (Pennies), or ``None``."""
    if not game.rules.sevens_held or c.rank != "7":
        return None
    if len(hand) == 1:
        return IllegalMove("a seven is never the going-out discard", code="seven_going_out")
    if not sevens_open(game) and not all(x.rank == "7" for x in hand):
        return IllegalMove("no seven may be discarded until every side has a sevens canasta",
                           code="sevens_held")
    return None


def last_card_seven(game: TableState, player: str, used: list[Card], incoming: list[Card],
                    remaining: int) -> bool:
    """Pennies: would this move leave exactly one card, a seven, to go out with?"""
    if not game.rules.sevens_held or remaining != 1:
        return False
    left = list(game.hands[player]) + list(incoming)
    for c in used:
        left.remove(c)
    return len(left) == 1 and left[0].rank == "7"
