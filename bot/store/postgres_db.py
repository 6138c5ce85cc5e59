"""The PostgreSQL backend (asyncpg): one server shared by every process of the bot.

A pool of connections; each transaction holds one of them. PostgreSQL's own row locks make
the store's version check safe across processes: two transactions that update one game at
the same version are serialized, and the second finds the version changed (no row updated,
`StaleGame`). A commit that is not `durable` skips waiting for the sync to disk: the
sessions run with `synchronous_commit = off`, and every durable transaction turns it on for
itself.

The store writes `?` placeholders; they become `$1, $2, ...` here.

`listen` holds one more connection, outside the pool, that LISTENs for the notices other
processes send (see changes.py); it is made again when it drops.
"""

from __future__ import annotations

import asyncio
import logging
import re
from collections.abc import AsyncIterator, Callable, Iterable, Iterator, Sequence
from contextlib import asynccontextmanager, contextmanager
from functools import lru_cache
from typing import Any, cast

import asyncpg
from asyncpg.pool import PoolConnectionProxy

from bot.store.database import Row
from bot.store.sql import IntegrityError

log = logging.getLogger(__name__)

MIGRATION_LOCK = 0x43414E41  # "CANA": an advisory lock key held while migrating
POOL_SIZE = 8
LISTEN_RETRY = 1.0  # seconds before a lost listening connection is made again
_BEGIN_DURABLE = "BEGIN; SET LOCAL synchronous_commit = on"


@lru_cache(maxsize=512)
def numbered(sql: str) -> str:
    """`?` placeholders as PostgreSQL's `$n` (the store's SQL has no `?` in literals)."""
    count = 0

    def next_number(_: re.Match[str]) -> str:
        nonlocal count
        count += 1
        return f"${count}"

    return re.sub(r"\?", next_number, sql)


def _rows(records: list[asyncpg.Record]) -> list[Row]:
    """asyncpg's records, read by column name as every row of the store is."""
    return cast(list[Row], records)


def _rowcount(status: str) -> int:
    """asyncpg's command status ("UPDATE 1", "INSERT 0 1"): the last number."""
    last = status.rsplit(" ", 1)[-1] if status else ""
    return int(last) if last.isdigit() else 0


@contextmanager
def _integrity_errors() -> Iterator[None]:
    """asyncpg's constraint violations as the store's own `IntegrityError`."""
    try:
        yield
    except asyncpg.IntegrityConstraintViolationError as exc:
        raise IntegrityError(str(exc)) from exc


