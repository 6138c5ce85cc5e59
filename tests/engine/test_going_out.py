"""A.9: going out, concealed going out, and the hand ending at once."""
import pytest

from bot.engine import Discard, Draw, IllegalMove, Meld, TakePile

from .conftest import pos

CANASTA = "kh kd ks kc kh kd ks"


def test_going_out_needs_a_canasta():
    g = pos(hands={"Ana": "8h 8s 8c 4c", "Bo": "5c"}, melds={0: ["kh kd ks"]}, phase="play")
    before = g.to_dict()
    with pytest.raises(IllegalMove, match="needs 1 canasta"):
        g.apply("Ana", Meld(groups=["8h 8s 8c"]))
    assert g.to_dict() == before


def test_going_out_by_melding_every_card():
    g = pos(hands={"Ana": "8h 8s 8c", "Bo": "5c 5d", "Cy": "9s", "Di": "ah"},
            melds={0: [CANASTA]}, phase="play")
    ev = g.apply("Ana", Meld(groups=["8h 8s 8c"]))
    assert ev[-1]["type"] == "deal" or any(e["type"] == "hand_end" for e in ev)
    res = g.results[0]
    assert res.went_out == "Ana" and not res.concealed
    assert res.breakdown[0] == {"melded": 100, "canastas": 500, "red_threes": 0,
                                "going_out": 100, "in_hand": -10, "penalties": 0}
    assert res.breakdown[1] == {"melded": 0, "canastas": 0, "red_threes": 0, "going_out": 0,
                                "in_hand": -30, "penalties": 0}
    assert res.total == [690, -30]
    assert g.scores == [690, -30]


def test_going_out_with_final_discard_and_discard_optional():
    g = pos(hands={"Ana": "8h 8s 8c 4d", "Bo": "5c"}, melds={0: [CANASTA]}, phase="play")
    g.apply("Ana", Meld(groups=["8h 8s 8c"]))
    assert g.phase == "play" and len(g.hand("Ana")) == 1
    g.apply("Ana", Discard("4d"))
    assert g.results[0].went_out == "Ana"


def test_one_black_three_is_discarded_to_go_out():
    g = pos(hands={"Ana": "8h 8s 8c 3c", "Bo": "5c"}, melds={0: [CANASTA]}, phase="play")
    g.apply("Ana", Meld(groups=["8h 8s 8c"]))
    g.apply("Ana", Discard("3c"))
    assert g.results[0].went_out == "Ana"


def test_three_black_threes_melded_when_going_out():
    g = pos(hands={"Ana": "3c 3s 3s 9d", "Bo": "5c"}, melds={0: [CANASTA]}, phase="play")
    g.apply("Ana", Meld(groups=["3c 3s 3s"]))
    g.apply("Ana", Discard("9d"))
    assert g.results[0].breakdown[0]["melded"] == 70 + 15


def test_without_canasta_may_not_leave_one_card_by_discarding_path():
    # two cards, no canasta: discarding one is fine (not going out)
    g = pos(hands={"Ana": "8h 4d", "Bo": "5c"}, melds={0: ["kh kd ks"]}, phase="play")
    g.apply("Ana", Discard("8h"))
    assert g.turn == "Bo"


def test_concealed_going_out_scores_200_and_partner_may_have_melded():
    g = pos(hands={"Ana": "9h 9s 9c 9d 9h 9s 2c 5c 5d 5h", "Bo": "6c", "Cy": "4c", "Di": "4d"},
            melds={0: ["kh kd ks"]}, phase="play")
    g.apply("Ana", Meld(groups=["9h 9s 9c 9d 9h 9s 2c", "5c 5d 5h"]))
    res = g.results[0]
    assert res.concealed
    assert res.breakdown[0] == {"melded": 30 + 80 + 15, "canastas": 300, "red_threes": 0,
                                "going_out": 200, "in_hand": -5, "penalties": 0}


def test_not_concealed_when_adding_to_partners_meld():
    g = pos(hands={"Ana": "9h 9s 9c 9d 9h 9s 2c kc", "Bo": "6c", "Cy": "4c", "Di": "4d"},
            melds={0: ["kh kd ks"]}, phase="play")
    g.apply("Ana", Meld(groups=["9h 9s 9c 9d 9h 9s 2c"], add={"K": ["kc"]}))
    assert not g.results[0].concealed
    assert g.results[0].breakdown[0]["going_out"] == 100


def test_not_concealed_when_player_melded_before():
    g = pos(hands={"Ana": "9h 9s 9c 9d 9h 9s 9c 5c 5d 5h 5s 4c", "Bo": "6c 7c", "Cy": "4c 6h",
                   "Di": "4d 6d"}, melds={0: ["kh kd ks"]}, phase="play",
            stock="7h 8h 10s 10c 10d jc")
    g.apply("Ana", Meld(groups=["5c 5d 5h"]))
    g.apply("Ana", Discard("4c"))
    for p in ("Bo", "Cy", "Di"):
        g.apply(p, Draw())
        g.apply(p, Discard(g.hand(p)[0].text))
    g.apply("Ana", Draw())
    g.apply("Ana", Meld(groups=["9h 9s 9c 9d 9h 9s 9c"], add={"5": ["5s"]}))
    g.apply("Ana", Discard("10c"))
    res = g.results[0]
    assert res.went_out == "Ana" and not res.concealed
    assert res.breakdown[0]["going_out"] == 100


def test_concealed_taking_pile_counts_and_vienna_differences():
    hand = "9h 9s 9c 9d 9h 9s 5c 5d 5h"
    g = pos(hands={"Ana": hand, "Bo": "6c", "Cy": "4c", "Di": "4d"},
            melds={0: ["kh kd ks"]}, discard="4h 9c")
    g.apply("Ana", TakePile(cards=["9h", "9s", "9c", "9d", "9h", "9s"], melds=[["5c", "5d", "5h"]]))
    g.apply("Ana", Discard("4h"))
    assert g.results[0].concealed and g.results[0].breakdown[0]["going_out"] == 200
    v = pos(name="vienna", hands={"Ana": hand, "Bo": "6c", "Cy": "4c", "Di": "4d"},
            melds={0: ["kh kd ks"]}, discard="4h 9c")
    v.apply("Ana", TakePile(cards=["9h", "9s", "9c", "9d", "9h", "9s"], melds=[["5c", "5d", "5h"]]))
    v.apply("Ana", Discard("4h"))
    assert v.results[0].breakdown[0]["going_out"] == 100  # pile taken: no concealed bonus


def test_vienna_hand_canasta_1000():
    v = pos(name="vienna", hands={"Ana": "9h 9s 9c 9d 9h 9s 9c 5c 5d 5h 4c", "Bo": "6c"},
            melds={0: ["kh kd ks"]}, phase="play")
    v.apply("Ana", Meld(groups=["9h 9s 9c 9d 9h 9s 9c", "5c 5d 5h"]))
    v.apply("Ana", Discard("4c"))
    assert v.results[0].breakdown[0]["going_out"] == 1000


def test_hand_ends_at_once_nobody_else_plays():
    g = pos(hands={"Ana": "8h 8s 8c", "Bo": "5c 5d 5h"}, melds={0: [CANASTA], 1: ["qh qd qs"]},
            phase="play")
    g.apply("Ana", Meld(groups=["8h 8s 8c"]))
    assert g.results[0].breakdown[1]["in_hand"] == -15
    assert g.hand_number == 2 and g.phase == "draw"
