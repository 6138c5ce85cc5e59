"""Cut-throat Canasta (RULES.md B.1, the cut-throat column and its notes): one test per item."""
import json

import pytest

from bot.engine import Discard, Draw, Game, IllegalMove, Meld, TakePile, variant
from bot.engine.rules_summary import summary

from .conftest import pos
from .play import play_random

P3 = ["A", "B", "C"]


def cut(**kwargs) -> Game:
    return pos(P3, name="cutthroat", **kwargs)


def test_three_players_13_cards_draw_two_two_canastas_game_7500():
    r = variant("cutthroat", players=3)
    assert (r.players, r.teams, r.hand_size, r.draw, r.canastas_to_go_out, r.target) == (
        3, 3, 13, 2, 2, 7500)
    assert r.lone_hand and r.individual
    assert any("plays alone" in line for line in summary(r))
    with pytest.raises(ValueError, match="cutthroat is for 3 players"):
        variant("cutthroat", players=4)
    g = Game.new(r, P3, seed=3)
    assert len(g.scores) == 3 and g.partnership() is None
    assert [g.team_of(p) for p in P3] == [0, 1, 2]
    g.apply("A", Draw())
    assert len(g.hand("A")) == 15


def test_three_player_classic_is_unchanged():
    r = variant("classic", players=3)
    assert (r.draw, r.canastas_to_go_out, r.target, r.lone_hand) == (1, 1, 5000, False)
    g = pos(P3, hands={"A": "9c 9d 4s 4d 5h", "B": "4c", "C": "5c"}, discard="4h 9s",
            melds={0: ["ah as ac"]})
    g.apply("A", TakePile(cards="9c 9d"))
    assert g.partnership() is None and [g.team_of(p) for p in P3] == [0, 1, 2]
    assert g.view("A")["partnership"] is None


def _lone_hand_position(**kwargs) -> Game:
    return cut(hands={"A": "9c 9d 4s 4d 5h", "B": "qh qs 7d 7s 7h", "C": "jk 8s"},
               discard="4h 8d 9s",
               melds={0: ["ah as ac"], 1: ["kh ks kd kc kh ks 2c", "6h 6s 6d"],
                      2: ["6c 6h 6s 2d", "jh js jc jd jh js jc"]},
               red_threes={0: "3h", 1: "3d 3h"}, melded_players=P3, stock="kc qc 5c 6c",
               **kwargs)


def test_the_first_to_take_the_pile_plays_alone_and_the_others_join_their_melds():
    g = _lone_hand_position()
    events = g.apply("A", TakePile(cards="9c 9d"))
    assert events[-1] == {"type": "lone_hand", "player": "A", "partners": ["B", "C"]}
    assert g.partnership() == {"lone": "A", "partners": ["B", "C"]}
    assert [g.team_of(p) for p in P3] == [0, 1, 1]
    assert g.partners("B") == ["C"] and g.partners("A") == []
    # the sixes join into one meld (6 naturals + one 2: a mixed canasta); C's jacks come along
    assert sorted(len(m) for m in g.melds(1)) == [7, 7, 7] and g.melds(2) == []
    assert g.canastas(1) == 3
    # red threes stay with their holder
    assert [len(g.red_threes(t)) for t in range(3)] == [1, 2, 0]
    v = g.view("C")
    assert v["partnership"] == {"lone": "A", "partners": ["B", "C"]}
    assert v["team"] == 1 and [p["team"] for p in v["players"]] == [0, 1, 2]
    assert [p["side"] for p in v["players"]] == [0, 1, 1]
    assert len(v["teams"]) == 3 and [t["score"] for t in v["teams"]] == [0, 0, 0]
    # a second take changes nothing
    g.apply("A", Meld(groups=["4s 4d 4h"]))
    g.apply("A", Discard("8d"))
    assert g.partnership() == {"lone": "A", "partners": ["B", "C"]}


