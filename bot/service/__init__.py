"""Discord-free orchestration of games: lobby, play, scores."""

from bot.service.game_service import SEATINGS, GameService, LiveGame
from bot.service.outcome import HandEnd, LobbyState, Outcome, Question, Refused

__all__ = [
    "SEATINGS",
    "GameService",
    "HandEnd",
    "LiveGame",
    "LobbyState",
    "Outcome",
    "Question",
    "Refused",
]
