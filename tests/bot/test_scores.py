"""Scores, the end of the game, Rematch, the leaderboard and statistics."""

from __future__ import annotations

import aiosqlite
import pytest
import simcord
from canasta_table import Table, decode_picture, open_table, play_one


async def play_to_the_end(table: Table, limit: int = 1500) -> None:
    for _ in range(limit):
        if (await table.game()).phase == "over":
            return
        await play_one(table)
    raise AssertionError("the game did not end")


async def test_game_to_the_end_rematch_and_leaderboard(simcord_env: simcord.Env) -> None:
    table = await open_table(simcord_env, target=500)
    await play_to_the_end(table)
    game = await table.game()
    winners = {p for p in table.by_id if game.team_of(p) == game.winner}
    last = table.thread.history()[-1]
    assert "Game over" in last.content and last.attachments[0].filename == "scores.png"
    assert " win.**" in last.content  # a pair of partners win (not "wins")
    assert (await decode_picture(last.attachments[0])).width > 100

    scores = await table.members[0].slash(table.thread, "scores")
    assert scores.response is not None and scores.response.attachments

    # Rematch: a new game in the same thread, same seats, dealt at once.
    rematch = await table.members[1].click(last, label="Rematch")
    assert rematch.acknowledged
    over = next(m for m in table.thread.history() if m.id == last.id)
    assert all(c.disabled for row in over.components for c in row.children)
    record = await table.bot.service.game_in_thread(table.thread.id)
    assert record is not None and record.id != table.game_id and record.status == "active"
    first = Table(table.env, table.guild, table.channel, table.members, table.thread,
                  table.lobby, record.id, table.by_id)
    await play_to_the_end(first)

    board = await table.members[0].slash(table.channel, "leaderboard")
    text = board.response.content
    for member in table.members:
        assert member.name in text
    lines = [line for line in text.splitlines() if any(m.name in line for m in table.members)]
    assert all(line.split()[-1] == "2" for line in lines)  # 2 rated games each
    stats = await table.members[0].slash(table.channel, "stats")
    assert "2 games" in stats.response.content
    assert winners
    per_family = await table.members[0].slash(table.channel, "leaderboard", family="samba")
    assert "No finished games" in per_family.response.content


async def _stats_row(db_path: str, guild_id: int, player: int, n: int) -> None:
    """A stats row with every count ``n``, as finished games leave it in the real file."""
    async with aiosqlite.connect(db_path) as db:
        await db.execute("INSERT INTO stats (guild_id, player, variant, name, games, wins,"
                         " canastas, went_out, hands, hand_points, best_hand)"
                         " VALUES (?, ?, 'classic', 'Ana', ?, ?, ?, ?, ?, ?, ?)",
                         (guild_id, str(player), n, n, n, n, n, 400 * n, 400))
        await db.commit()


@pytest.mark.parametrize(("n", "words"), [
    (1, "1 game, 1 win (100%), 1 canasta made, went out 1 time, average hand score 400 "
        "over 1 hand"),
    (2, "2 games, 2 wins (100%), 2 canastas made, went out 2 times, average hand score 400 "
        "over 2 hands"),
])
async def test_stats_count_one_and_many(simcord_env: simcord.Env, db_path: str, n: int,
                                        words: str) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("canasta")
    ana = guild.add_member(simcord_env.create_user("Ana"))
    await _stats_row(db_path, guild.id, ana.id, n)
    stats = await ana.slash(channel, "stats")
    assert stats.response is not None
    assert words in stats.response.content, stats.response.content
