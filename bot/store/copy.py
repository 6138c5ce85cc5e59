"""`canasta-bot copy-database FROM TO`: a whole database into an empty one, SQLite to
PostgreSQL or back (or between two of a kind).

Every table is copied in one transaction on the target, read from one consistent view of
the source. Both are first brought to the current schema. Afterwards the copy is verified:
the same number of rows in every table, and the same checksum of the games' snapshots and
of the action log. A target that holds anything at all is refused, so nothing is ever
overwritten. Stop the bot before copying: moves made during the copy would not be in it.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from typing import Any

from bot.store.backends import open_database
from bot.store.database import Database, Transaction, redacted
from bot.store.migrations import migrate
from bot.store.sql import StoreError

# Every table, parents before children (the foreign keys), with the order of its rows.
TABLES: dict[str, str] = {
    "games": "id",
    "seats": "game_id, seat",
    "actions": "game_id, seq",
    "hand_results": "game_id, hand, team",
    "messages": "game_id, kind",
    "stats": "guild_id, player, variant",
    "dm_notices": "player",
    "deadlines": "game_id",
    "openings": "game_id",
}


class CopyRefused(StoreError):
    """The copy was not made (the target is not empty, or is the source); nothing changed."""


class CopyMismatch(StoreError):
    """The copy does not read back as the source (the target transaction rolled back)."""


async def copy_database(source: str, target: str) -> dict[str, int]:
    """Copy every row of `source` into the empty `target`; return the rows per table."""
    if source == target:
        raise CopyRefused("FROM and TO are the same database: nothing to copy.")
    src = await open_database(source)
    try:
        dst = await open_database(target)
        try:
            await migrate(src)
            await migrate(dst)
            return await _copy(src, dst, target)
        finally:
            await dst.close()
    finally:
        await src.close()


async def _copy(src: Database, dst: Database, target: str) -> dict[str, int]:
    async with dst.transaction() as into:
        counts = await _counts(into)
        if any(counts.values()):
            held = ", ".join(f"{t} {n}" for t, n in counts.items() if n)
            raise CopyRefused(f"{redacted(target)} is not empty ({held}): copy-database "
                              "only fills an empty database, it never overwrites one.")
        async with src.transaction() as out:
            if src.dialect == "postgresql":  # one consistent view of every table
                await out.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ")
            rows = {table: await out.fetch(f"SELECT * FROM {table} ORDER BY {order}")
                    for table, order in TABLES.items()}
            expected = await _counts(out), await _checksum(out)
            next_game = await _last_game_id(out, src.dialect)
        for table, found in rows.items():
            if found:
                columns = list(found[0].keys())
                marks = ", ".join("?" for _ in columns)
                await into.execute_many(
                    f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({marks})",
                    [_values(table, columns, row) for row in found])
        await _set_last_game_id(into, dst.dialect, next_game)
        copied = await _counts(into), await _checksum(into)
        if copied != expected:
            raise CopyMismatch(f"the copy does not match its source: {copied} != {expected}")
    return expected[0]


REALS = {("games", "created_at"), ("games", "updated_at"), ("actions", "at"),
         ("dm_notices", "at"), ("deadlines", "started_at"), ("deadlines", "remind_at"),
         ("deadlines", "expires_at"), ("openings", "at")}


def _values(table: str, columns: Sequence[str], row: Any) -> tuple[Any, ...]:
    """A row's values; times as floats (SQLite may hold a whole number in a REAL column)."""
    return tuple(float(value) if (table, column) in REALS and value is not None else value
                 for column, value in zip(columns, tuple(row), strict=True))


async def _counts(tx: Transaction) -> dict[str, int]:
    counts = {}
    for table in TABLES:
        [row] = await tx.fetch(f"SELECT COUNT(*) AS n FROM {table}")
        counts[table] = int(row["n"])
    return counts


async def _checksum(tx: Transaction) -> str:
    """SHA-256 of every game's snapshot and every action, in order."""
    digest = hashlib.sha256()
    for row in await tx.fetch("SELECT id, version, snapshot FROM games ORDER BY id"):
        digest.update(json.dumps([row["id"], row["version"], row["snapshot"]]).encode())
    for row in await tx.fetch("SELECT game_id, seq, action FROM actions ORDER BY game_id, seq"):
        digest.update(json.dumps([row["game_id"], row["seq"], row["action"]]).encode())
    return digest.hexdigest()


async def _last_game_id(tx: Transaction, dialect: str) -> int:
    """The highest game id ever handed out (games dropped since included): ids are never
    reused, so an old button never finds a new game."""
    if dialect == "postgresql":
        [row] = await tx.fetch("SELECT last_value, is_called FROM games_id_seq")
        return int(row["last_value"]) if row["is_called"] else 0
    rows = await tx.fetch("SELECT seq FROM sqlite_sequence WHERE name = 'games'")
    return int(rows[0]["seq"]) if rows else 0


async def _set_last_game_id(tx: Transaction, dialect: str, last: int) -> None:
    [row] = await tx.fetch("SELECT COALESCE(MAX(id), 0) AS top FROM games")
    last = max(last, int(row["top"]))
    if last == 0:
        return
    if dialect == "postgresql":
        await tx.execute("SELECT setval('games_id_seq', ?)", (last,))
    elif await tx.execute("UPDATE sqlite_sequence SET seq = ? WHERE name = 'games'", (last,)) == 0:
        await tx.execute("INSERT INTO sqlite_sequence (name, seq) VALUES ('games', ?)", (last,))
