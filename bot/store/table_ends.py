"""Tables that end without a result: cancelled (by the host in the lobby, a moderator, the
lobby's expiry, or the deletion of its lobby message or thread) or abandoned (no person
moved for days). Such a game is kept, with its status and what ended it (`ended_by`), and
rated for nobody: what its hands added to its players' statistics is taken back (each
game's share is kept in `game_stats`; games begun before that table existed have none).
"""

from __future__ import annotations

from bot.store.changes import Changes
from bot.store.database import Transaction
from bot.store.records import Shards
from bot.store.table_setup import in_shards

ENDINGS = ("cancelled", "abandoned")


class TableEnds(Changes):
    async def end_game(self, game_id: int, status: str, *, ended_by: str,
                       lobby_only: bool = False) -> str | None:
        """End a table in the lobby or in play as `status` ("cancelled" or "abandoned"), in
        one transaction: its turn timer goes, its statistics are taken back, the other
        processes hear of it. Returns the status it had ("lobby" or "active"), or None when
        it had already ended (nothing changes: ending a table twice is harmless).
        `lobby_only`: only a table still in the lobby."""
        if status not in ENDINGS:
            raise ValueError(f"a table ends as {' or '.join(ENDINGS)}, not {status!r}")
        now = self.clock()
        async with self._transaction() as tx:
            was = None
            for before in ("lobby",) if lobby_only else ("active", "lobby"):
                changed = await tx.execute(
                    "UPDATE games SET status = ?, ended_by = ?, updated_at = ?"
                    " WHERE id = ? AND status = ?",
                    (status, ended_by, now, game_id, before))
                if changed == 1:
                    was = before
                    break
            if was is None:
                return None
            if was == "active":
                await self._take_back_stats(tx, game_id)
            for table in ("deadlines", "openings", "table_lines"):
                await tx.execute(f"DELETE FROM {table} WHERE game_id = ?", (game_id,))
            await self._changed(tx, game_id)
        return was

    async def _take_back_stats(self, tx: Transaction, game_id: int) -> None:
        """What the game's hands added to each player's statistics is taken away again; a
        best hand it gave is replaced by the best of the player's rated games."""
        [game] = await tx.fetch("SELECT guild_id, variant FROM games WHERE id = ?", (game_id,))
        guild, variant = game["guild_id"] or 0, game["variant"]
        shares = await tx.fetch("SELECT * FROM game_stats WHERE game_id = ?", (game_id,))
        for share in shares:
            player = share["player"]
            await tx.execute(
                "UPDATE stats SET canastas = canastas - ?, went_out = went_out - ?,"
                " hands = hands - ?, hand_points = hand_points - ?"
                " WHERE guild_id = ? AND player = ? AND variant = ?",
                (share["canastas"], share["went_out"], share["hands"], share["hand_points"],
                 guild, player, variant))
            if share["best_hand"] is None:
                continue
            [best] = await tx.fetch(
                "SELECT MAX(r.total) AS best FROM hand_results r"
                " JOIN seats s ON s.game_id = r.game_id AND s.team = r.team"
                " JOIN games g ON g.id = r.game_id WHERE s.player = ?"
                " AND COALESCE(g.guild_id, 0) = ? AND g.variant = ?"
                " AND g.status IN ('active', 'over')",
                (player, guild, variant))
            await tx.execute(
                "UPDATE stats SET best_hand = ? WHERE guild_id = ? AND player = ?"
                " AND variant = ? AND best_hand <= ?",
                (best["best"], guild, player, variant, share["best_hand"]))
        await tx.execute("DELETE FROM game_stats WHERE game_id = ?", (game_id,))

    async def stale_lobbies(self, opened_before: float, shards: Shards | None = None
                            ) -> list[int]:
        """Lobbies opened before that time (with `shards`: of their guilds only)."""
        return await self._idle("lobby", opened_before, shards)

    async def idle_tables(self, moved_before: float, shards: Shards | None = None
                          ) -> list[int]:
        """Games in play where no person has moved since that time."""
        return await self._idle("active", moved_before, shards)

    async def earliest_move(self, status: str, shards: Shards | None = None) -> float | None:
        """When a person last moved at the table of `status` ("lobby": opened) that has
        waited longest (None: there is none). One indexed read."""
        where, params = in_shards(shards)
        [row] = await self._fetchall(
            f"SELECT MIN(moved_at) AS at FROM games WHERE status = ? {where}",
            (status, *params))
        return None if row["at"] is None else float(row["at"])

    async def _idle(self, status: str, before: float, shards: Shards | None) -> list[int]:
        where, params = in_shards(shards)
        rows = await self._fetchall(
            f"SELECT id FROM games WHERE status = ? AND moved_at <= ? {where} ORDER BY id",
            (status, before, *params))
        return [int(r["id"]) for r in rows]
