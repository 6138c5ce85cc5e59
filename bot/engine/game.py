"""A whole match of Canasta: hands dealt from the seed until a side reaches the target.

Every move goes through ``apply``: it first *plans* the move against the current state (raising
``IllegalMove`` with a reason a player can read, having changed nothing), then *commits* the
plan. The deal of hand ``n`` is a pure function of ``seed`` and ``n``, so the snapshot of
``to_dict`` plus the same actions always leads to the same future.

``Game`` is the state (``TableState``) with the public contract on top: the parts of the
engine are functions over the state, each in the module named for it (dealing, the moves of
a turn, planning, the hand's end, the legal moves, the view, snapshots); the variants are
``Rules`` fields those functions read.
"""

from __future__ import annotations

from typing import Any

from . import turns
from .actions import (
    Action,
    AnswerGoOut,
    AskToGoOut,
    Concede,
    Discard,
    Draw,
    Meld,
    TakePile,
)
from .cards import Card
from .cutthroat import partnership
from .dealing import deal
from .errors import IllegalMove
from .legal import legal_actions
from .offered import was_offered
from .planning import Plan, plan_meld, plan_take
from .positions import place
from .rules import Rules
from .scoring import HandResult
from .snapshots import restore, to_dict
from .table_state import TableState
from .taking import any_take, forced_take
from .view import make_view

Event = dict[str, Any]


