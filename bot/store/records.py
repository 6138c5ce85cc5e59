"""Plain rows the store hands back: no database types leak out."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

OPEN = ("lobby", "active")  # the statuses of a table that may still change
UNRATED = ("cancelled", "abandoned")  # tables that ended without a result: they count for nobody


@dataclass(frozen=True)
class GameRecord:
    id: int
    guild_id: int | None
    channel_id: int
    thread_id: int | None
    host: str
    status: str  # "lobby" | "active" | "over" | "cancelled" | "abandoned"
    variant: str
    options: dict[str, Any]
    seed: int
    snapshot: dict[str, Any] | None  # None: not dealt yet, or not read (see Store.game)
    version: int
    winner: int | None
    created_at: float
    updated_at: float
    moved_at: float | None = None  # when a person last moved (a lobby: when it opened)
    ended_by: str | None = None  # what ended a game that did not finish (see TableEnds)

    @property
    def open(self) -> bool:
        """In the lobby or in play (not over, cancelled or abandoned)."""
        return self.status in OPEN


@dataclass(frozen=True)
class Seat:
    seat: int
    player: str  # engine player id: the Discord user id as text, "ai:1" for a computer
    name: str
    team: int | None = None
    is_ai: bool = False  # a computer player controls the seat now
    level: str | None = None  # that computer's level ("easy", "normal", "hard")
    missed: int = 0  # turns in a row the person let the timer take

    @property
    def computer(self) -> bool:
        """A computer's own seat (not a person's seat a computer stands in for)."""
        return self.player.startswith("ai:")

    @property
    def away(self) -> bool:
        """A person's seat that a computer plays until the person comes back."""
        return self.is_ai and not self.computer


@dataclass(frozen=True)
class Deadline:
    """The turn timer of one game: whose turn it times, when to remind, when it runs out.

    `remind_at` is None once the reminder was sent. Times are seconds since the epoch.
    """

    game_id: int
    player: str
    hand: int
    started_at: float
    remind_at: float | None
    expires_at: float


@dataclass(frozen=True)
class PlayState:
    """What other processes may change in a game in play, read in one go: its version and
    status (moves), its seats (who plays each one) and its turn deadline."""

    version: int
    status: str
    seats: list[Seat]
    deadline: Deadline | None


@dataclass(frozen=True)
class GameChange:
    """Another process changed a game (a move, or who plays a seat): heard through the
    database (see `Store.listen`). `guild_id`: the game's server, so a process knows
    whether the game is its own without a read."""

    game_id: int
    guild_id: int | None


@dataclass(frozen=True)
class OpenTables:
    """How many tables are open around a new one: the host's lobbies, the channel's
    lobbies, and the tables in play in the server (see `Limits`)."""

    host_lobbies: int
    channel_lobbies: int
    server_tables: int


@dataclass(frozen=True)
class Opening:
    """A table set-up that has not finished: "new" (`/canasta new`: the lobby message and
    the thread may be missing) or "rematch" (dealt, the deal not shown yet)."""

    game_id: int
    kind: str
    at: float


@dataclass(frozen=True)
class ActionRecord:
    seq: int
    player: str
    action: dict[str, Any]
    at: float


@dataclass(frozen=True)
class HandResultRecord:
    hand: int
    team: int
    total: int
    breakdown: dict[str, int]


@dataclass
class StatsDelta:
    """What one accepted action adds to a player's statistics (applied in its transaction)."""

    player: str
    name: str
    games: int = 0
    wins: int = 0
    canastas: int = 0
    went_out: int = 0
    hands: int = 0
    hand_points: int = 0
    best_hand: int | None = None

    def is_empty(self) -> bool:
        return not (
            self.games or self.wins or self.canastas or self.went_out or self.hands
        ) and self.best_hand is None


@dataclass(frozen=True)
class PlayerStats:
    player: str
    name: str
    games: int
    wins: int
    canastas: int
    went_out: int
    hands: int
    hand_points: int
    best_hand: int | None
    hints: int = 0  # hints (/hint) taken

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def average_hand(self) -> float:
        return self.hand_points / self.hands if self.hands else 0.0


@dataclass(frozen=True)
class MatchEntry:
    """One seat of a match that ended, as its ratings see it (see bot/store/ratings.py).
    `player`: the person's id, or "level:<level>" for a computer's own seat; `side`: the
    seat's side (partners share one; in cut-throat each player is a side of their own);
    `score`: that side's final score; `rated`: does the match change this seat's rating
    (not when a computer played most of the person's turns, nor for a computer level
    seated twice in one match)."""

    seat: int
    player: str
    name: str
    side: int
    score: int
    rated: bool = True


@dataclass(frozen=True)
class MatchResult:
    """What a match that ended gives its ratings: its variant family and its seats."""

    family: str
    entries: list[MatchEntry]


@dataclass(frozen=True)
class RatingRecord:
    """A rating now (`ordinal`: openskill's conservative μ − 3σ) after `games` rated matches,
    or after one match (`game_id`, in a person's history)."""

    player: str
    name: str
    family: str
    mu: float
    sigma: float
    ordinal: float
    games: int = 0
    game_id: int | None = None


@dataclass
class ActionCommit:
    """Everything one accepted action writes, in one transaction."""

    game_id: int
    expected_version: int
    player: str
    action: dict[str, Any]
    snapshot: dict[str, Any]
    status: str = "active"
    winner: int | None = None
    hand_results: list[HandResultRecord] = field(default_factory=list)
    stats: list[StatsDelta] = field(default_factory=list)
    variant: str = "classic"
    guild_id: int | None = None
    by_person: bool = True  # a person moved (not a computer, nor the timer): see moved_at
    actor: str | None = None  # who made the move: the person, or "level:<level>" (a computer)
    match: MatchResult | None = None  # the match ended with this move: rate it


@dataclass(frozen=True)
class Shards:
    """The Discord shards one process of the bot serves, out of `count`. A guild belongs to
    shard `(guild_id >> 22) % count` (Discord's formula). Interactions without a guild
    (direct messages: the turn messages' controls) all go to shard 0, whatever game they
    play: that process applies them on the stored game (see `GameService`)."""

    count: int
    ids: frozenset[int]

    def owns(self, guild_id: int | None) -> bool:
        return ((guild_id or 0) >> 22) % self.count in self.ids
