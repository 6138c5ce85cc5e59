"""Persistence: games, seats, the action log, hand results, message ids and statistics."""

from bot.store.migrations import MIGRATIONS, SCHEMA_VERSION
from bot.store.records import (
    ActionCommit,
    ActionRecord,
    Deadline,
    GameRecord,
    HandResultRecord,
    Opening,
    PlayerStats,
    Seat,
    StatsDelta,
)
from bot.store.store import StaleGame, Store, StoreError

__all__ = [
    "MIGRATIONS",
    "SCHEMA_VERSION",
    "ActionCommit",
    "ActionRecord",
    "Deadline",
    "GameRecord",
    "HandResultRecord",
    "Opening",
    "PlayerStats",
    "Seat",
    "StaleGame",
    "StatsDelta",
    "Store",
    "StoreError",
]
