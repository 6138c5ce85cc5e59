"""B.15 Modern American canasta, its special hands: recognised by pattern, only as the side's
first and only meld of fourteen cards, ending the hand and scoring alone (in going_out)."""
import pytest

from bot.engine import Draw, Game, IllegalMove, Meld, variant
from bot.engine.cards import parse_cards
from bot.engine.special_hands import pattern_of

from .conftest import pos


@pytest.mark.parametrize("cards,pattern", [
    ("2c 3s 4c 5c 6c 7c 8c 9c 10c jc qc kc ac jk", "straight"),
    ("4c 4d 5c 5d 6c 6d 8c 8d 9c 9d kc kd ac ad", "pairs"),
    ("2c 2d 7c 7d ac ad 8c 8d 9c 9d kc kd qc qd", "wild_pairs"),
    ("4c 4s 4h 4d 7c 7d 7h 9c 9s 9h 9d jk jk jk", "garbage"),
])
def test_special_hands_are_recognised(cards, pattern):
    assert pattern_of(parse_cards(cards)) == [pattern]


@pytest.mark.parametrize("cards,pattern,value", [
    ("2c 3s 4c 5c 6c 7c 8c 9c 10c jc qc kc ac jk", "straight", 3000),
    ("4c 4d 5c 5d 6c 6d 8c 8d 9c 9d kc kd ac ad", "pairs", 2500),
    ("2c 2d 7c 7d ac ad 8c 8d 9c 9d kc kd qc qd", "wild_pairs", 2000),
    ("4c 4s 4h 4d 7c 7d 7h 9c 9s 9h 9d jk jk jk", "garbage", 2000),
])
def test_a_special_hand_ends_the_hand_and_scores_alone(cards, pattern, value):
    g = pos(name="modern_american", phase="play", melds={1: ["qh qd qs"]},
            hands={"Ana": cards, "Bo": "5c", "Cy": "jk 7c 7d 7h", "Di": "8d"},
            red_threes={0: "3h"})
    whole = sorted(c.upper() for c in cards.split())
    offered = [a for a in g.legal_actions("Ana") if isinstance(a, Meld)
               and sorted(c for grp in a.groups for c in grp) == whole]
    assert len(offered) == 1   # legal_actions offers the special hand
    groups = [cards.split()[:7], cards.split()[7:]]
    events = g.apply("Ana", Meld(groups=groups))
    assert events[0] == {"type": "special_hand", "player": "Ana", "pattern": pattern,
                         "points": value, "cards": [c.upper() for c in cards.split()]}
    res = g.results[0]
    assert res.reason == "special_hand" and res.extra == {"special_hand": pattern}
    # the side scores only the special hand: not its red three, nor Cy's hand (and his
    # three sevens), in the going-out part of the breakdown
    assert res.breakdown[0] == {"melded": 0, "canastas": 0, "red_threes": 0,
                                "going_out": value, "in_hand": 0, "penalties": 0}
    # the other side as usual: queens 30 as minus (no canasta), in hand 5 + 10
    assert res.breakdown[1] == {"melded": -30, "canastas": 0, "red_threes": 0,
                                "going_out": 0, "in_hand": -15, "penalties": 0}


def test_garbage_value_is_an_option():
    r = variant("modern_american", special_hands=(("garbage", 3000),))
    g = Game.from_position(r, ["Ana", "Bo", "Cy", "Di"], phase="play", stock="5c 6c",
                           hands={"Ana": "4c 4s 4h 4d 7c 7d 7h 9c 9s 9h 9d jk jk jk",
                                  "Bo": "5c"})
    g.apply("Ana", Meld(groups=["4c 4s 4h 4d 7c 7d 7h", "9c 9s 9h 9d jk jk jk"]))
    assert g.results[0].breakdown[0]["going_out"] == 3000


def test_a_special_hand_only_as_the_sides_first_meld_of_fourteen_cards():
    pairs = "4c 4d 5c 5d 6c 6d 8c 8d 9c 9d kc kd ac ad"
    g = pos(name="modern_american", hands={"Ana": pairs, "Bo": "5c"}, phase="play",
            melds={0: ["qh qd qs"]})
    with pytest.raises(IllegalMove):
        g.apply("Ana", Meld(groups=[pairs.split()]))
    assert not g.results
    g = pos(name="modern_american", hands={"Ana": pairs + " jh", "Bo": "5c"}, phase="play")
    with pytest.raises(IllegalMove):
        g.apply("Ana", Meld(groups=[(pairs + " jh").split()]))


@pytest.mark.parametrize("options,penalty", [({}, 2000),
                                             ({"unfinished_four_jokers_penalty": 2500}, 2500)])
def test_an_unfinished_wild_meld_with_all_four_jokers(options, penalty):
    """WP and CLA: -2 000 for any unfinished wild meld; PG: -2 500 when it holds all four
    jokers (an option). A wild meld with fewer jokers stays -2 000 either way."""
    for meld, expected in (("jk jk jk jk 2c", penalty), ("jk jk jk 2c 2d", 2000)):
        g = pos(name="modern_american", options=options,
                hands={"Ana": "9c", "Bo": "5c", "Cy": "", "Di": ""}, stock="", discard="4c",
                melds={0: ["kh kd ks kc kh kd ks", meld]})
        g.apply("Ana", Draw())  # the stock is empty: the hand ends
        assert g.results[0].breakdown[0]["penalties"] == -expected
