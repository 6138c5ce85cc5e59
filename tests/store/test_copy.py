"""copy-database: SQLite to PostgreSQL and back, every table, verified; never over data."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.__main__ import main
from bot.store import (
    ActionCommit,
    Deadline,
    HandResultRecord,
    MatchEntry,
    MatchResult,
    Seat,
    StatsDelta,
    Store,
)
from bot.store.copy import CopyRefused, UncoveredTable, copy_database


async def _fill(url: str) -> dict[str, object]:
    """A database with a game in play, a finished one, a dropped one and a lobby; returns
    what the store reads back."""
    store = await Store.open(url)
    try:
        ids = []
        for guild in (1, 2, 3):
            game_id = await store.create_game(
                guild_id=guild << 22, channel_id=9, host="100", host_name="Ana",
                variant="classic", options={"players": 2}, seed=guild, opening=guild == 3)
            ids.append(game_id)
        dropped = await store.create_game(guild_id=5, channel_id=9, host="100",
                                          host_name="Ana", variant="classic", options={},
                                          seed=0)
        await store.drop_game(dropped)  # the highest id so far: never handed out again
        playing, over, lobby = ids
        for game_id in (playing, over):
            await store.add_seat(game_id, "200", "Bo")
            await store.opened(game_id, 700 + game_id)
            await store.start_game(game_id, [Seat(0, "100", "Ana", 0), Seat(1, "200", "Bo", 1)],
                                   {"turn": "100", "dealt": game_id})
        await store.commit_action(ActionCommit(playing, 0, "100", {"type": "draw"},
                                               {"turn": "100", "drew": True}, guild_id=1 << 22))
        await store.commit_action(ActionCommit(
            over, 0, "100", {"type": "go_out"}, {"over": True}, status="over", winner=0,
            hand_results=[HandResultRecord(1, 0, 5000, {"melded": 5000}),
                          HandResultRecord(1, 1, 20, {"melded": 20})],
            stats=[StatsDelta("100", "Ana", games=1, wins=1, hands=1, hand_points=5000,
                              best_hand=5000)], guild_id=2 << 22,
            match=MatchResult("official", [MatchEntry(0, "100", "Ana", 0, 5000),
                                           MatchEntry(1, "level:hard", "hard", 1, 20)])))
        await store.set_message(playing, "table", 701, 702)
        await store.set_deadline(playing, Deadline(playing, "100", 1, 10.0, 20.0, 30.0))
        await store.note_dm_closed("200")
        return {
            "games": [await store.game(i) for i in (*ids, dropped)],
            "seats": [await store.seats(i) for i in ids],
            "actions": [await store.actions(i) for i in ids],
            "results": await store.hand_results(over),
            "board": await store.leaderboard(2 << 22),
            "deadline": await store.deadline(playing),
            "message": await store.message(playing, "table"),
            "openings": await store.openings(),
            "dropped": dropped,
        }
    finally:
        await store.close()


async def _read(url: str, before: dict[str, object]) -> dict[str, object]:
    store = await Store.open(url)
    try:
        games = before["games"]
        ids = [g.id for g in games[:3]]  # type: ignore[index,union-attr]
        over = ids[1]
        read = {
            "games": [await store.game(i) for i in (*ids, before["dropped"])],
            "seats": [await store.seats(i) for i in ids],
            "actions": [await store.actions(i) for i in ids],
            "results": await store.hand_results(over),
            "board": await store.leaderboard(2 << 22),
            "deadline": await store.deadline(ids[0]),
            "message": await store.message(ids[0], "table"),
            "openings": await store.openings(),
            "dropped": before["dropped"],
        }
        assert await store.note_dm_closed("200") is False  # the notice came along
        new = await store.create_game(guild_id=1, channel_id=9, host="1", host_name="A",
                                      variant="classic", options={}, seed=1)
        assert new > before["dropped"]  # type: ignore[operator]
        return read
    finally:
        await store.close()


async def test_sqlite_to_postgresql_and_back(tmp_path: Path, postgres_url: str) -> None:
    source = str(tmp_path / "home.sqlite3")
    before = await _fill(source)
    counts = await copy_database(source, postgres_url)
    assert counts["games"] == 3 and counts["actions"] == 2 and counts["hand_results"] == 2
    assert counts["dm_notices"] == 1 and counts["deadlines"] == 1 and counts["openings"] == 1
    assert await _read(postgres_url, before) == before

    back = str(tmp_path / "back.sqlite3")
    again = await copy_database(postgres_url, back)
    # and the game (with its host's seat) that _read opened on PostgreSQL
    assert again == {**counts, "games": 4, "seats": counts["seats"] + 1}
    assert await _read(back, before) == before


async def test_a_non_empty_target_is_refused(tmp_path: Path, postgres_url: str) -> None:
    source = str(tmp_path / "home.sqlite3")
    await _fill(source)
    await copy_database(source, postgres_url)
    with pytest.raises(CopyRefused, match="not empty"):
        await copy_database(source, postgres_url)
    other = str(tmp_path / "other.sqlite3")
    await _fill(other)
    with pytest.raises(CopyRefused, match="not empty"):
        await copy_database(postgres_url, other)
    with pytest.raises(CopyRefused, match="same database"):
        await copy_database(source, source)


def test_the_command_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source, target = str(tmp_path / "a.sqlite3"), str(tmp_path / "b.sqlite3")
    import asyncio

    asyncio.run(_fill(source))
    assert main(["copy-database", source, target]) == 0
    out = capsys.readouterr().out
    assert "verified" in out and "games 3" in out and "actions 2" in out
    assert main(["copy-database", source, target]) == 1
    assert "not empty" in capsys.readouterr().err
    assert main(["copy-database", source]) == 2
    assert "usage" in capsys.readouterr().err


async def _every_row(url: str) -> dict[str, list[str]]:
    """Every row of every table the schema has, as text, in a stable order."""
    import json

    from bot.store.backends import open_database
    from bot.store.copy import schema_tables

    db = await open_database(url)
    try:
        async with db.transaction() as tx:
            tables = await schema_tables(tx, db.dialect)
            rows = {}
            for table, columns in tables.items():
                found = await tx.fetch(f"SELECT * FROM {table}")
                rows[table] = sorted(json.dumps(
                    {c: float(r[c]) if types in ("real", "double precision")
                     and r[c] is not None else r[c]
                     for c, types in columns.items()}, sort_keys=True) for r in found)
            return rows
    finally:
        await db.close()


async def test_every_table_of_the_schema_is_copied(tmp_path: Path, postgres_url: str) -> None:
    """Whatever table a migration creates holds the same rows in the copy, both ways."""
    source = str(tmp_path / "home.sqlite3")
    await _fill(source)
    store = await Store.open(source)
    try:
        await store.set_player_language("100", "bg")
        await store.set_server_language(1 << 22, "lt")
        await store.left_guild(5 << 22, at=1000.0)
        [playing] = [g.id for g in await store.active_games() if g.status == "active"]
        await store.add_table_line(playing, 1, "Ana drew 2 cards.")
    finally:
        await store.close()
    rows = await _every_row(source)
    assert all(rows.values()), [t for t, found in rows.items() if not found]  # none empty
    await copy_database(source, postgres_url)
    assert await _every_row(postgres_url) == rows
    back = str(tmp_path / "back.sqlite3")
    await copy_database(postgres_url, back)
    assert await _every_row(back) == rows


async def test_a_table_copy_database_does_not_know_stops_it(tmp_path: Path) -> None:
    source, target = str(tmp_path / "a.sqlite3"), str(tmp_path / "b.sqlite3")
    await _fill(source)
    store = await Store.open(source)
    try:
        async with store._transaction() as tx:
            await tx.execute("CREATE TABLE surprises (id INTEGER PRIMARY KEY)")
    finally:
        await store.close()
    with pytest.raises(UncoveredTable, match="surprises"):
        await copy_database(source, target)
    assert all(not found for found in (await _every_row(target)).values())  # nothing written
