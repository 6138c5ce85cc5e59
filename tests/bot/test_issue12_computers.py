"""Every other variant of issue 12 at a table of one person and computers (Modern American,
cut-throat, Slavic, Mexican, South American; Hand and Foot and Pennies are in
test_feet_computers.py): a whole hand through slash commands to its score sheet, the
pictures drawn and the events narrated from the real engine's views, nobody waiting."""

from __future__ import annotations

import pytest
import simcord
from canasta_table import open_mixed_table, play_one, posts


@pytest.mark.parametrize(("variant", "seats"), [
    ("modern_american", ["human", "normal", "normal", "normal"]),
    ("cutthroat", ["human", "normal", "normal"]),
    ("slavic", ["human", "normal", "normal", "normal"]),
    ("mexican", ["human", "normal", "normal", "normal"]),
    ("south_american", ["human", "normal", "normal", "normal"]),
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
    said = posts(table)
    assert any(p.startswith("Hand 1 is over") for p in said)
    assert not any("{" in p or "event." in p or "picture." in p for p in said), said
    results = await table.bot.store.hand_results(table.game_id)
    assert {r.hand for r in results} == {1}
