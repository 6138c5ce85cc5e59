"""Each game's lock, which serializes everything that changes one game (double clicks, two
players at once, a timer firing). A lock exists only while someone holds it or waits for
it, so a process that has seen a hundred thousand games keeps no lock for any of them."""

from __future__ import annotations

import asyncio
from types import TracebackType


class _Held:
    __slots__ = ("lock", "users")

    def __init__(self) -> None:
        self.lock = asyncio.Lock()
        self.users = 0  # holding or waiting


class GameLock:
    """`async with locks(game_id):` runs the block alone for that game."""

    __slots__ = ("_game_id", "_held", "_locks")

    def __init__(self, locks: GameLocks, game_id: int) -> None:
        self._locks = locks
        self._game_id = game_id
        self._held: _Held | None = None

    async def __aenter__(self) -> None:
        held = self._locks.held.get(self._game_id)
        if held is None:
            held = self._locks.held[self._game_id] = _Held()
        held.users += 1
        self._held = held
        try:
            await held.lock.acquire()
        except BaseException:
            self._leave()
            raise

    async def __aexit__(self, kind: type[BaseException] | None, error: BaseException | None,
                        trace: TracebackType | None) -> None:
        assert self._held is not None
        self._held.lock.release()
        self._leave()

    def _leave(self) -> None:
        held = self._held
        assert held is not None
        held.users -= 1
        if held.users == 0 and self._locks.held.get(self._game_id) is held:
            del self._locks.held[self._game_id]
        self._held = None


class GameLocks:
    def __init__(self) -> None:
        self.held: dict[int, _Held] = {}

    def __call__(self, game_id: int) -> GameLock:
        return GameLock(self, game_id)

    def __len__(self) -> int:
        """Games whose lock someone holds or waits for now."""
        return len(self.held)
