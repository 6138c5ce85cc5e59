"""A.10: when the stock runs out."""
import pytest

from bot.engine import Discard, Draw, IllegalMove, TakePile

from .conftest import pos

MELDS = {0: ["kh kd ks"], 1: ["qh qd qs"]}


def test_drawing_the_last_card_and_discarding_continues_play():
    g = pos(hands={"Ana": "4c 5d", "Bo": "8h 8d 6c 6d", "Cy": "9c", "Di": "7c"}, stock="8c",
            melds=MELDS)
    g.apply("Ana", Draw())
    assert g.stock_count == 0
    g.apply("Ana", Discard("8c"))
    assert g.results == [] and g.turn == "Bo"  # Bo can take the pile with his pair
    assert sorted(a.kind for a in g.legal_actions("Bo")) == ["draw", "take_pile"]


def test_forced_to_take_when_top_card_fits_own_meld():
    g = pos(hands={"Ana": "4c 5d kc", "Bo": "6c 6d", "Cy": "9c 9d", "Di": "7c 7d"}, stock="",
            discard="9h qc", melds=MELDS, turn="Bo")
    with pytest.raises(IllegalMove, match="must take the pile"):
        g.apply("Bo", Draw())
    assert [a.kind for a in g.legal_actions("Bo")] == ["take_pile"]
    g.apply("Bo", TakePile())
    assert len(g.melds(1)[0]) == 4 and g.phase == "play"


def test_may_decline_when_not_forced_and_hand_ends_without_bonus():
    g = pos(hands={"Ana": "4c 5d kc", "Bo": "9s 9d 6c 6d", "Cy": "9c", "Di": "7c"}, stock="",
            discard="9h", melds=MELDS, turn="Bo")
    kinds = sorted(a.kind for a in g.legal_actions("Bo"))
    assert kinds == ["draw", "take_pile"]
    ev = g.apply("Bo", Draw())
    assert ev[0]["type"] == "decline"
    res = g.results[0]
    assert res.reason == "stock" and res.went_out is None
    assert res.breakdown[0]["going_out"] == 0 and res.breakdown[1]["going_out"] == 0


def test_hand_ends_when_next_player_cannot_take():
    g = pos(hands={"Ana": "4c 5d", "Bo": "6c 6d", "Cy": "9c", "Di": "7c"}, stock="",
            discard="", melds=MELDS, phase="play")
    ev = g.apply("Ana", Discard("4c"))
    kinds = [e["type"] for e in ev]
    assert "cannot_take" in kinds and "hand_end" in kinds
    assert g.results[0].reason == "stock"
    assert g.results[0].breakdown[0] == {"melded": 30, "canastas": 0, "red_threes": 0,
                                         "going_out": 0, "in_hand": -15, "penalties": 0}


def test_frozen_pile_is_not_forced_but_may_be_taken_with_pair():
    g = pos(hands={"Ana": "4c", "Bo": "qc qs 6c", "Cy": "9c", "Di": "7c"}, stock="",
            discard="2c qd", melds=MELDS, turn="Bo")
    assert not g.forced_take("Bo")
    g.apply("Bo", TakePile(cards=["qc", "qs"]))
    assert len(g.melds(1)[0]) == 6
