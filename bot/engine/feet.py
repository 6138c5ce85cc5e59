"""The foot (Hand and Foot, B.16) and the packet (Pennies from Heaven, B.13): a second,
face-down hand dealt to every player and picked up later.

Hand and Foot: the foot is picked up when the hand is used up: by melding (the player picks
it up and plays on) or by discarding (he picks it up and plays it next turn); until then,
emptying the hand is not going out. Pennies: the packet is picked up by the player who
completes a canasta. Red threes found in a foot are laid out and replaced from the stock, as
at the deal. A foot not picked up when the hand ends counts against its side like cards in
hand (its red threes excepted).
"""

from __future__ import annotations

from typing import Any

from .cards import Card, card_texts, format_cards, parse_cards
from .table_state import TableState, receive
from .threes import three_event

Event = dict[str, Any]


class Feet(TableState):
    """The foot half of ``Game`` (a mixin: the state lives on the game)."""

    feet: dict[str, list[Card]]
    feet_picked: set[str]

    def _reset_feet(self) -> None:
        self.feet = {}
        self.feet_picked = set()

    def foot(self, player: str) -> list[Card]:
        """The face-down cards waiting for ``player`` (``[]`` once picked up or where the
        variant has none)."""
        if player not in self._team:
            from .errors import IllegalMove

            raise IllegalMove(f"{player} is not playing at this table", code="not_at_table",
                              player=player)
        return list(self.feet.get(player, []))

    def foot_picked_up(self, player: str) -> bool:
        return player in self.feet_picked

    def foot_pending(self, player: str) -> bool:
        """Hand and Foot: the foot still waits, so emptying the hand picks it up instead of
        going out."""
        return bool(self.feet.get(player)) and self.rules.foot_on == "hand_empty"

    def _deal_feet(self) -> None:
        """Each seat's foot, from the top of the stock (after the hands)."""
        size = self.rules.foot_size
        for p in self.order:
            self.feet[p] = [self.stock.pop() for _ in range(min(size, len(self.stock)))]

    def _pick_up_foot(self, player: str, when: str) -> list[Event]:
        """The foot goes into the hand (``when``: "now", or "next_turn" after a discard);
        its red threes are laid out and replaced from the stock."""
        cards = self.feet.pop(player, [])
        self.feet_picked.add(player)
        team = self._team[player]
        threes: list[Card] = []
        while any(c.is_red_three for c in cards):
            found = [c for c in cards if c.is_red_three]
            threes += found
            cards = [c for c in cards if not c.is_red_three]
            cards += [self.stock.pop() for _ in found if self.stock]
        self.red3[team].extend(threes)
        receive(self, player, cards)
        events: list[Event] = [{"type": "foot", "player": player, "count": len(cards),
                                "when": when, "cards": card_texts(cards)}]
        if threes:
            events.append(three_event(player, threes, "foot"))
        self.history.extend(events)
        return events

    def _foot_after_melding(self, player: str, made_canasta: bool) -> list[Event]:
        """Hand and Foot: a hand melded away picks up the foot; Pennies: completing a
        canasta picks up the packet."""
        if not self.feet.get(player):
            return []
        if self.rules.foot_on == "canasta":
            return self._pick_up_foot(player, "now") if made_canasta else []
        return [] if self.hands[player] else self._pick_up_foot(player, "now")

    def _feet_from_text(self, feet: dict[str, str] | None) -> None:
        """``Game.from_position``'s feet: the seats named get theirs; in a variant with feet,
        the others have picked theirs up."""
        unknown = set(feet or {}) - set(self.players)
        if unknown:
            raise ValueError(f"feet given for unknown players: {', '.join(sorted(unknown))}")
        if feet and not self.rules.foot_size:
            raise ValueError("these rules have no foot or packet")
        self.feet = {p: parse_cards(text) for p, text in (feet or {}).items()
                     if parse_cards(text)}
        self.feet_picked = ({p for p in self.order if p not in self.feet}
                            if self.rules.foot_size else set())

    def _feet_to_dict(self) -> dict[str, Any]:
        if not self.rules.foot_size:
            return {}
        return {"feet": {p: format_cards(c) for p, c in self.feet.items()},
                "feet_picked": sorted(self.feet_picked)}

    def _feet_from_dict(self, d: dict[str, Any]) -> None:
        self.feet = {p: parse_cards(c) for p, c in d.get("feet", {}).items()}
        self.feet_picked = set(d.get("feet_picked", []))

    def pile_taken_part(self) -> list[Card]:
        """The cards under the top card that a take gets (Hand and Foot: only the top few)."""
        limit = self.rules.pile_take_limit
        if limit:
            return self.pile[max(0, len(self.pile) - limit):-1]
        return self.pile[:-1]
