"""Opening the database the DATABASE setting names: a `postgresql://` URL opens PostgreSQL
(asyncpg, imported only then: it is an optional dependency), anything else a SQLite file."""

from __future__ import annotations

import sqlite3

from bot.store.database import Database, MissingDriver, is_postgres, masked, redacted


async def open_database(url: str) -> Database:
    if is_postgres(url):
        try:
            from bot.store.postgres_db import PostgresDatabase
        except ModuleNotFoundError as exc:
            raise MissingDriver(
                "DATABASE is a PostgreSQL URL but its driver is not installed: "
                "pip install 'canasta-bot[postgres]' (or -e '.[postgres]' in a checkout)"
            ) from exc

        return await PostgresDatabase.connect(url)
    from bot.store.sqlite_db import SqliteDatabase

    return await SqliteDatabase.connect(url)


def database_failure(exc: BaseException, database: str) -> str | None:
    """The one sentence that says why the database could not be used (its secrets masked);
    None for a failure that is not the database's."""
    reason = masked(" ".join(str(exc).split()) or type(exc).__name__, database)
    if isinstance(exc, sqlite3.Error):
        return (f"Could not open the database {database} ({reason}): check DATABASE and that "
                "its folder exists and is writable.")
    if isinstance(exc, MissingDriver):
        return str(exc)
    if is_postgres(database):
        import asyncpg

        if isinstance(exc, asyncpg.PostgresError | asyncpg.InterfaceError | OSError):
            return (f"Could not use the PostgreSQL database {redacted(database)} ({reason}): "
                    "check DATABASE (user, password, host, database name) and that the "
                    "server is running.")
    return None
