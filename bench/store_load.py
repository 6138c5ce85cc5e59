"""The store under load, without Discord: how many active games one process holds in memory,
and how many moves per second 4 games played at once commit (`python -m bench.bot`)."""

from __future__ import annotations

import asyncio
import gc
import os
import resource
import time

THROUGHPUT_SECONDS = 5.0

async def capacity(db: str, games: int = 1500) -> tuple[float, float]:
    """Bytes per active game held in memory, and the process's baseline."""
    from bot.engine import Discard, Draw
    from bot.service import GameService
    from bot.store import Store

    store = await Store.open(db)
    service = GameService(store, cache_size=games + 10)
    gc.collect()
    before = rss()
    for n in range(games):
        lobby = await service.new_lobby(guild_id=1, channel_id=n, host=f"{n}a", host_name="A",
                                        seating="join")
        for p in "bcd":
            await service.join(lobby.game_id, f"{n}{p}", p.upper())
        await service.start(lobby.game_id, f"{n}a")
        for _ in range(8):  # a few moves in: history and melds grow the state
            live = await service.live(lobby.game_id)
            game = live.game
            if game.phase == "draw":
                await service.act(lobby.game_id, game.turn, Draw())
            else:
                card = game.hand(game.turn)[-1].text
                await service.act(lobby.game_id, game.turn, Discard(card))
    gc.collect()
    after = rss()
    await store.close()
    return (after - before) / games, before


async def moves_per_second(db: str, games: int = 4, seconds: float = THROUGHPUT_SECONDS) -> float:
    """Moves per second committed while `games` games are played at once."""
    from bot.engine import Discard, Draw
    from bot.service import GameService
    from bot.store import Store

    store = await Store.open(db)
    service = GameService(store, cache_size=games + 10)
    ids = []
    for n in range(games):
        lobby = await service.new_lobby(guild_id=7, channel_id=9000 + n, host=f"t{n}a",
                                        host_name="A", seating="join", timer=0)
        for p in "bcd":
            await service.join(lobby.game_id, f"t{n}{p}", p.upper())
        await service.start(lobby.game_id, f"t{n}a")
        ids.append(lobby.game_id)
    moves = 0
    deadline = time.perf_counter() + seconds

    async def play(game_id: int) -> None:
        nonlocal moves
        while time.perf_counter() < deadline:
            game = (await service.live(game_id)).game
            if game.phase == "draw":
                await service.act(game_id, game.turn, Draw())
            elif game.phase == "play":
                await service.act(game_id, game.turn, Discard(game.hand(game.turn)[-1].text))
            else:
                return  # the game is over (or waits for an answer): this table is done
            moves += 1

    began = time.perf_counter()
    await asyncio.gather(*(play(game_id) for game_id in ids))
    elapsed = time.perf_counter() - began
    await store.close()
    return moves / elapsed


def rss() -> float:
    try:
        with open("/proc/self/statm") as f:
            return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except OSError:
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
