"""PostgreSQL connections go back to the pool without a reset query, and still clean."""

from __future__ import annotations

from bot.store.postgres_db import PostgresDatabase


async def test_a_connection_left_in_a_transaction_is_rolled_back_on_release(
        postgres_url: str) -> None:
    db = await PostgresDatabase.connect(postgres_url)
    try:
        async with db.transaction() as tx:
            await tx.execute("CREATE TABLE notes (text TEXT NOT NULL)")
        async with db._pool.acquire() as conn:  # noqa: SLF001 (a caller gone wrong)
            await conn.execute("BEGIN")
            await conn.execute("INSERT INTO notes VALUES ('half done')")
            await conn.execute("SET LOCAL synchronous_commit = off")
        async with db._pool.acquire() as conn:  # noqa: SLF001 (the pool has one connection)
            assert not conn.is_in_transaction()
            assert await conn.fetchval("SHOW synchronous_commit") == "on"
        assert await db.fetch("SELECT text FROM notes") == []
        async with db.transaction(durable=False) as tx:
            await tx.execute("INSERT INTO notes VALUES (?)", ("kept",))
        assert [r["text"] for r in await db.fetch("SELECT text FROM notes")] == ["kept"]
    finally:
        await db.close()


async def test_a_bookkeeping_write_is_all_or_nothing_and_leaves_the_setting_behind(
        postgres_url: str) -> None:
    db = await PostgresDatabase.connect(postgres_url)
    try:
        async with db.transaction() as tx:
            await tx.execute("CREATE TABLE marks (text TEXT NOT NULL)")
        try:
            async with db.transaction(durable=False) as tx:
                await tx.execute("INSERT INTO marks VALUES (?)", ("lost",))
                raise RuntimeError("the caller fails half way")
        except RuntimeError:
            pass
        async with db.transaction(durable=False) as tx:
            await tx.execute("INSERT INTO marks VALUES (?)", ("kept",))
            assert await tx.fetch("SHOW synchronous_commit") == [("off",)]
        assert [r["text"] for r in await db.fetch("SELECT text FROM marks")] == ["kept"]
        async with db._pool.acquire() as conn:  # noqa: SLF001 (the pool has one connection)
            assert not conn.is_in_transaction()
            assert await conn.fetchval("SHOW synchronous_commit") == "on"
    finally:
        await db.close()
