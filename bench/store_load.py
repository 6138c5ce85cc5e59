"""The store under load, without Discord: how many active games one process holds in memory,
and how many moves per second 4 games played at once commit (`python -m bench.bot`)."""

from __future__ import annotations

import asyncio
import gc
import os
import resource
import time
from typing import Any

THROUGHPUT_SECONDS = 5.0


async def _started_table(service: Any, guild_id: int, channel_id: int, prefix: str,
                         **settings: Any) -> int:
    """A 4-player classic game started by its host and three people who joined."""
    lobby = await service.new_lobby(guild_id=guild_id, channel_id=channel_id,
                                    host=f"{prefix}a", host_name="A", seating="join",
                                    **settings)
    for p in "bcd":
        await service.join(lobby.game_id, f"{prefix}{p}", p.upper())
    await service.start(lobby.game_id, f"{prefix}a")
    return int(lobby.game_id)


async def _plain_move(service: Any, game_id: int) -> bool:
    """Draw, or discard the last card in hand; False when the game waits for neither."""
    from bot.engine import Discard, Draw

    game = (await service.live(game_id)).game
    if game.phase == "draw":
        await service.act(game_id, game.turn, Draw())
    elif game.phase == "play":
        await service.act(game_id, game.turn, Discard(game.hand(game.turn)[-1].text))
    else:
        return False
    return True


async def capacity(db: str, games: int = 1500) -> tuple[float, float]:
    """Bytes per active game held in memory, and the process's baseline."""
    from bot.service import GameService
    from bot.store import Store

    store = await Store.open(db)
    service = GameService(store, cache_size=games + 10)
    gc.collect()
    before = rss()
    for n in range(games):
        game_id = await _started_table(service, 1, n, str(n))
        for _ in range(8):  # a few moves in: history and melds grow the state
            await _plain_move(service, game_id)
    gc.collect()
    after = rss()
    await store.close()
    return (after - before) / games, before


async def moves_per_second(db: str, games: int = 4, seconds: float = THROUGHPUT_SECONDS) -> float:
    """Moves per second committed while `games` games are played at once."""
    from bot.service import GameService
    from bot.store import Store

    store = await Store.open(db)
    service = GameService(store, cache_size=games + 10)
    # As a bot process does: it hears the other processes' changes (PostgreSQL), so the
    # games it owns are judged on the copies it holds (see bot/service/held_games.py).
    await service.follow(lambda _: None)
    ids = [await _started_table(service, 7, 9000 + n, f"t{n}", timer=0) for n in range(games)]
    moves = 0
    deadline = time.perf_counter() + seconds

    async def play(game_id: int) -> None:
        nonlocal moves
        while time.perf_counter() < deadline:
            if not await _plain_move(service, game_id):
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