def test_hand_score_sheet_each_partner_scores_the_partnership_with_his_own_red_threes():
    g = _lone_hand_position()
    g.apply("A", TakePile(cards="9c 9d"))
    g.apply("A", Meld(groups=["4s 4d 4h"]))
    g.apply("A", Discard("8d"))
    g.apply("B", Draw())                                  # kc and qc
    g.apply("B", Meld(groups=["qh qs qc", "7d 7s 7h"], add={"K": ["kc"]}))
    res = g.results[0]
    assert res.went_out == "B" and res.extra == {"partnership": {"lone": "A",
                                                                 "partners": ["B", "C"]}}
    # A alone: aces 60 + nines 30 + fours 15 melded; his 3h +100; 5h in hand -5 -> 200
    assert res.breakdown[0] == {"melded": 105, "canastas": 0, "red_threes": 100,
                                "going_out": 0, "in_hand": -5, "penalties": 0}
    # B & C: kings 7K+2 = 90, sixes 6x5+2 = 50, jacks 70, queens 30, sevens 15 = 255;
    # mixed kings 300 + mixed sixes 300 + natural jacks 500 = 1100; out 100; C's jk 8s -60:
    # 1395 each, plus their own red threes: B 2 -> +200, C none
    partnership = {"melded": 255, "canastas": 1100, "going_out": 100, "in_hand": -60,
                   "penalties": 0}
    assert res.breakdown[1] == {**partnership, "red_threes": 200}
    assert res.breakdown[2] == {**partnership, "red_threes": 0}
    assert res.total == [200, 1595, 1395] and g.scores == [200, 1595, 1395]
    # the next hand starts with everyone on his own side again
    assert g.partnership() is None and [g.team_of(p) for p in P3] == [0, 1, 2]


def test_melds_that_together_break_the_wild_limit_stay_two_melds():
    g = cut(hands={"A": "9c 9d 4s 4d", "B": "4c", "C": "5c"}, discard="9s",
            melds={0: ["ah as ac"], 1: ["kh ks 2c 2d"], 2: ["kd kc 2h 2s"]})
    g.apply("A", TakePile(cards="9c 9d"))
    keys = [m["key"] for m in g.view("B")["teams"][1]["melds"]]
    assert keys == ["K", "K#2"]
    snap = json.loads(json.dumps(g.to_dict()))
    assert Game.from_dict(snap).to_dict() == snap


def test_each_player_s_own_score_decides_his_initial_minimum():
    g = cut(hands={"A": "9c 9d 4s 4d 5h", "B": "qh qs qd 5c 5d", "C": "kh ks kd 6c 6d"},
            discard="9s", melds={0: ["ah as ac"]}, scores=[0, 1500, 3000],
            stock="4c 4h 5c 6c 7c 8c 9c 10c jc")
    assert [g.minimum_of(p) for p in P3] == [50, 90, 120]
    g.apply("A", TakePile(cards="9c 9d"))
    g.apply("A", Discard("5h"))
    g.apply("B", Draw())
    with pytest.raises(IllegalMove) as err:
        g.apply("B", Meld(groups=["qh qs qd"]))                      # 30 < 90
    assert err.value.values == {"minimum": 90, "points": 30}
    g.apply("B", Discard("5c"))
    g.apply("C", Draw())
    with pytest.raises(IllegalMove) as err:
        g.apply("C", Meld(groups=["kh ks kd"]))                      # 30 < 120
    assert err.value.values == {"minimum": 120, "points": 30}


def test_going_out_before_anyone_took_the_pile_makes_the_lone_hand():
    g = cut(hands={"A": "4s", "B": "5c 8d", "C": "qh qs qd 9h"}, turn="C", phase="play",
            discard="7c", melded_players=P3,
            melds={0: ["ah as ac"], 1: ["kh ks kd kc kh ks kd"], 2: ["jh js jc jd jh js jc",
                                                                    "10h 10s 10c 10d 10h 10s 10c"]},
            red_threes={0: "3h"})
    g.apply("C", Meld(groups=["qh qs qd"]))
    g.apply("C", Discard("9h"))
    res = g.results[0]
    assert res.extra["partnership"] == {"lone": "C", "partners": ["A", "B"]}
    # A & B: aces 60 + kings 70, natural canasta 500, A's 4s and B's 5c 8d: -20
    ab = {"melded": 130, "canastas": 500, "going_out": 0, "in_hand": -20, "penalties": 0}
    assert res.breakdown[0] == {**ab, "red_threes": 100}
    assert res.breakdown[1] == {**ab, "red_threes": 0}
    # C: jacks 70 + tens 70 + queens 30, two natural canastas, going out 100
    assert res.breakdown[2] == {"melded": 170, "canastas": 1000, "red_threes": 0,
                                "going_out": 100, "in_hand": 0, "penalties": 0}
    assert res.total == [710, 610, 1270]


def test_the_stock_gone_before_anyone_took_the_pile_everyone_scores_alone():
    g = cut(hands={"A": "4s 5d", "B": "5c 8d", "C": "qh 9h"}, stock="", discard="2c 7c",
            melds={0: ["ah as ac"], 2: ["jh js jc"]}, red_threes={1: "3h"})
    g.apply("A", Draw())
    res = g.results[0]
    assert res.reason == "stock" and res.extra == {}
    assert res.total == [60 - 10, -100 - 15, 30 - 20]


