"""Computer players at a Hand and Foot and a Pennies from Heaven table (issue 12): with one
person among them, a whole hand is played through slash commands to its score sheet, and
the computers never leave the table waiting."""

from __future__ import annotations

import pytest
import simcord
from canasta_table import open_mixed_table, play_one, posts


@pytest.mark.parametrize(("variant", "seats"), [
    ("hand_and_foot", ["human", "normal", "normal", "normal"]),
    ("pennies", ["human", "normal", "easy", "normal", "normal", "normal"]),
])
async def test_a_person_with_computers_plays_a_whole_hand(
    simcord_env: simcord.Env, variant: str, seats: list[str],
) -> None:
    table = await open_mixed_table(simcord_env, seats, variant=variant, timer=0)
    ana = str(table.members[0].id)
    moves = 0
    while (game := await table.game()).hand_number == 1 and game.phase != "over":
        assert game.turn == ana, f"the table waits for {game.turn}"
        result = await play_one(table)
        assert result.response is not None and not result.response.content.startswith(
            "Not allowed"), result.response.content
        moves += 1
        assert moves < 400, "the hand does not end"
    assert any(p.startswith("Hand 1 is over") for p in posts(table))
    results = await table.bot.store.hand_results(table.game_id)
    assert {r.hand for r in results} == {1}
    actions = await table.bot.store.actions(table.game_id)
    assert {a.player for a in actions} >= {ana, "ai:1"}
