"""`canasta-bot copy-database FROM TO`: a whole database into an empty one, SQLite to
PostgreSQL or back (or between two of a kind).

Every table the migrations create is copied, in one transaction on the target, read from
one consistent view of the source. Both are first brought to the current schema; a table of
the schema that `TABLES` does not name stops the copy before anything is written (a new
migration's table is never silently left behind). Afterwards the copy is verified, table by
table: the same number of rows and the same checksum of every row. A target that holds
anything at all is refused, so nothing is ever overwritten. Stop the bot before copying:
moves made during the copy would not be in it.
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
# `schema_tables` must name no other (the schema's own bookkeeping aside: `INTERNAL`).
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
    "player_languages": "player",
    "server_languages": "guild_id",
    "table_lines": "game_id, version",
    "game_stats": "game_id, player",
}
INTERNAL = frozenset({"schema_version", "sqlite_sequence"})  # each database keeps its own


class CopyRefused(StoreError):
    """The copy was not made (the target is not empty, or is the source); nothing changed."""


class CopyMismatch(StoreError):
    """The copy does not read back as the source (the target transaction rolled back)."""


class UncoveredTable(CopyRefused):
    """The schema has a table copy-database does not know: nothing was copied."""


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
        reals = await _covered(into, dst.dialect)
        counts = await _counts(into)
        if any(counts.values()):
            held = ", ".join(f"{t} {n}" for t, n in counts.items() if n)
            raise CopyRefused(f"{redacted(target)} is not empty ({held}): copy-database "
                              "only fills an empty database, it never overwrites one.")
        async with src.transaction() as out:
            if src.dialect == "postgresql":  # one consistent view of every table
                await out.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ")
            await _covered(out, src.dialect)
            rows = {table: await out.fetch(f"SELECT * FROM {table} ORDER BY {order}")
                    for table, order in TABLES.items()}
            expected = await _counts(out), await _checksums(out, reals)
            next_game = await _last_game_id(out, src.dialect)
        for table, found in rows.items():
            if found:
                columns = list(found[0].keys())
                marks = ", ".join("?" for _ in columns)
                await into.execute_many(
                    f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({marks})",
                    [_values(reals.get(table, set()), columns, row) for row in found])
        await _set_last_game_id(into, dst.dialect, next_game)
        copied = await _counts(into), await _checksums(into, reals)
        if copied != expected:
            raise CopyMismatch(f"the copy does not match its source: {copied} != {expected}")
    return expected[0]


REAL_TYPES = ("real", "double precision")


async def schema_tables(tx: Transaction, dialect: str) -> dict[str, dict[str, str]]:
    """Every table of the database's schema (its own bookkeeping aside): its columns and
    their types, read from the database itself."""
    if dialect == "postgresql":
        rows = await tx.fetch(
            "SELECT c.table_name AS t, c.column_name AS c, c.data_type AS type"
            " FROM information_schema.columns c JOIN information_schema.tables t"
            " ON t.table_schema = c.table_schema AND t.table_name = c.table_name"
            " WHERE c.table_schema = current_schema() AND t.table_type = 'BASE TABLE'")
        found = [(r["t"], r["c"], r["type"]) for r in rows]
    else:
        found = []
        for table in await tx.fetch("SELECT name FROM sqlite_master WHERE type = 'table'"):
            name = table["name"]
            for column in await tx.fetch(f"PRAGMA table_info('{name}')"):
                found.append((name, column["name"], column["type"]))
    tables: dict[str, dict[str, str]] = {}
    for table, column, kind in found:
        if table not in INTERNAL:
            tables.setdefault(table, {})[column] = str(kind).lower()
    return tables


async def _covered(tx: Transaction, dialect: str) -> dict[str, set[str]]:
    """Check that `TABLES` names every table of the schema and nothing else; return each
    table's REAL columns."""
    tables = await schema_tables(tx, dialect)
    unknown = sorted(set(tables) - set(TABLES))
    missing = sorted(set(TABLES) - set(tables))
    if unknown or missing:
        raise UncoveredTable(
            "copy-database does not cover this schema: "
            + "; ".join(part for part in (
                f"tables it would leave behind: {', '.join(unknown)}" if unknown else "",
                f"tables the schema lacks: {', '.join(missing)}" if missing else "") if part)
            + " (bot/store/copy.py TABLES must name every table). Nothing was copied.")
    return {table: {c for c, kind in columns.items() if kind in REAL_TYPES}
            for table, columns in tables.items()}


def _values(reals: set[str], columns: Sequence[str], row: Any) -> tuple[Any, ...]:
    """A row's values; times as floats (SQLite may hold a whole number in a REAL column)."""
    return tuple(float(value) if column in reals and value is not None else value
                 for column, value in zip(columns, tuple(row), strict=True))


async def _counts(tx: Transaction) -> dict[str, int]:
    counts = {}
    for table in TABLES:
        [row] = await tx.fetch(f"SELECT COUNT(*) AS n FROM {table}")
        counts[table] = int(row["n"])
    return counts


async def _checksums(tx: Transaction, reals: dict[str, set[str]]) -> dict[str, str]:
    """SHA-256 of every row of every table, column by column (the rows sorted here: the two
    databases may sort text differently)."""
    sums = {}
    for table in TABLES:
        rows = sorted(json.dumps(sorted(zip(row.keys(), _values(reals.get(table, set()),
                                                                list(row.keys()), row),
                                            strict=True)))
                      for row in await tx.fetch(f"SELECT * FROM {table}"))
        sums[table] = hashlib.sha256("\n".join(rows).encode()).hexdigest()
    return sums


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
