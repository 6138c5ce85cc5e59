"""The store on both backends (a real SQLite file, a real PostgreSQL server): migrations,
round trips, all-or-nothing writes, the version check."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from bot.store import (
    SCHEMA_VERSION,
    ActionCommit,
    HandResultRecord,
    IntegrityError,
    Seat,
    StaleGame,
    StatsDelta,
    Store,
    StoreError,
)


async def _new_game(store: Store) -> int:
    return await store.create_game(
        guild_id=1,
        channel_id=2,
        host="100",
        host_name="Ana",
        variant="classic",
        options={"players": 2, "target": 5000},
        seed=42,
    )


async def test_migration_from_an_empty_file(tmp_path: Path) -> None:
    path = tmp_path / "empty.sqlite3"
    path.touch()
    store = await Store.open(str(path))
    try:
        assert await store.schema_version() == SCHEMA_VERSION
    finally:
        await store.close()
    with sqlite3.connect(path) as raw:
        tables = {r[0] for r in raw.execute("SELECT name FROM sqlite_master WHERE type='table'")}
        assert raw.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert {"games", "seats", "actions", "hand_results", "messages", "stats"} <= tables


async def test_migrations_run_once_and_keep_data(database_url: str) -> None:
    path = database_url
    store = await Store.open(path)
    game_id = await _new_game(store)
    await store.close()
    store = await Store.open(path)
    try:
        assert await store.schema_version() == SCHEMA_VERSION
        game = await store.game(game_id)
        assert game is not None and game.status == "lobby"
    finally:
        await store.close()


async def test_partial_schema_is_completed(database_url: str) -> None:
    """A database at schema 1 (an older bot) gets the later migrations only."""
    from bot.store.backends import open_database
    from bot.store.migrations import MIGRATIONS, spelled

    raw = await open_database(database_url)
    async with raw.transaction() as tx:
        assert await tx.schema_version() == 0
        for statement in MIGRATIONS[0]:
            await tx.execute(spelled(statement, raw.dialect))
        await tx.set_schema_version(1)
    await raw.close()
    store = await Store.open(database_url)
    try:
        assert await store.schema_version() == SCHEMA_VERSION
        assert await store.note_dm_closed("7") is True
        assert await store.note_dm_closed("7") is False
    finally:
        await store.close()


async def test_lobby_seats_in_join_order(store: Store) -> None:
    game_id = await _new_game(store)
    await store.add_seat(game_id, "200", "Bo")
    await store.add_seat(game_id, "300", "Cy")
    await store.remove_seat(game_id, "200")
    await store.add_seat(game_id, "400", "Di")
    seats = await store.seats(game_id)
    assert [(s.seat, s.player, s.name) for s in seats] == [
        (0, "100", "Ana"),
        (1, "300", "Cy"),
        (2, "400", "Di"),
    ]
    with pytest.raises(IntegrityError):
        await store.add_seat(game_id, "300", "Cy")


async def test_action_round_trip(database_url: str) -> None:
    path = database_url
    store = await Store.open(path)
    game_id = await _new_game(store)
    await store.add_seat(game_id, "200", "Bo")
    await store.set_thread(game_id, 555)
    seats = [Seat(0, "200", "Bo", 0), Seat(1, "100", "Ana", 1)]
    await store.start_game(game_id, seats, {"hand": 1, "cards": ["7H", "JK"]})
    version = await store.commit_action(
        ActionCommit(
            game_id=game_id,
            expected_version=0,
            player="200",
            action={"type": "draw"},
            snapshot={"hand": 1, "cards": ["7H", "JK", "8S"]},
            hand_results=[
                HandResultRecord(1, 0, 450, {"melded": 450}),
                HandResultRecord(1, 1, -20, {"in_hand": -20}),
            ],
            stats=[StatsDelta("200", "Bo", hands=1, hand_points=450, best_hand=450, went_out=1)],
            guild_id=1,
        )
    )
    await store.set_message(game_id, "table", 555, 999)
    await store.close()

    store = await Store.open(path)
    try:
        assert version == 1
        game = await store.game(game_id)
        assert game is not None
        assert game.status == "active" and game.version == 1 and game.thread_id == 555
        assert game.snapshot == {"hand": 1, "cards": ["7H", "JK", "8S"]}
        assert game.options == {"players": 2, "target": 5000} and game.seed == 42
        assert [(s.player, s.team) for s in await store.seats(game_id)] == [("200", 0), ("100", 1)]
        [action] = await store.actions(game_id)
        assert (action.seq, action.player, action.action) == (1, "200", {"type": "draw"})
        assert [r.total for r in await store.hand_results(game_id)] == [450, -20]
        assert await store.message(game_id, "table") == (555, 999)
        assert (await store.game_in_thread(555)).id == game_id  # type: ignore[union-attr]
        stats = await store.player_stats(1, "200")
        assert stats is not None and stats.best_hand == 450 and stats.went_out == 1
    finally:
        await store.close()


async def _started(store: Store) -> int:
    game_id = await _new_game(store)
    await store.start_game(game_id, [Seat(0, "100", "Ana", 0)], {"state": "dealt"})
    return game_id


async def test_a_failed_write_leaves_the_game_unchanged(store: Store) -> None:
    game_id = await _started(store)
    # The duplicate hand result fails after the snapshot and the action were written.
    bad = ActionCommit(
        game_id=game_id,
        expected_version=0,
        player="100",
        action={"type": "draw"},
        snapshot={"state": "changed"},
        hand_results=[HandResultRecord(1, 0, 10, {}), HandResultRecord(1, 0, 20, {})],
    )
    with pytest.raises(IntegrityError):
        await store.commit_action(bad)
    game = await store.game(game_id)
    assert game is not None and game.snapshot == {"state": "dealt"} and game.version == 0
    assert await store.actions(game_id) == []
    assert await store.hand_results(game_id) == []


async def test_a_stale_version_writes_nothing(store: Store) -> None:
    game_id = await _started(store)
    commit = ActionCommit(game_id, 0, "100", {"type": "draw"}, {"state": "one"})
    assert await store.commit_action(commit) == 1
    with pytest.raises(StaleGame):
        await store.commit_action(ActionCommit(game_id, 0, "100", {"type": "x"}, {"state": "two"}))
    game = await store.game(game_id)
    assert game is not None and game.snapshot == {"state": "one"} and game.version == 1
    assert len(await store.actions(game_id)) == 1


async def test_start_only_from_the_lobby(store: Store) -> None:
    game_id = await _started(store)
    with pytest.raises(StoreError):
        await store.start_game(game_id, [], {})
    with pytest.raises(StoreError):
        await store.set_status(game_id, "cancelled", expected="lobby")


async def test_leaderboard_and_stats_accumulate(store: Store) -> None:
    for winner in ("100", "100", "200"):
        game_id = await _new_game(store)
        await store.start_game(game_id, [Seat(0, "100", "Ana", 0), Seat(1, "200", "Bo", 1)], {})
        await store.commit_action(
            ActionCommit(
                game_id,
                0,
                winner,
                {"type": "discard"},
                {},
                status="over",
                winner=0 if winner == "100" else 1,
                guild_id=1,
                stats=[
                    StatsDelta("100", "Ana", games=1, wins=int(winner == "100"), hands=1,
                               hand_points=100, best_hand=100, canastas=1),
                    StatsDelta("200", "Bo", games=1, wins=int(winner == "200"), hands=1,
                               hand_points=300, best_hand=300),
                ],
            )
        )
    board = await store.leaderboard(1)
    assert [(p.name, p.wins, p.games) for p in board] == [("Ana", 2, 3), ("Bo", 1, 3)]
    assert board[0].win_rate == pytest.approx(2 / 3)
    assert board[1].best_hand == 300
    assert await store.leaderboard(2) == []
    assert await store.leaderboard(1, "vienna") == []
    ana = await store.player_stats(1, "100")
    assert ana is not None and ana.canastas == 3 and ana.average_hand == 100


async def test_hints_taken_count_with_the_stats_but_rank_nobody(store: Store) -> None:
    await store.count_hint(1, "300", "classic", "Cy")
    await store.count_hint(1, "300", "samba", "Cy")
    await store.count_hint(1, "300", "classic", "Cy")
    await store.count_hint(2, "300", "classic", "Cy")  # another server counts apart
    cy = await store.player_stats(1, "300")
    assert cy is not None and cy.hints == 3 and cy.games == 0 and cy.hands == 0
    assert await store.leaderboard(1) == []  # hints alone are no games played
    game_id = await _new_game(store)
    await store.start_game(game_id, [Seat(0, "300", "Cy", 0), Seat(1, "200", "Bo", 1)], {})
    await store.commit_action(ActionCommit(
        game_id, 0, "300", {"type": "discard"}, {}, status="over", winner=0, guild_id=1,
        stats=[StatsDelta("300", "Cy", games=1, wins=1, hands=1, hand_points=50,
                          best_hand=50)]))
    cy = await store.player_stats(1, "300")
    assert cy is not None and (cy.hints, cy.games, cy.wins) == (3, 1, 1)
    assert [(p.name, p.hints) for p in await store.leaderboard(1)] == [("Cy", 3)]


async def test_discord_ids_and_seeds_keep_all_64_bits(store: Store) -> None:
    snowflake = 1_234_567_890_123_456_789  # past 32 bits, as every Discord id is
    game_id = await store.create_game(guild_id=snowflake, channel_id=snowflake + 1,
                                      host=str(snowflake), host_name="Ana", variant="classic",
                                      options={}, seed=2**62 - 1)
    await store.opened(game_id, snowflake + 2)
    await store.set_message(game_id, "lobby", snowflake + 1, snowflake + 3)
    record = await store.game(game_id)
    assert record is not None
    assert (record.guild_id, record.channel_id, record.thread_id, record.seed) == (
        snowflake, snowflake + 1, snowflake + 2, 2**62 - 1)
    assert await store.message(game_id, "lobby") == (snowflake + 1, snowflake + 3)


async def test_games_of_some_shards_only(store: Store) -> None:
    """Start-up in a sharded process reads only its own guilds' games (Discord's formula:
    shard = (guild_id >> 22) % shard count)."""
    from bot.store import Shards

    by_shard: dict[int, int] = {}
    for shard in range(4):
        guild = (shard + 4 * 1000) << 22  # a guild id on that shard of 4
        game_id = await store.create_game(guild_id=guild, channel_id=2, host="1",
                                          host_name="Ana", variant="classic", options={},
                                          seed=1, opening=True)
        await store.start_game(game_id, [Seat(0, "1", "Ana", 0)], {"shard": shard})
        await store.set_message(game_id, "question", 2, 3)
        by_shard[shard] = game_id
    mine = Shards(4, frozenset({1, 3}))
    assert await store.pending_games(mine) == [by_shard[1], by_shard[3]]
    assert [g.id for g in await store.active_games(mine)] == [by_shard[1], by_shard[3]]
    assert [o.game_id for o in await store.openings(mine)] == [by_shard[1], by_shard[3]]
    assert await store.games_with_message("question", mine) == [by_shard[1], by_shard[3]]
    assert await store.pending_games() == sorted(by_shard.values())
    assert all(mine.owns((s + 4000) << 22) == (s in {1, 3}) for s in range(4))