def test_snapshots_keep_the_partnership_and_positions_can_set_it():
    g = _lone_hand_position()
    g.apply("A", TakePile(cards="9c 9d"))
    snap = json.loads(json.dumps(g.to_dict()))
    again = Game.from_dict(snap)
    assert again.partnership() == g.partnership() and again.team_of("C") == 1
    assert again.view("B") == g.view("B")
    p = cut(hands={"A": "4s", "B": "5c", "C": "6d"}, lone="B")
    assert [p.team_of(x) for x in P3] == [0, 1, 0]
    old = Game.new(variant("classic", players=3), P3, seed=1).to_dict()
    assert "lone" not in old and Game.from_dict(old).to_dict() == old


def test_random_cutthroat_hands_keep_every_invariant():
    for seed in range(4):
        g = play_random(seed, 3, "cutthroat", hands=2, check_offered=5)
        assert len(g.scores) == 3
        for res in g.results:
            pair = res.extra.get("partnership")
            assert pair or res.reason != "went_out"     # going out always makes a lone hand
            if pair:   # the partners score the same but for their own red threes
                a, b = (P3_RANDOM.index(p) for p in pair["partners"])
                assert (res.total[a] - res.breakdown[a]["red_threes"]
                        == res.total[b] - res.breakdown[b]["red_threes"])


P3_RANDOM = ["p0", "p1", "p2"]   # play_random's names


def test_each_panel_counts_what_its_player_will_score_once_the_partnership_forms() -> None:
    """A partner's running figure is the partnership's melds with his own red threes, plus
    since the partnership has melded (before: his empty home side, so minus)."""
    g = Game.from_position(variant("cutthroat", players=3), ["Ana", "Bo", "Cy"],
                           hands={"Ana": "5c 6d 9h", "Bo": "4h 4s kd", "Cy": "8c 8d jh"},
                           stock="7c 7d 7h 7s qc qd", discard="10c",
                           melds={0: ["kh kc ks"], 1: ["9s 9c 9d"]},
                           red_threes={2: "3h 3d"}, lone="Bo", turn="Ana", phase="draw")
    running = {t["members"][0]: t["running_points"] for t in g.view(None)["teams"]}
    assert running == {"Ana": 30, "Bo": 30, "Cy": 30 + 200}


def test_a_partner_has_met_his_minimum_once_the_partnership_has_melded() -> None:
    """Cy's own side never melded, but he plays for Ana's, which has: no minimum for him
    (the engine asks none), and his panel shows it met."""
    g = Game.from_position(variant("cutthroat", players=3), ["Ana", "Bo", "Cy"],
                           hands={"Ana": "5c 6d 9h", "Bo": "4h 4s kd", "Cy": "8c 8d 8h jh 5s"},
                           stock="7c 7d 7h 7s qc qd", discard="10c",
                           melds={0: ["kh kc ks"], 1: ["9s 9c 9d"]}, lone="Bo", turn="Cy",
                           phase="play")
    melded = {t["members"][0]: t["has_melded"] for t in g.view(None)["teams"]}
    assert melded == {"Ana": True, "Bo": True, "Cy": True}
    frozen = {t["members"][0]: t["pile_frozen"] for t in g.view(None)["teams"]}
    assert frozen == {"Ana": False, "Bo": False, "Cy": False}  # the picture's badge
    assert Meld(groups=[["8C", "8D", "8H"]]) in g.legal_actions("Cy")  # 40 points: under
    # the 50 he would need on a side of his own


def test_before_the_partnership_each_side_has_melded_or_not_on_its_own() -> None:
    g = Game.from_position(variant("cutthroat", players=3), ["Ana", "Bo", "Cy"],
                           hands={"Ana": "5c 6d 9h", "Bo": "4h 4s kd", "Cy": "8c 8d jh"},
                           stock="7c 7d 7h 7s qc qd", discard="10c",
                           melds={0: ["kh kc ks"]}, turn="Bo", phase="draw")
    melded = {t["members"][0]: t["has_melded"] for t in g.view(None)["teams"]}
    assert melded == {"Ana": True, "Bo": False, "Cy": False}
    frozen = {t["members"][0]: t["pile_frozen"] for t in g.view(None)["teams"]}
    assert frozen == {"Ana": False, "Bo": True, "Cy": True}
