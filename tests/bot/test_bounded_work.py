"""Bounded work per interaction, tried as a stranger would: a command or an autocomplete
keystroke outside any game's thread reads a few rows, however many games the bot holds (and
still points a player to their own tables); autocomplete lists the legal moves once per game
version and player; computers think in the pool of processes, never on the bot's own, and
wait their turn when the pool is full."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import Any

import pytest
import simcord
from canasta_table import SEED, open_mixed_table, open_table, play_one
from test_table_flow import PERSON, click_move

from bot import create_bot
from bot.engine import Game, Meld, variant
from bot.store import Seat, Store

OTHER_GAMES = 40


async def ana_plays_a_turn(table: Any) -> None:  # noqa: ANN401 - a canasta_table.Table
    """The person (Ana) plays greedy moves until the turn passes; the computers then play
    theirs before the last command returns."""
    ana = str(table.members[0].id)
    for _ in range(40):
        if (await table.game()).turn != ana:
            return
        await play_one(table)


async def _games_elsewhere(store: Store, count: int) -> None:
    """Games in play in other servers, made through the store's API (with real snapshots)."""
    for n in range(count):
        game_id = await store.create_game(guild_id=900 + n, channel_id=9000 + n,
                                          host=f"h{n}", host_name="H", variant="classic",
                                          options={"players": 2}, seed=n)
        await store.set_thread(game_id, 90000 + n)
        await store.add_seat(game_id, f"g{n}", "G")
        game = Game.new(variant("classic", 2), [f"h{n}", f"g{n}"], n)
        await store.start_game(game_id, [Seat(0, f"h{n}", "H", 0), Seat(1, f"g{n}", "G", 1)],
                               game.to_dict())


