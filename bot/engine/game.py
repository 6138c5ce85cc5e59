"""A whole match of Canasta: hands dealt from the seed until a side reaches the target.

Every move goes through ``apply``: it first *plans* the move against the current state (raising
``IllegalMove`` with a reason a player can read, having changed nothing), then *commits* the
plan. The deal of hand ``n`` is a pure function of ``seed`` and ``n``, so the snapshot of
``to_dict`` plus the same actions always leads to the same future.
"""

from __future__ import annotations

from typing import Any

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
from .blocking import BlockingCanasta
from .bonus_cards import set_position
from .canasta_needs import kinds_met
from .cards import Card, parse_cards
from .cutthroat import LoneHand
from .dealing import Dealing
from .errors import IllegalMove
from .feet import Feet
from .hand_end import HandEnd
from .melds import TableMeld, add_meld, rank_name
from .rules import Rules
from .scoring import HandResult
from .slavic import SlavicRules
from .snapshots import Snapshots
from .turns import TurnMoves

Event = dict[str, Any]


class Game(TurnMoves, Dealing, HandEnd, LoneHand, Feet, SlavicRules, BlockingCanasta,
           Snapshots):
    """One match. Read the state through the properties; change it only with ``apply``."""

    # ------------------------------------------------------------------ construction
    def __init__(self, rules: Rules, players: list[str], seed: int) -> None:
        if len(players) != rules.players:
            raise ValueError(f"these rules are for {rules.players} players, not {len(players)}")
        if len(set(players)) != len(players) or not all(isinstance(p, str) and p
                                                        for p in players):
            raise ValueError("players must be distinct non-empty names")
        self.rules = rules
        self.players = list(players)
        self.seed = seed
        self._team = {p: i % rules.teams for i, p in enumerate(players)}
        self.members = [[p for p in players if self._team[p] == t] for t in range(rules.teams)]
        self.hand_number = 0
        self._scores = [0] * rules.teams
        self._results: list[HandResult] = []
        self._winner: int | None = None
        # The public view (a view of nobody) of the hand that the last move ended, as the
        # table lay before the next deal: what a front end shows as that hand's final table.
        # Not part of the snapshot: only the move that ended the hand sets it.
        self.ended_hand_table: dict[str, Any] | None = None
        self._reset_hand_state()

    def _reset_hand_state(self) -> None:
        t = self.rules.teams
        self.lone: str | None = None
        if self.rules.lone_hand:
            self._seat_sides()
        self.order: list[str] = []
        self.hands: dict[str, list[Card]] = {p: [] for p in self.players}
        self.stock: list[Card] = []           # next card to draw is the LAST
        self.pile: list[Card] = []            # bottom first
        self.pile_wilds = 0
        self.start_frozen = False
        self.team_melds: list[dict[str, TableMeld]] = [{} for _ in range(t)]
        self.red3: list[list[Card]] = [[] for _ in range(t)]
        self.removed: list[list[Card]] = [[] for _ in range(t)]   # Cuban black threes
        self.black3: list[list[Card]] = [[] for _ in range(t)]    # Modern American
        self.bonus: list[list[Card]] = []                         # Modern American
        self.minimums = [self.rules.minimum_for(s) for s in self._scores]
        if self.rules.deal_minimums:   # Hand and Foot: by deal, whatever the score
            by_deal = self.rules.deal_minimums
            self.minimums = [by_deal[min(max(self.hand_number, 1), len(by_deal)) - 1]] * t
        self._reset_feet()
        self.penalties = [0] * t
        self.melded_players: set[str] = set()
        self.turn_idx = 0
        self._phase = "draw"
        self.history: list[Event] = []
        self.just_arrived: dict[str, list[Card]] = {}
        self._new_turn()

    def _new_turn(self) -> None:
        self.asked = False
        self.permission: bool | None = None
        self.question: dict[str, Any] | None = None
        self.took_pile = False
        self.pile_rank: str | None = None
        self.touched_old = False
        self.turn_new_ranks: set[str] = set()
        self.turn_start_ranks: set[str] = set()
        self.melded_before = False
        if self.order:
            player = self.order[self.turn_idx]
            self.turn_start_ranks = set(self.team_melds[self._team[player]])
            self.melded_before = player in self.melded_players

    @classmethod
    def new(cls, rules: Rules, players: list[str], seed: int) -> Game:
        game = cls(rules, players, seed)
        game._deal(1)
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
        if scores is not None:
            if len(scores) != rules.teams:
                raise ValueError(f"scores needs one number per side ({rules.teams})")
            game._scores = [int(s) for s in scores]
        game.hand_number = 1
        game._reset_hand_state()
        unknown = set(hands) - set(players)
        if unknown:
            raise ValueError(f"hands given for unknown players: {', '.join(sorted(unknown))}")
        game.order = game._play_order(1)
        if rules.players == 5:
            sitters = [p for p in players if p not in hands]
            if len(sitters) == 1 and game._team[sitters[0]] == 0:
                active = [p for p in players if p != sitters[0]]
                game.order = game._interleave(active)
        for p in players:
            cards = parse_cards(hands.get(p, ""))
            if any(c.is_red_three for c in cards) and not rules.keep_three:
                raise ValueError("red threes are laid out, not held: put them in red_threes")
            game.hands[p] = cards
        game._feet_from_text(feet)
        game.stock = list(reversed(parse_cards(stock)))
        game.pile = parse_cards(discard)
        game.pile_wilds = sum(1 for c in game.pile if c.is_wild)
        game.start_frozen = pile_frozen
        if lone is not None:
            game._set_partnership(lone)
        for team, texts in (melds or {}).items():
            for text in texts:
                m = TableMeld.from_text(text)
                if m.shape == "set" and m.rank in game.team_melds[team] and not (
                        rules.duplicate_melds or rules.lone_hand):
                    raise ValueError(f"side {team} has two melds of {rank_name(m.rank)}")
                add_meld(game.team_melds[team], m)
        for team, text in (red_threes or {}).items():
            game.red3[team] = parse_cards(text)
        set_position(game, black_threes, bonus_piles, asked_this_hand)
        turn = turn or game.order[0]
        if turn not in game.order:
            raise ValueError(f"{turn} does not play this hand")
        game.turn_idx = game.order.index(turn)
        if phase not in ("draw", "play", "permission"):
            raise ValueError("phase is 'draw', 'play' or 'permission'")
        if melded_players is not None:
            game.melded_players = set(melded_players)
        if minimums is not None:
            if len(minimums) != rules.teams:
                raise ValueError(f"minimums needs one number per side ({rules.teams})")
            game.minimums = [int(m) for m in minimums]
        game._phase = "play" if phase == "permission" else phase
        game._new_turn()
        game.asked = asked or phase == "permission"
        game.permission = permission
        if phase == "permission":
            partners = game.partners(turn)
            if not partners:
                raise ValueError(f"{turn} has no partner to ask")
            game._phase = "permission"
            game.question = {"asker": turn, "partners": partners}
        return game

    # ------------------------------------------------------------------ read-only state
    @property
    def turn(self) -> str | None:
        if self._phase == "over":
            return None
        if self._phase == "permission" and self.question:
            partner: str = self.question["partners"][0]
            return partner
        return self.order[self.turn_idx]

    @property
    def phase(self) -> str:
        return self._phase

    @property
    def scores(self) -> list[int]:
        return list(self._scores)

    @property
    def results(self) -> list[HandResult]:
        return list(self._results)

    @property
    def winner(self) -> int | None:
        return self._winner

    @property
    def discard_pile(self) -> list[Card]:
        return list(self.pile)

    @property
    def stock_count(self) -> int:
        return len(self.stock)

    def hand(self, player: str) -> list[Card]:
        return list(self.hands[self._check_player(player)])

    def team_of(self, player: str) -> int:
        return self._team[self._check_player(player)]

    def melds(self, team: int) -> list[list[Card]]:
        return [list(m.cards) for m in self.team_melds[team].values()]

    def red_threes(self, team: int) -> list[Card]:
        return list(self.red3[team])

    def partners(self, player: str) -> list[str]:
        """The player's partners who play this hand (empty in individual play)."""
        team = self._team[player]
        return [p for p in self.order if self._team[p] == team and p != player]

    def canastas(self, team: int) -> int:
        return sum(1 for m in self.team_melds[team].values() if m.is_canasta(self.rules))

    def canasta_kinds(self, team: int) -> list[str]:
        """The side's canastas by kind (``"natural"``, ``"mixed"``, ``"samba"``...)."""
        return [k for m in self.team_melds[team].values() if (k := m.kind(self.rules))]

    def may_go_out(self, team: int) -> bool:
        """Do the side's canastas meet what going out needs (A.9, B.3, B.7)?"""
        r = self.rules
        kinds = self.canasta_kinds(team)
        counted = [k for k in kinds if k not in r.going_out_ignores]
        return (len(counted) >= r.canastas_to_go_out
                and all(k in kinds for k in r.going_out_needs) and kinds_met(r, kinds)
                and len(self.red3[team]) >= r.red_threes_to_go_out)

    def pile_frozen_for(self, team: int) -> bool:
        return (self.rules.pile_always_frozen or self.pile_wilds > 0 or self.start_frozen
                or not self.team_melds[team]
                or self.rules.canasta_rank_freezes and self.top_on_canasta(team))

    def pile_block(self, team: int) -> str | None:
        """Why the pile's top card stops this side taking it, if it does."""
        if not self.pile:
            return "empty"
        top = self.pile[-1]
        if top.is_wild:
            return "wild"
        if top.is_black_three:
            return "black_three"
        if top.rank in self.rules.blocking_ranks:
            return "blocking_rank"   # Mexican: a seven
        if self.rules.canasta_rank_blocks:
            m = self.team_melds[team].get(top.rank)
            if m is not None and m.is_canasta(self.rules):
                return "canasta"
        return None

    def _check_player(self, player: str) -> str:
        if player not in self._team:
            raise IllegalMove(f"{player} is not playing at this table", code="not_at_table",
                              player=player)
        return player

    # ------------------------------------------------------------------ applying moves
    def apply(self, player: str, action: Action) -> list[Event]:
        """Play ``action`` for ``player``; returns what happened, or raises ``IllegalMove``."""
        self._check_player(player)
        if self._phase == "over":
            raise IllegalMove("the match is over", code="match_over")
        if isinstance(action, AnswerGoOut):
            return self._answer(player, action)
        if self._phase == "permission":
            assert self.question is not None
            raise IllegalMove(f"waiting for {' or '.join(self.question['partners'])} to answer "
                              f"{self.question['asker']}'s question", code="waiting_for_answer",
                              players=list(self.question["partners"]),
                              player=self.question["asker"])
        if player not in self.order:
            raise IllegalMove(f"{player} sits out this hand", code="sits_out", player=player)
        if player != self.order[self.turn_idx]:
            raise IllegalMove(f"it is {self.order[self.turn_idx]}'s turn, not yours",
                              code="not_your_turn", player=self.order[self.turn_idx])
        if isinstance(action, Draw):
            return self._draw(player)
        if isinstance(action, TakePile):
            return self._take_pile(player, action)
        if isinstance(action, Meld):
            return self._meld(player, action)
        if isinstance(action, Discard):
            return self._discard(player, action)
        if isinstance(action, AskToGoOut):
            return self._ask(player)
        if isinstance(action, Concede):
            return self._concede(player)
        raise IllegalMove(f"not a Canasta move: {action!r}", code="not_a_move")

    # ------------------------------------------------------------------ legal moves
    def legal_actions(self, player: str) -> list[Action]:
        from .legal import legal_actions

        return legal_actions(self, player)

    # ------------------------------------------------------------------ views and snapshots
    def view(self, player: str | None) -> dict[str, Any]:
        from .view import make_view

        return make_view(self, player)

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Game:
        game = cls(Rules.from_dict(d["rules"]), d["players"], d["seed"])
        game._restore(d)
        return game

    def copy(self) -> Game:
        return Game.from_dict(self.to_dict())

    def __repr__(self) -> str:
        return (f"<Game {self.rules.name} {len(self.players)}p hand {self.hand_number} "
                f"{self._phase} turn={self.turn}>")


__all__ = ["Game", "IllegalMove", "HandResult"]

