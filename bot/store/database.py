"""What the store needs from a database, whichever it is: statements with `?` placeholders,
rows read by column name, and all-or-nothing transactions.

Two backends implement it: `sqlite_db.SqliteDatabase` (a file, the embedded default) and
`postgres_db.PostgresDatabase` (a shared server, for several processes);
`backends.open_database` picks one from the DATABASE setting.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from contextlib import AbstractAsyncContextManager
from typing import Any, Protocol

Row = Mapping[str, Any]  # a row by column name (both drivers' rows also index by position)

POSTGRES_SCHEMES = ("postgresql://", "postgres://")


class MissingDriver(RuntimeError):
    """The database needs a driver that is not installed (asyncpg for PostgreSQL)."""


def is_postgres(url: str) -> bool:
    return url.startswith(POSTGRES_SCHEMES)


def redacted(url: str) -> str:
    """The DATABASE setting as a log line may show it: a URL's password masked."""
    if not is_postgres(url):
        return url
    scheme, _, rest = url.partition("://")
    credentials, at, place = rest.rpartition("@")
    if not at or ":" not in credentials:
        return url
    user = credentials.split(":", 1)[0]
    return f"{scheme}://{user}:***@{place}"


class Transaction(Protocol):
    """Statements inside one open transaction."""

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        """Run a statement; return the number of rows it changed."""

    async def execute_many(self, sql: str, rows: Iterable[Sequence[Any]]) -> None: ...

    async def fetch(self, sql: str, params: Sequence[Any] = ()) -> list[Row]: ...

    async def schema_version(self) -> int:
        """The last migration applied (0: none). Holds the migration lock until commit."""

    async def set_schema_version(self, version: int) -> None: ...


class Database(Protocol):
    dialect: str  # "sqlite" or "postgresql": see migrations.DIALECTS

    def transaction(self, *, durable: bool = True) -> AbstractAsyncContextManager[Transaction]:
        """All or nothing: commit when the block ends, roll back when it raises. A commit
        that is not `durable` (bookkeeping a power cut may lose at no cost) may skip the
        sync to disk."""

    async def write(self, sql: str, params: Sequence[Any] = ()) -> int:
        """One bookkeeping statement committed on its own, as a transaction that is not
        `durable`; returns the number of rows it changed."""

    async def fetch(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        """Read committed rows outside any transaction."""

    @property
    def hearing(self) -> bool:
        """Does a `listen` hear every notice now (its connection is up)?"""

    async def listen(self, channel: str, heard: Callable[[str | None], None]) -> None:
        """From now on, call `heard` with the payload of every notice sent on `channel`
        (PostgreSQL's LISTEN; a database of one process has nothing to hear); `heard(None)`
        after a lost connection is made again."""

    async def close(self) -> None: ...
