"""The bot at scale: several processes (sharded bots) over one PostgreSQL database.

simcord hosts one bot per in-memory Discord, and one live Discord per event loop. Two
processes are therefore two simcord environments, each in its own thread and event loop,
each owning its guilds, over one real PostgreSQL database (tests/pg_server.py).
"""

from __future__ import annotations

import asyncio
import threading
from typing import Any

import simcord
from canasta_table import SEED, open_table, play_one, restart
from test_play import play_until

from bot import create_bot
from bot.discord_ui.client import CanastaBot
from bot.engine import Discard, Draw
from bot.service import GameService, Refused
from bot.store import Shards, Store
from bot.store.copy import copy_database

TWO = {"shard_count": 2}


def _bot(url: str, shard: int | None = None) -> CanastaBot:
    sharding: dict[str, Any] = {} if shard is None else {**TWO, "shard_ids": (shard,)}
    return create_bot(url, seed=SEED, ai_delay=0, **sharding)


async def _play_a_hand_as_shard(url: str, shard: int, started: threading.Event,
                                after: threading.Event | None) -> tuple[int, int, int]:
    """One process: the bot running shard `shard` of 2 plays its guild's game to the end
    of the first hand. Returns (game id, guild id, moves).

    It starts `after` the other one started: discord.py loads extensions by executing their
    modules afresh in the one `sys.modules`, which two threads must not do at once (two
    real processes never share modules)."""
    if after is not None:
        await asyncio.to_thread(after.wait, 60)
    bot = _bot(url, shard)
    try:
        async with simcord.run(bot) as env:
            started.set()
            table = await open_table(env, shard_id=shard)
            assert (table.guild.id >> 22) % 2 == shard
            moves = await play_until(table, lambda g: g.hand_number > 1 or g.phase == "over")
            assert any(m.content.startswith("Hand 1 is over") for m in table.thread.history())
            board = await table.members[0].slash(table.channel, "leaderboard")
            assert board.response is not None
            return table.game_id, table.guild.id, moves
    finally:
        await bot.close_store()


async def test_two_shard_processes_each_play_their_own_guild(postgres_url: str) -> None:
    first, second = threading.Event(), threading.Event()
    (game_0, guild_0, moves_0), (game_1, guild_1, moves_1) = await asyncio.gather(
        asyncio.to_thread(asyncio.run, _play_a_hand_as_shard(postgres_url, 0, first, None)),
        asyncio.to_thread(asyncio.run, _play_a_hand_as_shard(postgres_url, 1, second, first)),
    )
    store = await Store.open(postgres_url)
    try:
        for game_id, guild_id, moves in ((game_0, guild_0, moves_0), (game_1, guild_1, moves_1)):
            record = await store.game(game_id)
            assert record is not None and record.guild_id == guild_id
            assert record.version == moves == len(await store.actions(game_id))
            assert [r.hand for r in await store.hand_results(game_id)] == [1, 1]
        assert game_0 != game_1
        # Statistics live in the shared database: whichever process answers reads them.
        for guild_id in (guild_0, guild_1):
            assert sum(p.hands for p in await store.leaderboard(guild_id)) == 0  # no game over
    finally:
        await store.close()


async def _game_of_shard_1(url: str) -> tuple[int, int]:
    """The other process's game, in play: (game id, version)."""
    bot = _bot(url, 1)
    try:
        async with simcord.run(bot) as env:
            table = await open_table(env, shard_id=1)
            await play_one(table)
            return table.game_id, (await table.live()).version
    finally:
        await bot.close_store()


async def test_a_restart_resumes_its_own_games_only(postgres_url: str) -> None:
    other, other_version = await asyncio.to_thread(asyncio.run, _game_of_shard_1(postgres_url))
    bot = _bot(postgres_url, 0)
    try:
        async with simcord.run(bot) as env:
            table = await open_table(env, shard_id=0)
            await play_one(table)
            assert bot.autopilot.tables == {table.game_id}
            fresh = await restart(env, postgres_url, **TWO, shard_ids=(0,))
            try:
                # Both games are in play in the shared database; this process resumed its own.
                assert set(await fresh.store.pending_games()) == {table.game_id, other}
                assert fresh.own_shards == Shards(2, frozenset({0}))
                assert fresh.autopilot.tables == {table.game_id}
                before = await table.actions()
                await play_one(table)  # its game carries on after the restart
                assert await table.actions() == before + 1
                record = await fresh.store.game(other)
                assert record is not None and record.version == other_version  # untouched
                assert await fresh.store.deadline(other) == await _deadline(postgres_url, other)
            finally:
                await fresh.close_store()
    finally:
        await bot.close_store()


