"""Slavic Canasta (RULES.md B.11, LT): the rules that are not Rules numbers.

- An unfrozen pile gives only its top card (rule 2): the rest stays as the pile.
- The pile is frozen for a side whose completed canasta matches the top card (rule 5).
- When a player goes out, each partner lays down his whole hand if every card of it can be
  melded on the side's melds or in new melds, else nothing (rule 7; done for him: laying
  down can only help him).
- When the stock runs out and nobody went out, the cards left in hand count only as the
  difference to the side holding the fewest points in hand (rule 10).

(Going out only by melding every card, rule 3, and the wild canasta melded whole, rule 9, are
the planner's ``going_out_by_discard`` and ``wild_canasta_whole``; all four red threes without
a canasta, rule 8, is scoring's ``red_threes_all_need_canasta``.)

The pile's two rules are the state's reads (``TableState.top_card_only``,
``top_on_canasta``); the partner's lay-down and the stock-end difference are here.
"""

from __future__ import annotations

from typing import Any

from .cards import card_texts
from .going_out import meld_everything
from .melds import TableMeld, other_canastas, set_melds
from .table_state import TableState

Event = dict[str, Any]


def partners_meld_out(state: TableState, went_out: str) -> list[Event]:
    """Slavic rule 7: each partner of the player who went out melds his whole hand, if
    every card of it can be melded."""
    r = state.rules
    team = state.side_of[went_out]
    events: list[Event] = []
    for p in state.order:
        hand = state.hands[p]
        if p == went_out or state.side_of[p] != team or not hand:
            continue
        melds = state.team_melds[team]
        plan = meld_everything(r, set_melds(r, melds), hand,
                               have=r.canastas_to_go_out + other_canastas(r, melds))
        if plan is None:
            continue
        for rank, cards in plan.items():
            if rank in melds:
                melds[rank].extend(cards)
            else:
                melds[rank] = TableMeld(rank, cards)
        ev = {"type": "partner_melds", "player": p, "cards": card_texts(hand)}
        state.hands[p] = []
        state.history.append(ev)
        events.append(ev)
    return events


def in_hand_difference(breakdowns: list[dict[str, int]], sides: list[int]) -> None:
    """Slavic rule 10: the stock gone with nobody out, each side of ``sides`` pays only what
    it holds in hand beyond the side holding the fewest points."""
    if not sides:
        return
    least = max(breakdowns[t]["in_hand"] for t in sides)   # in_hand is negative
    for t in sides:
        breakdowns[t]["in_hand"] -= least
