"""A.7: the initial meld."""
import pytest

from bot.engine import Discard, IllegalMove, Meld, TakePile

from .conftest import pos


def test_seed_example_1600_needs_90():
    hand = "7h 7d 7s qh qd qs 2c ah ad as 2d 5c"
    g = pos(hands={"Ana": hand, "Bo": "4c"}, scores=[1600, 0], phase="play")
    with pytest.raises(IllegalMove, match="at least 90 points .this counts 65"):
        g.apply("Ana", Meld(groups=["7h 7d 7s", "qh qd qs 2c"]))
    g.apply("Ana", Meld(groups=["7h 7d 7s", "ah ad as 2d"]))
    assert len(g.melds(0)) == 2


@pytest.mark.parametrize(("score", "ok_groups", "short_groups"), [
    (-100, ["4c 4d 4h"], None),                              # 15 is enough below zero
    (0, ["ac ad 2c"], ["kc kd kh", "4c 4d 4h"]),             # 60 >= 50; 45 < 50
    (1500, ["ac ad ah", "4c 4d 4h 2c"], ["ac ad ah", "4c 4d 4h"]),  # 95 >= 90; 75 < 90
    (3000, ["ac ad ah 2c jk"], ["ac ad ah 2c", "kc kd kh"]),  # 130 >= 120; 110 < 120
])
def test_minimum_by_score(score, ok_groups, short_groups):
    hand = "ac ad ah 2c jk kc kd kh 4c 4d 4h 9s 9d"
    if short_groups:
        g = pos(hands={"Ana": hand, "Bo": "4c"}, scores=[score, 0], phase="play")
        with pytest.raises(IllegalMove, match="first meld"):
            g.apply("Ana", Meld(groups=short_groups))
    g = pos(hands={"Ana": hand, "Bo": "4c"}, scores=[score, 0], phase="play")
    g.apply("Ana", Meld(groups=ok_groups))


def test_canasta_bonus_does_not_count_toward_minimum():
    g = pos(hands={"Ana": "5c 5d 5h 5s 5c 5d 5h 9s 9d 8c", "Bo": "4c"}, phase="play")
    with pytest.raises(IllegalMove, match="counts 35"):
        g.apply("Ana", Meld(groups=["5c 5d 5h 5s 5c 5d 5h"]))


def test_pile_top_counts_but_nothing_beneath_it():
    hand = "kh kd ah ad 2c 6s 7s"
    g = pos(hands={"Ana": hand, "Bo": "4c"}, discard="as ac jk 9c kc")
    # top K (10) + K K (20) = 30 < 50, although aces lie in the pile
    with pytest.raises(IllegalMove, match="counts 30"):
        g.apply("Ana", TakePile(cards=["kh", "kd"]))
    g.apply("Ana", TakePile(cards=["kh", "kd"], melds=[["ah", "ad", "2c"]]))  # 30 + 60
    assert sorted(c.text for c in g.hand("Ana")) == sorted("6S 7S AS AC JK 9C".split())


def test_partner_cannot_help_and_move_changes_nothing():
    g = pos(hands={"Ana": "7h 7d 7s 9c", "Bo": "4c"}, phase="play")
    before = g.to_dict()
    with pytest.raises(IllegalMove):
        g.apply("Ana", Meld(groups=["7h 7d 7s"]))
    assert g.to_dict() == before


def test_after_initial_meld_partner_melds_freely():
    g = pos(hands={"Ana": "4c", "Bo": "9c", "Cy": "6h 6d 6s 8c 9d"}, melds={0: ["ah ad ac"]},
            turn="Cy", phase="play")
    g.apply("Cy", Meld(groups=["6h 6d 6s"]))  # 15 points, no minimum any more


def test_concealed_going_out_waives_minimum_after_drawing():
    g = pos(hands={"Ana": "4c 4d 4h 4s 4c 4d 4h 9c", "Bo": "6c 6d", "Cy": "8c", "Di": "7s"},
            phase="play")
    g.apply("Ana", Meld(groups=["4c 4d 4h 4s 4c 4d 4h"]))  # 35 < 50, but going out concealed
    g.apply("Ana", Discard("9c"))
    res = g.results[0]
    assert res.concealed
    assert res.breakdown[0] == {"melded": 35, "canastas": 500, "red_threes": 0,
                                "going_out": 200, "in_hand": -10, "penalties": 0}
    assert res.breakdown[1] == {"melded": 0, "canastas": 0, "red_threes": 0, "going_out": 0,
                                "in_hand": -15, "penalties": 0}


def test_minimum_applies_when_taking_the_pile_even_to_go_out():
    g = pos(hands={"Ana": "4c 4d 4h 4s 4c 4d", "Bo": "6c"}, discard="4h")
    with pytest.raises(IllegalMove, match="first meld"):
        g.apply("Ana", TakePile(cards=["4c", "4d", "4h", "4s", "4c", "4d"]))


def test_legal_actions_offer_an_initial_meld_that_does_not_go_out():
    # Melding everything would leave one card without a canasta; A-A-A alone is legal.
    g = pos(hands={"Ana": "ac ad ah kc kd kh 9s", "Bo": "4c"}, phase="play")
    melds = [a for a in g.legal_actions("Ana") if a.kind == "meld"]
    assert melds
    for m in melds:
        g.copy().apply("Ana", m)


def test_legal_actions_offer_an_initial_pile_take_that_does_not_go_out():
    g = pos(hands={"Ana": "kc kd ac ad ah 5c 5d 5h", "Bo": "4c"}, discard="kh")
    takes = [a for a in g.legal_actions("Ana") if a.kind == "take_pile"]
    assert takes
    for t in takes:
        g.copy().apply("Ana", t)
