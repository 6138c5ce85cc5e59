"""Cut-throat Canasta for three (RULES.md B.1; pagat, Bicycle, rummy-games): the lone hand.

Each player starts the hand on his own side. The first player to take the discard pile
becomes the *lone hand*; the other two become partners for the rest of the hand: the later
seat's melds join the earlier seat's side (a meld of a rank both hold becomes one meld, or
stays a second meld of that rank when together they would break the law of melds), and from
then on they meld, take the pile and go out as one side. A player who goes out before
anyone took the pile is the lone hand too. Scores stay one per player: each partner scores
the partnership's total, and every red three counts for the player who laid it out (plus
when his side has melded, minus when not), so the red threes stay on the holder's own side
(``red3[home side]``). The initial minimum is each player's own (from his own score). If
nobody ever took the pile, everyone scores for himself.

Each player's side now is ``TableState.side_of`` (``home_side`` and ``red_three_side`` are
the state's reads); the lone hand is ``TableState.lone``.
"""

from __future__ import annotations

from typing import Any

from .melds import add_meld, meld_problem
from .table_state import TableState

Event = dict[str, Any]


def partnership(state: TableState) -> dict[str, Any] | None:
    """Cut-throat: ``{"lone": name, "partners": [name, name]}`` once the pile was taken."""
    if state.lone is None:
        return None
    return {"lone": state.lone, "partners": [p for p in state.players if p != state.lone]}


def set_partnership(state: TableState, lone: str) -> int:
    """Put the two others on one side (the earlier seat's); returns that side."""
    if lone not in state.players:
        raise ValueError(f"{lone} does not play at this table")
    partners = [p for p in state.players if p != lone]
    side = state.home_side(partners[0])
    for p in partners:
        state.side_of[p] = side
    state.lone = lone
    return side


def form_partnership(state: TableState, lone: str) -> list[Event]:
    """The first take of the pile (or a going out before any): ``lone`` plays alone, the
    other two join their melds and penalties into one side."""
    side = set_partnership(state, lone)
    partners = [p for p in state.players if p != lone]
    other = state.home_side(partners[1])
    melds = state.team_melds[side]
    for m in state.team_melds[other].values():
        old = melds.get(m.rank) if m.shape == "set" else None
        if old is not None and meld_problem(state.rules, m.rank, old.naturals + m.naturals,
                                            old.wilds + m.wilds, going_out=True) is None:
            old.extend(m.cards)
        else:
            add_meld(melds, m)
    state.team_melds[other] = {}
    state.penalties[side] += state.penalties[other]
    state.penalties[other] = 0
    ev = {"type": "lone_hand", "player": lone, "partners": partners}
    state.history.append(ev)
    return [ev]


def per_player(state: TableState, breakdowns: list[dict[str, int]]) -> list[dict[str, int]]:
    """Cut-throat scores: each player gets his side's breakdown, with his own red threes
    (plus if his side melded, minus if not)."""
    r = state.rules
    out: list[dict[str, int]] = []
    for p in state.players:
        side = state.side_of[p]
        b = dict(breakdowns[side])
        n = len(state.red3[state.home_side(p)])
        value = r.red_three_value(n) if n else 0
        b["red_threes"] = value if state.team_melds[side] else -value
        out.append(b)
    return out
