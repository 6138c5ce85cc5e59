"""How long the store keeps what it keeps.

- A server that removed the bot: its open tables are cancelled at once (the front end does
  it, as for a moderator); `left_guild` records when, and after the grace period the sweep
  deletes every game of that server (seats, action logs, results, messages), its
  statistics and its language (`guild_data_due`, `delete_guild_data`). The bot added back
  within the grace period (`rejoined_guild`) deletes nothing.
- A finished game (over, cancelled or abandoned) keeps its snapshot and action log for a
  while (the thread's /scores, a replay); `prune_finished` then drops them, and the live
  table's log and message ids, keeping the game's row, seats, hands' results and the
  statistics it made.
"""

from __future__ import annotations

from bot.store.sql import Connected

FINISHED = "('over', 'cancelled', 'abandoned')"
# Everything of a game lives in tables that name it (ON DELETE CASCADE, listed anyway so a
# deletion reads the same on both backends and in any order).
GAME_TABLES = ("seats", "actions", "hand_results", "messages", "deadlines", "openings",
               "table_lines", "game_stats")


class Retention(Connected):
    async def left_guild(self, guild_id: int, at: float) -> None:
        """The bot was removed from this server at `at` (the first time counts)."""
        async with self._transaction() as tx:
            await tx.execute(
                "INSERT INTO guild_departures (guild_id, left_at) VALUES (?, ?)"
                " ON CONFLICT (guild_id) DO NOTHING", (guild_id, at))

    async def rejoined_guild(self, guild_id: int) -> bool:
        """The bot is in this server again: nothing of it is to be deleted. True when it had
        been removed."""
        async with self._transaction() as tx:
            return await tx.execute(
                "DELETE FROM guild_departures WHERE guild_id = ?", (guild_id,)) == 1

    async def guild_left_at(self, guild_id: int) -> float | None:
        row = await self._fetchone(
            "SELECT left_at FROM guild_departures WHERE guild_id = ?", (guild_id,))
        return None if row is None else float(row["left_at"])

    async def guild_data_due(self, left_before: float) -> list[int]:
        """Servers the bot left before that time, whose data is to be deleted now."""
        rows = await self._fetchall(
            "SELECT guild_id FROM guild_departures WHERE left_at <= ? ORDER BY guild_id",
            (left_before,))
        return [int(r["guild_id"]) for r in rows]

    async def open_games_of_guild(self, guild_id: int) -> list[int]:
        rows = await self._fetchall(
            "SELECT id FROM games WHERE guild_id = ? AND status IN ('lobby', 'active')"
            " ORDER BY id", (guild_id,))
        return [int(r["id"]) for r in rows]

    async def delete_guild_data(self, guild_id: int) -> int:
        """Every game of this server and all it holds, its statistics and language, and
        the record of its departure; how many games went. One transaction."""
        async with self._transaction() as tx:
            rows = await tx.fetch("SELECT id FROM games WHERE guild_id = ?", (guild_id,))
            games = [int(r["id"]) for r in rows]
            for table in GAME_TABLES:
                await tx.execute(f"DELETE FROM {table} WHERE game_id IN"
                                 f" (SELECT id FROM games WHERE guild_id = ?)", (guild_id,))
            await tx.execute("DELETE FROM games WHERE guild_id = ?", (guild_id,))
            for table in ("stats", "server_languages", "guild_departures"):
                await tx.execute(f"DELETE FROM {table} WHERE guild_id = ?", (guild_id,))
        return len(games)

    async def prune_finished(self, ended_before: float, at: float) -> list[int]:
        """Drop the snapshot and action log of the games that finished before that time
        (and were not pruned yet); return their ids. Results and statistics stay."""
        async with self._transaction() as tx:
            rows = await tx.fetch(
                f"SELECT id FROM games WHERE status IN {FINISHED} AND updated_at <= ?"
                f" AND pruned_at IS NULL ORDER BY id", (ended_before,))
            games = [int(r["id"]) for r in rows]
            if not games:
                return []
            marks = ", ".join("?" for _ in games)
            for table in ("actions", "table_lines", "messages", "deadlines", "openings"):
                await tx.execute(f"DELETE FROM {table} WHERE game_id IN ({marks})", games)
            await tx.execute(f"UPDATE games SET snapshot = NULL, pruned_at = ?"
                             f" WHERE id IN ({marks})", (at, *games))
        return games
