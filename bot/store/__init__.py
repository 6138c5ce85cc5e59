"""Persistence: games, seats, the action log, hand results, message ids and statistics."""

from bot.store.migrations import MIGRATIONS, SCHEMA_VERSION
from bot.store.privacy import StoredAbout
from bot.store.rating_model import FAMILIES, family_of
from bot.store.ratings import Rerated, rename_player
from bot.store.records import (
    ActionCommit,
    ActionRecord,
    Deadline,
    GameChange,
    GameRecord,
    HandResultRecord,
    MatchEntry,
    MatchResult,
    Opening,
    OpenTables,
    PlayerStats,
    PlayState,
    RatingRecord,
    Seat,
    Shards,
    StatsDelta,
)
from bot.store.store import IntegrityError, StaleGame, Store, StoreError

__all__ = [
    "FAMILIES",
    "family_of",
    "rename_player",
    "Rerated",
    "MIGRATIONS",
    "SCHEMA_VERSION",
    "ActionCommit",
    "ActionRecord",
    "Deadline",
    "GameChange",
    "GameRecord",
    "HandResultRecord",
    "IntegrityError",
    "MatchEntry",
    "MatchResult",
    "Opening",
    "OpenTables",
    "PlayerStats",
    "PlayState",
    "RatingRecord",
    "Seat",
    "Shards",
    "StaleGame",
    "StatsDelta",
    "StoredAbout",
    "Store",
    "StoreError",
]
