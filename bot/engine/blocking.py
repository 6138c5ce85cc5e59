"""South American Canasta (RULES.md B.14, LT): the blocking canasta and the 8-card natural
canasta from the hand.

- The *blocking canasta* is four black threes and three matching wild cards (three jokers,
  three red 2s or three black 2s), assembled in hand and melded at once as a group of its
  own in a ``Meld`` (not beside a pile take). It scores its cards and ``blocking_canasta``
  (1500), ends the hand at once (nobody goes out: no going-out bonus, no minimum, no canasta
  needed) and cancels the opponents' melds: they score no melded cards or canastas, and
  their red threes count as for a side that made no meld.
- A natural canasta of 8 or more cards melded at once from the hand (a new meld) scores
  ``hand_canasta_eight`` (750) instead of 500 while it stays natural; cards added later add
  only their values.

The planner asks ``check_blocking`` and ``hand_canastas``, the hand's end
``blocked_by`` and ``hand_canasta_bonus``; ``legal`` offers ``blocking_moves``.
"""

from __future__ import annotations

from .cards import Card
from .errors import IllegalMove
from .rules import Rules
from .table_state import TableState

BLACK_THREES = 4
MATCHING_WILDS = 3


def wild_kind(c: Card) -> str:
    """Which wild cards match: jokers, red 2s, black 2s."""
    if c.is_joker:
        return "joker"
    return "red" if c.is_red else "black"


def blocking_problem(cards: list[Card]) -> IllegalMove | None:
    """Why a group of black threes and wild cards is not a blocking canasta, or ``None``."""
    threes = [c for c in cards if c.is_black_three]
    wilds = [c for c in cards if c.is_wild]
    if (len(threes) != BLACK_THREES or len(wilds) != MATCHING_WILDS
            or len(cards) != BLACK_THREES + MATCHING_WILDS
            or len({wild_kind(c) for c in wilds}) != 1):
        return IllegalMove("a blocking canasta is four black threes and three matching wild "
                           "cards: three jokers, three red 2s or three black 2s",
                           code="blocking_canasta_matching")
    return None


def is_blocking(meld_rank: str, wilds: int) -> bool:
    """A meld of black threes holding wild cards can only be a blocking canasta."""
    return meld_rank == "3" and wilds > 0


def check_blocking(state: TableState, team: int, groups: list[list[Card]],
                   additions: dict[str, list[Card]], with_pile: bool) -> bool:
    """Is this move a blocking canasta (raising if it breaks its rules)?"""
    cards = additions.get("3")
    if not state.rules.blocking_canasta or not cards or not any(c.is_wild for c in cards):
        return False
    whole = [g for g in groups if any(c.is_black_three for c in g)]
    if with_pile or "3" in state.team_melds[team] or len(whole) != 1 or whole[0] != cards:
        raise IllegalMove("a blocking canasta is melded all at once from your hand, as a "
                          "meld of its own", code="blocking_canasta_whole")
    problem = blocking_problem(cards)
    if problem:
        raise problem
    return True


def blocked_by(state: TableState) -> int | None:
    """The side whose blocking canasta ended this hand, if one did."""
    for ev in reversed(state.history):
        if ev["type"] == "blocking_canasta":
            return state.side_of[ev["player"]]
    return None


def hand_canastas(rules: Rules, additions: dict[str, list[Card]], new: set[str]) -> list[str]:
    """The new natural melds of 8 or more cards this move makes at once."""
    if not rules.hand_canasta_eight:
        return []
    return sorted(k for k in new if len(cards := additions.get(k, [])) >= 8
                  and not any(c.is_wild for c in cards)
                  and len({c.rank for c in cards}) == 1 and cards[0].rank != "3")


def hand_canasta_bonus(state: TableState, team: int) -> int:
    """What the side's natural canastas of 8 melded from the hand add beyond a natural
    canasta's bonus (only those still natural)."""
    r = state.rules
    if not r.hand_canasta_eight:
        return 0
    keys = {k for ev in state.history if ev["type"] == "meld"
            and state.side_of.get(ev["player"]) == team for k in ev.get("hand_canastas", ())}
    melds = state.team_melds[team]
    return sum(r.hand_canasta_eight - r.natural_canasta for k in keys
               if k in melds and melds[k].wilds == 0 and melds[k].is_canasta(r))
