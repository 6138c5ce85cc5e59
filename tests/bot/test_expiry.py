"""Expiry, and the start-up's order: a lobby nobody starts is cancelled after an hour; a table
where no person has moved for seven days ends as abandoned, unrated; at start-up the tables
the database shows whole resume before any table is checked against Discord, and Discord is
asked about a few tables at a time."""

from __future__ import annotations

import asyncio
import time
from typing import Any

import discord
import pytest
import simcord
from canasta_table import SEED, Table, open_mixed_table, open_table, play_one, posts

from bot import create_bot
from bot.service import Autopilot
from bot.store import Deadline

DAY = 86400


async def status(table: Table) -> tuple[str, str | None]:
    record = await table.bot.store.game(table.game_id)
    assert record is not None
    return record.status, getattr(record, "ended_by", None)


async def test_a_lobby_nobody_starts_is_cancelled_after_an_hour(
    simcord_env: simcord.Env,
) -> None:
    table = await open_table(simcord_env, players=3, start=False)
    await simcord_env.advance_time(1800)
    assert await status(table) == ("lobby", None)
    await simcord_env.advance_time(1800 + 300)
    assert await status(table) == ("cancelled", "expired")
    lobby = table.channel.history()[0]
    assert "not started in time" in lobby.content and lobby.components == []
    late = await table.members[1].slash(table.thread, "draw")
    assert late.ephemeral and "cancelled" in late.response.content


async def test_a_table_nobody_plays_for_a_week_ends_abandoned_and_unrated(
    simcord_env: simcord.Env,
) -> None:
    table = await open_table(simcord_env, players=2, timer=0)
    game = await table.game()
    player = table.member(game.turn)
    await simcord_env.advance_time(6 * DAY)
    await play_one(table)  # a person moves: the week starts again
    await simcord_env.advance_time(6 * DAY)
    assert (await status(table))[0] == "active"
    await simcord_env.advance_time(DAY + 300)
    assert await status(table) == ("abandoned", "idle")
    assert any("ends here" in line for line in posts(table))
    assert "Abandoned" in table.channel.history()[0].content
    waiting = table.member((await table.bot.service.live(table.game_id)).game.turn or "")
    turn = waiting.user.dm_channel.history()[-1]
    assert turn.components == [] and "ended without a result" in turn.content
    late = await player.slash(table.thread, "draw")
    assert late.ephemeral and "abandoned" in late.response.content


async def test_computers_alone_do_not_keep_a_table_alive(simcord_env: simcord.Env) -> None:
    table = await open_mixed_table(simcord_env, ["human", "normal"], timer=0)
    left = await table.members[0].slash(table.thread, "leave")  # the computers pause
    assert left.ephemeral
    await simcord_env.advance_time(7 * DAY + 300)
    assert await status(table) == ("abandoned", "idle")


async def test_start_up_resumes_whole_tables_first_then_asks_discord_a_few_at_a_time(
    simcord_env: simcord.Env, db_path: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = await open_table(simcord_env, players=2, timer=1)
    ana = (await table.game()).turn
    store = table.bot.store
    now = simcord_env.now().timestamp()
    # The bot was down while Ana's time ran out; meanwhile 40 lobbies wait elsewhere.
    stored = await store.deadline(table.game_id)
    assert stored is not None
    await store.set_deadline(table.game_id, Deadline(table.game_id, ana or "", stored.hand,
                                                     now - 600, None, now - 480))
    lobby_ids = []
    for n in range(40):
        channel = table.guild.create_text_channel(f"lobby-{n}")
        host = table.guild.add_member(simcord_env.create_user(f"Host {n}"))
        opened = await host.slash(channel, "canasta new", players=2)
        lobby_ids.append(opened.response.message.id)

    events: list[str] = []
    running = [0, 0]  # now, most at once
    fetch = discord.abc.Messageable.fetch_message

    async def watched(self: Any, message_id: int) -> Any:
        if message_id in lobby_ids:
            events.append("ask")
            running[0] += 1
            running[1] = max(running)
            await asyncio.to_thread(time.sleep, 0.005)  # Discord takes a moment to answer
            try:
                return await fetch(self, message_id)
            finally:
                running[0] -= 1
        return await fetch(self, message_id)

    monkeypatch.setattr(discord.abc.Messageable, "fetch_message", watched)
    kick = Autopilot.kick

    def kicked(self: Autopilot, game_id: int) -> None:
        events.append(f"kick {game_id}")
        kick(self, game_id)

    monkeypatch.setattr(Autopilot, "kick", kicked)
    fresh = create_bot(db_path, seed=SEED, ai_delay=0)
    old = simcord_env.bot
    await simcord_env.restart_bot(fresh)
    await old.close_store()  # type: ignore[attr-defined]
    try:
        await simcord_env.settle()
        assert any(p.startswith("Time ran out for Ana") for p in posts(table))
        first_ask = events.index("ask")
        assert events.index(f"kick {table.game_id}") < first_ask, events[:5]
        assert events.count("ask") == 40
        assert 1 < running[1] <= 8  # a few at a time
    finally:
        await fresh.close_store()
