"""Opening the database the DATABASE setting names: a `postgresql://` URL opens PostgreSQL
(asyncpg, imported only then: it is an optional dependency), anything else a SQLite file."""

from __future__ import annotations

from bot.store.database import Database, MissingDriver, is_postgres


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