class _PostgresTransaction:
    def __init__(self, conn: asyncpg.Connection | PoolConnectionProxy) -> None:
        self._conn = conn

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        with _integrity_errors():
            return _rowcount(await self._conn.execute(numbered(sql), *params))

    async def execute_many(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        args = [tuple(r) for r in rows]
        if not args:
            return
        with _integrity_errors():
            await self._conn.executemany(numbered(sql), args)

    async def fetch(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        with _integrity_errors():
            return _rows(await self._conn.fetch(numbered(sql), *params))

    async def _version_table(self) -> None:
        await self._conn.execute("SELECT pg_advisory_xact_lock($1)", MIGRATION_LOCK)
        await self._conn.execute(
            "CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")

    async def schema_version(self) -> int:
        # One process migrates at a time; the others wait here, then see its work.
        await self._version_table()
        value = await self._conn.fetchval("SELECT MAX(version) FROM schema_version")
        return int(value or 0)

    async def set_schema_version(self, version: int) -> None:
        await self._version_table()
        await self._conn.execute("DELETE FROM schema_version")
        await self._conn.execute("INSERT INTO schema_version (version) VALUES ($1)", version)


async def _released(conn: asyncpg.Connection) -> None:
    """A connection going back to the pool. The store leaves nothing on a session (settings
    are `SET LOCAL`, locks are transaction-scoped, nothing listens, no cursor stays open), so
    asyncpg's default reset query, a round trip on every release, is needed only to end a
    transaction left open."""
    if conn.is_in_transaction():
        await conn.execute("ROLLBACK")


class PostgresDatabase:
    dialect = "postgresql"

    def __init__(self, pool: asyncpg.Pool, url: str = "") -> None:
        self._pool = pool
        self._url = url
        self._listening: list[asyncpg.Connection] = []  # LISTENing, outside the pool
        self._reconnecting: set[asyncio.Task[None]] = set()
        self._closing = False

    @classmethod
    async def connect(cls, url: str) -> PostgresDatabase:
        # Every session skips the sync to disk unless a transaction asks for it: the store's
        # durable transactions all do (`transaction`), and a bookkeeping write then costs one
        # round trip instead of three (BEGIN and its setting, the statement, COMMIT).
        pool = await asyncpg.create_pool(url, min_size=1, max_size=POOL_SIZE,
                                         reset=_released,
                                         server_settings={"synchronous_commit": "off"})
        return cls(pool, url)

    @asynccontextmanager
    async def transaction(self, *, durable: bool = True) -> AsyncIterator[_PostgresTransaction]:
        # The sessions skip the sync to disk (see `connect`); a durable transaction asks for
        # it with its BEGIN, in the same round trip (a simple query may hold two statements).
        async with self._pool.acquire() as conn:
            await conn.execute(_BEGIN_DURABLE if durable else "BEGIN")
            try:
                yield _PostgresTransaction(conn)
            except BaseException:
                if not conn.is_closed():
                    await conn.execute("ROLLBACK")
                raise
            await conn.execute("COMMIT")

    async def write(self, sql: str, params: Sequence[Any] = ()) -> int:
        """One bookkeeping statement, committed on its own without waiting for the sync to
        disk: one round trip."""
        with _integrity_errors():
            return _rowcount(await self._pool.execute(numbered(sql), *params))

    async def fetch(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        return _rows(await self._pool.fetch(numbered(sql), *params))

    @property
    def hearing(self) -> bool:
        """Is a listening connection up? (From a drop until it is made again, notices are
        lost.)"""
        return bool(self._listening)

    async def listen(self, channel: str, heard: Callable[[str | None], None]) -> None:
        """LISTEN on a connection of its own. When that connection drops (asyncpg tells:
        the server or the network closed it), a new one is made, tried every LISTEN_RETRY
        seconds, and then `heard(None)`: notices sent meanwhile are lost."""
        conn = await asyncpg.connect(self._url)
        try:
            await conn.add_listener(channel, lambda _c, _pid, _ch, text: heard(text))
        except BaseException:
            conn.terminate()
            raise
        conn.add_termination_listener(lambda lost: self._lost(lost, channel, heard))
        self._listening.append(conn)

    def _lost(self, conn: asyncpg.Connection, channel: str,
              heard: Callable[[str | None], None]) -> None:
        if conn in self._listening:
            self._listening.remove(conn)
        if self._closing:
            return
        log.warning("the connection listening for other processes' moves dropped")
        task = asyncio.get_running_loop().create_task(self._listen_again(channel, heard),
                                                      name=f"listen-again-{channel}")
        self._reconnecting.add(task)
        task.add_done_callback(self._reconnecting.discard)

    async def _listen_again(self, channel: str, heard: Callable[[str | None], None]) -> None:
        while True:
            await asyncio.sleep(LISTEN_RETRY)
            try:
                await self.listen(channel, heard)
            except (OSError, asyncpg.PostgresError, asyncpg.InterfaceError) as exc:
                log.warning("cannot listen for other processes' moves yet (%s)", exc)
                continue
            log.info("listening for other processes' moves again")
            heard(None)
            return

    async def close(self) -> None:
        self._closing = True
        for task in self._reconnecting:
            task.cancel()
        await asyncio.gather(*self._reconnecting, return_exceptions=True)
        for conn in list(self._listening):
            conn.terminate()  # only LISTENs: nothing to finish, and the server may be gone
        self._listening.clear()
        await self._pool.close()
