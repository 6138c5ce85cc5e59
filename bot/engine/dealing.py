"""Seating and dealing a hand (A.1, A.3, A.4): who plays, the deal, red threes, the upcard."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from .bonus_cards import set_aside
from .cards import card_texts, make_deck
from .table_state import TableState
from .threes import settle_threes, three_event

Event = dict[str, Any]


class Dealing(TableState):
    """The dealing half of ``Game`` (a mixin: the state lives on the game)."""

    if TYPE_CHECKING:
        def _reset_hand_state(self) -> None:
            ...

        def _new_turn(self) -> None:
            ...

        def _deal_feet(self) -> None:
            ...

    def _lay_packet(self) -> int:
        """Italian (B.7): as many stock cards as the upcard's value go face down under it
        (an ace or a joker 20, K/Q/J 13/12/11, a number card its pips)."""
        up = self.pile[-1]
        size = ({"A": 20, "JK": 20, "K": 13, "Q": 12, "J": 11}.get(up.rank)
                or int(up.rank))
        size = min(size, len(self.stock))
        packet = [self.stock.pop() for _ in range(size)]
        self.pile[-1:] = packet + [up]
        self.pile_wilds += sum(1 for c in packet if c.is_wild)
        return size

    def _interleave(self, active: list[str]) -> list[str]:
        """Seat the active players so that the sides alternate (partners opposite)."""
        by_team = [[p for p in active if self._team[p] == t] for t in range(self.rules.teams)]
        order: list[str] = []
        for i in range(max(len(x) for x in by_team)):
            for side in by_team:
                if i < len(side):
                    order.append(side[i])
        return order

    def _play_order(self, hand: int) -> list[str]:
        """Who plays hand ``hand``, in turn order starting with its first player."""
        if self.rules.players == 5:
            big = self.members[0]
            sitter = big[(hand + 1) % len(big)]   # hand 1: the last of the three sits out
            order = self._interleave([p for p in self.players if p != sitter])
        else:
            order = list(self.players)
        shift = (hand - 1) % len(order)
        return order[shift:] + order[:shift]

    def _deal(self, hand: int) -> list[Event]:
        r = self.rules
        self.hand_number = hand
        self._reset_hand_state()
        self.order = self._play_order(hand)
        deck = make_deck(r.packs, r.jokers)
        random.Random(f"canasta:{self.seed}:{hand}").shuffle(deck)
        events: list[Event] = [{"type": "deal", "hand": hand, "first": self.order[0]}]
        for i, p in enumerate(self.order):
            self.hands[p] = deck[i * r.hand_size:(i + 1) * r.hand_size]
        self.stock = deck[len(self.order) * r.hand_size:]
        if r.foot_size:   # Hand and Foot, Pennies: a face-down foot (packet) each
            self._deal_feet()
        if r.bonus_piles:
            set_aside(self)
        if r.threes_laid_out:   # B.15: black threes too (and one may be kept for a Straight)
            for p in self.order:
                events += settle_threes(self, p, "deal")
        for p in [] if r.threes_laid_out else self.order:  # red threes: laid out, replaced (A.4)
            hand_cards = self.hands[p]
            while any(c.is_red_three for c in hand_cards):
                threes = [c for c in hand_cards if c.is_red_three]
                hand_cards[:] = [c for c in hand_cards if not c.is_red_three]
                self.red3[self._team[p]].extend(threes)
                hand_cards.extend(self.stock.pop() for _ in threes)
                events.append(three_event(p, threes, "deal"))
        if r.upcard:  # A.3: wild cards and red threes are covered, and freeze the pile
            while True:
                up = self.stock.pop()
                self.pile.append(up)
                if up.is_wild:
                    self.pile_wilds += 1
                elif up.is_red_three:
                    self.start_frozen = True
                else:
                    break
            events.append({"type": "upcard", "cards": card_texts(self.pile),
                           "frozen": self.start_frozen or self.pile_wilds > 0})
            if r.upcard_packet:
                events[-1]["packet"] = self._lay_packet()
        self.history.extend(events)
        self._new_turn()
        return events
