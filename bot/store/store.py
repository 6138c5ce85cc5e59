"""The store: games, seats, the action log, results and statistics, on SQLite or PostgreSQL.

Written once over `database.Database` (a SQLite file, the embedded default, or a shared
PostgreSQL server). Every write method is all-or-nothing: on any error the transaction
rolls back and the error propagates. Commits are durable (see the backends; the table
picture's message id alone skips its own sync: see `TableSetup.set_message`). A move is one
transaction writing the action log and the snapshot, under a version check: a move computed
on a stale copy of the game is never committed (`StaleGame`), whichever process tried,
and tells the other processes the game changed (see changes.py).
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import Any

from bot.store.backends import open_database
from bot.store.database import Row
from bot.store.languages import LanguageChoices
from bot.store.lookups import Lookups, game_record
from bot.store.migrations import migrate
from bot.store.privacy import PlayerData
from bot.store.ratings import Ratings
from bot.store.records import (
    ActionCommit,
    ActionRecord,
    Deadline,
    GameRecord,
    HandResultRecord,
    PlayerStats,
    Seat,
    Shards,
)
from bot.store.retention import Retention
from bot.store.sql import IntegrityError, StaleGame, StoreError
from bot.store.sql import dumps as _dumps
from bot.store.table_ends import TableEnds
from bot.store.table_setup import TableSetup, in_shards

__all__ = ["IntegrityError", "StaleGame", "Store", "StoreError"]


class Store(TableSetup, LanguageChoices, TableEnds, Lookups, PlayerData, Retention, Ratings):
    # ------------------------------------------------------------------ lifecycle

    @classmethod
    async def open(cls, path: str, clock: Callable[[], float] = time.time) -> Store:
        """Open the database (a SQLite file, created if needed, or a postgresql:// URL) and
        bring its schema up to date. `clock`: the time the store records (when a game
        opened, when a person last moved, ...), the service's own."""
        db = await open_database(path)
        try:
            store = cls(db, path, clock)
            await store.migrate()
        except BaseException:
            await db.close()
            raise
        return store

    async def close(self) -> None:
        await self._db.close()

    async def migrate(self) -> int:
        """Apply the migrations this database has not seen yet; return the schema version."""
        return await migrate(self._db)

    async def schema_version(self) -> int:
        async with self._transaction() as tx:
            return await tx.schema_version()

    # ------------------------------------------------------------------ games

    async def game(self, game_id: int) -> GameRecord | None:
        row = await self._fetchone("SELECT * FROM games WHERE id = ?", (game_id,))
        return game_record(row) if row else None

    async def set_thread(self, game_id: int, thread_id: int) -> None:
        async with self._transaction() as tx:
            await tx.execute(
                "UPDATE games SET thread_id = ?, updated_at = ? WHERE id = ?",
                (thread_id, self.clock(), game_id),
            )

    async def set_status(self, game_id: int, status: str, *, expected: str | None = None) -> None:
        """Change a game's status; with `expected`, only from that status (else StoreError)."""
        async with self._transaction() as tx:
            sql = "UPDATE games SET status = ?, updated_at = ? WHERE id = ?"
            params: tuple[Any, ...] = (status, self.clock(), game_id)
            if expected is not None:
                sql += " AND status = ?"
                params += (expected,)
            changed = await tx.execute(sql, params)
            if changed != 1:
                raise StoreError(f"game {game_id} is not {expected or 'known'}")

    # ------------------------------------------------------------------ seats

    async def seats(self, game_id: int) -> list[Seat]:
        rows = await self._fetchall(
            "SELECT * FROM seats WHERE game_id = ? ORDER BY seat", (game_id,)
        )
        return [_seat(r) for r in rows]

    async def add_seat(
        self, game_id: int, player: str, name: str, *, is_ai: bool = False,
        level: str | None = None,
    ) -> None:
        """Seat a player in the lobby after the others (join order)."""
        async with self._transaction() as tx:
            await tx.execute(
                "INSERT INTO seats (game_id, seat, player, name, is_ai, level) VALUES (?, "
                "(SELECT COALESCE(MAX(seat) + 1, 0) FROM seats WHERE game_id = ?), ?, ?, ?, ?)",
                (game_id, game_id, player, name, int(is_ai), level),
            )

    async def set_control(
        self, game_id: int, player: str, *, is_ai: bool, level: str | None, missed: int
    ) -> None:
        """Who plays a seat now (a person, or a computer of `level`); the engine id stays."""
        async with self._transaction() as tx:
            changed = await tx.execute(
                "UPDATE seats SET is_ai = ?, level = ?, missed = ?"
                " WHERE game_id = ? AND player = ?",
                (int(is_ai), level, missed, game_id, player),
            )
            if changed != 1:
                raise StoreError(f"game {game_id} has no seat {player}")
            await self._changed(tx, game_id)

    # ------------------------------------------------------------------ turn timer

    async def set_deadline(self, game_id: int, deadline: Deadline | None) -> None:
        """Replace the game's turn deadline (None: no timer runs now)."""
        async with self._transaction() as tx:
            await tx.execute("DELETE FROM deadlines WHERE game_id = ?", (game_id,))
            if deadline is not None:
                await tx.execute(
                    "INSERT INTO deadlines (game_id, player, hand, started_at, remind_at,"
                    " expires_at) VALUES (?, ?, ?, ?, ?, ?)",
                    (game_id, deadline.player, deadline.hand, deadline.started_at,
                     deadline.remind_at, deadline.expires_at),
                )

    async def deadline(self, game_id: int) -> Deadline | None:
        row = await self._fetchone("SELECT * FROM deadlines WHERE game_id = ?", (game_id,))
        return _deadline(row) if row else None

    async def pending_games(self, shards: Shards | None = None) -> list[int]:
        """Games in play, for the start-up: their timers and computer turns resume (with
        `shards`: only the games of the guilds those shards serve)."""
        where, params = in_shards(shards)
        rows = await self._fetchall(
            f"SELECT id FROM games WHERE status = 'active' {where} ORDER BY id", params)
        return [int(r["id"]) for r in rows]

    async def remove_seat(self, game_id: int, player: str) -> None:
        async with self._transaction() as tx:
            await tx.execute("DELETE FROM seats WHERE game_id = ? AND player = ?",
                             (game_id, player))
            # Close the gap so seats stay 0..n-1 in join order.
            rows = await tx.fetch(
                "SELECT player FROM seats WHERE game_id = ? ORDER BY seat", (game_id,)
            )
            for index, row in enumerate(rows):
                await tx.execute(
                    "UPDATE seats SET seat = ? WHERE game_id = ? AND player = ?",
                    (index, game_id, row["player"]),
                )

    async def start_game(self, game_id: int, seats: list[Seat], snapshot: dict[str, Any]) -> None:
        """Lobby to play: the final seating and the first deal, in one transaction."""
        async with self._transaction() as tx:
            now = self.clock()
            changed = await tx.execute(
                "UPDATE games SET status = 'active', snapshot = ?, version = 0, updated_at = ?,"
                " moved_at = ? WHERE id = ? AND status = 'lobby'",
                (_dumps(snapshot), now, now, game_id),
            )
            if changed != 1:
                raise StoreError(f"game {game_id} is not in the lobby")
            await tx.execute("DELETE FROM seats WHERE game_id = ?", (game_id,))
            await tx.execute_many(
                "INSERT INTO seats (game_id, seat, player, name, team, is_ai, level, missed)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                [(game_id, s.seat, s.player, s.name, s.team, int(s.is_ai), s.level, s.missed)
                 for s in seats],
            )

    # ------------------------------------------------------------------ actions

    async def commit_action(self, commit: ActionCommit) -> int:
        """Append the action, replace the snapshot, record results and stats: all or nothing.

        Returns the game's new version (= number of actions). Raises `StaleGame` when the
        game is no longer at `expected_version` (someone else committed first).
        """
        now = self.clock()
        new_version = commit.expected_version + 1
        async with self._transaction() as tx:
            changed = await tx.execute(
                "UPDATE games SET snapshot = ?, version = ?, status = ?, winner = ?,"
                " updated_at = ?, moved_at = CASE WHEN ? THEN ? ELSE moved_at END"
                " WHERE id = ? AND version = ? AND status = 'active'",
                (
                    _dumps(commit.snapshot),
                    new_version,
                    commit.status,
                    commit.winner,
                    now,
                    commit.by_person,
                    now,
                    commit.game_id,
                    commit.expected_version,
                ),
            )
            if changed != 1:
                raise StaleGame(
                    f"game {commit.game_id} is not at version {commit.expected_version}"
                )
            await self._changed(tx, commit.game_id)
            await tx.execute(
                "INSERT INTO actions (game_id, seq, player, action, at, actor)"
                " VALUES (?, ?, ?, ?, ?, ?)",
                (commit.game_id, new_version, commit.player, _dumps(commit.action), now,
                 commit.actor or commit.player),
            )
            if commit.match is not None:
                await self._rate_match(tx, commit.game_id, commit.guild_id, commit.match, now)
            await tx.execute_many(
                "INSERT INTO hand_results (game_id, hand, team, total, breakdown)"
                " VALUES (?, ?, ?, ?, ?)",
                [
                    (commit.game_id, r.hand, r.team, r.total, _dumps(r.breakdown))
                    for r in commit.hand_results
                ],
            )
            for delta in commit.stats:
                if delta.is_empty():
                    continue
                await tx.execute(
                    "INSERT INTO stats (guild_id, player, variant, name, games, wins, canastas,"
                    " went_out, hands, hand_points, best_hand) VALUES (?,?,?,?,?,?,?,?,?,?,?)"
                    " ON CONFLICT (guild_id, player, variant) DO UPDATE SET"
                    " name = excluded.name, games = stats.games + excluded.games,"
                    " wins = stats.wins + excluded.wins,"
                    " canastas = stats.canastas + excluded.canastas,"
                    " went_out = stats.went_out + excluded.went_out,"
                    " hands = stats.hands + excluded.hands,"
                    " hand_points = stats.hand_points + excluded.hand_points,"
                    " best_hand = CASE WHEN excluded.best_hand IS NULL THEN stats.best_hand"
                    " WHEN stats.best_hand IS NULL OR excluded.best_hand > stats.best_hand"
                    " THEN excluded.best_hand ELSE stats.best_hand END",
                    (
                        commit.guild_id or 0,
                        delta.player,
                        commit.variant,
                        delta.name,
                        delta.games,
                        delta.wins,
                        delta.canastas,
                        delta.went_out,
                        delta.hands,
                        delta.hand_points,
                        delta.best_hand,
                    ),
                )
                await tx.execute(
                    "INSERT INTO game_stats (game_id, player, canastas, went_out, hands,"
                    " hand_points, best_hand) VALUES (?, ?, ?, ?, ?, ?, ?)"
                    " ON CONFLICT (game_id, player) DO UPDATE SET"
                    " canastas = game_stats.canastas + excluded.canastas,"
                    " went_out = game_stats.went_out + excluded.went_out,"
                    " hands = game_stats.hands + excluded.hands,"
                    " hand_points = game_stats.hand_points + excluded.hand_points,"
                    " best_hand = CASE WHEN excluded.best_hand IS NULL"
                    " THEN game_stats.best_hand WHEN game_stats.best_hand IS NULL"
                    " OR excluded.best_hand > game_stats.best_hand THEN excluded.best_hand"
                    " ELSE game_stats.best_hand END",
                    (commit.game_id, delta.player, delta.canastas, delta.went_out,
                     delta.hands, delta.hand_points, delta.best_hand),
                )
        return new_version

    async def actions(self, game_id: int) -> list[ActionRecord]:
        rows = await self._fetchall(
            "SELECT seq, player, action, at FROM actions WHERE game_id = ? ORDER BY seq",
            (game_id,),
        )
        return [ActionRecord(r["seq"], r["player"], json.loads(r["action"]), r["at"]) for r in rows]

    async def actors(self, game_id: int) -> list[tuple[str, str]]:
        """Each logged move's seat and who made it (the seat's person for moves logged
        before who made them was recorded), in order."""
        rows = await self._fetchall(
            "SELECT player, actor FROM actions WHERE game_id = ? ORDER BY seq", (game_id,))
        return [(r["player"], r["actor"] or r["player"]) for r in rows]

    async def hand_results(self, game_id: int) -> list[HandResultRecord]:
        rows = await self._fetchall(
            "SELECT hand, team, total, breakdown FROM hand_results WHERE game_id = ?"
            " ORDER BY hand, team",
            (game_id,),
        )
        return [
            HandResultRecord(r["hand"], r["team"], r["total"], json.loads(r["breakdown"]))
            for r in rows
        ]

    # ------------------------------------------------------------------ players

    async def note_dm_closed(self, player: str) -> bool:
        """Remember that a player's DMs are closed; True the first time (tell them once)."""
        async with self._transaction() as tx:
            changed = await tx.execute(
                "INSERT INTO dm_notices (player, at) VALUES (?, ?) ON CONFLICT DO NOTHING",
                (player, self.clock()),
            )
            return changed == 1

    async def leaderboard(
        self, guild_id: int | None, variant: str | None = None, limit: int = 10
    ) -> list[PlayerStats]:
        """This server's players by wins, then win rate, then best hand."""
        where = "guild_id = ?"
        params: list[Any] = [guild_id or 0]
        if variant:
            where += " AND variant = ?"
            params.append(variant)
        rows = await self._fetchall(
            f"SELECT player, MAX(name) AS name, SUM(games) AS games, SUM(wins) AS wins,"
            f" SUM(canastas) AS canastas, SUM(went_out) AS went_out, SUM(hands) AS hands,"
            f" SUM(hand_points) AS hand_points, MAX(best_hand) AS best_hand,"
            f" SUM(hints) AS hints FROM stats WHERE {where} GROUP BY player HAVING SUM(games) > 0"
            f" ORDER BY SUM(wins) DESC, CAST(SUM(wins) AS REAL) / SUM(games) DESC,"
            f" MAX(best_hand) DESC LIMIT ?",
            [*params, limit],
        )
        return [_stats(r) for r in rows]

    async def player_stats(self, guild_id: int | None, player: str) -> PlayerStats | None:
        row = await self._fetchone(
            "SELECT player, MAX(name) AS name, SUM(games) AS games, SUM(wins) AS wins,"
            " SUM(canastas) AS canastas, SUM(went_out) AS went_out, SUM(hands) AS hands,"
            " SUM(hand_points) AS hand_points, MAX(best_hand) AS best_hand,"
            " SUM(hints) AS hints"
            " FROM stats WHERE guild_id = ? AND player = ? GROUP BY player",
            (guild_id or 0, player),
        )
        return _stats(row) if row else None

    async def count_hint(self, guild_id: int | None, player: str, variant: str,
                         name: str) -> None:
        """One more hint (/hint) taken by `player` in a game of `variant` in this server."""
        async with self._transaction() as tx:
            await tx.execute(
                "INSERT INTO stats (guild_id, player, variant, name, hints)"
                " VALUES (?, ?, ?, ?, 1) ON CONFLICT (guild_id, player, variant) DO UPDATE"
                " SET name = excluded.name, hints = stats.hints + 1",
                (guild_id or 0, player, variant, name),
            )


def _seat(row: Row) -> Seat:
    return Seat(row["seat"], row["player"], row["name"], row["team"], bool(row["is_ai"]),
                row["level"], row["missed"])


def _deadline(row: Row) -> Deadline:
    return Deadline(row["game_id"], row["player"], row["hand"], row["started_at"],
                    row["remind_at"], row["expires_at"])


def _stats(row: Row) -> PlayerStats:
    return PlayerStats(
        player=row["player"],
        name=row["name"],
        games=int(row["games"] or 0),  # PostgreSQL's SUM is a decimal
        wins=int(row["wins"] or 0),
        canastas=int(row["canastas"] or 0),
        went_out=int(row["went_out"] or 0),
        hands=int(row["hands"] or 0),
        hand_points=int(row["hand_points"] or 0),
        best_hand=None if row["best_hand"] is None else int(row["best_hand"]),
        hints=int(row["hints"] or 0),
    )
