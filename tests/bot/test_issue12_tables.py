"""Cut-throat, Slavic, Mexican and South American at a Discord table: a person playing by
slash commands with computer players, a whole hand to the score sheet (nothing hangs)."""

from __future__ import annotations

import pytest
import simcord
from canasta_table import open_mixed_table, play_one, posts

TABLES = [("cutthroat", ["human", "easy", "normal"]),
          ("slavic", ["human", "normal", "easy", "normal"]),
          ("mexican", ["human", "normal", "easy", "normal"]),
          ("south_american", ["human", "normal", "easy", "normal"])]


@pytest.mark.parametrize(("name", "seats"), TABLES, ids=[n for n, _ in TABLES])
async def test_a_person_and_computers_play_a_hand_to_the_score_sheet(
    simcord_env: simcord.Env, name: str, seats: list[str],
) -> None:
    table = await open_mixed_table(simcord_env, seats, variant=name)
    ana = str(table.members[0].id)
    moves = 0
    while (game := await table.game()).hand_number == 1 and game.phase != "over":
        assert game.turn == ana, f"the table waits for {game.turn}"
        result = await play_one(table)
        assert result.response is not None and not result.response.content.startswith(
            "Not allowed"), result.response.content
        moves += 1
        assert moves < 400, "the hand does not end"
    assert game.rules.name == name
    assert any(p.startswith("Hand 1 is over") for p in posts(table))
    results = await table.bot.store.hand_results(table.game_id)
    assert {r.hand for r in results} == {1}
