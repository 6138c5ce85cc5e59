"""A Modern American hand played to its score sheet through slash commands (issue 12): Ana's
side has not melded; she melds two natural canastas from her hand as the initial meld (the
Splash), draws the 4 bonus cards (the thread counts them, never names them), melds from them
and goes out by discarding; threes count by colour against the canastas."""

from __future__ import annotations

import simcord
from canasta_table import open_table, said, set_position
from test_play import assert_accepted

from bot.engine import Game, variant
from bot.render import bonus


async def test_a_modern_american_hand_with_bonus_cards_to_the_score_sheet(
    simcord_env: simcord.Env,
) -> None:
    table = await open_table(simcord_env, players=4, variant="modern_american", timer=0)

    def position(players: list[str]) -> Game:
        ana, bo, cy, di = players
        return Game.from_position(
            variant("modern_american", 4), players, turn=ana,
            hands={ana: "kh kd ks kc kh kd ks qh qd qs qc qh qd qs 8c 5s", bo: "4c 4d",
                   cy: "7h 10c", di: "6h 9s"},
            red_threes={0: "3h"}, black_threes={1: "3s"},
            bonus_piles=["jh jd js 8d", "4h 4s 5h"],
            stock="8h 9h 9d 10h 10d jc 6c 6d 6s 5c 5d 4s 9c 10s", discard="6c")

    ids = (await set_position(table, position)).players
    ana_id = ids[0]
    ana = table.member(ana_id)
    game = await table.game()
    public = game.view(None)
    assert public["bonus_piles"] == [4, 3] and not public["turn_card_drawn"]
    assert bonus.tags(public) == ["bonus cards: 4 \u00b7 3",
                                  "until the turn card (9th from the bottom)"]
    assert public["teams"][1]["black_threes"] == ["3S"]
    assert_accepted(await ana.slash(table.thread, "draw"))
    assert_accepted(await ana.slash(table.thread, "meld", groups="kkkkkkk, qqqqqqq"))
    game = await table.game()
    assert sorted(c.text for c in game.hand(ana_id)) == ["5S", "8C", "8D", "8H", "JD", "JH",
                                                         "JS"]
    assert game.view(None)["bonus_piles"] == [3]
    lines = said(table.thread)
    assert any("Ana drew 4 bonus cards" in line for line in lines), lines
    assert not any("J♥" in line for line in lines)  # the bonus cards stay private
    assert_accepted(await ana.slash(table.thread, "meld", groups="jjj, 888"))
    assert_accepted(await ana.slash(table.thread, "discard", card="5s"))  # going out
    sheet = next(m for m in table.thread.history() if m.content.startswith("Hand 1 is over"))
    assert "Ana went out" in sheet.content
    assert sheet.attachments and sheet.attachments[0].filename == "scores.png"
    result = (await table.game()).results[0]
    # Ana & Cy: kings 70, queens 70, jacks 30, eights 30: 200 melded; two natural canastas
    # 1000; going out 100; one red three with two canastas +100; Cy's 7 and 10 left: -15.
    # Bo & Di: no meld, one black three with no canasta -100; 4 4 and 6 9 left: -25.
    assert result.breakdown[0] == {"melded": 200, "canastas": 1000, "red_threes": 100,
                                   "going_out": 100, "in_hand": -15, "penalties": 0}
    assert result.breakdown[1] == {"melded": 0, "canastas": 0, "red_threes": -100,
                                   "going_out": 0, "in_hand": -25, "penalties": 0}
    assert list(result.total) == [1385, -125]


async def test_a_special_hand_of_pairs_typed_in_slash_meld_ends_the_hand(
    simcord_env: simcord.Env,
) -> None:
    table = await open_table(simcord_env, players=4, variant="modern_american", timer=0)

    def position(players: list[str]) -> Game:
        ana, bo, cy, di = players
        return Game.from_position(
            variant("modern_american", 4), players, turn=ana,
            hands={ana: "kh kd qh qd jh jd 10h 10d 9h 9d 8h 8d 6h", bo: "4c 4d",
                   cy: "7h 10c", di: "6s 9s"},
            bonus_piles=["jc js 5c 5d", "4h 4s 5h"],
            stock="6d 9c 10s 8s 8c 5s 4c 4d 6c 7c 7d 7s 9h 10h", discard="")

    ids = (await set_position(table, position)).players
    ana = table.member(ids[0])
    assert_accepted(await ana.slash(table.thread, "draw"))
    assert_accepted(await ana.slash(table.thread, "meld", groups="kk, qq, jj, tt, 99, 88, 66"))
    lines = said(table.thread)
    assert any("Ana melded a special hand, Pairs: the hand is over" in line
               for line in lines), lines
    result = (await table.game()).results[0]
    # Pairs: 2,500 for Ana & Cy and nothing else (Cy's cards are not counted); Bo & Di
    # have not melded: 4 4 and 6 9 left in hand, -25.
    assert result.breakdown[0] == {"melded": 0, "canastas": 0, "red_threes": 0,
                                   "going_out": 2500, "in_hand": 0, "penalties": 0}
    assert result.breakdown[1]["in_hand"] == -25
    assert list(result.total) == [2500, -25]
