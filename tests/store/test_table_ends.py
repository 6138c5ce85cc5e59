"""Tables that end without a result (cancelled, abandoned), and the indexed questions every
interaction asks, on both backends: the game of a thread read without its snapshot, a
player's tables in a channel, the counts a new table's limits look at, a lobby found by its
message, idle tables found by when a person last moved."""

from __future__ import annotations

import time

import pytest

from bot.store import (
    SCHEMA_VERSION,
    ActionCommit,
    Deadline,
    HandResultRecord,
    Seat,
    StaleGame,
    StatsDelta,
    Store,
)
from bot.store.backends import open_database
from bot.store.migrations import MIGRATIONS, spelled


async def _lobby(store: Store, host: str = "100", channel: int = 2, guild: int = 1,
                 thread: int | None = None) -> int:
    game_id = await store.create_game(guild_id=guild, channel_id=channel, host=host,
                                      host_name="Ana", variant="classic",
                                      options={"players": 2}, seed=5)
    if thread is not None:
        await store.set_thread(game_id, thread)
    return game_id


async def _in_play(store: Store, host: str = "100", other: str = "200", channel: int = 2,
                   guild: int = 1, thread: int | None = None) -> int:
    game_id = await _lobby(store, host, channel, guild, thread)
    await store.add_seat(game_id, other, "Bo")
    await store.start_game(game_id, [Seat(0, host, "Ana", 0), Seat(1, other, "Bo", 1)],
                           {"hand": 1})
    return game_id


async def _hand(store: Store, game_id: int, version: int, points: tuple[int, int],
                *, by_person: bool = True) -> int:
    """A move that ends a hand: Ana's side scores points[0], Bo's points[1]."""
    return await store.commit_action(ActionCommit(
        game_id=game_id, expected_version=version, player="100", action={"kind": "discard"},
        snapshot={"hand": version + 2},
        hand_results=[HandResultRecord(version + 1, 0, points[0], {}),
                      HandResultRecord(version + 1, 1, points[1], {})],
        stats=[StatsDelta("100", "Ana", canastas=1, hands=1, hand_points=points[0],
                          best_hand=points[0], went_out=1),
               StatsDelta("200", "Bo", hands=1, hand_points=points[1], best_hand=points[1])],
        guild_id=1, by_person=by_person))


async def test_a_cancelled_game_takes_back_its_statistics(store: Store) -> None:
    rated = await _in_play(store)
    await _hand(store, rated, 0, (300, 100))
    cancelled = await _in_play(store)
    await _hand(store, cancelled, 0, (900, -50))
    await _hand(store, cancelled, 1, (200, 150))
    await store.set_deadline(cancelled, Deadline(cancelled, "100", 1, 0.0, 30.0, 60.0))
    ana = await store.player_stats(1, "100")
    assert ana is not None and (ana.hands, ana.canastas, ana.best_hand) == (3, 3, 900)

    assert await store.end_game(cancelled, "cancelled", ended_by="555") == "active"

    ana, bo = await store.player_stats(1, "100"), await store.player_stats(1, "200")
    assert ana is not None and bo is not None
    assert (ana.hands, ana.hand_points, ana.canastas, ana.went_out, ana.best_hand) == (
        1, 300, 1, 1, 300)
    assert (bo.hands, bo.hand_points, bo.best_hand) == (1, 100, 100)
    record = await store.game(cancelled)
    assert record is not None and (record.status, record.ended_by) == ("cancelled", "555")
    assert await store.deadline(cancelled) is None
    assert len(await store.hand_results(cancelled)) == 4  # its history stays recorded
    # Ending it again changes nothing; and no move commits on it any more.
    assert await store.end_game(cancelled, "abandoned", ended_by="expired") is None
    with pytest.raises(StaleGame):
        await _hand(store, cancelled, 2, (5, 5))
    assert (await store.player_stats(1, "100")).hands == 1  # type: ignore[union-attr]


async def test_abandoned_is_a_status_and_lobby_only_leaves_games_in_play(store: Store) -> None:
    playing = await _in_play(store)
    assert await store.end_game(playing, "cancelled", ended_by="x", lobby_only=True) is None
    assert (await store.game(playing)).status == "active"  # type: ignore[union-attr]
    assert await store.end_game(playing, "abandoned", ended_by="idle") == "active"
    assert (await store.game(playing)).status == "abandoned"  # type: ignore[union-attr]
    lobby = await _lobby(store)
    assert await store.end_game(lobby, "cancelled", ended_by="host", lobby_only=True) == "lobby"
    with pytest.raises(ValueError):
        await store.end_game(lobby, "over", ended_by="x")


