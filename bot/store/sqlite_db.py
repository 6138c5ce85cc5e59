"""The SQLite backend: one file, WAL, one aiosqlite connection per process.

Its transactions are serialized by a lock, so a coroutine never reads another one's
half-written transaction. Commits are durable: `synchronous=FULL` syncs the write-ahead log
at every commit; a commit that is not `durable` runs at `synchronous=NORMAL` (it survives a
crash of the bot but not of the machine, and the next durable commit syncs it anyway).
"""

from __future__ import annotations

import asyncio
import os
import sqlite3
from collections.abc import AsyncIterator, Callable, Iterable, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import aiosqlite

from bot.store.database import Row
from bot.store.sql import IntegrityError


async def _run(db: aiosqlite.Connection, sql: str, params: Sequence[Any] = ()) -> int:
    """Execute and close the cursor at once: an open cursor blocks COMMIT."""
    try:
        cursor = await db.execute(sql, tuple(params))
    except sqlite3.IntegrityError as exc:
        raise IntegrityError(str(exc)) from exc
    await cursor.close()
    return cursor.rowcount


async def _fetch(db: aiosqlite.Connection, sql: str, params: Sequence[Any] = ()) -> list[Row]:
    try:
        async with db.execute(sql, tuple(params)) as cursor:
            return list(await cursor.fetchall())  # type: ignore[arg-type]
    except sqlite3.IntegrityError as exc:
        raise IntegrityError(str(exc)) from exc


class _SqliteTransaction:
    def __init__(self, db: aiosqlite.Connection) -> None:
        self._db = db

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        return await _run(self._db, sql, params)

    async def execute_many(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        try:
            cursor = await self._db.executemany(sql, [tuple(r) for r in rows])
        except sqlite3.IntegrityError as exc:
            raise IntegrityError(str(exc)) from exc
        await cursor.close()

    async def fetch(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        return await _fetch(self._db, sql, params)

    async def schema_version(self) -> int:
        rows = await _fetch(self._db, "PRAGMA user_version")
        return int(rows[0][0]) if rows else 0  # type: ignore[index]

    async def set_schema_version(self, version: int) -> None:
        await _run(self._db, f"PRAGMA user_version = {int(version)}")


def _create_private(path: str) -> None:
    """A new database file is its owner's only (0600): players' names and ids live in it.
    SQLite gives the -wal and -shm files it makes beside it the same mode."""
    try:
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
    except FileExistsError:
        pass


class SqliteDatabase:
    dialect = "sqlite"

    def __init__(self, db: aiosqlite.Connection) -> None:
        self._db = db
        self._lock = asyncio.Lock()

    @classmethod
    async def connect(cls, path: str) -> SqliteDatabase:
        if path != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
            _create_private(path)
        db = await aiosqlite.connect(path, isolation_level=None)
        try:
            db.row_factory = aiosqlite.Row
            await _run(db, "PRAGMA journal_mode=WAL")
            await _run(db, "PRAGMA synchronous=FULL")
            await _run(db, "PRAGMA foreign_keys=ON")
            await _run(db, "PRAGMA busy_timeout=5000")
        except BaseException:
            await db.close()
            raise
        return cls(db)

    @asynccontextmanager
    async def transaction(self, *, durable: bool = True) -> AsyncIterator[_SqliteTransaction]:
        async with self._lock:
            if not durable:
                await _run(self._db, "PRAGMA synchronous=NORMAL")
            try:
                await _run(self._db, "BEGIN IMMEDIATE")
                try:
                    yield _SqliteTransaction(self._db)
                except BaseException:
                    await _run(self._db, "ROLLBACK")
                    raise
                await _run(self._db, "COMMIT")
            finally:
                if not durable:
                    await _run(self._db, "PRAGMA synchronous=FULL")

    async def write(self, sql: str, params: Sequence[Any] = ()) -> int:
        """One bookkeeping statement, committed on its own (not synced on its own)."""
        async with self.transaction(durable=False) as tx:
            return await tx.execute(sql, params)

    async def fetch(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        async with self._lock:
            return await _fetch(self._db, sql, params)

    @property
    def hearing(self) -> bool:
        return False  # nothing to hear: one process writes the file

    async def listen(self, channel: str, heard: Callable[[str | None], None]) -> None:
        """One process writes a SQLite file: no other one to hear."""

    async def close(self) -> None:
        async with self._lock:
            await self._db.close()