async def _deadline(url: str, game_id: int) -> object:
    store = await Store.open(url)
    try:
        return await store.deadline(game_id)
    finally:
        await store.close()


async def test_concurrent_moves_from_two_instances_apply_once(postgres_url: str) -> None:
    """A second bot instance on the same game (as if two processes both thought they owned
    it): only one of two simultaneous draws commits; the other is judged again on the game
    as stored and refused with the rule's reason (the player has drawn), and the second
    instance's next move is judged on the stored game too, never on its stale copy."""
    bot = _bot(postgres_url)
    second = await Store.open(postgres_url)
    try:
        async with simcord.run(bot) as env:
            table = await open_table(env)
            other = GameService(second, seed=SEED)
            game = await table.game()
            player = game.turn
            hand = len(game.hand(player))
            await other.live(table.game_id)  # the second instance holds the game too
            results = await asyncio.gather(
                table.member(player).slash(table.thread, "draw"),
                other.act(table.game_id, player, Draw()),
                return_exceptions=True,
            )
            slash, direct = results
            refused_here = isinstance(direct, Refused)
            texts = [slash.response.content] if slash.response is not None else []
            # Exactly one of the two applied; the other is refused by the rules of the game
            # as it is now: that player has drawn.
            assert refused_here == any(t.startswith("Done.") for t in texts), (direct, texts)
            if refused_here:
                assert "already drawn" in str(direct)
            else:
                assert any(t.startswith("Not allowed") and "already drawn" in t
                           for t in texts), texts
            assert not any("moved on" in t for t in [*texts, str(direct)])
            assert await table.actions() == 1
            record = await second.game(table.game_id)
            assert record is not None and record.version == 1
            live = await table.live()
            assert live.version == 1 and len(live.game.hand(player)) == hand + 1

            # A third instance holds the game at version 1; the first moves on. The third's
            # next move is judged on the stored game: a discard of a card the player still
            # holds is applied when it is still that player's turn, else refused by the
            # rules; either way the copy it held is never what judged it.
            stale = GameService(second, seed=SEED)
            held = await stale.live(table.game_id)
            await play_one(table)  # the first instance moves on (a meld or the discard)
            now = await table.game()
            card = next(c.text for c in now.hand(player))  # a card held now
            assert held.version == 1
            try:
                await stale.act(table.game_id, player, Discard(card))
            except Refused as refused:
                assert now.turn != player, refused  # refused only because the turn passed
                assert "moved on" not in str(refused)
                assert await table.actions() == 2
            else:
                assert now.turn == player and await table.actions() == 3
            # The second instance sees the game as it is now.
            assert (await stale.live(table.game_id)).version == await table.actions()
    finally:
        await second.close()
        await bot.close_store()


async def test_copy_a_game_in_progress_to_postgresql(db_path: str, postgres_url: str) -> None:
    bot = _bot(db_path)
    async with simcord.run(bot) as env:
        table = await open_table(env)
        for _ in range(5):
            await play_one(table)
        snapshot = (await table.game()).to_dict()
        await env.settle()
        counts = await copy_database(db_path, postgres_url)
        assert counts["games"] == 1 and counts["actions"] == 5 and counts["seats"] == 4
        fresh = await restart(env, postgres_url)
        try:
            assert fresh.store.dialect == "postgresql"
            assert (await table.game()).to_dict() == snapshot
            moves = await play_until(table, lambda g: g.hand_number > 1 or g.phase == "over")
            assert len(await fresh.store.actions(table.game_id)) == 5 + moves
            assert [r.hand for r in await fresh.store.hand_results(table.game_id)] == [1, 1]
        finally:
            await fresh.close_store()
