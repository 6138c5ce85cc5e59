"""Finding tables without reading games: each question here is one indexed query that reads
no snapshot, since interactions from anyone anywhere ask them (a stranger's command in a
channel, a message deleted in any server, a new table's limits)."""

from __future__ import annotations

from bot.store.records import OpenTables
from bot.store.sql import Connected

NEAR_TABLES = 3  # tables a command outside a thread points to


class Lookups(Connected):
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
