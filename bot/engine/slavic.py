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

A mixin of ``Game`` (the state lives on the game).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .cards import Card, card_texts
from .going_out import meld_everything
from .melds import TableMeld, other_canastas, set_melds
from .table_state import TableState

Event = dict[str, Any]


class SlavicRules(TableState):
    """Slavic Canasta's pile, partner and stock-end rules."""

    if TYPE_CHECKING:
        def pile_frozen_for(self, team: int) -> bool:
            ...

    def top_card_only(self, team: int) -> bool:
        """Does a take by this side get only the top card (Slavic, unfrozen pile)?"""
        return self.rules.unfrozen_take_top_only and not self.pile_frozen_for(team)

    def cards_under_top(self, team: int) -> list[Card]:
        """The pile's cards that come to the hand with its top card when this side takes it."""
        return [] if self.top_card_only(team) else self.pile_taken_part()

    def pile_cards_to_hand(self, team: int) -> list[Card]:
        """Of those, the ones that join the taker's hand (red threes are laid out)."""
        return [c for c in self.cards_under_top(team) if not c.is_red_three]

    def top_on_canasta(self, team: int) -> bool:
        """Slavic rule 5: the top card matches a canasta this side has completed."""
        if not self.pile:
            return False
        rank = self.pile[-1].rank
        return any(m.shape == "set" and m.rank == rank and m.is_canasta(self.rules)
                   for m in self.team_melds[team].values())

    def _partners_meld_out(self, went_out: str) -> list[Event]:
        """Slavic rule 7: each partner of the player who went out melds his whole hand, if
        every card of it can be melded."""
        r = self.rules
        team = self._team[went_out]
        events: list[Event] = []
        for p in self.order:
            hand = self.hands[p]
            if p == went_out or self._team[p] != team or not hand:
                continue
            melds = self.team_melds[team]
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
            self.hands[p] = []
            self.history.append(ev)
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
