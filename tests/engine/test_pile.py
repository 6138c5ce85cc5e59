"""A.8: taking the discard pile (and A.3/A.4 for what the pile holds)."""
import pytest

from bot.engine import Discard, Draw, IllegalMove, Meld, TakePile, format_cards

from .conftest import pos

MELDED = {0: ["kh kd ks"]}


def test_unfrozen_pile_with_natural_pair():
    g = pos(hands={"Ana": "8h 8s 4c", "Bo": "5c"}, discard="9c 9d 8d", melds=MELDED)
    ev = g.apply("Ana", TakePile(cards=["8h", "8s"]))
    assert ev[0]["type"] == "take_pile" and ev[0]["size"] == 3
    assert format_cards(g.melds(0)[1]) == "8D 8H 8S"
    assert sorted(c.text for c in g.hand("Ana")) == ["4C", "9C", "9D"]
    assert g.discard_pile == [] and g.phase == "play"


def test_unfrozen_pile_with_natural_and_wild():
    g = pos(hands={"Ana": "8h 2s 4c", "Bo": "5c"}, discard="9c 8d", melds=MELDED)
    g.apply("Ana", TakePile(cards=["8h", "2s"]))
    assert format_cards(g.melds(0)[1]) == "8D 8H 2S"


def test_unfrozen_pile_by_laying_top_card_off():
    g = pos(hands={"Ana": "4c 5d", "Bo": "5c"}, discard="9c kc", melds=MELDED)
    g.apply("Ana", TakePile())
    assert len(g.melds(0)[0]) == 4


def test_frozen_by_wild_needs_natural_pair():
    g = pos(hands={"Ana": "8h 2s kc 4c", "Bo": "5c"}, discard="9c 2d 8d", melds=MELDED)
    with pytest.raises(IllegalMove, match="frozen.*two natural"):
        g.apply("Ana", TakePile(cards=["8h", "2s"]))
    g2 = pos(hands={"Ana": "4c 5d", "Bo": "5c"}, discard="9c 2d kc", melds=MELDED)
    with pytest.raises(IllegalMove, match="frozen"):
        g2.apply("Ana", TakePile())  # laying off on the kings is not enough
    g3 = pos(hands={"Ana": "8h 8c 4c", "Bo": "5c"}, discard="9c 2d 8d", melds=MELDED)
    g3.apply("Ana", TakePile(cards=["8h", "8c"]))
    assert sorted(c.text for c in g3.hand("Ana")) == ["2D", "4C", "9C"]


def test_frozen_by_red_three_start_and_unfrozen_after_taking():
    g = pos(hands={"Ana": "8h 2s 4c 9s", "Bo": "5c 5d", "Cy": "4d"}, discard="3h 8d",
            melds=MELDED, pile_frozen=True)
    assert g.view("Ana")["pile"]["frozen_all"]
    with pytest.raises(IllegalMove, match="frozen"):
        g.apply("Ana", TakePile(cards=["8h", "2s"]))
    g = pos(hands={"Ana": "8h 8s 4c 9s", "Bo": "5c 5d", "Cy": "4d"}, discard="3h 8d",
            melds=MELDED, pile_frozen=True)
    g.apply("Ana", TakePile(cards=["8h", "8s"]))
    # the red three in the pile is laid out, with no replacement
    assert format_cards(g.red_threes(0)) == "3H"
    assert sorted(c.text for c in g.hand("Ana")) == ["4C", "9S"]
    g.apply("Ana", Discard("9s"))
    assert not g.view("Bo")["pile"]["frozen_all"]


def test_pile_frozen_for_a_side_that_has_not_melded():
    g = pos(hands={"Ana": "4c 5c", "Bo": "8h 2s 4d", "Di": "4h"}, discard="9c 8d",
            melds=MELDED, turn="Bo")
    assert g.view("Bo")["pile"]["frozen"] and not g.view("Ana")["pile"]["frozen"]
    with pytest.raises(IllegalMove, match="not melded yet"):
        g.apply("Bo", TakePile(cards=["8h", "2s"]))


