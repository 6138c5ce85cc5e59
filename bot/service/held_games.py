"""The games a process holds in memory, and when it may trust them.

A sharded bot runs several processes over one PostgreSQL database, and any of them may move
any game (Discord sends every direct-message interaction to shard 0), so a copy in memory
is trusted without a read only where nobody else can change the game unheard: a database
of one process (SQLite), or a game of this process's own servers while it hears the other
processes' changes (`follow`: a change heard drops the copy; all are dropped when the
listening connection is made again after a drop). Any other copy is checked
against the store before use (one read: version, status, seats, deadline) and loaded
again when it differs. A mixin of `GameService`.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable
from dataclasses import replace

from bot.engine import Game
from bot.service.live_game import LiveGame
from bot.service.outcome import refused
from bot.store import GameChange, GameRecord, Shards, Store


class HeldGames:
    store: Store
    shards: Shards | None  # the servers whose timers and computers run here (None: all)
    _cache: OrderedDict[int, LiveGame]
    _cache_size: int

    def _release(self, game_id: int) -> None: ...  # GameService: the game leaves memory

    def owns(self, guild_id: int | None) -> bool:
        """Is a game of this server this process's own? Its turn timer, its computers'
        turns and its resumption at start-up run in its owner only; a move may be applied
        anywhere."""
        return self.shards is None or self.shards.owns(guild_id)

    async def follow(self, kick: Callable[[int | None], None]) -> None:
        """From now on, hear of the changes other processes make (PostgreSQL's notices):
        the copy of a game another process changed is dropped, and `kick(game_id)` is called
        for the games this process owns; `kick(None)` when notices may have been lost (the
        listening connection was made again): every copy is dropped."""
        def heard(change: GameChange | None) -> None:
            if change is None:
                self.forget()
                kick(None)
                return
            self._cache.pop(change.game_id, None)
            if self.owns(change.guild_id):
                kick(change.game_id)

        await self.store.listen(heard)

    async def _record(self, game_id: int) -> GameRecord:
        record = await self.store.game(game_id)
        if record is None:
            raise refused("reply.no_such_game")
        return record

    async def _live(self, game_id: int, *, check: bool = False) -> LiveGame:
        """The game as stored (see the module's opening for when a copy is trusted);
        `check`: read from the store even when the copy is trusted."""
        live, checked = await self._held(game_id)
        if check and not checked and not await self._current(live):
            live, _ = await self._held(game_id)
        return live

    async def _held(self, game_id: int) -> tuple[LiveGame, bool]:
        """The game, and whether it was just read from the store (else: a trusted copy)."""
        live = self._cache.get(game_id)
        if live is not None:
            if self._trusted(live):
                self._cache.move_to_end(game_id)
                return live, False
            if await self._current(live):
                self._cache.move_to_end(game_id)
                return live, True
        record = await self._record(game_id)
        if record.snapshot is None:
            raise refused("reply.not_started")
        game = Game.from_dict(record.snapshot)
        live = LiveGame(replace(record, snapshot=None), game, record.version, record.status,
                        await self.store.seats(game_id), await self.store.deadline(game_id))
        self._remember(live)
        return live, True

    def _trusted(self, live: LiveGame) -> bool:
        """Can no other process change this game without this one hearing of it?"""
        return not self.store.shared or (self.store.hearing and self.owns(live.record.guild_id))

    async def _current(self, live: LiveGame) -> bool:
        """Is the copy the stored game (version, status, seats, deadline)? One read; a copy
        that is not is dropped."""
        state = await self.store.play_state(live.record.id)
        if state is not None and (state.version, state.status, state.seats,
                                  state.deadline) == (live.version, live.status, live.seats,
                                                      live.deadline):
            return True
        self._cache.pop(live.record.id, None)
        return False

    def _remember(self, live: LiveGame) -> None:
        self._cache[live.record.id] = live
        self._cache.move_to_end(live.record.id)
        while len(self._cache) > self._cache_size:
            evicted, _ = self._cache.popitem(last=False)
            self._release(evicted)

    def forget(self) -> None:
        """Drop every game held in memory (they reload from the store on demand)."""
        self._cache.clear()
