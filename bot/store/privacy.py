"""What the store keeps about a person, and forgetting it when they ask (`/privacy`).

`stored_about` counts it. `forget_player` deletes their settings (language, the note that
their DMs are closed) and statistics, and in every stored game replaces their id and name
by a pseudonym: the same for the same person every time (the service derives it), so the
games' results still add up, and a later recomputation from them (a rating) is stable. The
game's snapshot, action log, results, per-game statistics and ratings name the pseudonym; the live
table's log lines (which spell names) and the turn messages' ids are dropped.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.store.ratings import rename_player
from bot.store.sql import Connected


@dataclass(frozen=True)
class StoredAbout:
    """What the store holds about one person (counts of rows)."""

    games: int  # games they sat at or hosted
    seats: int
    settings: int  # their language, the note that their DMs are closed
    statistics: int  # rows of per-server, per-variant statistics
    actions: int  # moves of theirs in the action logs
    ratings: int = 0  # their ratings (one per server and variant family)

    @property
    def nothing(self) -> bool:
        return not (self.games or self.seats or self.settings or self.statistics
                    or self.actions or self.ratings)


class PlayerData(Connected):
    async def stored_about(self, player: str) -> StoredAbout:
        async def count(sql: str, *params: object) -> int:
            row = await self._fetchone(sql, params)
            return int(row["n"]) if row else 0

        return StoredAbout(
            games=await count(
                "SELECT COUNT(*) AS n FROM games WHERE host = ? OR id IN"
                " (SELECT game_id FROM seats WHERE player = ?)", player, player),
            seats=await count("SELECT COUNT(*) AS n FROM seats WHERE player = ?", player),
            settings=(await count("SELECT COUNT(*) AS n FROM player_languages"
                                  " WHERE player = ?", player)
                      + await count("SELECT COUNT(*) AS n FROM dm_notices WHERE player = ?",
                                    player)),
            statistics=await count("SELECT COUNT(*) AS n FROM stats WHERE player = ?", player),
            actions=await count("SELECT COUNT(*) AS n FROM actions WHERE player = ?", player),
            ratings=await count("SELECT COUNT(*) AS n FROM ratings WHERE player = ?", player),
        )

    async def open_seat(self, player: str) -> tuple[int, str] | None:
        """A table still open (in the lobby or in play) where this person has a seat or
        is the host: (game id, status); None when there is none."""
        row = await self._fetchone(
            "SELECT id, status FROM games WHERE status IN ('lobby', 'active') AND (host = ?"
            " OR id IN (SELECT game_id FROM seats WHERE player = ?)) ORDER BY id LIMIT 1",
            (player, player))
        return None if row is None else (int(row["id"]), str(row["status"]))

    async def forget_player(self, player: str, pseudonym: str, pseudonym_name: str) -> None:
        """Delete a person's settings and statistics and put `pseudonym` (an id no Discord
        user has) and `pseudonym_name` for them in every stored game. One transaction."""
        quoted, renamed = f'"{player}"', f'"{pseudonym}"'
        like = f'%"{player}"%'
        async with self._transaction() as tx:
            for table in ("stats", "player_languages", "dm_notices"):
                await tx.execute(f"DELETE FROM {table} WHERE player = ?", (player,))
            rows = await tx.fetch(
                "SELECT id FROM games WHERE host = ? OR id IN"
                " (SELECT game_id FROM seats WHERE player = ?)", (player, player))
            games = [int(r["id"]) for r in rows]
            if games:
                marks = ", ".join("?" for _ in games)
                await tx.execute(f"DELETE FROM table_lines WHERE game_id IN ({marks})", games)
            await tx.execute("DELETE FROM messages WHERE kind = ?", (f"turn:{player}",))
            # A computer plays the pseudonym's seat in any rematch of these games.
            await tx.execute("UPDATE seats SET player = ?, name = ?, is_ai = 1,"
                             " level = COALESCE(level, 'normal') WHERE player = ?",
                             (pseudonym, pseudonym_name, player))
            for table in ("actions", "game_stats", "deadlines"):
                await tx.execute(f"UPDATE {table} SET player = ? WHERE player = ?",
                                 (pseudonym, player))
            await tx.execute("UPDATE actions SET actor = ? WHERE actor = ?", (pseudonym, player))
            await rename_player(tx, player, pseudonym, pseudonym_name)   # their ratings
            await tx.execute("UPDATE actions SET action = REPLACE(action, ?, ?)"
                             " WHERE action LIKE ?", (quoted, renamed, like))
            await tx.execute("UPDATE hand_results SET breakdown = REPLACE(breakdown, ?, ?)"
                             " WHERE breakdown LIKE ?", (quoted, renamed, like))
            await tx.execute("UPDATE games SET host = ? WHERE host = ?", (pseudonym, player))
            await tx.execute("UPDATE games SET snapshot = REPLACE(snapshot, ?, ?)"
                             " WHERE snapshot LIKE ?", (quoted, renamed, like))
            await tx.execute("UPDATE games SET ended_by = ? WHERE ended_by = ?",
                             (f"moderator:{pseudonym}", f"moderator:{player}"))
