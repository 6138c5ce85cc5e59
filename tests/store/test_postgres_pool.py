"""PostgreSQL connections go back to the pool without a reset query, and still clean."""

from __future__ import annotations

import pytest

from bot.store.postgres_db import PostgresDatabase
from bot.store.sql import IntegrityError


async def test_a_connection_left_in_a_transaction_is_rolled_back_on_release(
        postgres_url: str) -> None:
    db = await PostgresDatabase.connect(postgres_url)
    try:
        async with db.transaction() as tx:
            await tx.execute("CREATE TABLE notes (text TEXT NOT NULL)")
        async with db._pool.acquire() as conn:  # noqa: SLF001 (a caller gone wrong)
            await conn.execute("BEGIN")
            await conn.execute("INSERT INTO notes VALUES ('half done')")
            await conn.execute("SET LOCAL synchronous_commit = on")
        async with db._pool.acquire() as conn:  # noqa: SLF001 (the pool has one connection)
            assert not conn.is_in_transaction()
            assert await conn.fetchval("SHOW synchronous_commit") == "off"
        assert await db.fetch("SELECT text FROM notes") == []
        async with db.transaction(durable=False) as tx:
            await tx.execute("INSERT INTO notes VALUES (?)", ("kept",))
        assert [r["text"] for r in await db.fetch("SELECT text FROM notes")] == ["kept"]
    finally:
        await db.close()


async def test_durable_transactions_wait_for_the_disk_and_bookkeeping_does_not(
        postgres_url: str) -> None:
    """Sessions skip the sync to disk; every durable transaction asks for it with its BEGIN;
    a bookkeeping write is one statement committed on its own; a failed transaction leaves
    nothing behind, and the connection clean."""
    db = await PostgresDatabase.connect(postgres_url)
    try:
        async with db.transaction() as tx:
            await tx.execute("CREATE TABLE marks (text TEXT NOT NULL UNIQUE)")
            assert await tx.fetch("SHOW synchronous_commit") == [("on",)]
        async with db.transaction(durable=False) as tx:
            assert await tx.fetch("SHOW synchronous_commit") == [("off",)]
        try:
            async with db.transaction() as tx:
                await tx.execute("INSERT INTO marks VALUES (?)", ("lost",))
                raise RuntimeError("the caller fails half way")
        except RuntimeError:
            pass
        assert await db.write("INSERT INTO marks VALUES (?)", ("kept",)) == 1
        with pytest.raises(IntegrityError):
            await db.write("INSERT INTO marks VALUES (?)", ("kept",))
        assert [r["text"] for r in await db.fetch("SELECT text FROM marks")] == ["kept"]
        async with db._pool.acquire() as conn:  # noqa: SLF001 (the pool has one connection)
            assert not conn.is_in_transaction()
            assert await conn.fetchval("SHOW synchronous_commit") == "off"
    finally:
        await db.close()
