"""Table set-up in the store: the opening intent, the one-transaction rematch, dropping a
game without a trace, durable commits, and migration 4 on an existing database."""

from __future__ import annotations

import sqlite3
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.store import SCHEMA_VERSION, GameRecord, Seat, Store, StoreError
from bot.store.migrations import MIGRATIONS


@pytest.fixture
async def store(tmp_path: Path) -> AsyncIterator[Store]:
    opened = await Store.open(str(tmp_path / "canasta.sqlite3"))
    try:
        yield opened
    finally:
        await opened.close()


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


def _counts(path: str, game_id: int) -> dict[str, int]:
    with sqlite3.connect(path) as raw:
        return {table: raw.execute(f"SELECT COUNT(*) FROM {table} WHERE "
                                   f"{'id' if table == 'games' else 'game_id'} = ?",
                                   (game_id,)).fetchone()[0]
                for table in ("games", "seats", "messages", "openings", "deadlines")}


async def test_commits_are_synced_to_disk(store: Store) -> None:
    async with store._db.execute("PRAGMA synchronous") as cursor:  # noqa: SLF001
        row = await cursor.fetchone()
    assert row is not None and row[0] == 2  # FULL: the WAL is synced at every commit


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
    assert set(_counts(store.path, game_id).values()) == {0}
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
    with pytest.raises(sqlite3.IntegrityError):
        await store.create_rematch(previous=previous, host="200", seed=8, seats=twice,
                                   snapshot={})
    with sqlite3.connect(store.path) as raw:
        assert raw.execute("SELECT COUNT(*) FROM games").fetchone()[0] == 1
    assert await store.openings() == []


async def test_migration_4_on_a_database_of_schema_3(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    with sqlite3.connect(path) as raw:
        for statement in (s for migration in MIGRATIONS[:3] for s in migration):
            raw.execute(statement)
        raw.execute("PRAGMA user_version = 3")
        raw.execute("INSERT INTO games (guild_id, channel_id, thread_id, host, status, variant,"
                    " options, seed, created_at, updated_at) VALUES"
                    " (1, 2, 3, '100', 'lobby', 'classic', '{\"players\": 2}', 5, 0, 0)")
        raw.execute("INSERT INTO seats (game_id, seat, player, name) VALUES (1, 0, '100', 'Ana')")
    store = await Store.open(str(path))
    try:
        assert await store.schema_version() == SCHEMA_VERSION == 4
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
    async with store._db.execute("PRAGMA synchronous") as cursor:  # noqa: SLF001
        row = await cursor.fetchone()
    assert row is not None and row[0] == 2
    assert await store.message(game_id, "table") == (2, 777)
