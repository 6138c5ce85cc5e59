"""When the bot has finished handling an interaction: the end of the last task it ran.

simcord returns from a slash command or a click once the whole bot has settled. It looks for
quiescence by polling: when the bot's last task has just finished but the task's
done-callback is still queued on the event loop, simcord sleeps its idle interval (50 ms)
before it looks again. That wait is the test harness's, not the bot's; it falls on about
the interactions that took longer than the interval (a move with a table picture), so it
added a 50 ms step to the slow tail of every figure.

`TaskClock` stamps the end of every task created after `start()` (the command's handler,
the dynamic item callbacks, the store's and the computers' tasks: everything the
interaction set going, pictures included, since a picture is awaited by a task). The bot
has finished when the last of them has.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Coroutine
from typing import Any


class TaskClock:
    def __init__(self) -> None:
        self._since = 0.0
        self._last: float | None = None

    def install(self, loop: asyncio.AbstractEventLoop) -> None:
        """Wrap the loop's task factory: every task reports its end."""
        previous = loop.get_task_factory()

        def factory(loop: asyncio.AbstractEventLoop, coro: Coroutine[Any, Any, Any],
                    **kwargs: Any) -> asyncio.Future[Any]:
            if previous is not None:
                task = previous(loop, coro, **kwargs)
            else:
                task = asyncio.Task(coro, loop=loop, **kwargs)
            born = time.perf_counter()
            task.add_done_callback(lambda _: self._ended(born))
            return task

        loop.set_task_factory(factory)  # type: ignore[arg-type]  # passes kwargs on

    def start(self) -> None:
        """An interaction is about to be handed to the bot."""
        self._since = time.perf_counter()
        self._last = None

    def finished(self, settled: float) -> float:
        """The end of the last task set going since `start()`; `settled` (when simcord
        returned) if there was none."""
        return settled if self._last is None else min(self._last, settled)

    def _ended(self, born: float) -> None:
        if born >= self._since:
            self._last = time.perf_counter()
