"""Thinking away from the event loop: computers' searches (and the legal moves autocomplete
offers) run in a pool of processes, so the loop that answers every click never waits on one.

A thread would not do: Python runs one thread at a time, and a "hard" computer thinking for
a second in a thread slows every interaction of the process for that second. So a search
is sent, as plain picklable data (the name of a function in `searches.py` and its
arguments: a level, a seed and a view), to one of `processes` worker processes, and its
answer comes back as plain data.

At most `queue` searches are with the pool at once; the others wait their turn, in order,
and none is dropped. A person's request that can wait for nothing (a /hint) is sent only
when there is room now (`think_now`): otherwise it is refused (`Busy`), and the person is
asked to try again, while the computers' moves keep their places.

The pool is started on the first search, or earlier by `warm` (the bot warms it at
start-up), every worker at once and by a thread, each having imported the engine and the
computers, so neither the event loop nor the first computer move waits on
a process being made. The `forkserver` start method is used where there is one (`spawn`
elsewhere): forking the bot's own process, whose database drivers run threads, is not
safe. `processes = 0`
thinks in a worker thread instead, as a small machine or a test may prefer. A worker that
dies breaks the pool: the search fails (its caller falls back, see table_steps.py) and the
next one starts a new pool; the workers end by themselves soon after the bot's process does,
however it ends (see `searches.watch_bot`).
"""

from __future__ import annotations

import asyncio
import contextvars
import logging
import multiprocessing
import os
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from bot.service import searches

log = logging.getLogger(__name__)

PRELOAD = ["bot.service.searches"]  # what every worker imports before its first search
THREADS = 32  # searches at once when they run in threads (COMPUTER_PROCESSES=0)


def default_processes() -> int:
    """A sensible pool for the machine: a core is left to the event loop; at least one
    worker, at most four."""
    return max(1, min(4, (os.cpu_count() or 2) - 1))


def _context() -> multiprocessing.context.BaseContext:
    if "forkserver" in multiprocessing.get_all_start_methods():
        context = multiprocessing.get_context("forkserver")
        context.set_forkserver_preload(PRELOAD)
        return context
    return multiprocessing.get_context("spawn")


class Busy(RuntimeError):
    """The queue is full: a search sent now would wait behind the others (`think_now`)."""


class Thinker:
    def __init__(self, processes: int = 0, queue: int | None = None) -> None:
        if processes < 0:
            raise ValueError("a pool of 0 or more processes")
        self.processes = processes
        # In a thread, as many at once as asyncio's own executor would run (as before).
        self.queue = queue if queue else (2 * processes if processes else THREADS)
        self._slots: asyncio.Semaphore | None = None
        self._pool: ProcessPoolExecutor | None = None
        self._starting: asyncio.Task[ProcessPoolExecutor] | None = None
        self.sent = 0  # searches sent so far
        self.busy = 0  # searches with the pool (or the thread) now
        self.most_busy = 0  # the most there ever were at once
        self.waiting = 0  # searches waiting for a place in the queue now

    @property
    def in_processes(self) -> bool:
        return self.processes > 0

    async def think(self, name: str, *args: Any) -> Any:
        """Run the search `name` (see `searches.SEARCHES`) with these picklable arguments
        away from the event loop, once there is room in the queue; return its answer."""
        if self._slots is None:
            self._slots = asyncio.Semaphore(self.queue)
        self.waiting += 1
        try:
            await self._slots.acquire()
        finally:
            self.waiting -= 1
        self.busy += 1
        self.sent += 1
        self.most_busy = max(self.most_busy, self.busy)
        try:
            if not self.in_processes:
                return await asyncio.to_thread(searches.run, name, *args)
            pool = await self._started()
            try:
                return await asyncio.get_running_loop().run_in_executor(
                    pool, searches.run, name, *args)
            except BrokenProcessPool:
                log.error("a thinking process died; the next search starts a new pool")
                self._drop_pool(pool)
                raise
        finally:
            self.busy -= 1
            self._slots.release()

    @property
    def full(self) -> bool:
        """No room in the queue now: a search sent now would wait for its turn."""
        return self.busy >= self.queue or self.waiting > 0

    async def think_now(self, name: str, *args: Any) -> Any:
        """As `think`, but only when the queue has room now; else `Busy` (nothing is sent).
        The check and the taking of the place happen without a pause in between, so no
        other search can take the place meanwhile."""
        if self.full:
            raise Busy(name)
        return await self.think(name, *args)

    async def warm(self) -> None:
        """Start the pool now: every worker is made and has imported what a search needs."""
        if self.in_processes:
            await self._started()

    async def _started(self) -> ProcessPoolExecutor:
        """The pool, every worker of it started. The workers are made by a thread, all at
        once, so the event loop never waits on a process being made (a pool made on demand
        would make one at a later search)."""
        if self._pool is not None:
            return self._pool
        if self._starting is None:
            self._starting = asyncio.get_running_loop().create_task(
                asyncio.to_thread(_in_own_context, _new_pool, self.processes))
        try:
            pool = await asyncio.shield(self._starting)
        finally:
            if self._starting is not None and self._starting.done():
                self._starting = None
        if self._pool is None:
            self._pool = pool
        return self._pool

    def _drop_pool(self, pool: ProcessPoolExecutor | None = None) -> None:
        if pool is None or pool is self._pool:
            pool, self._pool = self._pool, None
        if pool is not None:
            pool.shutdown(wait=False, cancel_futures=True)

    def close(self) -> None:
        """Stop the pool (searches not started yet are dropped; the processes end)."""
        self._drop_pool()


class _Pool(ProcessPoolExecutor):
    """A pool of thinking processes that end when the bot's process ends (`alive`: the end
    of a pipe only this process holds; see `searches.watch_bot`)."""

    def __init__(self, processes: int) -> None:
        context = _context()
        self.watched, self.alive = context.Pipe(duplex=False)
        super().__init__(processes, mp_context=context, initializer=searches.watch_bot,
                         initargs=(self.watched,))

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        super().shutdown(wait=wait, cancel_futures=cancel_futures)
        if wait:
            self.alive.close()


def _in_own_context(work: Callable[[int], ProcessPoolExecutor], processes: int
                    ) -> ProcessPoolExecutor:
    """Run `work` in a context of its own: making processes waits on the real clock,
    whatever clock the caller's context keeps (a simulated Discord's, in the tests)."""
    return contextvars.Context().run(work, processes)


def _new_pool(processes: int) -> _Pool:
    """A pool whose every worker is running and ready (run in a thread, not the loop)."""
    pool = _Pool(processes)
    try:
        # No worker is idle yet, so each of these makes one more process.
        for ready in [pool.submit(searches.run, "ready") for _ in range(processes)]:
            ready.result()
        pool.watched.close()  # every worker has its own copy now
    except BaseException:
        pool.shutdown(wait=False, cancel_futures=True)
        raise
    return pool
