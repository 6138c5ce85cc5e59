"""Scores, the end of the game, Rematch, the leaderboard and statistics."""

from __future__ import annotations

import simcord
from canasta_table import Table, decode_png, open_table, play_one


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
    assert (await decode_png(last.attachments[0])).width > 100

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
    assert all(" 2 " in line or line.split()[-3] == "2" for line in lines)  # 2 games each
    stats = await table.members[0].slash(table.channel, "stats")
    assert "2 games" in stats.response.content
    assert winners
    per_variant = await table.members[0].slash(table.channel, "leaderboard", variant="vienna")
    assert "No finished games" in per_variant.response.content
