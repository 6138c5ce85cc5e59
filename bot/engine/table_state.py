"""What a game holds between moves, named once for the parts of ``Game`` that work on it
(dealing, the turn's moves, melding, the hand's end): each is a mixin over this state, which
``Game`` itself sets up and keeps."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .cards import Card
    from .melds import TableMeld
    from .rules import Rules
    from .scoring import HandResult

Event = dict[str, Any]


class TableState:
    """The attributes of a ``Game`` (declared here for the mixins; set by ``Game``)."""

    rules: Rules
    players: list[str]
    seed: int
    members: list[list[str]]
    _team: dict[str, int]
    order: list[str]
    hand_number: int
    # the cards
    hands: dict[str, list[Card]]
    stock: list[Card]
    pile: list[Card]
    pile_wilds: int
    start_frozen: bool
    team_melds: list[dict[str, TableMeld]]
    red3: list[list[Card]]
    removed: list[list[Card]]
    black3: list[list[Card]]              # Modern American: black threes laid out
    bonus: list[list[Card]]               # Modern American: the bonus piles still waiting
    just_arrived: dict[str, list[Card]]
    ended_hand_table: dict[str, Any] | None  # public view of the hand the last move ended
    # the sides
    minimums: list[int]
    penalties: list[int]
    melded_players: set[str]
    _scores: list[int]
    _results: list[HandResult]
    _winner: int | None
    # the turn
    turn_idx: int
    _phase: str
    history: list[Event]
    asked: bool
    question: dict[str, Any] | None
    permission: bool | None
    melded_before: bool
    touched_old: bool
    took_pile: bool
    pile_rank: str | None
    turn_new_ranks: set[str]
    turn_start_ranks: set[str]

    lone: str | None                      # cut-throat: who plays alone this hand

    if TYPE_CHECKING:
        def red_three_side(self, player: str) -> int:   # cut-throat: always his own side
            ...

        def pile_taken_part(self) -> list[Card]:        # Feet
            ...

        def _feet_to_dict(self) -> dict[str, Any]:      # Feet
            ...

        def _feet_from_dict(self, d: dict[str, Any]) -> None:   # Feet
            ...

        def _set_partnership(self, lone: str) -> int:   # LoneHand
            ...


def receive(state: TableState, player: str, cards: list[Card]) -> None:
    """Cards come into a hand beside the turn's draw (bonus cards, a foot or packet): they
    join the hand and show as just arrived, after what arrived earlier this turn."""
    state.hands[player].extend(cards)
    state.just_arrived[player] = state.just_arrived.get(player, []) + cards
