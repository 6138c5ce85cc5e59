"""The service's small parts for safety at scale: cooldowns (once per some seconds, a pace
with bursts, memory that stays bounded), the per-game locks that exist only while used, and
the service's limits on open tables."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from bot.service import GameService, Refused
from bot.service.game_locks import GameLocks
from bot.service.limits import PRUNE_AT, Cooldowns, TableLimits
from bot.store import Store


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_once_per_says_when_and_a_refund_does_not_count() -> None:
    clock = Clock()
    cooldowns = Cooldowns(clock)
    assert cooldowns.once_per("new", 1, 30) is None
    assert cooldowns.once_per("new", 1, 30) == 1030
    assert cooldowns.once_per("new", 2, 30) is None  # someone else
    assert cooldowns.once_per("picture", 1, 30) is None  # something else
    clock.now += 30
    assert cooldowns.once_per("new", 1, 30) is None
    cooldowns.refund("new", 1)
    assert cooldowns.once_per("new", 1, 30) is None
    assert cooldowns.once_per("new", 1, 0) is None  # 0: no cooldown


def test_a_pace_with_bursts() -> None:
    clock = Clock()
    cooldowns = Cooldowns(clock)
    let = [cooldowns.per_second("click", 1, 3, 9) is None for _ in range(12)]
    assert let == [True] * 9 + [False] * 3
    assert cooldowns.per_second("click", 1, 3, 9) == 1001  # a click's worth in 1/3 s
    clock.now += 1
    assert sum(cooldowns.per_second("click", 1, 3, 9) is None for _ in range(5)) == 3


def test_cooldowns_forget_members_whose_wait_is_over() -> None:
    clock = Clock()
    cooldowns = Cooldowns(clock)
    for member in range(PRUNE_AT + 10):
        cooldowns.once_per("new", member, 30)
    clock.now += 31
    cooldowns.once_per("new", "late", 30)
    assert len(cooldowns) < 100


async def test_a_lock_exists_only_while_held_or_awaited() -> None:
    locks = GameLocks()
    order: list[str] = []

    async def hold(name: str) -> None:
        async with locks(7):
            order.append(f"{name} in")
            await asyncio.sleep(0)
            order.append(f"{name} out")

    await asyncio.gather(hold("a"), hold("b"), hold("c"))
    assert order == ["a in", "a out", "b in", "b out", "c in", "c out"]
    assert len(locks) == 0
    with pytest.raises(RuntimeError):
        async with locks(8):
            assert len(locks) == 1
            raise RuntimeError("the block fails")
    assert len(locks) == 0


async def test_the_services_limits_on_open_tables(tmp_path: Path) -> None:
    store = await Store.open(str(tmp_path / "limits.sqlite3"))
    service = GameService(store, limits=TableLimits(lobbies_per_host=1, lobbies_per_channel=2,
                                                    tables_per_server=1))
    try:
        first = await service.new_lobby(guild_id=1, channel_id=10, host="a", host_name="A",
                                        players=2)
        with pytest.raises(Refused) as host:
            await service.new_lobby(guild_id=1, channel_id=11, host="a", host_name="A")
        assert host.value.key == "reply.limit_host_lobbies"
        await service.new_lobby(guild_id=1, channel_id=10, host="b", host_name="B", players=2)
        with pytest.raises(Refused) as channel:
            await service.new_lobby(guild_id=1, channel_id=10, host="c", host_name="C")
        assert channel.value.key == "reply.limit_channel_lobbies"
        await service.join(first.game_id, "x", "X")
        await service.start(first.game_id, "a")  # one table in play: the server's limit
        with pytest.raises(Refused) as server:
            await service.new_lobby(guild_id=1, channel_id=12, host="d", host_name="D")
        assert server.value.key == "reply.limit_server_tables"
        elsewhere = await service.new_lobby(guild_id=2, channel_id=20, host="d", host_name="D")
        assert elsewhere.status == "lobby"
    finally:
        await store.close()
