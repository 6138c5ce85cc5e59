"""A move ``legal_actions`` offered, committed without judging it again.

``legal_actions`` offers only moves the planner accepts. When ``apply`` receives one of those
very moves (the same object) for the same player in the same position, the verdict is
known and only the planner's bookkeeping is left: which cards leave the hand and which
melds they join (``offered_plan``). ``remember`` keeps the moves of the last call on the
state; every ``apply`` forgets them (a copy of the game shares them, as it shares the
position; the hand's size and the history's length stand guard against a position changed
by other means). Where the rules give a meld's key more thought (sequences, wild melds, two
melds of a rank, South American's blocking and hand canastas, special hands) the planner
plans every move.
"""

from __future__ import annotations

from typing import Any

from .bonus_cards import first_meld_brings
from .cards import Card
from .planning import Plan
from .rules import Rules
from .table_state import TableState


def by_rank(rules: Rules) -> bool:
    """Is every meld of these rules a set keyed by its rank, one a rank (the moves whose
    bookkeeping ``offered_plan`` does)?"""
    simple: bool | None = rules.__dict__.get("_offered_by_rank")
    if simple is None:
        simple = not (rules.sequences or rules.wild_melds or rules.duplicate_melds
                      or rules.blocking_canasta or rules.hand_canasta_eight
                      or rules.special_hands)
        object.__setattr__(rules, "_offered_by_rank", simple)
    return simple


def remember(state: TableState, player: str, *moves: list[Any]) -> None:
    """``legal_actions`` offers ``player`` now the melds and takes in ``moves``: lists of
    its own that it hands out no further (their moves join the list it returns), so no
    caller can add to them."""
    state.offered = (player, len(state.history), len(state.hands[player]), moves)


def was_offered(state: TableState,
                offer: tuple[str, int, int, tuple[list[Any], ...]] | None,
                player: str, action: object) -> bool:
    """Is ``action`` (this very object) one of the moves ``offer`` (the state's ``offered``
    as ``apply`` began) offered to ``player`` in this position?"""
    return (offer is not None and offer[0] == player and offer[1] == len(state.history)
            and offer[2] == len(state.hands[player])
            and any(a is action for moves in offer[3] for a in moves))


def offered_plan(state: TableState, player: str, groups: list[list[Card]],
                 adds: list[tuple[Any, list[Card]]], top_group: list[Card] | None = None,
                 incoming: int = 0) -> Plan | None:
    """``plan_meld``'s plan of a move it accepted in this position (``was_offered``), in
    rules whose melds are sets keyed by rank (``by_rank``); ``None`` where the planner must
    name the melds (a lay-off named otherwise than by its meld's key)."""
    team = state.side_of[player]
    melds = state.team_melds[team]
    parts: list[tuple[str, list[Card]]] = []   # (the meld's key, its cards from the hand)
    for g in groups:
        if not g:
            continue
        for c in g:   # (a set: naturals of one rank, and wild cards)
            if not c.is_wild:
                parts.append((c.rank, g))
                break
        else:
            return None
    for key, g in adds:
        if type(key) is not str or key not in melds:
            return None
        parts.append((key, g))
    used: list[Card] = []
    additions: dict[str, list[Card]] = {}
    for key, g in parts:
        used += g
        got = additions.get(key)
        if got is None:
            additions[key] = list(g)
        else:
            got += g
    if top_group:
        used += top_group[1:]
        additions.setdefault(top_group[0].rank, []).extend(top_group)
    remaining = (len(state.hands[player]) - len(used) + incoming
                 + first_meld_brings(state, team))
    plan = Plan(used=used, additions=additions, remaining=remaining, fresh={}, merges=[],
                blocking=False)
    start = state.turn_start_ranks
    for key in additions:
        if key not in melds:
            plan.new_ranks.add(key)
        elif key in start:
            plan.touched_old = True
    return plan
