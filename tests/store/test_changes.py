"""What other processes change: the play state read in one go, and the notices a process
hears of other processes' moves (PostgreSQL's LISTEN/NOTIFY), also after its listening
connection drops."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

import asyncpg

from bot.store import ActionCommit, Deadline, GameChange, Seat, Store


async def _game_in_play(store: Store, guild: int) -> int:
    game_id = await store.create_game(guild_id=guild, channel_id=9, host="100",
                                      host_name="Ana", variant="classic", options={}, seed=1)
    await store.add_seat(game_id, "200", "Bo")
    await store.start_game(game_id, [Seat(0, "100", "Ana", 0), Seat(1, "200", "Bo", 1)],
                           {"turn": "100"})
    return game_id


async def _move(store: Store, game_id: int, version: int) -> None:
    await store.commit_action(ActionCommit(game_id, version, "100", {"kind": "draw"},
                                           {"turn": "100", "v": version + 1}))


async def test_the_play_state_in_one_read(store: Store) -> None:
    game_id = await _game_in_play(store, 7 << 22)
    state = await store.play_state(game_id)
    assert state is not None and (state.version, state.status) == (0, "active")
    assert state.seats == await store.seats(game_id) and state.deadline is None
    deadline = Deadline(game_id, "100", 1, 10.0, 40.0, 70.0)
    await store.set_deadline(game_id, deadline)
    await store.set_control(game_id, "200", is_ai=True, level="normal", missed=0)
    await _move(store, game_id, 0)
    state = await store.play_state(game_id)
    assert state is not None and state.version == 1 and state.deadline == deadline
    assert state.seats == await store.seats(game_id) and state.seats[1].away
    assert await store.play_state(game_id + 100) is None


async def _until(check: object, within: float = 5.0) -> None:
    start = time.monotonic()
    while not check():  # type: ignore[operator]
        assert time.monotonic() - start < within, f"not within {within} s"
        await asyncio.sleep(0.02)


async def test_a_process_hears_the_others_moves_not_its_own(postgres_url: str) -> None:
    here, there = await Store.open(postgres_url), await Store.open(postgres_url)
    try:
        heard: list[GameChange | None] = []
        assert here.shared and not here.hearing
        await here.listen(heard.append)
        assert here.hearing
        mine = await _game_in_play(here, 1 << 22)
        theirs = await _game_in_play(there, 2 << 22)
        await _move(here, mine, 0)  # its own move: nothing to hear
        await _move(there, theirs, 0)
        await there.set_control(theirs, "200", is_ai=True, level="normal", missed=0)
        await _until(lambda: len(heard) == 2)
        assert heard == [GameChange(theirs, 2 << 22)] * 2

        # The listening connection drops (a server restart, the network): it is made again,
        # `None` says notices may have been lost meanwhile, and later moves are heard.
        admin = await asyncpg.connect(postgres_url)
        try:
            await admin.execute(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                " WHERE query LIKE 'LISTEN%' AND pid <> pg_backend_pid()")
        finally:
            await admin.close()
        await _until(lambda: None in heard)
        assert here.hearing
        await _move(there, theirs, 1)
        await _until(lambda: heard[-1] == GameChange(theirs, 2 << 22))
    finally:
        await here.close()
        await there.close()


async def test_sqlite_has_no_other_process_to_hear(tmp_path: Path) -> None:
    store = await Store.open(str(tmp_path / "canasta.sqlite3"))
    try:
        heard: list[GameChange | None] = []
        await store.listen(heard.append)
        await _move(store, await _game_in_play(store, 1), 0)
        assert heard == [] and not store.shared  # one process: its copies are the truth
    finally:
        await store.close()


async def test_a_table_ended_elsewhere_is_heard(postgres_url: str) -> None:
    """A cancelled or abandoned table is a change the other processes hear: the owner drops
    its copy and its timer, whichever process ended it."""
    here, there = await Store.open(postgres_url), await Store.open(postgres_url)
    try:
        heard: list[GameChange | None] = []
        await here.listen(heard.append)
        cancelled = await _game_in_play(there, 3 << 22)
        abandoned = await _game_in_play(there, 4 << 22)
        assert await there.end_game(cancelled, "cancelled", ended_by="moderator:9") == "active"
        assert await there.end_game(abandoned, "abandoned", ended_by="idle") == "active"
        await _until(lambda: len(heard) == 2)
        assert heard == [GameChange(cancelled, 3 << 22), GameChange(abandoned, 4 << 22)]
        assert await there.end_game(cancelled, "cancelled", ended_by="x") is None
        await asyncio.sleep(0.3)
        assert len(heard) == 2  # nothing changed: nothing to hear
    finally:
        await here.close()
        await there.close()
