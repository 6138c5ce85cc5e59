"""Ratings: one per person (and per computer level) per server and variant family, moved
once when a match ends, in the transaction of the move that ended it (see
`Store.commit_action`), by the model of rating_model.py.

Each rated match keeps its seats as the ratings saw them (`match_ratings`: side, final score,
rated or not, the rating after), numbered in the order they were rated; `ratings` holds the
rating now. `rerate` runs the model again over every stored match in that order, from new
ratings, so a change of the model can be applied to history; with the same model it
reproduces the stored ratings bit for bit. Matches are rated one at a time (PostgreSQL: a
transaction-wide advisory lock), so their numbers are the order they were rated in.

Abandoned and cancelled tables never reach this module: only a move that ends a match does.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.store.database import Row, Transaction
from bot.store.rating_model import Rating, rate
from bot.store.records import MatchEntry, MatchResult, RatingRecord
from bot.store.sql import Connected

LOCK_KEY = 2_029_001  # the advisory lock that puts rated matches in one order


@dataclass(frozen=True)
class Rerated:
    """What `rerate` did: the matches it rated again, and the stored ratings it found
    different (0: history reproduced exactly)."""

    matches: int
    changed: int


async def rename_player(tx: Transaction, old_id: str, new_id: str, new_name: str) -> None:
    """One person's ratings and rated matches under another id and name (`/privacy`: a
    stable pseudonym), in the caller's transaction; rerate gives the same numbers after."""
    for table in ("match_ratings", "ratings"):
        await tx.execute(f"UPDATE {table} SET player = ?, name = ? WHERE player = ?",
                         (new_id, new_name, old_id))


