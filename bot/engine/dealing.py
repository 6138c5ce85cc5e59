"""Seating and dealing a hand (A.1, A.3, A.4): who plays, the deal, red threes, the upcard."""

from __future__ import annotations

import random
from typing import Any, TypeVar

from .bonus_cards import set_aside
from .cards import card_texts, make_deck
from .feet import deal_feet
from .table_state import TableState
from .threes import settle_threes, three_event

Event = dict[str, Any]
T = TypeVar("T")


def lay_packet(state: TableState) -> int:
    """Italian (B.7): as many stock cards as the upcard's value go face down under it
    (an ace or a joker 20, K/Q/J 13/12/11, a number card its pips)."""
    up = state.pile[-1]
    size = ({"A": 20, "JK": 20, "K": 13, "Q": 12, "J": 11}.get(up.rank)
            or int(up.rank))
    size = min(size, len(state.stock))
    packet = [state.stock.pop() for _ in range(size)]
    state.pile[-1:] = packet + [up]
    state.pile_wilds += sum(1 for c in packet if c.is_wild)
    return size


def interleave(state: TableState, active: list[str]) -> list[str]:
    """Seat the active players so that the sides alternate (partners opposite)."""
    by_team = [[p for p in active if state.side_of[p] == t] for t in range(state.rules.teams)]
    order: list[str] = []
    for i in range(max(len(x) for x in by_team)):
        for side in by_team:
            if i < len(side):
                order.append(side[i])
    return order


def play_order(state: TableState, hand: int) -> list[str]:
    """Who plays hand ``hand``, in turn order starting with its first player."""
    if state.rules.players == 5:
        big = state.members[0]
        sitter = big[(hand + 1) % len(big)]   # hand 1: the last of the three sits out
        order = interleave(state, [p for p in state.players if p != sitter])
    else:
        order = list(state.players)
    shift = (hand - 1) % len(order)
    return order[shift:] + order[:shift]


def shuffle(rng: random.Random, cards: list[T]) -> None:
    """``rng.shuffle(cards)``: the same steps (Python's Fisher-Yates with ``getrandbits``,
    3.11 to 3.13), so the same deal, without two calls a card (``test_shuffle`` checks it)."""
    getrandbits = rng.getrandbits
    for i in range(len(cards) - 1, 0, -1):
        n = i + 1
        k = n.bit_length()
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        cards[i], cards[j] = cards[j], cards[i]


def deal(state: TableState, hand: int) -> list[Event]:
    """Deal hand number ``hand``: a pure function of the seed and ``hand``."""
    r = state.rules
    state.hand_number = hand
    state.reset_hand()
    state.order = play_order(state, hand)
    deck = make_deck(r.packs, r.jokers)
    shuffle(random.Random(f"canasta:{state.seed}:{hand}"), deck)
    events: list[Event] = [{"type": "deal", "hand": hand, "first": state.order[0]}]
    for i, p in enumerate(state.order):
        state.hands[p] = deck[i * r.hand_size:(i + 1) * r.hand_size]
    state.stock = deck[len(state.order) * r.hand_size:]
    if r.foot_size:   # Hand and Foot, Pennies: a face-down foot (packet) each
        deal_feet(state)
    if r.bonus_piles:
        set_aside(state)
    if r.threes_laid_out:   # B.15: black threes too (and one may be kept for a Straight)
        for p in state.order:
            events += settle_threes(state, p, "deal")
    for p in [] if r.threes_laid_out else state.order:  # red threes: laid out, replaced (A.4)
        hand_cards = state.hands[p]
        while any(c.is_red_three for c in hand_cards):
            threes = [c for c in hand_cards if c.is_red_three]
            hand_cards[:] = [c for c in hand_cards if not c.is_red_three]
            state.red3[state.side_of[p]].extend(threes)
            hand_cards.extend(state.stock.pop() for _ in threes)
            events.append(three_event(p, threes, "deal"))
    if r.upcard:  # A.3: wild cards and red threes are covered, and freeze the pile
        while True:
            up = state.stock.pop()
            state.pile.append(up)
            if up.is_wild:
                state.pile_wilds += 1
            elif up.is_red_three:
                state.start_frozen = True
            else:
                break
        events.append({"type": "upcard", "cards": card_texts(state.pile),
                       "frozen": state.start_frozen or state.pile_wilds > 0})
        if r.upcard_packet:
            events[-1]["packet"] = lay_packet(state)
    state.history.extend(events)
    state.new_turn()
    return events
