"""The autopilot: one background task per table that keeps it moving while nobody clicks.

It asks the service what the table waits for (`next_step`), sleeps until then (a computer's
short thinking delay, or the turn timer's reminder or deadline), does the step
(`take_step`, under the game's lock) and hands the resulting `Notice` to `publish` (the
Discord front end posts it). Front ends call `kick(game_id)` after every change they make;
the start-up calls `resume()`, which picks up every game in play: a deadline that passed
while the bot was down fires at once.

A sharded bot runs one autopilot per process, each for the games of its own servers only.
A move another process applied to one of them (a click on a turn message: Discord sends
those to shard 0) reaches this one through the store (`follow`), which kicks the game: its
computers play the turn that move started, and its timer moves on to who acts now.

Discord-free. The sleeps are plain `asyncio.sleep`, so a simulated clock can drive them.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING

from bot.service.outcome import Notice, Step
from bot.store import Shards

if TYPE_CHECKING:
    from bot.service.game_service import GameService

log = logging.getLogger(__name__)

Publish = Callable[[Notice], Awaitable[None]]
FAILURES_BEFORE_GIVING_UP = 3


async def _discard(notice: Notice) -> None:
    return None


class Autopilot:
    def __init__(self, service: GameService, publish: Publish = _discard, *,
                 ai_delay: float = 1.5) -> None:
        self.service = service
        self.publish = publish
        self.ai_delay = ai_delay
        self._tasks: dict[int, asyncio.Task[None]] = {}
        self._sleeping: set[asyncio.Task[None]] = set()
        self._generation: dict[int, int] = {}
        self._resuming: set[asyncio.Task[int]] = set()

    def kick(self, game_id: int) -> None:
        """Something changed at this table: plan again (a wait under way is abandoned)."""
        self._generation[game_id] = self._generation.get(game_id, 0) + 1
        task = self._tasks.get(game_id)
        if task is not None and not task.done():
            if task not in self._sleeping:
                return  # busy: it plans again when the step at hand is done
            # Only a sleeping runner is cancelled: it is then waiting in asyncio.sleep and
            # nowhere near a commit.
            task.cancel()
            self._sleeping.discard(task)
        self._tasks[game_id] = asyncio.get_running_loop().create_task(
            self._run(game_id), name=f"autopilot-{game_id}")

    @property
    def tables(self) -> set[int]:
        """The games it keeps moving now (a computer's turn or a turn timer under way)."""
        return set(self._tasks)

    async def resume(self, shards: Shards | None = None) -> int:
        """After a start: every game in play continues (timers, computers' turns); with
        `shards`, only the games of the guilds this process serves (another process runs
        the others)."""
        games = await self.service.store.pending_games(shards)
        for game_id in games:
            self.kick(game_id)
        return len(games)

    async def follow(self) -> None:
        """From now on, hear of the changes other processes make to games (PostgreSQL's
        notices; nothing to hear on SQLite) and kick those this process owns."""
        await self.service.follow(self._heard)

    def _heard(self, game_id: int | None) -> None:
        if game_id is not None:
            self.kick(game_id)
            return
        # Notices were lost while the store reconnected: look at every game of ours.
        task = asyncio.get_running_loop().create_task(self.resume(self.service.shards))
        self._resuming.add(task)
        task.add_done_callback(self._resuming.discard)

    async def idle(self) -> None:
        """Wait until no table has anything to do before its next timer (for tests)."""
        while True:
            busy = [t for t in self._tasks.values() if not t.done() and t not in self._sleeping]
            if not busy:
                return
            await asyncio.wait(busy, return_when=asyncio.FIRST_COMPLETED)

    async def close(self) -> None:
        tasks = [t for t in (*self._tasks.values(), *self._resuming) if not t.done()]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        self._tasks.clear()
        self._sleeping.clear()

    async def _run(self, game_id: int) -> None:
        me = asyncio.current_task()
        try:
            await self._steps(game_id, me)
        finally:
            if self._tasks.get(game_id) is me:
                del self._tasks[game_id]
                self._generation.pop(game_id, None)

    async def _steps(self, game_id: int, me: asyncio.Task[None] | None) -> None:
        failures = 0
        while True:
            generation = self._generation.get(game_id, 0)
            try:
                step = await self.service.next_step(game_id)
            except Exception:
                log.exception("autopilot: cannot plan game %s", game_id)
                return
            if step is None:
                return
            if self._generation.get(game_id, 0) != generation:
                continue  # a change arrived while planning
            wait = self._wait(step)
            if wait > 0 and me is not None:
                self._sleeping.add(me)
                try:
                    await asyncio.sleep(wait)
                finally:
                    self._sleeping.discard(me)
            try:
                notice = await self.service.take_step(game_id, step)
            except Exception:
                failures += 1
                log.exception("autopilot: step %s of game %s failed (%d)", step, game_id,
                              failures)
                if failures >= FAILURES_BEFORE_GIVING_UP:
                    return
                continue
            failures = 0
            if notice is None:
                continue
            try:
                await self.publish(notice)
            except Exception:
                log.exception("autopilot: could not publish %s for game %s", notice.kind,
                              game_id)

    def _wait(self, step: Step) -> float:
        if step.kind == "computer" or step.at is None:
            return self.ai_delay
        return step.at - self.service.clock()
