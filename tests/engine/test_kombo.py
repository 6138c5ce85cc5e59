"""Kombo, the Lithuanian "Bolivian canasta" (B.3, last row): one test per item of that row."""
import pytest

from bot.engine import Discard, Draw, Game, IllegalMove, Meld, variant

from .conftest import pos
from .play import play_random

KINGS = "kh kd ks kc kh kd ks"


def kombo(**kwargs) -> Game:
    return pos(name="kombo", **kwargs)


def test_four_players_and_at_most_two_wilds():
    r = variant("kombo")
    assert (r.players, r.max_wilds, r.sequences, r.wild_melds) == (4, 2, True, True)
    with pytest.raises(ValueError, match="kombo is for 4 players"):
        variant("kombo", players=2)


def test_emptying_the_hand_passes_the_turn_and_play_goes_on_to_the_stock():
    g = kombo(hands={"Ana": "8s 8d 8c", "Bo": "5c 6d"}, phase="play", melds={0: [KINGS]},
              stock="9c 9d 10c 10d")
    g.apply("Ana", Meld(groups=["8s 8d 8c"]))
    assert not g.results and g.turn == "Bo" and g.phase == "draw"
    g.apply("Bo", Draw())
    g.apply("Bo", Discard("5c"))
    g.apply("Cy", Draw())        # the stock is gone after this draw
    assert g.stock_count == 0


def test_no_going_out_bonus_and_the_last_card_is_melded_not_discarded():
    g = kombo(hands={"Ana": "8s 8d 8c 4c", "Bo": "5c 6d"}, phase="play", melds={0: [KINGS]})
    with pytest.raises(IllegalMove) as err:
        g.apply("Ana", Meld(groups=["8s 8d 8c"]))
    assert err.value.code == "meld_leaves_one_card"
    g = kombo(hands={"Ana": "4c", "Bo": "5c 6d"}, phase="play", melds={0: [KINGS]})
    with pytest.raises(IllegalMove) as err:
        g.apply("Ana", Discard("4c"))
    assert err.value.code == "last_card_melded"
    assert not [a for a in g.legal_actions("Ana") if a.kind in ("discard", "ask")]
    assert variant("kombo").going_out == 0


def test_three_or_four_black_threes_meld_any_time():
    g = kombo(hands={"Ana": "3c 3s 3c 3s 3c 9d 9h", "Bo": "5c"}, phase="play",
              melds={0: ["kh kd ks"]})
    with pytest.raises(IllegalMove, match="at most 4") as err:
        g.apply("Ana", Meld(groups=["3c 3s 3c 3s 3c"]))
    assert err.value.values == {"most": 4}
    g.apply("Ana", Meld(groups=["3c 3s 3c 3s"]))


def test_black_threes_200_and_sevens_500_in_hand():
    g = kombo(hands={"Ana": "4c 5d", "Bo": "3c 7d 7h 9c"}, stock="3d", melds={0: [KINGS]})
    g.apply("Ana", Draw())      # the last card a red three: the hand ends
    res = g.results[0]
    assert res.breakdown[1] == {"melded": 0, "canastas": 0, "red_threes": 0, "going_out": 0,
                                "in_hand": -(200 + 500 + 500 + 10), "penalties": 0}
    # Ana's side: kings 70, their canasta 500, a red three 100 (a canasta: plus), 4c 5d
    assert res.total == [70 + 500 + 100 - 10, -1210]


def test_the_first_canasta_draws_11_cards():
    stock = " ".join(["9c"] * 14)
    g = kombo(hands={"Ana": "kc kh 8s 8d 8c 4c", "Bo": "5c"}, phase="play",
              melds={0: ["kh kd ks kd ks"]}, stock=stock)
    ev = g.apply("Ana", Meld(add={"K": ["kc", "kh"]}))
    bonus = [e for e in ev if e["type"] == "bonus_cards"]
    assert bonus and bonus[0]["count"] == 11 and len(g.hand("Ana")) == 4 + 11
    assert "cards" not in g.view("Bo")["history"][-1]
    ev = g.apply("Ana", Meld(groups=["9c 9c 9c 9c 9c 9c 9c"]))    # a second canasta
    assert [e["type"] for e in ev] == ["meld", "canasta"]


def test_red_threes_100_each_six_2000_plus_with_a_canasta():
    g = kombo(hands={"Ana": "4c 5d", "Bo": "6c"}, stock="3d", melds={0: [KINGS]},
              red_threes={0: "3h 3h 3h 3d 3d"})
    g.apply("Ana", Draw())
    assert g.results[0].breakdown[0]["red_threes"] == 2000
    assert variant("kombo").red_three_value(3) == 300


@pytest.mark.parametrize("score,minimum", [(-10, 60), (0, 60), (3495, 60), (3500, 100),
                                           (7000, 140), (10500, 180)])
def test_initial_meld_table(score, minimum):
    assert variant("kombo").minimum_for(score) == minimum


@pytest.mark.parametrize("meld,bonus", [("2c 2d jk jk 2h 2s 2c", 2000),
                                        ("4h 5h 6h 7h 8h 9h 10h", 1500),
                                        ("7h 7d 7s 7c 7h 7d 7s", 1500),
                                        ("7h 7d 7s 7c 7h 7d 2s", 1000),
                                        (KINGS, 500), ("kh kd ks kc kh kd 2s", 300)])
def test_canasta_values(meld, bonus):
    g = kombo(hands={"Ana": "4c 5d", "Bo": "6c"}, stock="3d", melds={0: [meld]})
    g.apply("Ana", Draw())
    assert g.results[0].breakdown[0]["canastas"] == bonus


def test_a_match_is_four_deals():
    g = play_random(11, 4, "kombo", hands=10, roundtrip=False)
    assert g.phase == "over" and len(g.results) == 4
    assert g.winner == g.scores.index(max(g.scores))
