"""What a game holds between moves, and what any part of the engine may ask of it.

``TableState`` is the state of one match: the seats and sides, the cards (hands, stock, pile,
melds, red threes), the scores, and the facts of the hand and the turn. The parts of the
engine are functions over it (dealing, planning, the moves, the hand's end, the legal moves,
the view); ``Game`` is this state with the public contract on top. The reads here are the
ones several parts need; each variant's own switches are ``Rules`` fields.

Cards are interned and immutable, events and hand results are never changed once made, so
``copy`` copies only the containers a move can change.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Self

from .cards import Card
from .errors import IllegalMove
from .melds import TableMeld
from .rules import Rules
from .scoring import HandResult

Event = dict[str, Any]


class TableState:
    """One match's state (set up by ``__init__``, a hand's by ``reset_hand``)."""

    # the cards
    hands: dict[str, list[Card]]
    stock: list[Card]                      # next card to draw is the LAST
    pile: list[Card]                       # bottom first
    pile_wilds: int
    start_frozen: bool
    team_melds: list[dict[str, TableMeld]]
    red3: list[list[Card]]
    removed: list[list[Card]]              # Cuban: black threes taken out of play
    black3: list[list[Card]]               # Modern American: black threes laid out
    bonus: list[list[Card]]                # Modern American: the bonus piles still waiting
    feet: dict[str, list[Card]]            # Hand and Foot, Pennies: the face-down feet
    feet_picked: set[str]
    just_arrived: dict[str, list[Card]]
    # the sides
    side_of: dict[str, int]                # the side each player plays for now
    lone: str | None                       # cut-throat: who plays alone this hand
    minimums: list[int]
    penalties: list[int]
    melded_players: set[str]
    # the turn
    order: list[str]
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
    # the moves ``legal_actions`` offered last, until the next ``apply`` (``offered``)
    offered: tuple[str, int, int, tuple[list[Any], ...]] | None

    def __init__(self, rules: Rules, players: list[str], seed: int) -> None:
        if len(players) != rules.players:
            raise ValueError(f"these rules are for {rules.players} players, not {len(players)}")
        if len(set(players)) != len(players) or not all(isinstance(p, str) and p
                                                        for p in players):
            raise ValueError("players must be distinct non-empty names")
        self.rules = rules
        self.players = list(players)
        self.seed = seed
        self.side_of = {p: i % rules.teams for i, p in enumerate(players)}
        self.members = [[p for p in players if self.side_of[p] == t] for t in range(rules.teams)]
        self.hand_number = 0
        self._scores = [0] * rules.teams
        self._results: list[HandResult] = []
        self._winner: int | None = None
        # The public view (a view of nobody) of the hand the last move ended, as the table
        # lay before the next deal: a front end shows it as that hand's final table. Not in
        # the snapshot: only the move that ended the hand sets it (``ended_hand_table``).
        self._ended_hand: dict[str, Any] | Callable[[], dict[str, Any]] | None = None
        self.offered = None
        self.reset_hand()

    def reset_hand(self) -> None:
        """The state of a hand not dealt yet."""
        r = self.rules
        t = r.teams
        self.lone = None
        if r.lone_hand:   # cut-throat: every player back on his own side
            self.side_of = {p: self.home_side(p) for p in self.players}
        self.order = []
        self.hands = {p: [] for p in self.players}
        self.stock = []
        self.pile = []
        self.pile_wilds = 0
        self.start_frozen = False
        self.team_melds = [{} for _ in range(t)]
        self.red3 = [[] for _ in range(t)]
        self.removed = [[] for _ in range(t)]
        self.black3 = [[] for _ in range(t)]
        self.bonus = []
        self.minimums = [r.minimum_for(s) for s in self._scores]
        if r.deal_minimums:   # Hand and Foot: by deal, whatever the score
            by_deal = r.deal_minimums
            self.minimums = [by_deal[min(max(self.hand_number, 1), len(by_deal)) - 1]] * t
        self.feet = {}
        self.feet_picked = set()
        self.penalties = [0] * t
        self.melded_players = set()
        self.turn_idx = 0
        self._phase = "draw"
        self.history = []
        self.just_arrived = {}
        self.new_turn()

    def new_turn(self) -> None:
        """The facts of a turn, fresh for the player in turn."""
        self.asked = False
        self.permission = None
        self.question = None
        self.took_pile = False
        self.pile_rank = None
        self.touched_old = False
        self.turn_new_ranks = set()
        if self.order:
            player = self.order[self.turn_idx]
            self.turn_start_ranks = set(self.team_melds[self.side_of[player]])
            self.melded_before = player in self.melded_players
        else:
            self.turn_start_ranks = set()
            self.melded_before = False

    def copy(self) -> Self:
        """The same match, to play on apart: the containers a move can change are copied
        (hands, stock, pile, melds, the turn's facts), cards, events and results shared."""
        new = object.__new__(type(self))
        new.__dict__.update(self.__dict__)
        new.side_of = dict(self.side_of)
        new._scores = list(self._scores)
        new._results = list(self._results)
        new.order = list(self.order)
        new.hands = {p: list(h) for p, h in self.hands.items()}
        new.stock = list(self.stock)
        new.pile = list(self.pile)
        new.team_melds = [{k: m.copy() for k, m in melds.items()} for melds in self.team_melds]
        new.red3 = [list(x) for x in self.red3]
        new.removed = [list(x) for x in self.removed]
        new.black3 = [list(x) for x in self.black3]
        new.bonus = [list(x) for x in self.bonus]
        new.feet = {p: list(f) for p, f in self.feet.items()}
        new.feet_picked = set(self.feet_picked)
        new.just_arrived = {p: list(c) for p, c in self.just_arrived.items()}
        new.minimums = list(self.minimums)
        new.penalties = list(self.penalties)
        new.melded_players = set(self.melded_players)
        new.history = list(self.history)
        new.question = dict(self.question) if self.question is not None else None
        new.turn_new_ranks = set(self.turn_new_ranks)
        new.turn_start_ranks = set(self.turn_start_ranks)
        return new

    def as_the_hand_ended(self) -> Self:
        """The match as the hand that just ended lies, for that hand's final view: the next
        deal gives the state new containers (``reset_hand``) and no move follows the
        match's end, so this shares them; only the match's sheet, which grows, is copied."""
        new = object.__new__(type(self))
        new.__dict__.update(self.__dict__)
        new._results = list(self._results)
        return new

    @property
    def ended_hand_table(self) -> dict[str, Any] | None:
        """The public view of the hand the last move ended (``None`` if it ended none),
        worked out when first asked: most hands end where nobody asks (search, tests)."""
        ended = self._ended_hand
        if callable(ended):
            ended = self._ended_hand = ended()
        return ended

    def hand_ended(self, table: Callable[[], dict[str, Any]]) -> None:
        """The move ends a hand: ``table()`` is its ``ended_hand_table``, when asked."""
        self._ended_hand = table

    # ------------------------------------------------------------------ seats and sides
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

    def check_player(self, player: str) -> str:
        if player not in self.side_of:
            raise IllegalMove(f"{player} is not playing at this table", code="not_at_table",
                              player=player)
        return player

    def team_of(self, player: str) -> int:
        return self.side_of[self.check_player(player)]

    def home_side(self, player: str) -> int:
        """The side a seat belongs to when the hand starts."""
        return self.players.index(player) % self.rules.teams

    def red_three_side(self, player: str) -> int:
        """Where a player's red threes are laid out (cut-throat: always his own side)."""
        return self.home_side(player) if self.rules.lone_hand else self.side_of[player]

    def minimum_of(self, player: str) -> int:
        """The initial-meld minimum that applies to ``player`` (cut-throat: his own score's)."""
        return self.minimums[self.red_three_side(player)]

    def partners(self, player: str) -> list[str]:
        """The player's partners who play this hand (empty in individual play)."""
        team = self.side_of[player]
        return [p for p in self.order if self.side_of[p] == team and p != player]

    # ------------------------------------------------------------------ melds and canastas
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
                and all(k in kinds for k in r.going_out_needs)
                and all(kinds.count(kind) >= n   # Hand and Foot, Pennies: by kind
                        for kind, n in r.going_out_kinds)
                and len(self.red3[team]) >= r.red_threes_to_go_out)

    # ------------------------------------------------------------------ the pile
    def pile_frozen_for(self, team: int) -> bool:
        return (self.rules.pile_always_frozen or self.pile_wilds > 0 or self.start_frozen
                or not self.team_melds[team]
                or self.rules.canasta_rank_freezes and self.top_on_canasta(team))

    def top_on_canasta(self, team: int) -> bool:
        """Slavic rule 5: the top card matches a canasta this side has completed."""
        if not self.pile:
            return False
        rank = self.pile[-1].rank
        return any(m.shape == "set" and m.rank == rank and m.is_canasta(self.rules)
                   for m in self.team_melds[team].values())

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

    def top_card_only(self, team: int) -> bool:
        """Does a take by this side get only the top card (Slavic, unfrozen pile)?"""
        return self.rules.unfrozen_take_top_only and not self.pile_frozen_for(team)

    def cards_under_top(self, team: int) -> list[Card]:
        """The pile's cards that come to the hand with its top card when this side takes it
        (Slavic: none from an unfrozen pile; Hand and Foot: only the top few)."""
        if self.top_card_only(team):
            return []
        limit = self.rules.pile_take_limit
        if limit:
            return self.pile[max(0, len(self.pile) - limit):-1]
        return self.pile[:-1]

    def pile_cards_to_hand(self, team: int) -> list[Card]:
        """Of those, the ones that join the taker's hand (red threes are laid out)."""
        return [c for c in self.cards_under_top(team) if not c.is_red_three]

    # ------------------------------------------------------------------ the player in turn
    def foot_pending(self, player: str) -> bool:
        """Hand and Foot: the foot still waits, so emptying the hand picks it up instead of
        going out."""
        return bool(self.feet.get(player)) and self.rules.foot_on == "hand_empty"

    def asked_this_hand(self, player: str) -> bool:
        """Modern American: has ``player`` asked "may I go out?" already this hand?"""
        return self.rules.ask_once_a_hand and any(
            e["type"] == "ask" and e["player"] == player for e in self.history)

    def black_three_held_back(self, player: str) -> bool:
        """Cuban (B.6): no black three is discarded in the first round (unless the hand holds
        nothing else)."""
        if not self.rules.black_three_first_round:
            return False
        discards = sum(1 for e in self.history if e["type"] == "discard")
        return (discards < len(self.order)
                and not all(c.is_black_three for c in self.hands[player]))


def receive(state: TableState, player: str, cards: list[Card]) -> None:
    """Cards come into a hand beside the turn's draw (bonus cards, a foot or packet): they
    join the hand and show as just arrived, after what arrived earlier this turn."""
    state.hands[player].extend(cards)
    state.just_arrived[player] = state.just_arrived.get(player, []) + cards