def test_wild_or_black_three_on_top_stops_taking():
    g = pos(hands={"Ana": "8h 8s 4c", "Bo": "5c"}, discard="8d 2c", melds=MELDED)
    with pytest.raises(IllegalMove, match="wild card"):
        g.apply("Ana", TakePile(cards=["8h", "8s"]))
    g = pos(hands={"Ana": "8h 8s 4c", "Bo": "5c"}, discard="8d 3s", melds=MELDED)
    with pytest.raises(IllegalMove, match="black three"):
        g.apply("Ana", TakePile(cards=["8h", "8s"]))


def test_black_three_stops_only_the_next_player():
    g = pos(hands={"Ana": "3s 6c 7d", "Bo": "4c 8c", "Cy": "8h 8s 4c", "Di": "6h 6s"},
            discard="8d", melds=MELDED, phase="play")
    g.apply("Ana", Discard("3s"))
    assert g.view("Bo")["pile"]["blocked"] == "black_three"
    g.apply("Bo", Draw())
    g.apply("Bo", Discard("8c"))
    g.apply("Cy", TakePile(cards=["8h", "8s"]))  # covered: the pile is normal again
    assert not g.view("Cy")["pile"]["frozen_all"]


def test_one_card_rule():
    g = pos(hands={"Ana": "8h", "Bo": "5c"}, discard="8d", melds={0: ["8c 8s 8h"]})
    with pytest.raises(IllegalMove, match="one card in hand"):
        g.apply("Ana", TakePile())
    v = pos(name="vienna", hands={"Ana": "8h", "Bo": "5c"}, discard="8d",
            melds={0: ["8c 8s 8h 8d 8c 8s 8h"]})
    # Vienna drops the one-card rule, but a completed canasta of eights now blocks the 8
    with pytest.raises(IllegalMove, match="completed canasta"):
        v.apply("Ana", TakePile())
    v = pos(name="vienna", hands={"Ana": "9h", "Bo": "5c"}, discard="8d",
            melds={0: ["8c 8s 8h", "kh kd kc ks kh kd kc"]})
    v.apply("Ana", TakePile())  # leaves 9h to discard: going out, legal with a canasta
    assert v.phase == "play" and [c.text for c in v.hand("Ana")] == ["9H"]


def test_top_card_must_match():
    g = pos(hands={"Ana": "9h 9s 4c", "Bo": "5c"}, discard="8d", melds=MELDED)
    with pytest.raises(IllegalMove, match="doesn't go with"):
        g.apply("Ana", TakePile(cards=["9h", "9s"]))


def test_take_pile_with_extra_melds_and_going_out_needs_canasta():
    g = pos(hands={"Ana": "8h 8s", "Bo": "5c"}, discard="8d", melds=MELDED)
    with pytest.raises(IllegalMove, match="needs 1 canasta"):
        g.apply("Ana", TakePile(cards=["8h", "8s"]))
    g = pos(hands={"Ana": "8h 8s 5h 5d 5s 4c", "Bo": "5c"}, discard="9c 8d", melds=MELDED)
    g.apply("Ana", TakePile(cards=["8h", "8s"], melds=[["5h", "5d", "5s"]]))
    assert len(g.melds(0)) == 3


def test_cannot_take_after_drawing_nor_meld_before():
    g = pos(hands={"Ana": "8h 8s 4c", "Bo": "5c"}, discard="8d", melds=MELDED)
    with pytest.raises(IllegalMove, match="draw first"):
        g.apply("Ana", Meld(groups=["8h 8s 2c"]))
    g.apply("Ana", Draw())
    with pytest.raises(IllegalMove, match="already drawn"):
        g.apply("Ana", TakePile(cards=["8h", "8s"]))
