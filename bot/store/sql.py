"""The connection every part of the store shares: one aiosqlite connection, one lock, and
the all-or-nothing transaction every write goes through."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator, Iterable
from contextlib import asynccontextmanager
from typing import Any

import aiosqlite


class StoreError(RuntimeError):
    """A write the store refused; nothing was changed."""


class StaleGame(StoreError):
    """The game moved on since it was loaded (its version changed): nothing was written."""


async def run(db: aiosqlite.Connection, sql: str, params: Iterable[Any] = ()) -> aiosqlite.Cursor:
    """Execute and close the cursor at once: an open cursor blocks COMMIT."""
    cursor = await db.execute(sql, tuple(params))
    await cursor.close()
    return cursor


async def run_many(db: aiosqlite.Connection, sql: str, rows: Iterable[Iterable[Any]]) -> None:
    cursor = await db.executemany(sql, [tuple(r) for r in rows])
    await cursor.close()


def dumps(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), sort_keys=True)


class Connected:
    """Holds the connection; its transactions are serialized by `_lock`, so a coroutine
    never reads another one's half-written transaction."""

    def __init__(self, db: aiosqlite.Connection, path: str) -> None:
        self._db = db
        self.path = path
        self._lock = asyncio.Lock()

    @asynccontextmanager
    async def _transaction(self, *, durable: bool = True
                           ) -> AsyncIterator[aiosqlite.Connection]:
        """All or nothing. A durable commit is synced to disk before it returns
        (`synchronous=FULL`); one that is not (bookkeeping a power cut may lose at no cost)
        survives a crash of the bot but not of the machine, and is synced by the next
        durable commit anyway."""
        async with self._lock:
            if not durable:
                await run(self._db, "PRAGMA synchronous=NORMAL")
            try:
                await run(self._db, "BEGIN IMMEDIATE")
                try:
                    yield self._db
                except BaseException:
                    await run(self._db, "ROLLBACK")
                    raise
                await run(self._db, "COMMIT")
            finally:
                if not durable:
                    await run(self._db, "PRAGMA synchronous=FULL")

    async def _fetchall(self, sql: str, params: Iterable[Any] = ()) -> list[aiosqlite.Row]:
        async with self._lock:
            async with self._db.execute(sql, tuple(params)) as cursor:
                return list(await cursor.fetchall())

    async def _fetchone(self, sql: str, params: Iterable[Any] = ()) -> aiosqlite.Row | None:
        rows = await self._fetchall(sql, params)
        return rows[0] if rows else None
