"""Modern American's bonus cards (B.15): two face-down piles (4 and 3 cards) set aside at the
deal; the first side to meld draws the 4, the second the 3, but only while the turn card (the
9th card from the bottom of the stock) has not been drawn. The player who makes his side's
first meld takes them into his hand; threes among them are laid out and replaced, and every
3 the side kept for a Straight is laid out and replaced too."""

from __future__ import annotations

from typing import Any

from .cards import card_texts, format_cards, parse_cards
from .table_state import TableState, receive
from .threes import settle_threes

Event = dict[str, Any]


def snapshot(state: TableState) -> dict[str, Any]:
    """The snapshot keys of Modern American's state (none where it has none)."""
    out: dict[str, Any] = {}
    if any(state.black3):
        out["black_threes"] = [format_cards(x) for x in state.black3]
    if state.bonus:
        out["bonus"] = [format_cards(x) for x in state.bonus]
    return out


def restore(state: TableState, d: dict[str, Any]) -> None:
    """Read ``snapshot``'s keys back (absent in older snapshots: none)."""
    state.black3 = [parse_cards(x) for x in d.get("black_threes", [""] * len(state.red3))]
    state.bonus = [parse_cards(x) for x in d.get("bonus", [])]


def set_position(state: TableState, black_threes: dict[int, str] | None,
                 bonus_piles: list[str] | None, asked_this_hand: list[str] | None) -> None:
    """``Game.from_position``'s Modern American facts: the black threes laid out, the bonus
    piles still waiting, and who has asked "may I go out?" this hand."""
    for team, text in (black_threes or {}).items():
        state.black3[team] = parse_cards(text)
    state.bonus = [parse_cards(text) for text in bonus_piles or []]
    state.history = [{"type": "ask", "player": p,
                      "partners": [q for q in state.order
                                   if state.side_of[q] == state.side_of[p] and q != p]}
                     for p in asked_this_hand or []]


def set_aside(state: TableState) -> None:
    """Deal the bonus piles from the stock (after the hands, before threes are replaced)."""
    state.bonus = [[state.stock.pop() for _ in range(n)] for n in state.rules.bonus_piles]


def turn_card_drawn(state: TableState) -> bool:
    return len(state.stock) < state.rules.turn_card


def waiting(state: TableState) -> list[int]:
    """The sizes of the bonus piles a side can still draw ([4, 3], then [3], then [])."""
    if not state.rules.bonus_piles or turn_card_drawn(state):
        return []
    return [len(p) for p in state.bonus]


def bonus_due(state: TableState, team: int) -> int:
    """How many bonus cards the side's first meld would bring (0 once it has melded)."""
    if state.team_melds[team] or not state.bonus or turn_card_drawn(state):
        return 0
    return len(state.bonus[0])


def first_meld_brings(state: TableState, team: int) -> int:
    """How many cards the side's first meld brings its maker after it: Modern American's
    bonus pile, Mexican's 13 from the stock (as many as it holds, red threes aside); 0 once
    the side has melded."""
    if state.team_melds[team]:
        return 0
    cards = bonus_due(state, team)
    if state.rules.first_meld_cards:
        cards += min(state.rules.first_meld_cards,
                     sum(1 for c in state.stock if not c.is_red_three))
    return cards


def first_meld_cards(state: TableState, player: str) -> list[Event]:
    """After the side's first meld: the bonus pile (if one is due), then the threes."""
    events: list[Event] = []
    team = state.side_of[player]
    if state.bonus and not turn_card_drawn(state):
        got = state.bonus.pop(0)
        receive(state, player, got)
        events.append({"type": "bonus_cards", "player": player, "count": len(got),
                       "cards": card_texts(got), "stock": len(state.stock)})
    for p in state.members[team]:
        if p in state.order:
            events += settle_threes(state, p, "meld")
    return events
