"""Schema migrations, numbered in order, one list for SQLite and PostgreSQL. The database
records the last one applied (SQLite: `PRAGMA user_version`; PostgreSQL: the
`schema_version` table); start-up applies the rest, each in its own transaction.

The statements are written in SQLite's spelling; `DIALECTS` lists, explicitly, the few
words PostgreSQL spells differently (64-bit ids: Discord's snowflakes do not fit 32 bits).

Never edit a migration that has shipped: add a new one.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bot.store.database import Database

DIALECTS: dict[str, list[tuple[str, str]]] = {
    "sqlite": [],
    "postgresql": [
        (r"\bINTEGER PRIMARY KEY AUTOINCREMENT\b", "BIGSERIAL PRIMARY KEY"),
        (r"\bINTEGER\b", "BIGINT"),
        (r"\bREAL\b", "DOUBLE PRECISION"),
    ],
}

MIGRATIONS: list[list[str]] = [
    # 1: the first schema.
    [
        """CREATE TABLE games (
            id          INTEGER PRIMARY KEY AUTOINCREMENT,
            guild_id    INTEGER,
            channel_id  INTEGER NOT NULL,
            thread_id   INTEGER,
            host        TEXT NOT NULL,
            status      TEXT NOT NULL CHECK (status IN ('lobby', 'active', 'over', 'cancelled')),
            variant     TEXT NOT NULL,
            options     TEXT NOT NULL,
            seed        INTEGER NOT NULL,
            snapshot    TEXT,
            version     INTEGER NOT NULL DEFAULT 0,
            winner      INTEGER,
            created_at  REAL NOT NULL,
            updated_at  REAL NOT NULL
        )""",
        "CREATE INDEX games_by_thread ON games (thread_id, status)",
        "CREATE INDEX games_by_guild ON games (guild_id, status)",
        """CREATE TABLE seats (
            game_id  INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
            seat     INTEGER NOT NULL,
            player   TEXT NOT NULL,
            name     TEXT NOT NULL,
            team     INTEGER,
            is_ai    INTEGER NOT NULL DEFAULT 0,
            PRIMARY KEY (game_id, player)
        )""",
        """CREATE TABLE actions (
            game_id  INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
            seq      INTEGER NOT NULL,
            player   TEXT NOT NULL,
            action   TEXT NOT NULL,
            at       REAL NOT NULL,
            PRIMARY KEY (game_id, seq)
        )""",
        """CREATE TABLE hand_results (
            game_id    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
            hand       INTEGER NOT NULL,
            team       INTEGER NOT NULL,
            total      INTEGER NOT NULL,
            breakdown  TEXT NOT NULL,
            PRIMARY KEY (game_id, hand, team)
        )""",
        """CREATE TABLE messages (
            game_id     INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
            kind        TEXT NOT NULL,
            channel_id  INTEGER NOT NULL,
            message_id  INTEGER NOT NULL,
            PRIMARY KEY (game_id, kind)
        )""",
        """CREATE TABLE stats (
            guild_id     INTEGER NOT NULL,
            player       TEXT NOT NULL,
            variant      TEXT NOT NULL,
            name         TEXT NOT NULL,
            games        INTEGER NOT NULL DEFAULT 0,
            wins         INTEGER NOT NULL DEFAULT 0,
            canastas     INTEGER NOT NULL DEFAULT 0,
            went_out     INTEGER NOT NULL DEFAULT 0,
            hands        INTEGER NOT NULL DEFAULT 0,
            hand_points  INTEGER NOT NULL DEFAULT 0,
            best_hand    INTEGER,
            PRIMARY KEY (guild_id, player, variant)
        )""",
    ],
    # 2: players told once that their DMs are closed.
    [
        """CREATE TABLE dm_notices (
            player  TEXT PRIMARY KEY,
            at      REAL NOT NULL
        )""",
    ],
    # 3: who controls a seat (a person, or a computer player of some level: the seat's engine
    #    id never changes, so a person who comes back gets the same hand), the turns a person
    #    let expire in a row, and the turn timer's deadline, so it survives a restart.
    [
        "ALTER TABLE seats ADD COLUMN level TEXT",
        "ALTER TABLE seats ADD COLUMN missed INTEGER NOT NULL DEFAULT 0",
        "UPDATE seats SET level = 'normal' WHERE is_ai = 1",
        """CREATE TABLE deadlines (
            game_id     INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
            player      TEXT NOT NULL,
            hand        INTEGER NOT NULL,
            started_at  REAL NOT NULL,
            remind_at   REAL,
            expires_at  REAL NOT NULL
        )""",
    ],
    # 4: table set-ups a crash may interrupt (see table_setup.py): start-up completes them
    #    or drops the game. Games opened before this migration have none.
    [
        """CREATE TABLE openings (
            game_id  INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
            kind     TEXT NOT NULL CHECK (kind IN ('new', 'rematch')),
            at       REAL NOT NULL
        )""",
    ],
    # 5: languages: the one a player chose for their private replies (/language) and the one
    #    a server's admins chose for its tables' threads and pictures (/canasta language).
    [
        """CREATE TABLE player_languages (
            player    TEXT PRIMARY KEY,
            language  TEXT NOT NULL
        )""",
        """CREATE TABLE server_languages (
            guild_id  INTEGER PRIMARY KEY,
            language  TEXT NOT NULL
        )""",
    ],
    # 6: the live table's log of the last moves, one line per game version that said
    #    something, so every process of a sharded bot edits the table with the same log.
    [
        """CREATE TABLE table_lines (
            game_id  INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
            version  INTEGER NOT NULL,
            line     TEXT NOT NULL,
            PRIMARY KEY (game_id, version)
        )""",
    ],
]

SCHEMA_VERSION = len(MIGRATIONS)


def spelled(statement: str, dialect: str) -> str:
    """A migration statement in the database's own spelling."""
    for pattern, replacement in DIALECTS[dialect]:
        statement = re.sub(pattern, replacement, statement)
    return statement


async def migrate(db: Database) -> int:
    """Apply the migrations the database has not seen yet; return the schema version.
    Each runs in its own transaction, which also re-reads the version (another process may
    have migrated meanwhile)."""
    for number, statements in enumerate(MIGRATIONS, start=1):
        async with db.transaction() as tx:
            if await tx.schema_version() >= number:
                continue
            for statement in statements:
                await tx.execute(spelled(statement, db.dialect))
            await tx.set_schema_version(number)
    async with db.transaction() as tx:
        return await tx.schema_version()
