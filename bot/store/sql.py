"""What every part of the store shares: the database, its errors, and JSON as stored."""

from __future__ import annotations

import json
import os
import time
from collections.abc import Callable, Sequence
from contextlib import AbstractAsyncContextManager
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from bot.store.database import Database, Row, Transaction


class StoreError(RuntimeError):
    """A write the store refused; nothing was changed."""


class StaleGame(StoreError):
    """The game moved on since it was loaded (its version changed): nothing was written."""


class IntegrityError(RuntimeError):
    """A write broke one of the schema's rules (a player seated twice, a result recorded
    twice): the transaction rolled back, nothing was changed."""


def dumps(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), sort_keys=True)


class Connected:
    """Holds the database (SQLite or PostgreSQL: see database.py)."""

    def __init__(self, db: Database, path: str, clock: Callable[[], float] = time.time
                 ) -> None:
        self._db = db
        self.path = path  # the DATABASE setting: a file path or a postgresql:// URL
        self.clock = clock  # seconds since the epoch: every time the store records
        self.origin = os.urandom(6).hex()  # names this process's notices (changes.py)

    @property
    def dialect(self) -> str:
        return self._db.dialect

    @property
    def shared(self) -> bool:
        """May other processes write this database (PostgreSQL)? A SQLite file is one
        process's."""
        return self._db.dialect == "postgresql"

    def _transaction(self, *, durable: bool = True
                     ) -> AbstractAsyncContextManager[Transaction]:
        return self._db.transaction(durable=durable)

    async def _write(self, sql: str, params: Sequence[Any] = ()) -> int:
        """One bookkeeping statement on its own (see `Database.write`)."""
        return await self._db.write(sql, tuple(params))

    async def _fetchall(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        return await self._db.fetch(sql, tuple(params))

    async def _fetchone(self, sql: str, params: Sequence[Any] = ()) -> Row | None:
        rows = await self._fetchall(sql, params)
        return rows[0] if rows else None