def _count_rows(store: Store, monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Every read of the store from now on adds its number of rows to the list."""
    reads: list[int] = []
    db = store._db  # noqa: SLF001 - the one door every read goes through
    fetch: Callable[..., Awaitable[list[Any]]] = db.fetch

    async def counted(sql: str, params: Any = ()) -> list[Any]:
        rows = await fetch(sql, params)
        reads.append(len(rows))
        return rows

    monkeypatch.setattr(db, "fetch", counted)
    return reads


def _searches(bot: Any) -> int:  # noqa: ANN401 - the CanastaBot
    """Searches sent away from the event loop so far (-1: there is nowhere to send them)."""
    thinker = getattr(bot.service, "thinker", None)
    return -1 if thinker is None else int(thinker.sent)


async def test_a_strangers_command_outside_a_thread_reads_a_few_rows(
    simcord_env: simcord.Env, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = await open_table(simcord_env, players=2, timer=0)
    await _games_elsewhere(table.bot.store, OTHER_GAMES)
    elsewhere = table.guild.create_text_channel("general")
    stranger = table.guild.add_member(simcord_env.create_user("Mallory"))
    reads = _count_rows(table.bot.store, monkeypatch)

    refused = await stranger.slash(elsewhere, "meld", groups="7h 7d 7s")
    assert refused.ephemeral and "no game in this thread" in refused.response.content
    offered = await stranger.autocomplete(elsewhere, "meld", "groups", "77")
    assert offered == []
    assert sum(reads) <= 6, reads  # a few rows each, not every game in play
    in_the_channel = await stranger.slash(table.channel, "draw")
    assert "no game in this thread" in in_the_channel.response.content  # not theirs
    assert sum(reads) <= 9, reads  # three interactions, a few rows each

    # A player in the game's channel is still pointed to their own table.
    reads.clear()
    ana = table.members[0]
    pointed = await ana.slash(table.channel, "draw")
    assert pointed.ephemeral and f"<#{table.thread.id}>" in pointed.response.content
    assert sum(reads) <= 4, reads


async def test_a_player_is_pointed_to_at_most_three_of_their_tables(
    simcord_env: simcord.Env,
) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("canasta")
    ana = guild.add_member(simcord_env.create_user("Ana"))
    hosts = [guild.add_member(simcord_env.create_user(f"Host {n}")) for n in range(4)]
    for host in hosts:
        opened = await host.slash(channel, "canasta new", players=2)
        assert opened.response is not None and not opened.ephemeral
        joined = await ana.click(opened.response.message, label="Join")
        assert not joined.ephemeral
    threads = [t.id for t in channel.threads]
    pointed = await ana.slash(channel, "draw")
    named = [t for t in threads if f"<#{t}>" in pointed.response.content]
    assert named == threads[-3:], pointed.response.content  # the newest three


async def test_autocomplete_lists_the_legal_moves_once_per_version(
    simcord_env: simcord.Env, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = await open_mixed_table(simcord_env, PERSON, timer=0)
    ana = table.members[0]
    me = str(ana.id)
    for _ in range(200):
        game = await table.game()
        if game.phase == "play" and any(isinstance(a, Meld) and a.groups
                                        for a in game.legal_actions(me)):
            break
        await click_move(table, ana)
    meld = next(a for a in game.legal_actions(me) if isinstance(a, Meld) and a.groups)
    rank = meld.groups[0][0][:-1]

    listed: list[str] = []
    legal_actions = Game.legal_actions

    def counted(self: Game, player: str) -> list[Any]:
        listed.append(player)
        return legal_actions(self, player)

    monkeypatch.setattr(Game, "legal_actions", counted)
    searches = _searches(table.bot)
    for typed in ("", rank, rank + rank, rank + rank + " ", rank * 3):
        offered = [c["value"] for c in
                   await ana.autocomplete(table.thread, "meld", "groups", typed)]
        assert any(len(v.split()) >= 3 for v in offered), (typed, offered)  # whole melds
    assert len(listed) <= 1, listed  # listed at most once here (none: in the pool)
    assert _searches(table.bot) == searches + 1  # one list for this version of the game
    # A move makes a new version: listed once more.
    monkeypatch.setattr(Game, "legal_actions", legal_actions)
    await ana.slash(table.thread, "meld", groups=" ".join(meld.groups[0]))
    await ana.autocomplete(table.thread, "meld", "groups", rank)
    await ana.autocomplete(table.thread, "meld", "groups", "")
    assert _searches(table.bot) == searches + 2


async def test_computers_think_in_the_pool_never_in_the_bots_process(
    simcord_env: simcord.Env, monkeypatch: pytest.MonkeyPatch
) -> None:
    from bot.ai.hard import HardPlayer
    from bot.ai.players import HeuristicPlayer

    here: list[str] = []
    for kind in (HardPlayer, HeuristicPlayer):
        choose = kind.choose

        def counted(self: Any, view: dict[str, Any], choose: Any = choose) -> Any:
            here.append(type(self).__name__)
            return choose(self, view)

        monkeypatch.setattr(kind, "choose", counted)
    table = await open_mixed_table(simcord_env, ["human", "hard", "normal", "easy"], timer=0)
    await ana_plays_a_turn(table)  # the three computers answer, each in turn
    moved = {a.player for a in await table.bot.store.actions(table.game_id)}
    assert {"ai:1", "ai:2", "ai:3"} <= moved
    assert here == []  # not one decision was taken in this process
    assert table.bot.service.thinker.in_processes


async def test_a_full_queue_makes_computers_wait_their_turn(
    simcord_env: simcord.Env, db_path: str, caplog: pytest.LogCaptureFixture
) -> None:
    old = simcord_env.bot
    bot = create_bot(db_path, seed=SEED, ai_delay=0, computer_processes=1, computer_queue=1)
    await simcord_env.restart_bot(bot)
    await old.close_store()
    caplog.set_level(logging.WARNING)
    try:
        tables = [await open_mixed_table(simcord_env, ["human", "normal", "easy", "normal"],
                                         timer=0) for _ in range(3)]
        for table in tables:  # each person's turn sets three computers thinking
            await ana_plays_a_turn(table)
        await simcord_env.settle()
        for table in tables:
            game = await table.game()
            assert game.turn == str(table.members[0].id) or game.hand_number > 1
            moved = [a.player for a in await bot.store.actions(table.game_id)]
            assert {"ai:1", "ai:2", "ai:3"} <= set(moved)
        thinker = bot.service.thinker
        assert thinker.most_busy == 1 and thinker.sent >= 9 and thinker.waiting == 0
        assert not [r for r in caplog.records if "chose badly" in r.getMessage()
                    or "failed" in r.getMessage()]
    finally:
        await bot.close_store()
