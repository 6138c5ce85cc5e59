"""A game in play as the service holds it in memory between actions: the engine's game, the
stored record and version it was loaded at, its seats and its turn deadline. Another
process may have moved the game since: the service checks the copy against the store
before every use (`GameService._live`)."""

from __future__ import annotations

from dataclasses import dataclass, field

from bot.engine import Game
from bot.service.outcome import refused
from bot.store import Deadline, GameRecord, Seat


def turn_token(game: Game) -> str:
    """Which turn this is: the hand's number and how many discards it has seen. A turn
    message's controls carry it, so a move from a turn that is over is recognised."""
    discards = sum(1 for e in game.history if e.get("type") == "discard")
    return f"{game.hand_number}.{discards}"


@dataclass
class LiveGame:
    """A game in play, held in memory between actions."""

    record: GameRecord
    game: Game
    version: int
    status: str
    seats: list[Seat]
    deadline: Deadline | None = field(default=None)

    @property
    def names(self) -> dict[str, str]:
        return {s.player: s.name for s in self.seats}

    @property
    def players(self) -> list[str]:
        return [s.player for s in self.seats]

    def seat(self, player: str | None) -> Seat | None:
        return next((s for s in self.seats if s.player == player), None)

    def seat_in_play(self, player: str) -> Seat:
        """The player's seat in a game in play; `Refused` when the game is not in play or
        the player does not sit at it."""
        if self.status != "active":
            raise refused({"over": "reply.game_over", "cancelled": "reply.cancelled",
                           "abandoned": "reply.abandoned"}.get(self.status,
                                                               "reply.game_not_played"))
        seat = self.seat(player)
        if seat is None:
            raise refused("reply.not_playing")
        return seat

    def stand_in(self, player: str | None) -> str | None:
        """The level of the computer that plays this seat now; None when a person does."""
        seat = self.seat(player)
        if seat is None:
            return None
        if seat.is_ai or seat.computer:
            return seat.level or "normal"
        return None

    @property
    def people_playing(self) -> bool:
        """Does a person play at least one seat? (Computers alone do not play on.)"""
        return any(self.stand_in(s.player) is None for s in self.seats)

    def set_seat(self, seat: Seat) -> None:
        self.seats = [seat if s.player == seat.player else s for s in self.seats]
