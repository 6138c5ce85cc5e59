"""Safety at scale (`python -m bench.bot` runs it after its own figures; `python -m bench.scale`
alone):

1. A stranger outside any game's thread, with 10 000 games in play in the database (made
   through the store's API, each with a real dealt snapshot): the time the bot takes to
   handle their /meld, and an autocomplete keystroke of it, from the moment the interaction
   reaches the bot to the end of the last task it set going (median and p95; bar: p95 under
   20 ms), and that a player there is still pointed to their own tables.
2. The event loop's lag while 8 tables of hard computers think (a person at each table moves
   at once whenever it is their turn, so the computers never stop): how late a 5 ms sleep
   wakes, 99th percentile (bar: under 50 ms) with the computers in their pool of processes,
   and, for comparison, in a thread of the bot's own process as before.

The database is a temporary SQLite file (in /dev/shm where there is one: 30 000 durable
commits would otherwise measure the disk).
"""

from __future__ import annotations

import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from bench.finish import TaskClock

GAMES = 10_000
KEYSTROKES = 200  # of each kind
BAR_STRANGER_P95_MS = 20.0
TABLES_THINKING = 8
LAG_SECONDS = 20.0
LAG_PROBE = 0.005
BAR_LAG_P99_MS = 50.0


def _p(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


def _scratch() -> str:
    shm = Path("/dev/shm")
    return tempfile.mkdtemp(dir=shm if shm.is_dir() else None, prefix="canasta-scale-")


async def _games_in_play(store: Any, count: int) -> None:
    """`count` games in play in 100 servers, through the store's API."""
    from bot.engine import Game, variant
    from bot.store import Seat

    snapshot: dict[str, Any] = {}
    for n in range(count):
        if n % 100 == 0:
            snapshot = Game.new(variant("classic", 2), ["h", "g"], n).to_dict()
        game_id = await store.create_game(guild_id=1000 + n % 100, channel_id=5000 + n,
                                          host=f"h{n}", host_name="H", variant="classic",
                                          options={"players": 2}, seed=n)
        await store.set_thread(game_id, 900_000 + n)
        await store.add_seat(game_id, f"g{n}", "G")
        await store.start_game(game_id, [Seat(0, "h", "H", 0), Seat(1, "g", "G", 1)],
                               snapshot)


async def stranger(folder: str) -> dict[str, Any]:
    """Figure 1: the stranger's command and keystroke with GAMES games in play."""
    import simcord

    from bot import create_bot

    db = str(Path(folder) / "stranger.sqlite3")
    bot = create_bot(db, ai_delay=0, computer_processes=0)
    arrived: list[float] = []

    async def on_interaction(interaction: Any) -> None:
        arrived.append(time.perf_counter())

    bot.add_listener(on_interaction, "on_interaction")
    clock = TaskClock()
    timings: dict[str, list[float]] = {"command": [], "keystroke": []}
    pointed = False
    try:
        async with simcord.run(bot) as env:
            # The games are made once the bot runs (its start-up check would otherwise look
            # at each of these games, whose threads this simulated Discord never had).
            started = time.perf_counter()
            await _games_in_play(bot.store, GAMES)
            made = time.perf_counter() - started
            clock.install(asyncio.get_running_loop())
            guild = env.create_guild()
            general = guild.create_text_channel("general")
            mallory = guild.add_member(env.create_user("Mallory"))
            # Mallory sits at two tables of this channel (their threads: 1 and 2).
            for thread in (1, 2):
                game_id = await bot.store.create_game(
                    guild_id=guild.id, channel_id=general.id, host=str(mallory.id),
                    host_name="Mallory", variant="classic", options={"players": 2}, seed=1)
                await bot.store.set_thread(game_id, thread)
            for n in range(KEYSTROKES):
                for kind in ("command", "keystroke"):
                    clock.start()
                    if kind == "command":
                        result = await mallory.slash(general, "meld", groups="7h 7d 7s")
                        said = result.response.content if result.response else ""
                        pointed = "<#1>" in said and "<#2>" in said
                    else:
                        await mallory.autocomplete(general, "meld", "groups", "7" * (n % 3))
                    settled = time.perf_counter()
                    done = clock.finished(settled)
                    timings[kind].append((done - arrived[-1]) * 1000)
    finally:
        await bot.close_store()
    return {"timings": timings, "pointed": pointed, "made": made}


async def _lag(folder: str, processes: int) -> tuple[list[float], int]:
    """Figure 2 for one pool size: the probe's lateness (ms), and the computer moves made."""
    from bench.store_load import _plain_move
    from bot.engine import Discard
    from bot.service import Autopilot, GameService, Refused
    from bot.service.thinking import Thinker
    from bot.store import Store

    store = await Store.open(str(Path(folder) / f"lag-{processes}.sqlite3"))
    service = GameService(store, thinker=Thinker(processes))
    autopilot = Autopilot(service, ai_delay=0)
    people, games = [], []
    for n in range(TABLES_THINKING):
        lobby = await service.new_lobby(guild_id=1, channel_id=n, host=f"p{n}",
                                        host_name="P", seating="join", timer=0)
        for _ in range(3):
            await service.add_computer(lobby.game_id, f"p{n}", "hard")
        await service.start(lobby.game_id, f"p{n}")
        people.append(f"p{n}")
        games.append(lobby.game_id)
    await service.thinker.warm()
    lateness: list[float] = []
    running = True

    async def probe() -> None:
        while running:
            before = time.perf_counter()
            await asyncio.sleep(LAG_PROBE)
            lateness.append((time.perf_counter() - before - LAG_PROBE) * 1000)

    async def person(game_id: int, me: str) -> None:
        while running:
            live = await service.live(game_id)
            if live.status != "active":
                return
            if live.game.turn == me:
                try:
                    await _plain_move(service, game_id)
                except Refused:  # that card may not go: any legal discard
                    discards = [a for a in live.game.legal_actions(me)
                                if isinstance(a, Discard)]
                    await service.act(game_id, me, discards[0])
                autopilot.kick(game_id)
            else:
                await asyncio.sleep(0.05)

    for game_id in games:
        autopilot.kick(game_id)  # the computers who play first
    tasks = [asyncio.create_task(probe())] + [
        asyncio.create_task(person(g, p)) for g, p in zip(games, people, strict=True)]
    await asyncio.sleep(LAG_SECONDS)
    running = False
    await asyncio.gather(*tasks)
    await autopilot.close()
    moves = service.thinker.sent - service.thinker.processes  # the warm-up is not a move
    service.close()
    await store.close()
    return lateness, moves


async def lag(folder: str) -> dict[str, tuple[list[float], int]]:
    from bot.service.thinking import default_processes

    return {f"pool of {default_processes()}": await _lag(folder, default_processes()),
            "a thread (before)": await _lag(folder, 0)}


def report(strangers: dict[str, Any], lags: dict[str, tuple[list[float], int]]) -> bool:
    """Print the figures and the bars; True when both bars are met."""
    timings = strangers["timings"]
    print(f"a stranger outside any game's thread, {GAMES:,} games in play "
          f"(made through the store's API in {strangers['made']:.0f} s), ms from the "
          "interaction to the end of the bot's last task:")
    worst = 0.0
    for kind, label in (("command", "/meld in #general"),
                        ("keystroke", "/meld autocomplete keystroke")):
        values = timings[kind]
        worst = max(worst, _p(values, 0.95))
        print(f"  {label:<30} n={len(values):>4}  median {statistics.median(values):5.2f}"
              f"  p95 {_p(values, 0.95):5.2f}  max {max(values):6.2f}")
    print(f"  the stranger is pointed to their own two tables: "
          f"{'yes' if strangers['pointed'] else 'NO'}")
    ok_stranger = worst < BAR_STRANGER_P95_MS and strangers["pointed"]
    print(f"bar: p95 < {BAR_STRANGER_P95_MS:.0f} ms, and pointed to their tables: "
          f"{'PASS' if ok_stranger else 'FAIL'} (worst p95 {worst:.2f} ms)")
    print(f"event loop lag while {TABLES_THINKING} tables of hard computers think "
          f"({LAG_SECONDS:.0f} s, a {LAG_PROBE * 1000:.0f} ms sleep's lateness):")
    pooled = None
    for where, (lateness, moves) in lags.items():
        p99 = _p(lateness, 0.99)
        pooled = p99 if pooled is None else pooled
        print(f"  computers in {where:<18} p50 {_p(lateness, 0.5):6.2f} ms  p99 "
              f"{p99:7.2f} ms  max {max(lateness):7.2f} ms  ({moves} computer searches)")
    ok_lag = pooled is not None and pooled < BAR_LAG_P99_MS
    print(f"bar: p99 < {BAR_LAG_P99_MS:.0f} ms with the pool: "
          f"{'PASS' if ok_lag else 'FAIL'} (p99 {pooled:.2f} ms)")
    return ok_stranger and ok_lag


def measure() -> bool:
    """Run both measures and print them (for `bench.bot`'s main, which pins itself to one
    core for its own figures: these run on every core, the pool's very point)."""
    import os
    import shutil

    pinned = _all_cores()
    folder = _scratch()
    try:
        strangers = asyncio.run(stranger(folder))
        lags = asyncio.run(lag(folder))
    finally:
        shutil.rmtree(folder, ignore_errors=True)
        if pinned is not None:
            os.sched_setaffinity(0, pinned)
    return report(strangers, lags)


def _all_cores() -> set[int] | None:
    """Let this process (and the pool it starts) use every core; the cores it had before
    (None: the OS cannot say)."""
    import os

    try:
        before = os.sched_getaffinity(0)
        os.sched_setaffinity(0, set(range(os.cpu_count() or 1)))
        return before
    except (AttributeError, OSError):
        return None


if __name__ == "__main__":
    sys.exit(0 if measure() else 1)
