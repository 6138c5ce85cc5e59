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
from urllib.parse import unquote, urlsplit

Row = Mapping[str, Any]  # a row by column name (both drivers' rows also index by position)

POSTGRES_SCHEMES = ("postgresql://", "postgres://")


class MissingDriver(RuntimeError):
    """The database needs a driver that is not installed (asyncpg for PostgreSQL)."""


def is_postgres(url: str) -> bool:
    """Is the DATABASE setting a PostgreSQL URL? (Its scheme in any case: URL schemes are.)"""
    return url.lstrip().lower().startswith(POSTGRES_SCHEMES)


_SECRET_KEYS = ("password", "sslpassword")  # query parameters libpq reads as secrets
MASK = "***"


def database_secrets(url: str) -> tuple[str, ...]:
    """Every secret a PostgreSQL URL holds (the password after the user, ``password=`` and
    ``sslpassword=`` in the query), as written and percent-decoded; none for a file."""
    if not is_postgres(url):
        return ()
    parts = urlsplit(url.strip())
    found: list[str] = []
    userinfo, at, _ = parts.netloc.rpartition("@")
    if at and ":" in userinfo:
        found.append(userinfo.split(":", 1)[1])
    for pair in parts.query.split("&"):
        key, eq, value = pair.partition("=")
        if eq and key.lower() in _SECRET_KEYS:
            found.append(value)
    secrets = {s for raw in found if raw for s in (raw, unquote(raw))}
    return tuple(sorted(secrets, key=len, reverse=True))


def redacted(url: str) -> str:
    """The DATABASE setting as a log line, an error line or a repr may show it: every secret
    of a PostgreSQL URL masked; a file path as it is."""
    if not is_postgres(url):
        return url
    parts = urlsplit(url.strip())
    userinfo, at, place = parts.netloc.rpartition("@")
    netloc = parts.netloc
    if at and ":" in userinfo:
        netloc = f"{userinfo.split(':', 1)[0]}:{MASK}@{place}"
    query = "&".join(
        f"{key}={MASK}" if eq and key.lower() in _SECRET_KEYS else f"{key}{eq}{value}"
        for key, eq, value in (pair.partition("=") for pair in parts.query.split("&"))
    ) if parts.query else ""
    return (f"{parts.scheme}://{netloc}{parts.path}" + (f"?{query}" if query else "")
            + (f"#{parts.fragment}" if parts.fragment else ""))


def masked(text: str, url: str) -> str:
    """``text`` (an error message, say) with every secret of the URL ``url`` masked."""
    for secret in database_secrets(url):
        text = text.replace(secret, MASK)
    return text


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