class Game(TableState):
    """One match. Read the state through the properties; change it only with ``apply``."""

    # ------------------------------------------------------------------ construction
    @classmethod
    def new(cls, rules: Rules, players: list[str], seed: int) -> Game:
        game = cls(rules, players, seed)
        deal(game, 1)
        return game

    @classmethod
    def from_position(cls, rules: Rules, players: list[str], *, hands: dict[str, str],
                      stock: str = "", discard: str = "",
                      melds: dict[int, list[str]] | None = None,
                      red_threes: dict[int, str] | None = None,
                      scores: list[int] | None = None, turn: str | None = None,
                      phase: str = "draw", pile_frozen: bool = False, seed: int = 0,
                      melded_players: list[str] | None = None,
                      minimums: list[int] | None = None, asked: bool = False,
                      permission: bool | None = None, lone: str | None = None,
                      feet: dict[str, str] | None = None,
                      black_threes: dict[int, str] | None = None,
                      bonus_piles: list[str] | None = None,
                      asked_this_hand: list[str] | None = None) -> Game:
        """Any position from notation, for tests, puzzles and bug reports (hand 1 of a match).

        Beyond the table itself, a position can carry the facts of the hand and turn that a
        player saw happen (what computer players rebuild from a view): who has melded this
        hand, the sides' minimums, cut-throat's lone hand (``lone``), and "may I go out?" —
        asked (``phase="permission"``: the question of ``turn`` is waiting for the partners)
        and answered (``permission``). ``feet``: the face-down foot (packet) of each seat
        still waiting for it; in a variant with feet, the seats not named have picked theirs
        up. Modern American: ``bonus_cards.set_position`` (a 3 in hand is one kept).
        """
        game = cls(rules, players, seed)
        place(game, hands=hands, stock=stock, discard=discard, melds=melds,
              red_threes=red_threes, scores=scores, turn=turn, phase=phase,
              pile_frozen=pile_frozen, melded_players=melded_players, minimums=minimums,
              asked=asked, permission=permission, lone=lone, feet=feet,
              black_threes=black_threes, bonus_piles=bonus_piles,
              asked_this_hand=asked_this_hand)
        return game

    # ------------------------------------------------------------------ read-only state
    @property
    def discard_pile(self) -> list[Card]:
        return list(self.pile)

    @property
    def stock_count(self) -> int:
        return len(self.stock)

    def hand(self, player: str) -> list[Card]:
        return list(self.hands[self.check_player(player)])

    def melds(self, team: int) -> list[list[Card]]:
        return [list(m.cards) for m in self.team_melds[team].values()]

    def red_threes(self, team: int) -> list[Card]:
        return list(self.red3[team])

    def foot(self, player: str) -> list[Card]:
        """The face-down cards waiting for ``player`` (``[]`` once picked up or where the
        variant has none)."""
        return list(self.feet.get(self.check_player(player), []))

    def foot_picked_up(self, player: str) -> bool:
        return player in self.feet_picked

    def partnership(self) -> dict[str, Any] | None:
        """Cut-throat: ``{"lone": name, "partners": [name, name]}`` once the pile was taken."""
        return partnership(self)

    def forced_take(self, player: str) -> bool:
        """Stock exhausted: must this player take the pile (A.10)?"""
        return forced_take(self, player)

    def can_take_pile(self, player: str) -> bool:
        """Has ``player`` any legal way to take the discard pile now? (Exact: with wild cards
        beside the pair, further melds for the minimum, or going out with it.)"""
        return any_take(self, self.check_player(player))

    # ------------------------------------------------------------------ applying moves
    def apply(self, player: str, action: Action) -> list[Event]:
        """Play ``action`` for ``player``; returns what happened, or raises ``IllegalMove``."""
        offer = self.offered   # the moves legal_actions offered, forgotten by any move
        if offer is not None:
            self.offered = None
        if player not in self.side_of:
            self.check_player(player)
        if self._phase == "over":
            raise IllegalMove("the match is over", code="match_over")
        if isinstance(action, AnswerGoOut):
            return turns.answer(self, player, action)
        if self._phase == "permission":
            assert self.question is not None
            raise IllegalMove(f"waiting for {' or '.join(self.question['partners'])} to answer "
                              f"{self.question['asker']}'s question", code="waiting_for_answer",
                              players=list(self.question["partners"]),
                              player=self.question["asker"])
        if player != self.order[self.turn_idx]:
            if player not in self.order:
                raise IllegalMove(f"{player} sits out this hand", code="sits_out",
                                  player=player)
            raise IllegalMove(f"it is {self.order[self.turn_idx]}'s turn, not yours",
                              code="not_your_turn", player=self.order[self.turn_idx])
        if (offer is not None and isinstance(action, _OFFERED_KINDS)
                and was_offered(self, offer, player, action)):
            if isinstance(action, Meld):
                return turns.meld(self, player, action, offered=True)
            return turns.take_pile(self, player, action, offered=True)
        move = _MOVES.get(type(action))
        if move is not None:
            events: list[Event] = move(self, player, action)
            return events
        if isinstance(action, Draw):
            return turns.draw(self, player)
        if isinstance(action, TakePile):
            return turns.take_pile(self, player, action)
        if isinstance(action, Meld):
            return turns.meld(self, player, action)
        if isinstance(action, Discard):
            return turns.discard(self, player, action)
        if isinstance(action, AskToGoOut):
            return turns.ask(self, player)
        if isinstance(action, Concede):
            return turns.concede(self, player)
        raise IllegalMove(f"not a Canasta move: {action!r}", code="not_a_move")

    # The legal moves of ``player`` now, one of each kind (``legal.legal_actions``, the
    # method itself: asked at every decision of every search).
    legal_actions = legal_actions

    # ------------------------------------------------------------------ views and snapshots
    def view(self, player: str | None) -> dict[str, Any]:
        """What ``player`` may see (``None``: what everyone may see)."""
        return make_view(self, player)

    def to_dict(self) -> dict[str, Any]:
        return to_dict(self)

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Game:
        game = cls(Rules.from_dict(d["rules"]), d["players"], d["seed"])
        restore(game, d)
        return game

    def __repr__(self) -> str:
        return (f"<Game {self.rules.name} {len(self.players)}p hand {self.hand_number} "
                f"{self._phase} turn={self.turn}>")

    # ------------------------------------------------------------------ the planner, for tests
    def _plan(self, player: str, groups: list[list[Card]], adds: list[tuple[Any, list[Card]]],
              **options: Any) -> Plan:
        return plan_meld(self, player, groups, adds, **options)

    def _plan_take(self, player: str, cards: list[Card], groups: list[list[Card]],
                   check_held: bool = True) -> Plan:
        return plan_take(self, player, cards, groups, check_held=check_held)

    def _deal(self, hand: int) -> list[Event]:
        return deal(self, hand)


_OFFERED_KINDS = (Meld, TakePile)   # the moves ``legal_actions`` may remember (``offered``)

# Each move's function by the action's type (subclasses of the actions: the chain above).
_MOVES: dict[type, Any] = {
    Draw: turns.draw,
    TakePile: turns.take_pile,
    Meld: turns.meld,
    Discard: turns.discard,
    AskToGoOut: lambda state, player, _: turns.ask(state, player),
    Concede: lambda state, player, _: turns.concede(state, player),
}

__all__ = ["Game", "IllegalMove", "HandResult"]
