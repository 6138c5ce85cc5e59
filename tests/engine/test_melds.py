"""A.6: what a meld may hold."""
import pytest

from bot.engine import IllegalMove, Meld, format_cards, parse_cards

from .conftest import pos


def melded(hand: str, **kw):
    """Ana to play, her side has already melded kings."""
    return pos(hands={"Ana": hand, "Bo": "4c 4d", "Cy": "9s 9d", "Di": "6c"},
               melds={0: ["kh kd ks"]}, phase="play", **kw)


@pytest.mark.parametrize("group", ["5c 5d 2h", "9c 9d 2h 2s jk", "5c 5d 5h", "ac ad ah as"])
def test_legal_melds(group):
    g = melded(group + " 8c 8d")
    g.apply("Ana", Meld(groups=[group]))
    assert format_cards(g.melds(0)[-1]) == format_cards(parse_cards(group))


@pytest.mark.parametrize(("group", "reason"), [
    ("5c 2d 2h", "at least 2 natural"),
    ("9c 9d 9h 2c 2d 2h jk", "at most 3 wild"),
    ("2c 2d jk", "all wild"),
    ("7h 8h 9h", "mixes ranks"),
    ("5c 5d", "at least 3 cards"),
])
def test_illegal_melds(group, reason):
    g = melded(group + " 8c 8d 4s")
    before = g.to_dict()
    with pytest.raises(IllegalMove, match=reason):
        g.apply("Ana", Meld(groups=[group]))
    assert g.to_dict() == before


def test_black_threes_only_when_going_out_and_without_wilds():
    g = melded("3c 3s 3c 8d 8h")
    with pytest.raises(IllegalMove, match="only in the turn you go out"):
        g.apply("Ana", Meld(groups=["3c 3s 3c"]))
    g = pos(hands={"Ana": "3c 3s 3c 2d 9h", "Bo": "4c"}, phase="play",
            melds={0: ["kh kd ks kc kh kd ks"]})
    with pytest.raises(IllegalMove, match="without wild"):
        g.apply("Ana", Meld(groups=["3c 3s 3c 2d"]))
    g.apply("Ana", Meld(groups=["3c 3s 3c"], add={"K": ["2d"]}))
    assert g.hand("Ana") == parse_cards("9h")


def test_two_black_threes_cannot_be_melded():
    g = pos(hands={"Ana": "3c 3s 9h", "Bo": "4c"}, phase="play",
            melds={0: ["kh kd ks kc kh kd ks"]})
    with pytest.raises(IllegalMove, match="at least 3"):
        g.apply("Ana", Meld(groups=["3c 3s"]))


def test_one_meld_per_rank_merges():
    g = melded("kc kh 8c 8d 4s")
    g.apply("Ana", Meld(groups=["kc kh"]))
    assert len(g.melds(0)) == 1 and len(g.melds(0)[0]) == 5


def test_lay_off_by_rank_or_index_and_t_for_ten():
    g = pos(hands={"Ana": "kc 10h 2d 8c 8d 4s", "Bo": "4c"}, phase="play",
            melds={0: ["kh kd ks", "10c 10d 10s"]})
    g.apply("Ana", Meld(add={"k": ["kc"], "T": ["10h"], 0: ["2d"]}))
    assert [len(m) for m in g.melds(0)] == [5, 4]


def test_cannot_add_to_opponents_meld():
    g = pos(hands={"Ana": "qc 8c 8d 4s", "Bo": "4c"}, phase="play",
            melds={0: ["kh kd ks"], 1: ["qh qd qs"]})
    with pytest.raises(IllegalMove, match="no meld of queens"):
        g.apply("Ana", Meld(add={"Q": ["qc"]}))


def test_wild_limit_applies_after_additions():
    g = pos(hands={"Ana": "2c jk 8c 8d 4s", "Bo": "4c"}, phase="play",
            melds={0: ["kh kd ks 2d 2h"]})
    with pytest.raises(IllegalMove, match="at most 3 wild"):
        g.apply("Ana", Meld(add={"K": ["2c", "jk"]}))
    g.apply("Ana", Meld(add={"K": ["jk"]}))


def test_vienna_wilds_may_not_outnumber_naturals():
    g = pos(name="vienna", hands={"Ana": "kc kh 2c 2d 2h 9s 9d 4s", "Bo": "4c"},
            phase="play", melds={0: ["qh qd qs"]})
    with pytest.raises(IllegalMove, match="outnumber"):
        g.apply("Ana", Meld(groups=["kc kh 2c 2d 2h"]))
    g.apply("Ana", Meld(groups=["kc kh 2c 2d"]))


def test_card_not_held():
    g = melded("5c 5d 2h 8c")
    with pytest.raises(IllegalMove, match="don't hold"):
        g.apply("Ana", Meld(groups=["5c 5d 5h"]))
    with pytest.raises(IllegalMove, match="hold 1"):
        g.apply("Ana", Meld(groups=["5c 5c 2h"]))


def test_canasta_event_natural_and_mixed():
    g = pos(hands={"Ana": "kc kh 9c 9d 9h 9s 9c 9d 2c 4s 5s", "Bo": "4c"}, phase="play",
            melds={0: ["kh kd ks kc kd"]})
    ev = g.apply("Ana", Meld(add={"K": ["kc", "kh"]}, groups=["9c 9d 9h 9s 9c 9d 2c"]))
    canastas = sorted((e["rank"], e["natural"]) for e in ev if e["type"] == "canasta")
    assert canastas == [("9", False), ("K", True)]
    assert g.canastas(0) == 2
