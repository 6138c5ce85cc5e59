"""Discord-free orchestration of games: lobby, play, scores."""

from bot.service.autopilot import Autopilot
from bot.service.game_service import GameService
from bot.service.hints import DEFAULT_HINTS, HINTS, HintAnswer, hints_allowed
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
    "DEFAULT_HINTS",
    "DEFAULT_TIMER",
    "HINTS",
    "LEVELS",
    "SEATINGS",
    "TIMER_CHOICES",
    "Autopilot",
    "GameService",
    "HandEnd",
    "HintAnswer",
    "LiveGame",
    "LobbyState",
    "Notice",
    "Outcome",
    "Question",
    "Refused",
    "Replay",
    "ReplayStep",
    "refused",
    "hints_allowed",
    "Step",
]
