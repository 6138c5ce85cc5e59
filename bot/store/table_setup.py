"""Setting a table up, and the messages it lives in.

A table is set up in steps that touch Discord between them (`/canasta new`: the game, the
lobby message, the thread). The game is created together with an *opening*, an intent that
says the set-up is not finished; the last step removes it in the same transaction that
records the thread. Start-up finds the openings a crash left behind and either completes
them or drops the game without a trace (`drop_game`). A rematch needs no message of its own,
so it is one transaction (game, seats, thread, first deal); its opening says only that the
deal has not been shown yet.
"""

from __future__ import annotations

from typing import Any

from bot.store.records import GameRecord, Opening, Seat, Shards
from bot.store.sql import Connected, StoreError, dumps

OPENING_KINDS = ("new", "rematch")
TABLE_LINES = 5  # lines of the live table's log kept per game
BOOKKEEPING = frozenset({"table"})  # message kinds a power cut may forget at no cost


def in_shards(shards: Shards | None, games: str = "") -> tuple[str, list[int]]:
    """`AND ...` keeping the games whose guild the shards serve (see `Shards`), and its
    parameters; nothing when the bot is not sharded. `games`: the games table's alias."""
    if shards is None:
        return "", []
    ids = sorted(shards.ids)
    marks = ", ".join("?" for _ in ids)
    return (f"AND (COALESCE({games}guild_id, 0) >> 22) % ? IN ({marks})",
            [shards.count, *ids])


def bookkeeping(kind: str) -> bool:
    """The live table's and the turn messages' ids: after a power cut the start-up check
    posts whichever is missing again, so they are not synced to disk on their own."""
    return kind in BOOKKEEPING or kind.startswith("turn:")


