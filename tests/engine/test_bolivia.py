"""B.3 Bolivia (BIC/RG/bright.net): one test per row of the table."""
import pytest

from bot.engine import Discard, Draw, Game, IllegalMove, Meld, TakePile, variant

from .conftest import pos

ESCALERA = "4h 5h 6h 7h 8h 9h 10h"
KINGS = "kh kd ks kc kh kd ks"
BOLIVIA = "2c 2d 2h 2s jk jk 2c"


def bolivia(**kwargs) -> Game:
    return pos(name="bolivia", **kwargs)


def test_base_is_samba():
    r = variant("bolivia")
    assert (r.deck_size, r.hand_size, r.draw, r.sequences, r.max_wilds) == (162, 15, 2, True, 2)
    assert variant("bolivia", players=2).players == 2


def test_wild_cards_meld_together_and_a_bolivia_is_closed_at_seven():
    g = bolivia(hands={"Ana": "2c jk 2d jk 2h 2s 2c 2d 9c 9d", "Bo": "5c"}, phase="play",
                melds={0: ["kh kd ks"]})
    g.apply("Ana", Meld(groups=["2c jk 2d"]))
    assert g.view("Ana")["teams"][0]["melds"][1]["kind"] == "wild"
    ev = g.apply("Ana", Meld(add={1: ["jk", "2h", "2s", "2c"]}))
    assert [e["kind"] for e in ev if e["type"] == "canasta"] == ["bolivia"]
    with pytest.raises(IllegalMove) as err:
        g.apply("Ana", Meld(add={1: ["2d"]}))
    assert err.value.code == "wild_meld_closed"
    with pytest.raises(IllegalMove) as err:
        g.apply("Ana", Meld(add={1: ["9c"]}))
    assert err.value.code == "wild_meld_natural" and err.value.values == {"card": "9C"}
    g = bolivia(hands={"Ana": "2d jk 9c 9d", "Bo": "5c"}, phase="play",
                melds={0: ["kh kd ks"]})
    with pytest.raises(IllegalMove) as err:
        g.apply("Ana", Meld(groups=["2d jk"]))
    assert err.value.code == "wild_meld_too_short"


def test_an_escalera_is_a_seven_card_sequence_for_1500():
    g = bolivia(hands={"Ana": "10h 2c 9c 9d 4c", "Bo": "5c"}, phase="play",
                melds={0: ["4h 5h 6h 7h 8h 9h"]})
    with pytest.raises(IllegalMove) as err:
        g.apply("Ana", Meld(add={0: ["2c"]}))
    assert err.value.code == "sequence_wild"
    ev = g.apply("Ana", Meld(add={0: ["10h"]}))
    assert [e["kind"] for e in ev if e["type"] == "canasta"] == ["escalera"]


def test_going_out_needs_an_escalera_and_another_canasta():
    g = bolivia(hands={"Ana": "8s 8d 8c 4c", "Bo": "5c"}, phase="play",
                melds={0: [KINGS, BOLIVIA]})
    with pytest.raises(IllegalMove) as err:
        g.apply("Ana", Meld(groups=["8s 8d 8c"]))
    assert err.value.code == "going_out_needs_kind" and err.value.values == {"kind": "escalera"}
    g = bolivia(hands={"Ana": "8s 8d 8c 4c", "Bo": "5c"}, phase="play",
                melds={0: [ESCALERA]})
    with pytest.raises(IllegalMove, match="needs 2 canastas"):
        g.apply("Ana", Meld(groups=["8s 8d 8c"]))
    g = bolivia(hands={"Ana": "8s 8d 8c 4c", "Bo": "5c"}, phase="play",
                melds={0: [ESCALERA, BOLIVIA]})
    g.apply("Ana", Meld(groups=["8s 8d 8c"]))
    g.apply("Ana", Discard("4c"))
    assert g.results[0].went_out == "Ana"


def test_pile_cannot_be_taken_with_a_wild_card_on_top():
    g = bolivia(hands={"Ana": "2d 2h 9c 4c", "Bo": "5c"}, discard="6c 2c",
                melds={0: ["kh kd ks", "2s 2s jk"]})
    with pytest.raises(IllegalMove, match="wild card"):
        g.apply("Ana", TakePile())
    with pytest.raises(IllegalMove, match="wild card"):
        g.apply("Ana", TakePile(cards=["2d", "2h"]))
    assert not g.can_take_pile("Ana")


def test_black_threes_cost_100_in_hand_and_score_5_melded_going_out():
    g = bolivia(hands={"Ana": "3c 3s 3c 4c", "Bo": "3s 3c 5c"}, phase="play",
                melds={0: [ESCALERA, BOLIVIA]})
    g.apply("Ana", Meld(groups=["3c 3s 3c"]))
    g.apply("Ana", Discard("4c"))
    res = g.results[0]
    # Ana's side: escalera 50, bolivia 200 (five 2s, two jokers), three black threes 15;
    # escalera 1500 + bolivia 2500
    assert res.breakdown[0] == {"melded": 50 + 200 + 15, "canastas": 4000, "red_threes": 0,
                                "going_out": 200, "in_hand": 0, "penalties": 0}
    assert res.breakdown[1]["in_hand"] == -205     # two black threes 100 each, a 5
    assert res.total == [4465, -205]


def test_red_threes_plus_only_with_two_canastas():
    g = bolivia(hands={"Ana": "4c 5d", "Bo": "6c"}, stock="3d",
                melds={0: [ESCALERA], 1: [ESCALERA, KINGS]}, red_threes={1: "3h 3h"})
    g.apply("Ana", Draw())
    b = g.results[0].breakdown
    assert (b[0]["red_threes"], b[1]["red_threes"]) == (-100, 200)


@pytest.mark.parametrize("score,minimum", [(-5, 15), (0, 50), (1500, 90), (3000, 120),
                                           (7000, 150), (12000, 150)])
def test_initial_meld_as_samba_staying_at_150(score, minimum):
    assert variant("bolivia").minimum_for(score) == minimum


@pytest.mark.parametrize("before,over", [(9000, False), (11000, True)])
def test_game_is_15000(before, over):
    assert variant("bolivia").target == 15000
    g = bolivia(hands={"Ana": "8s 8d 8c 4c", "Bo": "5c"}, phase="play",
                melds={0: [ESCALERA, BOLIVIA]}, scores=[before, 0])
    g.apply("Ana", Meld(groups=["8s 8d 8c"]))
    g.apply("Ana", Discard("4c"))
    assert g.scores[0] == before + 4480    # cards 50 + 200 + 30, canastas 4000, out 200
    assert (g.phase == "over") == over
