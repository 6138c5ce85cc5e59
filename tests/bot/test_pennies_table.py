"""A Pennies from Heaven table of six played to its score sheet through slash commands
(issue 12): Ana completes her side's wild canasta, picks up her packet of 4 cards, melds
from it and goes out with the four canastas the game needs (natural, mixed, sevens, wild)."""

from __future__ import annotations

import simcord
from canasta_table import open_table, said, set_position
from test_play import assert_accepted

from bot.engine import Game, variant


async def test_a_table_of_six_with_a_packet_pickup_to_the_score_sheet(
    simcord_env: simcord.Env,
) -> None:
    table = await open_table(simcord_env, players=6, variant="pennies", timer=0)

    def position(players: list[str]) -> Game:
        ana, bo, cy, di, ed, flo = players
        return Game.from_position(
            variant("pennies", 6), players, turn=ana, melded_players=players,
            hands={ana: "jk 5h", bo: "4d", cy: "4c", di: "8s", ed: "6d", flo: "9c"},
            feet={ana: "9h 9d 9s 8c"},
            melds={0: ["kh kd ks kc kh kd ks", "qh qd qs qc 2c qh 2d",
                       "7h 7d 7s 7c 7h 7d 7s", "2h 2s jk 2c jk 2d"],
                   1: ["10h 10d 10s"]},
            stock="5c 5d 4h 4s 6h 6c 8h 8d 9h 10c", discard="6s")

    ids = (await set_position(table, position)).players
    ana_id = ids[0]
    ana = table.member(ana_id)
    game = await table.game()
    assert game.team_of(ana_id) == 0 and len(game.view(None)["players"]) == 6
    assert len(game.foot(ana_id)) == 4
    assert_accepted(await ana.slash(table.thread, "draw"))
    assert_accepted(await ana.slash(table.thread, "meld", groups="555, wild: jk"))
    game = await table.game()
    assert game.foot(ana_id) == []  # the wild canasta picked up the packet
    assert sorted(c.text for c in game.hand(ana_id)) == ["8C", "9D", "9H", "9S"]
    assert any("Ana picked up the packet (4 cards)" in line for line in said(table.thread))
    assert_accepted(await ana.slash(table.thread, "meld", groups="999"))
    assert_accepted(await ana.slash(table.thread, "discard", card="8c"))  # going out
    sheet = next(m for m in table.thread.history() if m.content.startswith("Hand 1 is over"))
    assert "Ana went out" in sheet.content
    assert sheet.attachments and sheet.attachments[0].filename == "scores.png"
    result = (await table.game()).results[0]
    # Ana & Cy & Ed: kings 70, queens 50 + 40, sevens 35, the wild canasta four 2s 80 and
    # three jokers 150, fives 15, nines 30: 470; natural 500, mixed 300, sevens 1500,
    # wild 1000: 3300; going out 100; Cy's 4 and Ed's 6 in hand: -10.
    # Bo & Di & Flo: tens 30; 4, 8 and 9 in hand: -25.
    assert result.breakdown[0] == {"melded": 470, "canastas": 3300, "red_threes": 0,
                                   "going_out": 100, "in_hand": -10, "penalties": 0}
    assert result.breakdown[1] == {"melded": 30, "canastas": 0, "red_threes": 0,
                                   "going_out": 0, "in_hand": -25, "penalties": 0}
    assert list(result.total) == [3860, 5]
