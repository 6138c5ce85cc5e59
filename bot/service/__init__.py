"""Discord-free orchestration of games: lobby, play, scores."""

from bot.service.autopilot import Autopilot
from bot.service.game_service import GameService
from bot.service.live_game import LiveGame
from bot.service.lobby import LEVELS, SEATINGS
from bot.service.outcome import (
    HandEnd,
    LobbyState,
    Notice,
    Outcome,
    Question,
    Refused,
    Step,
    refused,
)
from bot.service.replays import Replay, ReplayStep
from bot.service.timer import DEFAULT_TIMER, TIMER_CHOICES

__all__ = [
    "DEFAULT_TIMER",
    "LEVELS",
    "SEATINGS",
    "TIMER_CHOICES",
    "Autopilot",
    "GameService",
    "HandEnd",
    "LiveGame",
    "LobbyState",
    "Notice",
    "Outcome",
    "Question",
    "Refused",
    "Replay",
    "ReplayStep",
    "refused",
    "Step",
]
