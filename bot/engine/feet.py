"""The foot (Hand and Foot, B.16) and the packet (Pennies from Heaven, B.13): a second,
face-down hand dealt to every player and picked up later.

Hand and Foot: the foot is picked up when the hand is used up: by melding (the player picks
it up and plays on) or by discarding (he picks it up and plays it next turn); until then,
emptying the hand is not going out. Pennies: the packet is picked up by the player who
completes a canasta. Red threes found in a foot are laid out and replaced from the stock, as
at the deal. A foot not picked up when the hand ends counts against its side like cards in
hand (its red threes excepted). The feet live in ``TableState.feet`` and ``feet_picked``.
"""

from __future__ import annotations

from typing import Any

from .cards import Card, card_texts, format_cards, parse_cards
from .table_state import TableState, receive
from .threes import three_event

Event = dict[str, Any]


def deal_feet(state: TableState) -> None:
    """Each seat's foot, from the top of the stock (after the hands)."""
    size = state.rules.foot_size
    for p in state.order:
        state.feet[p] = [state.stock.pop() for _ in range(min(size, len(state.stock)))]


def pick_up_foot(state: TableState, player: str, when: str) -> list[Event]:
    """The foot goes into the hand (``when``: "now", or "next_turn" after a discard);
    its red threes are laid out and replaced from the stock."""
    cards = state.feet.pop(player, [])
    state.feet_picked.add(player)
    team = state.side_of[player]
    threes: list[Card] = []
    while any(c.is_red_three for c in cards):
        found = [c for c in cards if c.is_red_three]
        threes += found
        cards = [c for c in cards if not c.is_red_three]
        cards += [state.stock.pop() for _ in found if state.stock]
    state.red3[team].extend(threes)
    receive(state, player, cards)
    events: list[Event] = [{"type": "foot", "player": player, "count": len(cards),
                            "when": when, "cards": card_texts(cards)}]
    if threes:
        events.append(three_event(player, threes, "foot"))
    state.history.extend(events)
    return events


def foot_after_melding(state: TableState, player: str, made_canasta: bool) -> list[Event]:
    """Hand and Foot: a hand melded away picks up the foot; Pennies: completing a
    canasta picks up the packet."""
    if not state.feet.get(player):
        return []
    if state.rules.foot_on == "canasta":
        return pick_up_foot(state, player, "now") if made_canasta else []
    return [] if state.hands[player] else pick_up_foot(state, player, "now")


def feet_from_text(state: TableState, feet: dict[str, str] | None) -> None:
    """``Game.from_position``'s feet: the seats named get theirs; in a variant with feet,
    the others have picked theirs up."""
    unknown = set(feet or {}) - set(state.players)
    if unknown:
        raise ValueError(f"feet given for unknown players: {', '.join(sorted(unknown))}")
    if feet and not state.rules.foot_size:
        raise ValueError("these rules have no foot or packet")
    state.feet = {p: parse_cards(text) for p, text in (feet or {}).items()
                  if parse_cards(text)}
    state.feet_picked = ({p for p in state.order if p not in state.feet}
                         if state.rules.foot_size else set())


def feet_to_dict(state: TableState) -> dict[str, Any]:
    if not state.rules.foot_size:
        return {}
    return {"feet": {p: format_cards(c) for p, c in state.feet.items()},
            "feet_picked": sorted(state.feet_picked)}


def feet_from_dict(state: TableState, d: dict[str, Any]) -> None:
    state.feet = {p: parse_cards(c) for p, c in d.get("feet", {}).items()}
    state.feet_picked = set(d.get("feet_picked", []))
