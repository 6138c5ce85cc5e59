"""B.6 Cuban canasta (RG): one test per row of the table."""
import pytest

from bot.engine import Discard, Draw, Game, IllegalMove, Meld, TakePile, variant

from .conftest import pos

KINGS = "kh kd ks kc kh kd ks"


def cuban(**kwargs) -> Game:
    return pos(name="cuban", **kwargs)


def test_deck_and_deal():
    r = variant("cuban")
    assert (r.deck_size, r.hand_size, r.draw) == (108, 13, 1)
    g = Game.new(r, ["Ana", "Bo", "Cy", "Di"], seed=1)
    assert all(len(g.hand(p)) == 13 for p in g.players)
    with pytest.raises(ValueError, match="cuban is for 4 players"):
        variant("cuban", players=2)


def test_pile_is_always_frozen_and_not_taken_under_a_wild_card():
    g = cuban(hands={"Ana": "8h 2c 9c 4c", "Bo": "5c"}, discard="6c 8s",
              melds={0: ["8c 8d 8d"]})
    with pytest.raises(IllegalMove, match="frozen"):
        g.apply("Ana", TakePile())
    with pytest.raises(IllegalMove, match="frozen"):
        g.apply("Ana", TakePile(cards=["8h", "2c"]))
    g = cuban(hands={"Ana": "2h 2d 9c 4c", "Bo": "5c"}, discard="6c 2s",
              melds={0: ["8c 8d 8d"]})
    with pytest.raises(IllegalMove, match="wild card"):
        g.apply("Ana", TakePile(cards=["2h", "2d"]))


def test_melds_stop_at_seven_cards():
    g = cuban(hands={"Ana": "kh 9c 9d 4c", "Bo": "5c"}, phase="play", melds={0: [KINGS]})
    with pytest.raises(IllegalMove, match="past 7 cards"):
        g.apply("Ana", Meld(add={"K": ["kh"]}))


@pytest.mark.parametrize("wilds,points,bonus", [("2c 2d 2h 2s 2c 2d 2h", 140, 4000),
                                                ("jk jk jk jk 2c 2d 2h", 260, 3000),
                                                ("jk 2c 2d 2h 2s 2c 2d", 170, 2000)])
def test_wild_canastas_by_their_deuces_and_jokers(wilds, points, bonus):
    g = cuban(hands={"Ana": wilds + " 9c", "Bo": "5c"}, phase="play", melds={0: [KINGS]})
    g.apply("Ana", Meld(groups=[wilds]))
    g.apply("Ana", Discard("9c"))
    res = g.results[0]
    # exact hand score: kings 70 and the wild cards, natural canasta 500 and the wild one,
    # going out 100 (no concealed bonus)
    assert res.breakdown[0] == {"melded": 70 + points, "canastas": 500 + bonus,
                                "red_threes": 0, "going_out": 100, "in_hand": 0, "penalties": 0}
    assert res.total == [70 + points + 500 + bonus + 100, -5]


@pytest.mark.parametrize("threes,value", [("3h", 100), ("3h 3d", 300), ("3h 3d 3h", 500),
                                          ("3h 3d 3h 3d", 1000)])
def test_red_threes_plus_with_one_canasta(threes, value):
    g = cuban(hands={"Ana": "4c 5d", "Bo": "6c"}, stock="9c",
              melds={0: [KINGS], 1: ["qh qd qs"]}, red_threes={0: threes, 1: threes})
    g.apply("Ana", Draw())
    g.apply("Ana", Discard("9c"))
    g.apply("Bo", Draw())      # the stock is empty: Bo declines the pile, the hand ends
    b = g.results[0].breakdown
    assert (b[0]["red_threes"], b[1]["red_threes"]) == (value, -value)


def test_black_threes_not_discarded_in_the_first_round():
    g = cuban(hands={"Ana": "3c 4c 5d", "Bo": "6c 7c", "Cy": "8c 9c", "Di": "jc qc"},
              phase="play")
    with pytest.raises(IllegalMove) as err:
        g.apply("Ana", Discard("3c"))
    assert err.value.code == "black_three_first_round"
    assert "3C" not in [a.card for a in g.legal_actions("Ana") if a.kind == "discard"]
    g.history.extend({"type": "discard"} for _ in range(4))   # a round later
    g.apply("Ana", Discard("3c"))


def test_black_threes_taken_with_the_pile_leave_play_5_each_100_for_four():
    g = cuban(hands={"Ana": "8h 8d 9c 4c", "Bo": "5c"}, discard="3c 3s 6c 8s",
              melds={0: ["kh kd ks"]})
    g.apply("Ana", TakePile(cards=["8h", "8d"]))
    assert "3C" not in [c.text for c in g.hand("Ana")]
    assert g.view("Bo")["teams"][0]["black_threes_removed"] == ["3C", "3S"]
    assert g.view("Bo")["teams"][0]["running_points"] == 30 + 30 + 10
    g = cuban(hands={"Ana": "8h 8d 9c 4c", "Bo": "5c"}, discard="3c 3s 3c 3s 8s",
              melds={0: ["kh kd ks"]})
    g.apply("Ana", TakePile(cards=["8h", "8d"]))
    assert g.view("Bo")["teams"][0]["running_points"] == 30 + 30 + 100


def test_initial_meld_150_from_5000_and_game_7500():
    r = variant("cuban")
    assert [r.minimum_for(s) for s in (-5, 0, 1500, 3000, 5000)] == [15, 50, 90, 120, 150]
    assert r.target == 7500
