"""Threes laid out (A.4; Modern American B.15: black threes too, one 3 kept for a Straight).

Red threes are laid out and replaced in every variant; in Modern American black threes are as
well, and a player may keep one 3 in hand (for a Straight) until his side melds. The engine
keeps it for him: the first 3 a player receives while his side has not melded stays in his
hand; when the side melds, every kept 3 of the side is laid out and replaced. A 3 that no
stock card is left to replace stays in hand (as the last card of the stock does).
"""

from __future__ import annotations

from typing import Any

from .cards import Card, card_texts
from .table_state import TableState

Event = dict[str, Any]


def laid_out(state: TableState, c: Card) -> bool:
    """Is this card laid out (rather than held) when it comes to a hand?"""
    return c.is_red_three or (state.rules.threes_laid_out and c.rank == "3")


def keeps(state: TableState, player: str, c: Card) -> bool:
    """Does ``player`` keep this 3 in hand for a Straight (B.15)?"""
    return (state.rules.keep_three and c.rank == "3"
            and not state.team_melds[state.side_of[player]]
            and not any(h.rank == "3" for h in state.hands[player]))


def lay_out(state: TableState, player: str, c: Card) -> None:
    """A red three to its holder's side for scoring (cut-throat: his own), a black three
    (Modern American) to the side he plays for."""
    if c.is_red_three:
        state.red3[state.red_three_side(player)].append(c)
    else:
        state.black3[state.side_of[player]].append(c)


def three_event(player: str, cards: list[Card], when: str) -> Event:
    """``red_three`` (red) or ``black_three`` (Modern American) laid out."""
    kind = "red_three" if cards[0].is_red_three else "black_three"
    return {"type": kind, "player": player, "cards": card_texts(cards), "when": when}


def settle_threes(state: TableState, player: str, when: str) -> list[Event]:
    """Lay out the threes in ``player``'s hand (but one he may keep) and replace each from the
    stock, until none is left to lay out (Modern American's deal and its first meld)."""
    events: list[Event] = []
    hand = state.hands[player]
    while True:
        kept: list[Card] = []
        out: list[Card] = []
        for c in list(hand):
            if not laid_out(state, c):
                continue
            hand.remove(c)
            if (not kept and keeps(state, player, c)) or len(out) >= len(state.stock):
                kept.append(c)   # kept for a Straight, or no stock card to replace it
            else:
                out.append(c)
        hand.extend(kept)
        if not out:
            return events
        for c in out:
            lay_out(state, player, c)
            events.append(three_event(player, [c], when))
        hand.extend(state.stock.pop() for _ in out if state.stock)


def kept_threes(state: TableState, team: int) -> list[Card]:
    """The threes the side's players keep in hand."""
    return [c for p in state.members[team] for c in state.hands[p] if c.rank == "3"]
