"""Every variant beyond the Samba family at a table of one person and computers (Modern
American, Hand and Foot, Pennies from Heaven, cut-throat, Slavic, Mexican, South American):
a whole hand through slash commands to its score sheet, the pictures drawn and the events
narrated from the real engine's views, and the computers never leave the table waiting."""

from __future__ import annotations

import pytest
import simcord
from canasta_table import open_mixed_table, play_the_hand, posts

TABLES = [
    ("modern_american", ["human", "normal", "easy", "normal"]),
    ("hand_and_foot", ["human", "normal", "normal", "normal"]),
    ("pennies", ["human", "normal", "easy", "normal", "normal", "normal"]),
    ("cutthroat", ["human", "easy", "normal"]),
    ("slavic", ["human", "normal", "easy", "normal"]),
    ("mexican", ["human", "normal", "easy", "normal"]),
    ("south_american", ["human", "normal", "easy", "normal"]),
]


@pytest.mark.parametrize(("variant", "seats"), TABLES, ids=[name for name, _ in TABLES])
async def test_a_person_with_computers_plays_a_whole_hand(
    simcord_env: simcord.Env, variant: str, seats: list[str],
) -> None:
    table = await open_mixed_table(simcord_env, seats, variant=variant, timer=0)
    await play_the_hand(table)
    assert (await table.game()).rules.name == variant
    said = posts(table)
    assert any(p.startswith("Hand 1 is over") for p in said)
    assert not any("{" in p or "event." in p or "picture." in p for p in said), said
    results = await table.bot.store.hand_results(table.game_id)
    assert {r.hand for r in results} == {1}
    actions = await table.bot.store.actions(table.game_id)
    assert {a.player for a in actions} >= {str(table.members[0].id), "ai:1", "ai:2"}
