"""A Hand and Foot hand played to its score sheet through slash commands (issue 12): Ana
melds her whole hand, picks up her foot and plays on, then goes out from the foot with the
canastas individual play needs (1 natural, 2 mixed); the thread narrates the pickup and the
table picture's seat says the foot waiting, then the view says it was picked up."""

from __future__ import annotations

import simcord
from canasta_table import open_table, said, set_position
from test_play import assert_accepted

from bot.engine import Game, variant
from bot.render import foot


async def test_a_hand_and_foot_hand_where_a_player_picks_up_her_foot(
    simcord_env: simcord.Env,
) -> None:
    table = await open_table(simcord_env, players=2, variant="hand_and_foot", timer=0)

    def position(players: list[str]) -> Game:
        ana, bo = players
        return Game.from_position(
            variant("hand_and_foot", 2), players, turn=ana, melded_players=[ana, bo],
            hands={ana: "9c 9d", bo: "4c 4d 6s 7h"}, feet={ana: "5h 5d 5s 8c"},
            melds={0: ["kh kd ks kc kh kd ks", "qh qd qs qc 2c qh 2d", "jh jd js jc jh 2s"],
                   1: ["10h 10d 10s"]},
            stock="9s jd 4h 4s 6h 6d 8h 8d 9h 10c", discard="6c")

    ids = (await set_position(table, position)).players
    ana_id, bo_id = ids
    ana = table.member(ana_id)
    game = await table.game()
    assert [c.text for c in game.foot(ana_id)] == ["5H", "5D", "5S", "8C"]
    assert foot.seat_note(game.view(None), game.view(None)["players"][0]) == "foot: 4 cards"
    assert_accepted(await ana.slash(table.thread, "draw"))
    assert_accepted(await ana.slash(table.thread, "meld", groups="999, j: jd"))
    game = await table.game()
    assert game.foot(ana_id) == [] and sorted(c.text for c in game.hand(ana_id)) == [
        "5D", "5H", "5S", "8C"]
    mine = game.view(ana_id)
    assert mine["players"][0]["foot_picked_up"] and mine["players"][0]["foot"] == 0
    assert any("Ana picked up the foot (4 cards) and plays on" in line
               for line in said(table.thread)), said(table.thread)
    assert_accepted(await ana.slash(table.thread, "meld", groups="555"))
    assert_accepted(await ana.slash(table.thread, "discard", card="8c"))  # going out
    sheet = next(m for m in table.thread.history() if m.content.startswith("Hand 1 is over"))
    assert "Ana went out" in sheet.content
    assert sheet.attachments and sheet.attachments[0].filename == "scores.png"
    result = (await table.game()).results[0]
    # Ana: kings 70, queens 50 + 2 deuces 40 = 90, jacks 6 x 10 + a deuce 20 = 80, nines
    # 30, fives 15: 285 melded; natural 500 + two mixed 300: 1100; going out 100.
    # Bo: tens 30 melded; 4c 4d 6s 7h left in hand: -20.
    assert result.breakdown[0] == {"melded": 285, "canastas": 1100, "red_threes": 0,
                                   "going_out": 100, "in_hand": 0, "penalties": 0}
    assert result.breakdown[1] == {"melded": 30, "canastas": 0, "red_threes": 0,
                                   "going_out": 0, "in_hand": -20, "penalties": 0}
    assert list(result.total) == [1485, 10]
