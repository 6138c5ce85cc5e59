"""bench.finish: the bot's finish is the end of the last task an interaction set going."""

from __future__ import annotations

import asyncio
import time

from bench.finish import TaskClock


async def test_the_finish_is_the_end_of_the_last_task_set_going() -> None:
    clock = TaskClock()
    clock.install(asyncio.get_running_loop())
    clock.start()
    began = time.perf_counter()
    quick = asyncio.create_task(asyncio.sleep(0.01))
    slow = asyncio.create_task(asyncio.sleep(0.05))
    await asyncio.gather(quick, slow)
    await asyncio.sleep(0)  # the done-callbacks run
    ended = time.perf_counter()
    await asyncio.sleep(0.1)  # a harness that looks again later
    settled = time.perf_counter()
    finish = clock.finished(settled)
    assert 0.05 <= finish - began <= ended - began + 0.001
    assert settled - finish >= 0.1


async def test_tasks_from_before_the_start_do_not_count() -> None:
    clock = TaskClock()
    clock.install(asyncio.get_running_loop())
    old = asyncio.create_task(asyncio.sleep(0.02))
    clock.start()
    await old
    await asyncio.sleep(0)
    settled = time.perf_counter()
    assert clock.finished(settled) == settled


async def test_without_a_task_the_finish_is_when_the_harness_returned() -> None:
    clock = TaskClock()
    clock.install(asyncio.get_running_loop())
    clock.start()
    assert clock.finished(12.5) == 12.5
