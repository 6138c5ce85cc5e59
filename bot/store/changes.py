"""What other processes change in a game, and how a process hears of it.

A sharded bot runs several processes over one PostgreSQL database, and any of them may move
any game: Discord sends every direct-message interaction (the turn messages' controls) to
shard 0, whichever server the game is played in. So a process never trusts the copy of a
game it holds in memory:

- `play_state` reads, in one query, all that another process may have changed: the
  game's version and status, its seats and its turn deadline. The service compares it with
  its copy before it judges a move (and reloads the game when the version differs).
- every committed move, and every change of who plays a seat, sends a notice that the
  owner of the game hears (PostgreSQL's NOTIFY on `CHANNEL`, delivered at commit; `listen`
  holds a connection of its own with LISTEN on it). The owner then plays the computers'
  turns the move started and moves its turn timer on. SQLite is one process: nothing to hear.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from bot.store.database import Transaction
from bot.store.records import Deadline, GameChange, PlayState, Seat
from bot.store.sql import Connected

log = logging.getLogger(__name__)

CHANNEL = "canasta_games"

Heard = Callable[[GameChange | None], None]  # None: notices may have been lost (reconnected)


class Changes(Connected):
    async def play_state(self, game_id: int) -> PlayState | None:
        """The game's version, status, seats and deadline now (None: no such game)."""
        rows = await self._fetchall(
            "SELECT g.version AS version, g.status AS status, s.seat AS seat,"
            " s.player AS player, s.name AS name, s.team AS team, s.is_ai AS is_ai,"
            " s.level AS level, s.missed AS missed, d.player AS timed, d.hand AS hand,"
            " d.started_at AS started_at, d.remind_at AS remind_at, d.expires_at AS expires_at"
            " FROM games g LEFT JOIN seats s ON s.game_id = g.id"
            " LEFT JOIN deadlines d ON d.game_id = g.id WHERE g.id = ? ORDER BY s.seat",
            (game_id,))
        if not rows:
            return None
        first = rows[0]
        seats = [Seat(r["seat"], r["player"], r["name"], r["team"], bool(r["is_ai"]),
                      r["level"], r["missed"]) for r in rows if r["player"] is not None]
        deadline = None
        if first["timed"] is not None:
            deadline = Deadline(game_id, first["timed"], first["hand"], first["started_at"],
                                first["remind_at"], first["expires_at"])
        return PlayState(int(first["version"]), first["status"], seats, deadline)

    @property
    def hearing(self) -> bool:
        """Are the other processes' changes heard now? (False before `listen`, and while
        its connection is down: changes made meanwhile go unheard.)"""
        return self._db.hearing

    async def listen(self, heard: Heard) -> None:
        """Call `heard` for every game another process changes from now on (PostgreSQL;
        nothing on SQLite). After a lost connection is made again, `heard(None)`: notices
        sent meanwhile are lost, so everything may have changed."""
        def payload(text: str | None) -> None:
            if text is None:
                heard(None)
                return
            try:
                game, guild, origin = text.split(" ")
                change = GameChange(int(game), int(guild) or None)
            except ValueError:
                log.warning("a notice on %s that is not a game's: %r", CHANNEL, text)
                return
            if origin != self.origin:
                heard(change)

        await self._db.listen(CHANNEL, payload)

    async def _changed(self, tx: Transaction, game_id: int) -> None:
        """Tell the other processes, when this transaction commits, that the game changed."""
        if self.dialect != "postgresql":
            return
        await tx.execute(
            "SELECT pg_notify(?, CAST(id AS TEXT) || ' ' || CAST(COALESCE(guild_id, 0) AS TEXT)"
            " || ' ' || CAST(? AS TEXT)) FROM games WHERE id = ?",
            (CHANNEL, self.origin, game_id))
