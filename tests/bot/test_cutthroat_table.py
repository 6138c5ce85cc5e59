"""A cut-throat hand played to its score sheet through slash commands (issue 12): Bo takes
the pile first and so plays alone, Ana and Cy become partners (their melds join), the thread
and the table picture say so, Bo goes out and each player scores on his own line."""

from __future__ import annotations

import simcord
from canasta_table import live_table, open_table, said, set_position
from test_play import assert_accepted

from bot.engine import Game, variant
from bot.render import caption
from bot.service.views import named_view


async def test_a_cut_throat_hand_the_first_to_take_the_pile_plays_alone(
    simcord_env: simcord.Env,
) -> None:
    table = await open_table(simcord_env, players=3, variant="cutthroat", timer=0)

    def position(players: list[str]) -> Game:
        ana, bo, cy = players
        return Game.from_position(
            variant("cutthroat", 3), players, turn=bo, melded_players=[ana, bo, cy],
            hands={ana: "9c 10d", bo: "8h 8d 7c 4c 4d", cy: "6c 6d 5h"},
            melds={0: ["qh qd qs"], 1: ["kh kd ks kc kh kd ks", "7h 7d 7s 7c 7h 7d"],
                   2: ["jh jd js"]},
            stock="9h 9s 10h 10s 5d 5s 6h 6s", discard="4s 5c 8s")

    ids = (await set_position(table, position)).players
    ana_id, bo_id, cy_id = ids
    bo = table.member(bo_id)
    game = await table.game()
    assert game.view(None)["partnership"] is None
    assert_accepted(await bo.slash(table.thread, "pickup", cards="8h 8d"))
    game = await table.game()
    assert game.view(None)["partnership"] == {"lone": bo_id, "partners": [ana_id, cy_id]}
    assert game.team_of(ana_id) == game.team_of(cy_id) != game.team_of(bo_id)
    lines = said(table.thread)
    assert any("Bo plays alone; Ana & Cy are partners for this hand" in line
               for line in lines), lines
    assert live_table(table.thread).attachments
    live = await table.live()
    shown = named_view(game.view(None), live.names)  # what the table picture is drawn from
    assert shown["partnership"] == {"lone": "Bo", "partners": ["Ana", "Cy"]}
    assert caption.plays_alone(shown, "Bo") and caption.partners(shown, "Ana") == ["Cy"]
    assert_accepted(await bo.slash(table.thread, "meld", groups="444, 7: 7c"))
    assert_accepted(await bo.slash(table.thread, "discard", card="5c"))  # going out
    sheet = next(m for m in table.thread.history() if m.content.startswith("Hand 1 is over"))
    assert "Bo went out" in sheet.content
    assert sheet.attachments and sheet.attachments[0].filename == "scores.png"
    result = (await table.game()).results[0]
    # Bo alone: kings 70 + sevens 35 + eights 30 + fours 15 = 150 melded, two natural
    # canastas 1000, going out 100: 1250.  Ana and Cy together: queens 30 + jacks 30 = 60,
    # in hand 9 + 10 (Ana) and 6 + 6 + 5 (Cy) = 35 points left: 60 - 35 = 25, each.
    seat = {p: i for i, p in enumerate(ids)}
    assert result.breakdown[seat[bo_id]] == {
        "melded": 150, "canastas": 1000, "red_threes": 0, "going_out": 100, "in_hand": 0,
        "penalties": 0}
    for partner in (ana_id, cy_id):
        assert result.breakdown[seat[partner]] == {
            "melded": 60, "canastas": 0, "red_threes": 0, "going_out": 0, "in_hand": -35,
            "penalties": 0}
    assert list(result.total) == [25, 1250, 25]
    stored = await table.bot.store.hand_results(table.game_id)
    assert [r.total for r in stored] == list(result.total)  # one row per player
