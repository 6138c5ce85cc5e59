"""Ratings through the bot: a finished match against a computer moves both ratings once;
/leaderboard orders by the conservative rating with games played; /stats shows a person's
ratings and the picture of their rating over their last rated matches."""

from __future__ import annotations

import simcord
from canasta_table import Table, decode_picture, open_mixed_table, play_one


async def play_the_match(table: Table) -> None:
    """Ana plays greedy moves by slash commands until the match ends (the computer's
    turns are played as soon as hers end)."""
    ana = str(table.members[0].id)
    for _ in range(1500):
        game = await table.game()
        if game.phase == "over":
            return
        assert game.turn == ana, f"the table waits for {game.turn}"
        await play_one(table)
    raise AssertionError("the match did not end")


async def test_a_match_against_the_hard_computer_is_rated(simcord_env: simcord.Env) -> None:
    table = await open_mixed_table(simcord_env, ["human", "hard"], target=500)
    await play_the_match(table)
    ana = table.members[0]
    board = await ana.slash(table.channel, "leaderboard")
    text = board.response.content
    assert text.startswith("**Leaderboard — Official Laws**"), text
    rows = [line for line in text.splitlines() if "Ana" in line or "computer (hard)" in line]
    assert len(rows) == 2 and all(line.split()[-1] == "1" for line in rows), text
    winner = (await table.game()).winner
    assert ("Ana" in rows[0]) == (winner == 0), text  # the winner's rating is the higher
    assert "μ − 3σ" in text

    stats = await ana.slash(table.channel, "stats")
    assert stats.response is not None
    assert "Official Laws: rating " in stats.response.content
    assert "1 rated match" in stats.response.content
    [chart] = stats.response.attachments
    assert chart.filename == "rating.png"
    assert (await decode_picture(chart)).size == (720, 360)
    samba = await ana.slash(table.channel, "leaderboard", family="Samba")
    assert "No finished games" in samba.response.content
