"""The sweep of tables that fall due: lobbies nobody started within LOBBY_MINUTES are
cancelled, tables where no person moved for ABANDON_DAYS end as abandoned (see
`bot/service/ending.py`), and their messages close.

It sweeps at start-up, then sleeps until the next table of this process can fall due (the
store knows the earliest; a table opened meanwhile wakes it sooner when it would fall due
first), and never longer than AT_MOST: no wake-up every few minutes for nothing.
"""

from __future__ import annotations

import asyncio
import logging
import math

from bot.discord_ui.table_bot import TableBot
from bot.discord_ui.table_end import close_table

log = logging.getLogger(__name__)

AT_MOST = 86400.0  # seconds between two sweeps, whatever the store says
AT_LEAST = 60.0  # ... and at least this (a table that would not end is not retried at once)


class Sweeper:
    def __init__(self, bot: TableBot) -> None:
        self.bot = bot
        self._task: asyncio.Task[None] | None = None
        self._sleeping = False
        self._due = math.inf  # when the sleeping sweep wakes

    def start(self) -> None:
        self._task = asyncio.get_running_loop().create_task(self._run(), name="sweep")

    def opened(self, due: float) -> None:
        """A table opened that falls due at `due`: wake sooner if that is before the next
        sweep (a sweep under way plans again from the store when it is done)."""
        if self._task is None or not self._sleeping or due >= self._due:
            return
        self._task.cancel()  # only a sleeping sweep is cancelled: nowhere near a change
        self.start()

    async def close(self) -> None:
        if self._task is not None and not self._task.done():
            self._task.cancel()
            await asyncio.gather(self._task, return_exceptions=True)

    async def _run(self) -> None:
        while True:
            await self.sweep()
            try:
                self._due = await self.bot.service.next_expiry(AT_MOST)
            except Exception:
                log.exception("cannot tell when the next table falls due")
                self._due = self.bot.service.clock() + AT_MOST
            self._sleeping = True
            try:
                await asyncio.sleep(max(AT_LEAST, self._due - self.bot.service.clock()))
            finally:
                self._sleeping = False

    async def sweep(self) -> int:
        """End the tables that fell due now, closing their messages; how many ended."""
        try:
            ended = await self.bot.service.expire()
        except Exception:
            log.exception("the sweep of expired tables failed")
            return 0
        for table in ended:
            try:
                await close_table(self.bot, table)
            except Exception:
                log.exception("could not close the messages of game %s", table.game_id)
        if ended:
            log.info("sweep: %d table(s) expired or abandoned", len(ended))
        return len(ended)