class TableSetup(Connected):
    async def create_game(
        self,
        *,
        guild_id: int | None,
        channel_id: int,
        host: str,
        host_name: str,
        variant: str,
        options: dict[str, Any],
        seed: int,
        opening: bool = False,
    ) -> int:
        """A new game in the lobby, with its host in the first seat; with `opening`, marked
        as not set up yet (until `opened`)."""
        now = self.clock()
        async with self._transaction() as tx:
            [row] = await tx.fetch(
                "INSERT INTO games (guild_id, channel_id, host, status, variant, options, seed,"
                " created_at, updated_at, moved_at) VALUES (?, ?, ?, 'lobby', ?, ?, ?, ?, ?, ?)"
                " RETURNING id",
                (guild_id, channel_id, host, variant, dumps(options), seed, now, now, now),
            )
            game_id = int(row["id"])
            await tx.execute(
                "INSERT INTO seats (game_id, seat, player, name) VALUES (?, 0, ?, ?)",
                (game_id, host, host_name),
            )
            if opening:
                await tx.execute(
                    "INSERT INTO openings (game_id, kind, at) VALUES (?, 'new', ?)",
                    (game_id, now))
        return game_id

    async def opened(self, game_id: int, thread_id: int) -> None:
        """The last step of `/canasta new`: record the thread, and the set-up is done."""
        async with self._transaction() as tx:
            changed = await tx.execute(
                "UPDATE games SET thread_id = ?, updated_at = ? WHERE id = ?",
                (thread_id, self.clock(), game_id))
            if changed != 1:
                raise StoreError(f"game {game_id} is gone")
            await tx.execute("DELETE FROM openings WHERE game_id = ?", (game_id,))

    async def create_rematch(
        self, *, previous: GameRecord, host: str, seed: int, seats: list[Seat],
        snapshot: dict[str, Any],
    ) -> int:
        """The same table again, dealt and in play, in one transaction: the new game in the
        previous one's thread, its seats, its first deal. StoreError when another game took
        the thread since (the rematch has already started)."""
        now = self.clock()
        async with self._transaction() as tx:
            if previous.thread_id is not None:
                rows = await tx.fetch(
                    "SELECT 1 FROM games WHERE thread_id = ? AND id > ?",
                    (previous.thread_id, previous.id))
                if list(rows):
                    raise StoreError(f"game {previous.id} already has a rematch")
            [row] = await tx.fetch(
                "INSERT INTO games (guild_id, channel_id, thread_id, host, status, variant,"
                " options, seed, snapshot, version, created_at, updated_at, moved_at)"
                " VALUES (?, ?, ?, ?, 'active', ?, ?, ?, ?, 0, ?, ?, ?) RETURNING id",
                (previous.guild_id, previous.channel_id, previous.thread_id, host,
                 previous.variant, dumps(previous.options), seed, dumps(snapshot), now, now,
                 now),
            )
            game_id = int(row["id"])
            await tx.execute_many(
                "INSERT INTO seats (game_id, seat, player, name, team, is_ai, level, missed)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, 0)",
                [(game_id, s.seat, s.player, s.name, s.team, int(s.is_ai), s.level)
                 for s in seats],
            )
            await tx.execute(
                "INSERT INTO openings (game_id, kind, at) VALUES (?, 'rematch', ?)",
                (game_id, now))
        return game_id

    async def finish_opening(self, game_id: int) -> None:
        async with self._transaction() as tx:
            await tx.execute("DELETE FROM openings WHERE game_id = ?", (game_id,))

    async def openings(self, shards: Shards | None = None) -> list[Opening]:
        """Set-ups a crash interrupted, oldest first (with `shards`: of their guilds only)."""
        where, params = in_shards(shards, "g.")
        rows = await self._fetchall(
            f"SELECT o.* FROM openings o JOIN games g ON g.id = o.game_id WHERE TRUE {where}"
            " ORDER BY o.game_id", params)
        return [Opening(r["game_id"], r["kind"], r["at"]) for r in rows]

    async def drop_game(self, game_id: int) -> None:
        """Remove a game that was never set up, and everything recorded about it."""
        async with self._transaction() as tx:
            await tx.execute("DELETE FROM games WHERE id = ?", (game_id,))

    # ------------------------------------------------------------------ messages

    async def set_message(self, game_id: int, kind: str, channel_id: int, message_id: int) -> None:
        """Where a game's message of `kind` is (see `bookkeeping` for what is not synced)."""
        await self._message_write(
            kind,
            "INSERT INTO messages (game_id, kind, channel_id, message_id) VALUES (?, ?, ?, ?)"
            " ON CONFLICT (game_id, kind) DO UPDATE SET channel_id = excluded.channel_id,"
            " message_id = excluded.message_id",
            (game_id, kind, channel_id, message_id),
        )

    async def message(self, game_id: int, kind: str) -> tuple[int, int] | None:
        row = await self._fetchone(
            "SELECT channel_id, message_id FROM messages WHERE game_id = ? AND kind = ?",
            (game_id, kind),
        )
        return (row["channel_id"], row["message_id"]) if row else None

    async def forget_message(self, game_id: int, kind: str) -> None:
        """The message is done with (a question answered and its prompt closed)."""
        await self._message_write(kind, "DELETE FROM messages WHERE game_id = ? AND kind = ?",
                                  (game_id, kind))

    async def _message_write(self, kind: str, sql: str, params: tuple[object, ...]) -> None:
        if bookkeeping(kind):
            await self._write(sql, params)
            return
        async with self._transaction() as tx:
            await tx.execute(sql, params)

    async def games_with_message(self, kind: str, shards: Shards | None = None) -> list[int]:
        where, params = in_shards(shards, "g.")
        rows = await self._fetchall(
            "SELECT m.game_id FROM messages m JOIN games g ON g.id = m.game_id"
            f" WHERE m.kind = ? {where} ORDER BY m.game_id", (kind, *params))
        return [int(r["game_id"]) for r in rows]

    # ------------------------------------------------------------------ the table's log

    async def add_table_line(self, game_id: int, version: int, line: str) -> None:
        """One more line of the live table's log: what the move that made the game's
        `version` did. Only the last TABLE_LINES lines are kept. Bookkeeping: not synced."""
        async with self._transaction(durable=False) as tx:
            await tx.execute(
                "INSERT INTO table_lines (game_id, version, line) VALUES (?, ?, ?)"
                " ON CONFLICT (game_id, version) DO UPDATE SET line = excluded.line",
                (game_id, version, line))
            await tx.execute(
                "DELETE FROM table_lines WHERE game_id = ? AND version < (SELECT MIN(version)"
                " FROM (SELECT version FROM table_lines WHERE game_id = ?"
                " ORDER BY version DESC LIMIT ?) AS kept)",
                (game_id, game_id, TABLE_LINES))

    async def table_lines(self, game_id: int) -> list[str]:
        """The live table's log, oldest line first."""
        rows = await self._fetchall(
            "SELECT line FROM table_lines WHERE game_id = ? ORDER BY version DESC LIMIT ?",
            (game_id, TABLE_LINES))
        return [r["line"] for r in reversed(rows)]

    async def clear_table_lines(self, game_id: int) -> None:
        """A new hand: its live table starts with an empty log."""
        await self._write("DELETE FROM table_lines WHERE game_id = ?", (game_id,))
