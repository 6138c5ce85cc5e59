"""The positions of issue 8 ("Every legal move offered, and the stock-end rule that depends on
it"), each with the exact moves offered and the exact scores."""
from __future__ import annotations

from bot.engine import AskToGoOut, Discard, Draw, Meld, TakePile

from .conftest import pos

KING_HAND = "kh kd jk 5c 9d 6h 7c 8s 4d 10c qd"   # 130 points in hand
SPREAD_HAND = "8s jd 8d 2c jc js 9s 2h 9c 9c qc 2c"
CANASTA = "kh kd ks kc kh kd ks"


def test_a_side_that_has_not_melded_is_offered_the_take_with_a_wild_card_beside_the_pair():
    g = pos(hands={"Ana": KING_HAND, "Bo": "4c"}, discard="5d ks")
    assert g.legal_actions("Ana") == [Draw(), TakePile(cards=["KH", "KD", "JK"])]
    assert g.can_take_pile("Ana")
    g.apply("Ana", TakePile(cards=["KH", "KD", "JK"]))
    assert [sorted(c.text for c in m) for m in g.melds(0)] == [["JK", "KD", "KH", "KS"]]
    assert sum(c.points for c in g.melds(0)[0]) == 80   # K-K-K-Jk meets the 50
    assert sorted(c.text for c in g.hand("Ana")) == sorted(
        "5C 9D 6H 7C 8S 4D 10C QD 5D".split())


def test_an_initial_meld_that_spreads_the_wild_cards_over_two_groups_is_offered():
    g = pos(hands={"Ana": SPREAD_HAND, "Bo": "4c"}, scores=[3000, 0], phase="play")
    melds = [a for a in g.legal_actions("Ana") if isinstance(a, Meld)]
    # 9-9-9 (30) + J-J-J-2-2-2 (90) = 120, the fewest cards that reach 120 and keep two
    assert melds == [Meld(groups=[["9C", "9C", "9S"], ["JC", "JD", "JS", "2H", "2C", "2C"]])]
    g.apply("Ana", melds[0])
    assert sorted(c.text for c in g.hand("Ana")) == ["8D", "8S", "QC"]
    # the issue's own grouping is accepted too
    h = pos(hands={"Ana": SPREAD_HAND, "Bo": "4c"}, scores=[3000, 0], phase="play")
    h.apply("Ana", Meld(groups=[["jd", "jc", "js"], ["9s", "9c", "9c", "2c", "2h", "2c"]]))
    assert [sum(c.points for c in m) for m in h.melds(0)] == [30, 90]


def test_stock_exhausted_the_hand_goes_on_when_the_next_player_can_take_with_a_wild_card():
    # Di discards a king with the stock empty; Ana can take it with K-K-Jk (A.10).
    g = pos(hands={"Ana": KING_HAND, "Bo": "6c 6d", "Cy": "4c", "Di": "ks 9c"}, stock="",
            discard="5d", melds={1: ["qh qs qc"]}, turn="Di", phase="play")
    events = g.apply("Di", Discard("ks"))
    assert [e["type"] for e in events] == ["discard"]
    assert g.turn == "Ana" and g.results == []
    assert not g.forced_take("Ana")
    assert g.legal_actions("Ana") == [Draw(), TakePile(cards=["KH", "KD", "JK"])]
    # "will not": declining ends the hand, with no going-out bonus
    g.apply("Ana", Draw())
    res = g.results[0]
    assert res.reason == "stock" and res.went_out is None
    assert res.breakdown[0] == {"melded": 0, "canastas": 0, "red_threes": 0, "going_out": 0,
                                "in_hand": -135, "penalties": 0}
    assert res.breakdown[1] == {"melded": 30, "canastas": 0, "red_threes": 0, "going_out": 0,
                                "in_hand": -20, "penalties": 0}
    assert res.total == [-135, 10]


def test_stock_exhausted_the_hand_ends_when_the_next_player_cannot_take():
    g = pos(hands={"Ana": "kh 5c 9d", "Bo": "6c 6d", "Cy": "4c", "Di": "ks 9c"}, stock="",
            discard="5d", melds={1: ["qh qs qc"]}, turn="Di", phase="play")
    events = g.apply("Di", Discard("ks"))
    assert [e["type"] for e in events][:3] == ["discard", "cannot_take", "hand_end"]
    assert g.results[0].total == [-30, 10]   # Ana's 25 and Cy's 5 in hand