async def test_idle_tables_are_found_by_when_a_person_last_moved(store: Store) -> None:
    before = time.time()
    lobby = await _lobby(store, thread=7)
    playing = await _in_play(store, thread=8)
    computers_only = await _in_play(store, thread=9)
    start = (await store.game(computers_only)).moved_at  # type: ignore[union-attr]
    await _hand(store, computers_only, 0, (10, 10), by_person=False)
    assert (await store.game(computers_only)).moved_at == start  # type: ignore[union-attr]
    await _hand(store, playing, 0, (10, 10))
    later = time.time() + 1
    assert await store.stale_lobbies(before - 1) == []
    assert await store.stale_lobbies(later) == [lobby]
    assert await store.idle_tables(later) == [playing, computers_only]
    moved = (await store.game(playing)).moved_at  # type: ignore[union-attr]
    assert moved is not None and moved >= start  # type: ignore[operator]


async def test_finding_a_thread_a_players_tables_and_a_lobby_message(store: Store) -> None:
    mine = [await _lobby(store, host="100", channel=2, thread=20 + n) for n in range(2)]
    theirs = await _in_play(store, host="300", other="100", channel=2, thread=30)
    elsewhere = await _lobby(store, host="100", channel=3, thread=40)
    await _lobby(store, host="400", channel=2, thread=50)
    no_thread = await _lobby(store, host="100", channel=2)
    ended = await _lobby(store, host="100", channel=2, thread=60)
    await store.end_game(ended, "cancelled", ended_by="host")

    found = await store.game_in_thread(30)
    assert found is not None and found.id == theirs and found.snapshot is None
    assert await store.tables_of("100", 2) == [(theirs, 30), (mine[1], 21), (mine[0], 20)]
    assert await store.tables_of("100", 2, limit=1) == [(theirs, 30)]
    assert await store.tables_of("999", 2) == []
    assert elsewhere and no_thread
    from bot.store import OpenTables

    assert await store.open_tables("100", 2, 1) == OpenTables(4, 4, 1)

    await store.set_message(mine[0], "lobby", 2, 12345)
    await store.set_message(mine[0], "table", 2, 777)
    assert await store.lobby_of_message(12345) == mine[0]
    assert await store.lobby_of_message(777) is None
    assert await store.open_games_in_thread(30) == [theirs]
    assert await store.open_games_in_thread(60) == []


async def test_migration_7_keeps_games_and_allows_abandoned(database_url: str) -> None:
    raw = await open_database(database_url)
    async with raw.transaction() as tx:
        for statement in (s for migration in MIGRATIONS[:6] for s in migration):
            assert isinstance(statement, str)
            await tx.execute(spelled(statement, raw.dialect))
        await tx.set_schema_version(6)
        await tx.execute("INSERT INTO games (guild_id, channel_id, thread_id, host, status,"
                         " variant, options, seed, created_at, updated_at) VALUES"
                         " (1, 2, 3, '100', 'active', 'classic', '{\"players\": 2}', 5, 0, 42)")
    await raw.close()
    store = await Store.open(database_url)
    try:
        assert await store.schema_version() == SCHEMA_VERSION
        record = await store.game(1)
        assert record is not None and record.moved_at == 42 and record.status == "active"
        assert await store.end_game(1, "abandoned", ended_by="idle") == "active"
        assert (await store.game(1)).status == "abandoned"  # type: ignore[union-attr]
        with pytest.raises(Exception):  # noqa: B017 - either driver's CHECK violation
            async with store._transaction() as tx:  # noqa: SLF001
                await tx.execute("UPDATE games SET status = 'lost' WHERE id = 1")
    finally:
        await store.close()


async def test_the_questions_every_interaction_asks_use_indexes(tmp_path: object) -> None:
    """SQLite's plan for each: a search by an index, never a scan of the games."""
    store = await Store.open(f"{tmp_path}/plans.sqlite3")
    try:
        questions = [
            ("SELECT id FROM games WHERE thread_id = ? ORDER BY (status = 'active') DESC,"
             " id DESC LIMIT 1", (1,)),
            ("SELECT g.id FROM seats s JOIN games g ON g.id = s.game_id WHERE s.player = ?"
             " AND g.channel_id = ? AND g.status IN ('lobby', 'active') LIMIT 3", ("1", 2)),
            ("SELECT COUNT(*) FROM games WHERE channel_id = ? AND status = 'lobby'", (2,)),
            ("SELECT COUNT(*) FROM games WHERE guild_id = ? AND status = 'active'", (1,)),
            ("SELECT game_id FROM messages WHERE message_id = ? AND kind = 'lobby'", (1,)),
            ("SELECT id FROM games WHERE status = 'active' AND moved_at < ?", (1.0,)),
        ]
        for sql, params in questions:
            plan = " | ".join(str(r["detail"]) for r in await store._fetchall(  # noqa: SLF001
                f"EXPLAIN QUERY PLAN {sql}", params))
            assert "SCAN games" not in plan and "SCAN messages" not in plan, (sql, plan)
            assert "SCAN s" not in plan, (sql, plan)
    finally:
        await store.close()