class Ratings(Connected):
    async def _rate_match(self, tx: Transaction, game_id: int, guild_id: int | None,
                          match: MatchResult, at: float) -> None:
        """Rate a match that ended, in the transaction that ends it."""
        guild = guild_id or 0
        await self._one_at_a_time(tx)
        [row] = await tx.fetch("SELECT COALESCE(MAX(number), 0) AS n FROM match_ratings")
        number = int(row["n"]) + 1
        before = await self._now(tx, guild, match.family, [e.player for e in match.entries])
        after = rate(match.entries, before)
        await tx.execute_many(
            "INSERT INTO match_ratings (game_id, seat, number, guild_id, family, player, name,"
            " side, score, rated, mu, sigma, at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [(game_id, e.seat, number, guild, match.family, e.player, e.name, e.side, e.score,
              int(e.rated), r.mu, r.sigma, at) for e, r in zip(match.entries, after, strict=True)])
        await self._store_ratings(tx, guild, match.family, match.entries, after)

    async def _one_at_a_time(self, tx: Transaction) -> None:
        if self.dialect == "postgresql":
            await tx.execute("SELECT pg_advisory_xact_lock(CAST(? AS BIGINT))", (LOCK_KEY,))

    @staticmethod
    async def _now(tx: Transaction, guild: int, family: str, players: list[str]
                   ) -> dict[str, Rating]:
        found: dict[str, Rating] = {}
        for player in dict.fromkeys(players):
            rows = await tx.fetch(
                "SELECT mu, sigma FROM ratings WHERE guild_id = ? AND family = ?"
                " AND player = ?", (guild, family, player))
            if rows:
                found[player] = Rating(float(rows[0]["mu"]), float(rows[0]["sigma"]))
        return found

    @staticmethod
    async def _store_ratings(tx: Transaction, guild: int, family: str, entries: list[MatchEntry],
                     after: list[Rating]) -> None:
        for entry, rating in zip(entries, after, strict=True):
            if not entry.rated:
                continue
            await tx.execute(
                "INSERT INTO ratings (guild_id, family, player, name, mu, sigma, ordinal, games)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, 1) ON CONFLICT (guild_id, family, player)"
                " DO UPDATE SET name = excluded.name, mu = excluded.mu, sigma = excluded.sigma,"
                " ordinal = excluded.ordinal, games = ratings.games + 1",
                (guild, family, entry.player, entry.name, rating.mu, rating.sigma,
                 rating.ordinal))

    # ------------------------------------------------------------------ reading

    async def rating_board(self, guild_id: int | None, family: str, limit: int = 10
                           ) -> list[RatingRecord]:
        """A server's rated players of a family, best conservative rating first."""
        rows = await self._fetchall(
            "SELECT * FROM ratings WHERE guild_id = ? AND family = ?"
            " ORDER BY ordinal DESC, games DESC, player LIMIT ?",
            (guild_id or 0, family, limit))
        return [_record(r) for r in rows]

    async def player_ratings(self, guild_id: int | None, player: str) -> list[RatingRecord]:
        """A person's ratings in a server, one per family they were rated in."""
        rows = await self._fetchall(
            "SELECT * FROM ratings WHERE guild_id = ? AND player = ? ORDER BY family",
            (guild_id or 0, player))
        return [_record(r) for r in rows]

    async def rating_history(self, guild_id: int | None, player: str, family: str,
                             limit: int = 20) -> list[RatingRecord]:
        """A person's rating after each of their last `limit` rated matches, oldest first."""
        rows = await self._fetchall(
            "SELECT * FROM match_ratings WHERE guild_id = ? AND player = ? AND family = ?"
            " AND rated = 1 ORDER BY number DESC LIMIT ?",
            (guild_id or 0, player, family, limit))
        return [_record(r) for r in reversed(rows)]

    # ------------------------------------------------------------------ rerate

    async def rerate(self) -> Rerated:
        """Every rating computed again from the stored matches, in one transaction."""
        async with self._transaction() as tx:
            await self._one_at_a_time(tx)
            rows = await tx.fetch("SELECT * FROM match_ratings ORDER BY number, seat")
            old_board = {(r["guild_id"], r["family"], r["player"]): (r["mu"], r["sigma"])
                         for r in await tx.fetch("SELECT * FROM ratings")}
            await tx.execute("DELETE FROM ratings")
            now: dict[tuple[int, str], dict[str, Rating]] = {}
            changed = matches = 0
            index = 0
            while index < len(rows):
                number = rows[index]["number"]
                match = []
                while index < len(rows) and rows[index]["number"] == number:
                    match.append(rows[index])
                    index += 1
                matches += 1
                key = (int(match[0]["guild_id"]), str(match[0]["family"]))
                board = now.setdefault(key, {})
                entries = [MatchEntry(int(r["seat"]), r["player"], r["name"], int(r["side"]),
                                      int(r["score"]), bool(r["rated"])) for r in match]
                after = rate(entries, board)
                for row, entry, rating in zip(match, entries, after, strict=True):
                    if (float(row["mu"]), float(row["sigma"])) != (rating.mu, rating.sigma):
                        changed += 1
                        await tx.execute(
                            "UPDATE match_ratings SET mu = ?, sigma = ? WHERE game_id = ?"
                            " AND seat = ?", (rating.mu, rating.sigma, row["game_id"],
                                              row["seat"]))
                    if entry.rated:
                        board[entry.player] = rating
                await self._store_ratings(tx, *key, entries, after)
            new_board = {(r["guild_id"], r["family"], r["player"]): (r["mu"], r["sigma"])
                         for r in await tx.fetch("SELECT * FROM ratings")}
            changed += sum(1 for k in old_board.keys() | new_board.keys()
                           if old_board.get(k) != new_board.get(k))
        return Rerated(matches, changed)


def _record(row: Row) -> RatingRecord:
    keys = set(row.keys())
    return RatingRecord(
        player=row["player"], name=row["name"], family=row["family"], mu=float(row["mu"]),
        sigma=float(row["sigma"]),
        ordinal=(float(row["ordinal"]) if "ordinal" in keys
                 else Rating(float(row["mu"]), float(row["sigma"])).ordinal),
        games=int(row["games"]) if "games" in keys else 0,
        game_id=int(row["game_id"]) if "game_id" in keys else None)
