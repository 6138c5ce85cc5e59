"""Persistence: games, seats, the action log, hand results, message ids and statistics."""

from bot.store.migrations import MIGRATIONS, SCHEMA_VERSION
from bot.store.records import (
    ActionCommit,
    ActionRecord,
    Deadline,
    GameChange,
    GameRecord,
    HandResultRecord,
    Opening,
    OpenTables,
    PlayerStats,
    PlayState,
    Seat,
    Shards,
    StatsDelta,
)
from bot.store.store import IntegrityError, StaleGame, Store, StoreError

__all__ = [
    "MIGRATIONS",
    "SCHEMA_VERSION",
    "ActionCommit",
    "ActionRecord",
    "Deadline",
    "GameChange",
    "GameRecord",
    "HandResultRecord",
    "IntegrityError",
    "Opening",
    "OpenTables",
    "PlayerStats",
    "PlayState",
    "Seat",
    "Shards",
    "StaleGame",
    "StatsDelta",
    "Store",
    "StoreError",
]
