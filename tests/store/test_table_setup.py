"""Table set-up in the store, on both backends: the opening intent, the one-transaction
rematch, dropping a game without a trace, durable commits, and migration 4 on an existing
database."""

from __future__ import annotations

import pytest

from bot.store import SCHEMA_VERSION, GameRecord, IntegrityError, Seat, Store, StoreError
from bot.store.backends import open_database
from bot.store.migrations import MIGRATIONS, spelled


async def _lobby(store: Store, *, opening: bool = True) -> int:
    return await store.create_game(guild_id=1, channel_id=2, host="100", host_name="Ana",
                                   variant="classic", options={"players": 2}, seed=7,
                                   opening=opening)


async def _over(store: Store) -> GameRecord:
    game_id = await _lobby(store, opening=False)
    await store.add_seat(game_id, "200", "Bo")
    await store.opened(game_id, 900)
    await store.start_game(game_id, await store.seats(game_id), {"dealt": True})
    await store.set_status(game_id, "over", expected="active")
    record = await store.game(game_id)
    assert record is not None
    return record


async def _counts(store: Store, game_id: int) -> dict[str, int]:
    counts = {}
    for table in ("games", "seats", "messages", "openings", "deadlines"):
        [row] = await store._fetchall(  # noqa: SLF001
            f"SELECT COUNT(*) AS n FROM {table} WHERE"
            f" {'id' if table == 'games' else 'game_id'} = ?", (game_id,))
        counts[table] = int(row["n"])
    return counts


async def _synchronous(store: Store) -> object:
    """How a write of the store commits: SQLite: 2 is FULL (the WAL synced at every commit);
    PostgreSQL: synchronous_commit, which each durable transaction turns on for itself."""
    sql = "PRAGMA synchronous" if store.dialect == "sqlite" else "SHOW synchronous_commit"
    async with store._transaction() as tx:  # noqa: SLF001
        [row] = await tx.fetch(sql)
    return row[0]


async def test_commits_are_synced_to_disk(store: Store) -> None:
    assert await _synchronous(store) in (2, "on")


async def test_an_opening_lasts_until_the_thread_is_recorded(store: Store) -> None:
    game_id = await _lobby(store)
    [opening] = await store.openings()
    assert (opening.game_id, opening.kind) == (game_id, "new")
    await store.set_message(game_id, "lobby", 2, 555)
    assert await store.openings() == [opening]
    await store.opened(game_id, 555)
    assert await store.openings() == []
    record = await store.game(game_id)
    assert record is not None and record.thread_id == 555 and record.status == "lobby"
    with pytest.raises(StoreError):
        await store.opened(game_id + 1, 556)


async def test_dropping_a_game_leaves_no_trace(store: Store) -> None:
    game_id = await _lobby(store)
    await store.add_seat(game_id, "200", "Bo")
    await store.set_message(game_id, "lobby", 2, 555)
    await store.drop_game(game_id)
    assert await store.game(game_id) is None
    assert set((await _counts(store, game_id)).values()) == {0}
    assert await _lobby(store) > game_id  # ids are never reused: old buttons find nothing


async def test_a_rematch_is_one_transaction(store: Store) -> None:
    previous = await _over(store)
    seats = [Seat(0, "200", "Bo", 0), Seat(1, "100", "Ana", 1)]
    new_id = await store.create_rematch(previous=previous, host="200", seed=8, seats=seats,
                                        snapshot={"dealt": 2})
    record = await store.game(new_id)
    assert record is not None and record.status == "active" and record.thread_id == 900
    assert record.snapshot == {"dealt": 2} and record.seed == 8 and record.host == "200"
    assert await store.seats(new_id) == seats
    [opening] = await store.openings()
    assert (opening.game_id, opening.kind) == (new_id, "rematch")  # the deal is not shown yet
    current = await store.game_in_thread(900)
    assert current is not None and current.id == new_id
    # A second Rematch for the same game finds the thread taken: nothing is written.
    with pytest.raises(StoreError):
        await store.create_rematch(previous=previous, host="100", seed=9, seats=seats,
                                   snapshot={})
    await store.finish_opening(new_id)
    assert await store.openings() == []


async def test_a_failed_rematch_writes_nothing(store: Store) -> None:
    previous = await _over(store)
    twice = [Seat(0, "200", "Bo", 0), Seat(1, "200", "Bo", 1)]  # one player in two seats
    with pytest.raises(IntegrityError):
        await store.create_rematch(previous=previous, host="200", seed=8, seats=twice,
                                   snapshot={})
    [row] = await store._fetchall("SELECT COUNT(*) AS n FROM games")  # noqa: SLF001
    assert row["n"] == 1
    assert await store.openings() == []


async def test_migration_4_on_a_database_of_schema_3(database_url: str) -> None:
    raw = await open_database(database_url)
    async with raw.transaction() as tx:
        for statement in (s for migration in MIGRATIONS[:3] for s in migration):
            await tx.execute(spelled(statement, raw.dialect))
        await tx.set_schema_version(3)
        await tx.execute("INSERT INTO games (guild_id, channel_id, thread_id, host, status,"
                         " variant, options, seed, created_at, updated_at) VALUES"
                         " (1, 2, 3, '100', 'lobby', 'classic', '{\"players\": 2}', 5, 0, 0)")
        await tx.execute(
            "INSERT INTO seats (game_id, seat, player, name) VALUES (1, 0, '100', 'Ana')")
    await raw.close()
    store = await Store.open(database_url)
    try:
        assert await store.schema_version() == SCHEMA_VERSION
        assert await store.openings() == []  # old games were not opened with an intent
        record = await store.game(1)
        assert record is not None and record.thread_id == 3 and record.status == "lobby"
        assert [s.name for s in await store.seats(1)] == ["Ana"]
        later = await _lobby(store)
        assert [o.game_id for o in await store.openings()] == [later]
    finally:
        await store.close()


async def test_bookkeeping_commits_leave_the_store_durable(store: Store) -> None:
    """The table picture's id is written without its own sync; every other write, and the
    connection afterwards, is synced at commit."""
    game_id = await _lobby(store)
    await store.set_message(game_id, "table", 2, 777)
    assert await _synchronous(store) in (2, "on")
    assert await store.message(game_id, "table") == (2, 777)
