"""Schema migrations, numbered in order, one list for SQLite and PostgreSQL. The database
records the last one applied (SQLite: `PRAGMA user_version`; PostgreSQL: the
`schema_version` table); start-up applies the rest, each in its own transaction.

The statements are written in SQLite's spelling; `DIALECTS` lists, explicitly, the few
words PostgreSQL spells differently (64-bit ids: Discord's snowflakes do not fit 32 bits).

Never edit a migration that has shipped: add a new one.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bot.store.database import Database, Transaction

# A step of a migration: a statement (spelled for each dialect, see `DIALECTS`), or, for the
# rare change the two databases make differently, a function of the transaction and dialect.
Step = str | Callable[["Transaction", str], Awaitable[None]]
STATUSES = "'lobby', 'active', 'over', 'cancelled', 'abandoned'"

DIALECTS: dict[str, list[tuple[str, str]]] = {
    "sqlite": [],
    "postgresql": [
        (r"\bINTEGER PRIMARY KEY AUTOINCREMENT\b", "BIGSERIAL PRIMARY KEY"),
        (r"\bINTEGER\b", "BIGINT"),
        (r"\bREAL\b", "DOUBLE PRECISION"),
    ],
}

async def _abandoned_status(tx: Transaction, dialect: str) -> None:
    """Let a game's status be 'abandoned' (a table no person moved at for days). PostgreSQL
    replaces the column's CHECK; SQLite cannot alter a CHECK, so the table's recorded
    definition is widened in place, SQLite's documented way to loosen a constraint that
    every row already meets (writable_schema, then a new schema version so that every
    connection reads the definition again)."""
    if dialect == "postgresql":
        await tx.execute("ALTER TABLE games DROP CONSTRAINT IF EXISTS games_status_check")
        await tx.execute(f"ALTER TABLE games ADD CONSTRAINT games_status_check"
                         f" CHECK (status IN ({STATUSES}))")
        return
    [row] = await tx.fetch("PRAGMA schema_version")
    version = int(row[0])  # type: ignore[index]
    await tx.execute("PRAGMA writable_schema = ON")
    changed = await tx.execute(
        "UPDATE sqlite_master SET sql = replace(sql, ?, ?) WHERE type = 'table'"
        " AND name = 'games'",
        ("CHECK (status IN ('lobby', 'active', 'over', 'cancelled'))",
         f"CHECK (status IN ({STATUSES}))"))
    await tx.execute(f"PRAGMA schema_version = {version + 1}")
    await tx.execute("PRAGMA writable_schema = OFF")
    if changed != 1:
        raise RuntimeError("games.status: the CHECK to widen was not found")


MIGRATIONS: list[list[Step]] = [
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
    # 7: safe in ten thousand servers. 'abandoned' (a table no person moved at for days:
    #    unrated); when a person last moved (lobbies: when they opened), and what ended a
    #    game that did not finish ("cancelled": a moderator's id, "host", "expired",
    #    "deleted"); indexes for the queries every interaction or deletion makes (the game of
    #    a thread or channel, a player's tables, a lobby message); and what each game added
    #    to its players' statistics, so a game that ends unrated takes it back.
    [
        _abandoned_status,
        "ALTER TABLE games ADD COLUMN moved_at REAL",
        "ALTER TABLE games ADD COLUMN ended_by TEXT",
        "UPDATE games SET moved_at = updated_at",
        "CREATE INDEX games_by_channel ON games (channel_id, status)",
        "CREATE INDEX games_by_idleness ON games (status, moved_at)",
        "CREATE INDEX seats_by_player ON seats (player)",
        "CREATE INDEX messages_by_message ON messages (message_id)",
        """CREATE TABLE game_stats (
            game_id      INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
            player       TEXT NOT NULL,
            canastas     INTEGER NOT NULL DEFAULT 0,
            went_out     INTEGER NOT NULL DEFAULT 0,
            hands        INTEGER NOT NULL DEFAULT 0,
            hand_points  INTEGER NOT NULL DEFAULT 0,
            best_hand    INTEGER,
            PRIMARY KEY (game_id, player)
        )""",
    ],
    # 8: players' data handled with care. When the bot was removed from a server (its data
    #    goes after a grace period unless the bot comes back: see retention.py), and when a
    #    finished game's snapshot and action log were pruned (its results and statistics
    #    stay), with the index the daily pruning reads.
    [
        """CREATE TABLE guild_departures (
            guild_id  INTEGER PRIMARY KEY,
            left_at   REAL NOT NULL
        )""",
        "ALTER TABLE games ADD COLUMN pruned_at REAL",
        "CREATE INDEX games_by_end ON games (status, updated_at)",
    ],
    # 9: ratings (see bot/store/ratings.py): who actually made each move (a person, or a
    # computer standing in: "level:<level>"; NULL in older rows: the seat's person); each
    # rated match's sides, scores and the ratings it left (rerate starts from these), and
    # every person's and computer level's rating now, per server and variant family.
    [
        "ALTER TABLE actions ADD COLUMN actor TEXT",
        """CREATE TABLE match_ratings (
            game_id   INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
            seat      INTEGER NOT NULL,
            number    INTEGER NOT NULL,
            guild_id  INTEGER NOT NULL,
            family    TEXT NOT NULL,
            player    TEXT NOT NULL,
            name      TEXT NOT NULL,
            side      INTEGER NOT NULL,
            score     INTEGER NOT NULL,
            rated     INTEGER NOT NULL,
            mu        REAL NOT NULL,
            sigma     REAL NOT NULL,
            at        REAL NOT NULL,
            PRIMARY KEY (game_id, seat)
        )""",
        "CREATE INDEX match_ratings_by_number ON match_ratings (number)",
        "CREATE INDEX match_ratings_by_player ON match_ratings (guild_id, player, family, number)",
        """CREATE TABLE ratings (
            guild_id  INTEGER NOT NULL,
            family    TEXT NOT NULL,
            player    TEXT NOT NULL,
            name      TEXT NOT NULL,
            mu        REAL NOT NULL,
            sigma     REAL NOT NULL,
            ordinal   REAL NOT NULL,
            games     INTEGER NOT NULL,
            PRIMARY KEY (guild_id, family, player)
        )""",
        "CREATE INDEX ratings_by_ordinal ON ratings (guild_id, family, ordinal)",
    ],
    # 10: the hints (/hint) each player took, counted with their statistics.
    [
        "ALTER TABLE stats ADD COLUMN hints INTEGER NOT NULL DEFAULT 0",
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
            for step in statements:
                if isinstance(step, str):
                    await tx.execute(spelled(step, db.dialect))
                else:
                    await step(tx, db.dialect)
            await tx.set_schema_version(number)
    async with db.transaction() as tx:
        return await tx.schema_version()
