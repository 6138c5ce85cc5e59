"""South American Canasta (RULES.md B.14, LT): one test per item, and hand score sheets."""
import pytest

from bot.engine import Discard, Game, IllegalMove, Meld, TakePile, variant
from bot.engine.melds import TableMeld, canasta_bonus
from bot.engine.rules_summary import summary

from .conftest import P4, pos

BLOCKING = "3c 3s 3c 3s jk jk jk"


def south(**kwargs) -> Game:
    return pos(name="south_american", **kwargs)


def refused(g: Game, player: str, action) -> IllegalMove:
    with pytest.raises(IllegalMove) as err:
        g.apply(player, action)
    return err.value


def test_the_blocking_canasta_ends_the_hand_and_cancels_the_opponents_melds():
    g = south(hands={"Ana": f"{BLOCKING} 5h 9d", "Cy": "8c", "Bo": "4c", "Di": "6c 6d"},
              phase="play", melds={0: ["ah as ac"], 1: ["kh kd ks kc kh kd ks"]},
              red_threes={0: "3h", 1: "3d"}, melded_players=P4)
    events = g.apply("Ana", Meld(groups=[BLOCKING]))
    assert {"type": "blocking_canasta", "player": "Ana"} in events
    assert [e for e in events if e["type"] == "canasta"][0]["kind"] == "blocking"
    res = g.results[0]
    assert res.reason == "blocking" and res.went_out is None
    # Ana & Cy: aces 60 + threes 4x5 + three jokers 150 = 230; blocking canasta 1500; red
    # three +100; 5h 9d and Cy's 8c -25 -> 1805
    assert res.breakdown[0] == {"melded": 230, "canastas": 1500, "red_threes": 100,
                                "going_out": 0, "in_hand": -25, "penalties": 0}
    # Bo & Di: their natural canasta of kings is cancelled; the red three counts minus as
    # for a side with no meld; 4c 6c 6d -15 -> -115
    assert res.breakdown[1] == {"melded": 0, "canastas": 0, "red_threes": -100,
                                "going_out": 0, "in_hand": -15, "penalties": 0}
    assert res.total == [1805, -115]


def test_the_blocking_canasta_needs_no_minimum_and_no_canasta_and_is_offered():
    g = south(hands={"Ana": "3c 3s 3c 3s 2h 2d 2h", "Bo": "4c"}, phase="play")
    offered = [a for a in g.legal_actions("Ana") if a.kind == "meld"
               and any("3C" in grp for grp in a.groups)]
    assert [sorted(a.groups[0]) for a in offered] == [sorted("3C 3S 3C 3S 2H 2D 2H".split())]
    g.apply("Ana", offered[0])                     # the whole hand: still not going out
    assert g.results[0].reason == "blocking"
    assert g.results[0].breakdown[0]["canastas"] == 1500


def test_the_blocking_canasta_is_four_black_threes_and_three_matching_wild_cards():
    g = south(hands={"Ana": "3c 3s 3c 3s jk jk 2h 2c 2c 2s 9d", "Bo": "4c"}, phase="play",
              melds={0: ["ah as ac"]})
    assert refused(g, "Ana", Meld(groups=["3c 3s 3c 3s jk jk 2h"])).code == \
        "blocking_canasta_matching"
    assert refused(g, "Ana", Meld(groups=["3c 3s 3c 3s 2c 2c 2h"])).code == \
        "blocking_canasta_matching"
    assert refused(g, "Ana", Meld(groups=["3c 3s 3c 2c 2c 2s"])).code == \
        "blocking_canasta_matching"
    g.apply("Ana", Meld(groups=["3c 3s 3c 3s 2c 2c 2s"]))   # three black 2s
    assert g.results[0].reason == "blocking"


def test_the_blocking_canasta_is_melded_at_once_from_the_hand():
    g = south(hands={"Ana": "3c 3s 3c 3s jk jk jk 9d 9h", "Bo": "4c"}, phase="play",
              melds={0: ["ah as ac"]})
    assert refused(g, "Ana", Meld(groups=["3c 3s jk jk", "3c 3s jk"])).code == \
        "blocking_canasta_whole"
    g = south(hands={"Ana": "3c 3s 3c 3s jk jk jk 9d 9h", "Bo": "4c"}, discard="9s",
              melds={0: ["ah as ac"]})
    assert refused(g, "Ana", TakePile(cards="9d 9h", melds=[BLOCKING])).code == \
        "blocking_canasta_whole"


def test_black_threes_without_wild_cards_still_only_go_out():
    g = south(hands={"Ana": "3c 3s 3c 9d 9h", "Bo": "4c"}, phase="play", melds={0: ["ah as ac"]})
    assert refused(g, "Ana", Meld(groups=["3c 3s 3c"])).code == "black_threes_only_going_out"


def test_mixed_canastas_are_valued_by_their_wild_cards():
    r = variant("south_american")
    values = [canasta_bonus(r, TableMeld.from_text(t)) for t in (
        "kh kd ks kc kh kd 2c", "kh kd ks kc kh 2d 2c", "kh kd ks kc jk 2d 2c",
        "kh kd ks kc kh kd ks")]
    assert values == [400, 300, 200, 500]


def test_a_natural_canasta_of_eight_melded_from_the_hand_scores_750():
    eight = "kh kd ks kc kh kd ks kc"
    g = south(hands={"Ana": f"{eight} qh qd qs qc qh qd qs qc 4h 9d", "Bo": "4c"},
              phase="play", melds={0: ["ah as ac", "jh jd js jc jh jd js"]},
              melded_players=P4)
    events = g.apply("Ana", Meld(groups=[eight]))
    assert events[0]["hand_canastas"] == ["K"]
    assert g.view("Ana")["teams"][0]["running_points"] == 60 + 70 + 500 + 80 + 750
    g.apply("Ana", Meld(groups=["qh qd qs qc qh qd qs"]))
    g.apply("Ana", Meld(add={"Q": ["qc"]}))
    g.apply("Ana", Discard("4h"))
    # the queens: seven melded, the eighth added after: an ordinary natural canasta (500)
    assert g.view("Ana")["teams"][0]["running_points"] == (
        60 + 70 + 500 + 80 + 750 + 80 + 500)


def test_initial_minimums_60_90_120():
    r = variant("south_american")
    assert "Initial meld: 60 below 0, 90 from 1500, 120 from 3000." in summary(r)
    assert [r.minimum_for(s) for s in (-200, 0, 1495, 1500, 2995, 3000)] == [
        60, 60, 60, 90, 90, 120]
