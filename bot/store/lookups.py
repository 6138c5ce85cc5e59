"""Finding tables without reading games: each question here is one indexed query that reads
no snapshot, since interactions from anyone anywhere ask them (a stranger's command in a
channel, a message deleted in any server, a new table's limits)."""

from __future__ import annotations

import json

from bot.store.database import Row
from bot.store.records import GameRecord, OpenTables, Shards
from bot.store.sql import Connected
from bot.store.table_setup import in_shards

NEAR_TABLES = 3  # tables a command outside a thread points to
# Every column of a game but its snapshot: what finding a game needs, without parsing it.
GAME_COLUMNS = ("id, guild_id, channel_id, thread_id, host, status, variant, options, seed,"
                " version, winner, created_at, updated_at, moved_at, ended_by")


class Lookups(Connected):
    async def game_in_thread(self, thread_id: int) -> GameRecord | None:
        """The thread's current game: the active one, else the most recent one. One indexed
        read, without the snapshot (every command in a thread asks it)."""
        rows = await self._fetchall(
            f"SELECT {GAME_COLUMNS} FROM games WHERE thread_id = ?"
            " ORDER BY (status = 'active') DESC, id DESC LIMIT 1",
            (thread_id,),
        )
        return game_record(rows[0]) if rows else None

    async def active_games(self, shards: Shards | None = None) -> list[GameRecord]:
        """Games in the lobby or in play (with `shards`: only those of their guilds),
        without their snapshots."""
        where, params = in_shards(shards)
        rows = await self._fetchall(
            f"SELECT {GAME_COLUMNS} FROM games WHERE status IN ('lobby', 'active') {where}"
            " ORDER BY id", params)
        return [game_record(r) for r in rows]

    async def tables_of(self, player: str, channel_id: int, limit: int = NEAR_TABLES
                        ) -> list[tuple[int, int]]:
        """(game id, thread id) of the tables in the lobby or in play this player sits at in
        this channel, the newest first (at most `limit`): one read, by the player's seats."""
        rows = await self._fetchall(
            "SELECT g.id AS id, g.thread_id AS thread_id FROM seats s"
            " JOIN games g ON g.id = s.game_id WHERE s.player = ? AND g.channel_id = ?"
            " AND g.status IN ('lobby', 'active') AND g.thread_id IS NOT NULL"
            " ORDER BY g.id DESC LIMIT ?",
            (player, channel_id, limit))
        return [(int(r["id"]), int(r["thread_id"])) for r in rows]

    async def open_tables(self, host: str, channel_id: int, guild_id: int | None
                          ) -> OpenTables:
        """The counts a new table's limits look at, in one read."""
        [row] = await self._fetchall(
            "SELECT (SELECT COUNT(*) FROM seats s JOIN games g ON g.id = s.game_id"
            "        WHERE s.player = ? AND g.host = s.player AND g.status = 'lobby') AS host,"
            " (SELECT COUNT(*) FROM games WHERE channel_id = ? AND status = 'lobby')"
            "        AS channel,"
            " (SELECT COUNT(*) FROM games WHERE guild_id = ? AND status = 'active') AS server",
            (host, channel_id, guild_id or 0))
        return OpenTables(int(row["host"]), int(row["channel"]), int(row["server"]))

    async def lobby_of_message(self, message_id: int) -> int | None:
        """The game whose lobby message this is (None: not a lobby message of ours)."""
        rows = await self._fetchall(
            "SELECT game_id FROM messages WHERE message_id = ? AND kind = 'lobby'",
            (message_id,))
        return int(rows[0]["game_id"]) if rows else None

    async def open_games_in_thread(self, thread_id: int) -> list[int]:
        """The games in the lobby or in play whose thread this is."""
        rows = await self._fetchall(
            "SELECT id FROM games WHERE thread_id = ? AND status IN ('lobby', 'active')"
            " ORDER BY id", (thread_id,))
        return [int(r["id"]) for r in rows]


def game_record(row: Row) -> GameRecord:
    """A game's row as a record (its snapshot parsed only when the row has one)."""
    snapshot = row["snapshot"] if "snapshot" in row.keys() else None
    return GameRecord(
        id=row["id"],
        guild_id=row["guild_id"],
        channel_id=row["channel_id"],
        thread_id=row["thread_id"],
        host=row["host"],
        status=row["status"],
        variant=row["variant"],
        options=json.loads(row["options"]),
        seed=row["seed"],
        snapshot=json.loads(snapshot) if snapshot else None,
        version=row["version"],
        winner=row["winner"],
        created_at=row["created_at"],
        updated_at=row["updated_at"],
        moved_at=row["moved_at"],
        ended_by=row["ended_by"],
    )