def test_vienna_pays_no_hand_canasta_bonus_after_a_lay_off_on_the_partners_meld():
    hands = {"Ana": "9h 9s 9c 9d 9h 9s 2c kc", "Bo": "6c", "Cy": "4c", "Di": "4d"}
    move = Meld(groups=["9h 9s 9c 9d 9h 9s 2c"], add={"K": ["kc"]})
    # melded 40 + 80 (the nines with the deuce), mixed canasta 300, Cy's 4C -5
    for name in ("classic", "vienna"):
        g = pos(name=name, hands=hands, melds={0: ["kh kd ks"]}, phase="play",
                melded_players=["Cy"])
        g.apply("Ana", move)
        res = g.results[0]
        assert res.went_out == "Ana" and not res.concealed
        assert res.breakdown[0] == {"melded": 120, "canastas": 300, "red_threes": 0,
                                    "going_out": 100, "in_hand": -5, "penalties": 0}
        assert res.total == [515, -10]
    # without the lay-off Vienna pays the hand canasta (the king is discarded instead)
    v = pos(name="vienna", hands=hands, melds={0: ["kh kd ks"]}, phase="play",
            melded_players=["Cy"])
    v.apply("Ana", Meld(groups=["9h 9s 9c 9d 9h 9s 2c"]))
    v.apply("Ana", Discard("kc"))
    assert v.results[0].concealed
    assert v.results[0].breakdown[0]["going_out"] == 1000
    assert v.results[0].total == [30 + 80 + 300 + 1000 - 5, -10]


def test_vienna_smooth_going_out_is_ordinary_after_a_lay_off_on_the_partners_meld():
    hands = {"Ana": "5c 5d 5h kc 4c", "Bo": "6c", "Cy": "4d", "Di": "4h"}
    smooth = pos(name="vienna", hands={**hands, "Ana": "5c 5d 5h 4c"}, melds={0: [CANASTA]},
                 phase="play", melded_players=["Cy"])
    smooth.apply("Ana", Meld(groups=["5c 5d 5h"]))
    smooth.apply("Ana", Discard("4c"))
    assert smooth.results[0].breakdown[0]["going_out"] == 200
    g = pos(name="vienna", hands=hands, melds={0: [CANASTA]}, phase="play",
            melded_players=["Cy"])
    g.apply("Ana", Meld(groups=["5c 5d 5h"], add={"K": ["kc"]}))
    g.apply("Ana", Discard("4c"))
    res = g.results[0]
    assert not res.concealed
    assert res.breakdown[0] == {"melded": 80 + 15, "canastas": 500, "red_threes": 0,
                                "going_out": 100, "in_hand": -5, "penalties": 0}


def test_may_i_go_out_is_offered_only_with_a_way_to_go_out():
    # a canasta, but two odd cards: no way to go out this turn
    stuck = pos(hands={"Ana": "8h 8s 8c 4d 9s", "Bo": "5c"}, melds={0: [CANASTA]},
                phase="play")
    assert AskToGoOut() not in stuck.legal_actions("Ana")
    # no canasta: no way either
    bare = pos(hands={"Ana": "8h 8s 8c 9s", "Bo": "5c"}, melds={0: ["kh kd ks"]}, phase="play")
    assert AskToGoOut() not in bare.legal_actions("Ana")
    # a canasta and 8-8-8 + 9S to discard: asking is offered, with the going-out lines
    g = pos(hands={"Ana": "8h 8s 8c 9s", "Bo": "5c"}, melds={0: [CANASTA]}, phase="play")
    legal = g.legal_actions("Ana")
    assert AskToGoOut() in legal
    outs = [a for a in legal if isinstance(a, Meld) and len(g.hand("Ana")) - sum(
        len(x) for x in a.groups) - sum(len(x) for x in a.add.values()) <= 1]
    assert outs == [Meld(groups=[["8H", "8S", "8C"]])]
    # apply still accepts the question when going out is impossible
    stuck.apply("Ana", AskToGoOut())
    assert stuck.phase == "permission"
