"""A.4: red threes."""
from bot.engine import Discard, Draw, format_cards

from .conftest import pos


def test_drawn_red_three_laid_out_and_replaced():
    g = pos(hands={"Ana": "4c 5d", "Bo": "6c"}, stock="3h 9c 8c")
    ev = g.apply("Ana", Draw())
    assert [e["type"] for e in ev] == ["red_three", "draw"]
    assert format_cards(g.red_threes(0)) == "3H"
    assert sorted(c.text for c in g.hand("Ana")) == ["4C", "5D", "9C"]
    assert g.stock_count == 1


def test_last_stock_card_red_three_ends_the_hand_without_meld_or_discard():
    g = pos(hands={"Ana": "4c 5d", "Bo": "6c"}, stock="3d", melds={0: ["kh kd ks"]})
    ev = g.apply("Ana", Draw())
    end = [e for e in ev if e["type"] == "hand_end"][0]
    assert end["reason"] == "red_three" and end["went_out"] is None
    res = g.results[0]
    assert res.breakdown[0] == {"melded": 30, "canastas": 0, "red_threes": 100, "going_out": 0,
                                "in_hand": -10, "penalties": 0}
    assert g.hand_number == 2  # the next hand is dealt at once


def test_red_threes_minus_without_a_meld():
    g = pos(hands={"Ana": "4c 5d", "Bo": "6c"}, stock="3d", red_threes={1: "3h"})
    g.apply("Ana", Draw())
    assert g.results[0].breakdown[1]["red_threes"] == -100
    assert g.results[0].breakdown[0]["red_threes"] == -100


def test_all_four_red_threes_score_800():
    g = pos(hands={"Ana": "4c 5d", "Bo": "6c"}, stock="3d", red_threes={0: "3h 3h 3d"},
            melds={0: ["kh kd ks"]})
    g.apply("Ana", Draw())
    assert g.results[0].breakdown[0]["red_threes"] == 800


def test_red_threes_never_in_hand_and_do_not_count_for_minimum():
    g = pos(hands={"Ana": "4c 5d kc kd 9s", "Bo": "6c"}, stock="3d 3h kh 8c",
            red_threes={0: "3h"})
    g.apply("Ana", Draw())
    assert not any(c.is_red_three for c in g.hand("Ana"))
    assert len(g.red_threes(0)) == 3
    assert g.view("Ana")["teams"][0]["minimum"] == 50


def test_vienna_red_threes_need_a_canasta():
    g = pos(name="vienna", hands={"Ana": "4c 5d", "Bo": "6c"}, stock="3d",
            melds={0: ["kh kd ks"]})
    g.apply("Ana", Draw())
    assert g.results[0].breakdown[0]["red_threes"] == -100


def test_six_player_red_three_sets():
    players = ["a", "b", "c", "d", "e", "f"]
    g = pos(players, hands={"a": "4c 5d", "b": "6c"}, stock="3d",
            red_threes={0: "3h 3h 3d 3d"}, melds={0: ["kh kd ks"]})
    g.apply("a", Draw())
    assert g.results[0].breakdown[0]["red_threes"] == 1000
    g = pos(players, hands={"a": "4c 5d", "b": "6c"}, stock="3d 9c",
            red_threes={0: "3h 3h 3d 3d 3h"}, melds={0: ["kh kd ks"]})
    g.apply("a", Draw())
    assert len(g.red_threes(0)) == 6 and g.phase == "play"
    g.apply("a", Discard("9c"))  # stock now empty and b cannot take: the hand ends
    assert g.results[0].breakdown[0]["red_threes"] == 1200
