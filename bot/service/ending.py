"""Tables that end without a result, and who may end them:

- the host cancels a table in the lobby; a moderator (the front end says who is one: Manage
  Messages or Manage Server) cancels any table of the server, in the lobby or in play;
- a lobby whose message is deleted, or a table whose thread is deleted, is cancelled;
- `expire`: a lobby open longer than `limits.lobby_seconds` is cancelled, and a table where
  no person moved for `limits.idle_seconds` ends as abandoned.

Such a table is recorded with what ended it (`ended_by`: "host", "moderator:<id>",
"deleted", "expired", "idle") and counts for nobody (see `bot/store/table_ends.py`). Its
turn timer and computers stop: the store refuses any later move, and the other processes
hear of it. A mixin of `GameService`; the front end closes the table's messages.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from bot.service.limits import TableLimits
from bot.service.outcome import LobbyState, refused
from bot.store import Shards, Store

if TYPE_CHECKING:
    from bot.service.game_locks import GameLock
    from bot.service.live_game import LiveGame
    from bot.store import GameRecord

NOT_OPEN = {"active": "reply.already_started", "over": "reply.game_over",
            "cancelled": "reply.cancelled", "abandoned": "reply.abandoned"}


@dataclass(frozen=True)
class Ended:
    """A table that just ended without a result: what it was (in the lobby, or in play)
    and how it is now (its seats, its thread, its status and what ended it)."""

    game_id: int
    was: str
    lobby: LobbyState


def moderator_id(ended_by: str | None) -> str | None:
    """The moderator who cancelled a table (None: something else ended it)."""
    if ended_by is not None and ended_by.startswith("moderator:"):
        return ended_by.partition(":")[2]
    return None


class TableEnding:
    store: Store
    limits: TableLimits
    shards: Shards | None
    clock: Callable[[], float]
    _cache: OrderedDict[int, LiveGame]

    if TYPE_CHECKING:  # provided by GameService and LobbyTables
        def lock(self, game_id: int) -> GameLock: ...
        def _release(self, game_id: int) -> None: ...
        async def _record(self, game_id: int) -> GameRecord: ...
        async def lobby(self, game_id: int) -> LobbyState: ...

    async def cancel(self, game_id: int, player: str, *, moderator: bool = False) -> Ended:
        """The host cancels the table in the lobby; a moderator, any table not over."""
        record = await self._record(game_id)
        if record.status == "lobby":
            if player != record.host and not moderator:
                raise refused("reply.host_cancels")
            ended_by = "host" if player == record.host else f"moderator:{player}"
            async with self.lock(game_id):  # not while a join or the start is under way
                ended = await self.end_table(game_id, "cancelled", ended_by, lobby_only=True)
        elif record.status == "active":
            if not moderator:
                raise refused("reply.moderators_cancel")
            # Not under the game's lock: a computer's turn under way is not waited for; the
            # store refuses its next move.
            ended = await self.end_table(game_id, "cancelled", f"moderator:{player}")
        else:
            raise refused(NOT_OPEN.get(record.status, "reply.closed"))
        if ended is None:  # it ended (or started) meanwhile
            raise refused(NOT_OPEN.get((await self._record(game_id)).status, "reply.closed"))
        return ended

    async def end_table(self, game_id: int, status: str, ended_by: str, *,
                        lobby_only: bool = False) -> Ended | None:
        """End a table in the lobby (or, unless `lobby_only`, in play) as "cancelled" or
        "abandoned"; None when it had already ended (so ending twice is harmless)."""
        was = await self.store.end_game(game_id, status, ended_by=ended_by,
                                        lobby_only=lobby_only)
        if was is None:
            return None
        self._cache.pop(game_id, None)
        self._release(game_id)
        return Ended(game_id, was, await self.lobby(game_id))

    async def lobby_deleted(self, message_id: int) -> Ended | None:
        """A message was deleted: when it was a lobby's, its table (still in the lobby) is
        cancelled. A table in play keeps playing in its thread."""
        game_id = await self.store.lobby_of_message(message_id)
        if game_id is None:
            return None
        return await self.end_table(game_id, "cancelled", "deleted", lobby_only=True)

    async def thread_deleted(self, thread_id: int) -> list[Ended]:
        """A thread was deleted: the tables open in it are cancelled (nobody can play
        there any more)."""
        ended = []
        for game_id in await self.store.open_games_in_thread(thread_id):
            done = await self.end_table(game_id, "cancelled", "deleted")
            if done is not None:
                ended.append(done)
        return ended

    async def next_expiry(self, at_most: float) -> float:
        """When `expire` may next have something to do: the earliest time a lobby or a table
        of this process's falls due, and no later than `at_most` seconds from now (a table
        opened later tells of itself: see `GameService.on_open`)."""
        due = [self.clock() + at_most]
        for status, limit in (("lobby", self.limits.lobby_seconds),
                              ("active", self.limits.idle_seconds)):
            if limit > 0:
                moved = await self.store.earliest_move(status, self.shards)
                if moved is not None:
                    due.append(moved + limit)
        return min(due)

    async def expire(self) -> list[Ended]:
        """Lobbies open too long are cancelled, tables no person moved at for too long end
        as abandoned (only this process's servers' tables: each process sweeps its own)."""
        now = self.clock()
        ended: list[Ended] = []
        if self.limits.lobby_seconds > 0:
            for game_id in await self.store.stale_lobbies(now - self.limits.lobby_seconds,
                                                          self.shards):
                done = await self.end_table(game_id, "cancelled", "expired", lobby_only=True)
                if done is not None:
                    ended.append(done)
        if self.limits.idle_seconds > 0:
            for game_id in await self.store.idle_tables(now - self.limits.idle_seconds,
                                                        self.shards):
                done = await self.end_table(game_id, "abandoned", "idle")
                if done is not None:
                    ended.append(done)
        return ended
