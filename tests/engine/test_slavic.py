"""Slavic Canasta (RULES.md B.11, LT): one test per numbered rule, and a hand's score sheet."""
import pytest

from bot.engine import Discard, Draw, Game, IllegalMove, Meld, TakePile, variant
from bot.engine.rules_summary import summary

from .conftest import pos

KINGS = "kh kd ks kc kh kd ks"
QUEENS = "qh qd qs qc qh qd 2c"


def slavic(players=None, **kwargs) -> Game:
    return pos(players, name="slavic", **kwargs)


def refused(g: Game, player: str, action) -> IllegalMove:
    with pytest.raises(IllegalMove) as err:
        g.apply(player, action)
    return err.value


def test_rule_1_108_cards_and_every_table_size():
    r = variant("slavic")
    assert (r.deck_size, r.jokers) == (108, 4)
    assert "Going out melds every card: never by a discard." in summary(r)
    assert [variant("slavic", players=n).players for n in (2, 3, 4, 5, 6)] == [2, 3, 4, 5, 6]


def test_rule_2_an_unfrozen_pile_gives_its_top_card_only():
    g = slavic(hands={"Ana": "kc 5h 6h", "Bo": "4c"}, discard="5c 9h kd", melds={0: ["kh ks ks"]})
    events = g.apply("Ana", TakePile())
    assert events[0]["top_only"] and events[0]["pile"] == ["KD"]
    assert sorted(c.text for c in g.hand("Ana")) == ["5H", "6H", "KC"]
    assert [c.text for c in g.discard_pile] == ["5C", "9H"]
    assert len(g.melds(0)[0]) == 4


def test_rule_2_a_frozen_pile_is_taken_whole():
    g = slavic(hands={"Ana": "kc kh ah as ad 6h", "Bo": "4c"}, discard="5c 9h kd")
    g.apply("Ana", TakePile(cards="kc kh", melds=["ah as ad"]))
    assert g.discard_pile == [] and sorted(c.text for c in g.hand("Ana")) == ["5C", "6H", "9H"]


def test_rule_3_going_out_melds_every_card_never_by_a_discard():
    out = {0: [KINGS, QUEENS]}
    g = slavic(hands={"Ana": "9c 9d 9s 4h", "Bo": "4c"}, phase="play", melds=out)
    assert refused(g, "Ana", Meld(groups=["9c 9d 9s"])).code == "meld_leaves_one_card"
    g = slavic(hands={"Ana": "4h", "Bo": "4c"}, phase="play", melds=out)
    assert refused(g, "Ana", Discard("4h")).code == "last_card_melded"
    assert not [a for a in g.legal_actions("Ana") if a.kind == "discard"]
    # ... but a card taken from the pile may be the one that goes out
    g = slavic(hands={"Ana": "9c 9d", "Bo": "4c"}, discard="5h 9s", melds=out,
               melded_players=["Ana"])
    g.apply("Ana", TakePile(cards="9c 9d"))
    assert g.results and g.results[0].went_out == "Ana"


def test_rule_4_one_card_may_not_take_a_one_card_pile():
    g = slavic(hands={"Ana": "kc", "Bo": "4c"}, discard="kd", melds={0: ["kh ks ks"]})
    assert refused(g, "Ana", TakePile()).code == "one_card_pile"
    g = slavic(hands={"Ana": "kc", "Bo": "4c"}, discard="5h kd", melds={0: ["kh ks ks"]})
    assert refused(g, "Ana", TakePile()).code == "meld_leaves_one_card"   # no discard out
    g = slavic(hands={"Ana": "kc 6d", "Bo": "4c"}, discard="kd", melds={0: ["kh ks ks"]})
    g.apply("Ana", TakePile())
    assert sorted(c.text for c in g.hand("Ana")) == ["6D", "KC"]


def test_rule_5_a_top_card_matching_your_canasta_freezes_the_pile_for_you():
    g = slavic(hands={"Ana": "kc 2h 5h 6h", "Bo": "kc kd 4c"}, discard="5c kd",
               melds={0: [KINGS], 1: ["kh ks kc"]})
    assert g.pile_frozen_for(0) and not g.pile_frozen_for(1)
    assert refused(g, "Ana", TakePile()).code == "take_frozen_needs_pair"
    assert refused(g, "Ana", TakePile(cards="kc 2h")).code == "take_frozen_needs_pair"
    g = slavic(hands={"Ana": "kc kd 5h 6h", "Bo": "4c"}, discard="5c kd", melds={0: [KINGS]})
    g.apply("Ana", TakePile(cards="kc kd"))      # a natural pair takes it, whole
    assert len(g.melds(0)[0]) == 10 and g.discard_pile == []


def test_rule_6_a_joker_on_top_is_never_taken():
    g = slavic(hands={"Ana": "kc kd 5h", "Bo": "4c"}, discard="kh jk", melds={0: ["kh ks ks"]})
    assert refused(g, "Ana", TakePile(cards="kc kd")).code == "pile_wild_on_top"
    assert g.pile_frozen_for(0)


def test_rule_7_the_partner_melds_his_whole_hand_or_nothing():
    melds = {0: [KINGS, QUEENS, "8h 8d 8s"], 1: ["5h 5d 5s"]}
    g = slavic(hands={"Ana": "9c 9d 9s", "Cy": "8c jk 4h 4d 4s", "Bo": "6c 7d", "Di": "ac"},
               phase="play", melds=melds, melded_players=["Ana", "Bo", "Cy", "Di"],
               red_threes={1: "3h"})
    events = g.apply("Ana", Meld(groups=["9c 9d 9s"]))
    assert {"type": "partner_melds", "player": "Cy",
            "cards": ["8C", "JK", "4H", "4D", "4S"]} in events
    res = g.results[0]
    # Ana & Cy: kings 70 + queens 80 + eights 40 + nines 30 + fours 15 + the joker 50 = 285;
    # the joker goes where it spoils no natural canasta: kings 500 + mixed queens 300; out 100
    assert res.breakdown[0] == {"melded": 285, "canastas": 800, "red_threes": 0,
                                "going_out": 100, "in_hand": 0, "penalties": 0}
    # Bo & Di: fives 15, red three +100, 6c 7d ac in hand -30
    assert res.breakdown[1] == {"melded": 15, "canastas": 0, "red_threes": 100,
                                "going_out": 0, "in_hand": -30, "penalties": 0}
    assert res.total == [1185, 85]
    # a partner holding one card that cannot be melded lays down nothing
    g = slavic(hands={"Ana": "9c 9d 9s", "Cy": "8c 4h 4d 4s 7h", "Bo": "6c", "Di": "ac"},
               phase="play", melds=melds, melded_players=["Ana"])
    events = g.apply("Ana", Meld(groups=["9c 9d 9s"]))
    assert not [e for e in events if e["type"] == "partner_melds"]
    assert g.results[0].breakdown[0]["in_hand"] == -(10 + 15 + 5)


def test_rule_8_all_four_red_threes_without_a_canasta_count_minus():
    def red_threes(melds):
        g = slavic(hands={"Ana": "4c 5d", "Bo": "6c"}, stock="", discard="2c 7c", melds=melds,
                   red_threes={0: "3h 3d 3h 3d"})
        g.apply("Ana", Draw())
        return g.results[0].breakdown[0]["red_threes"]
    assert red_threes({0: ["kh kd ks"]}) == -800          # melded, but no canasta
    assert red_threes({0: [KINGS]}) == 800
    assert variant("classic").red_threes_all_need_canasta is False


def test_rule_9_a_wild_canasta_is_melded_all_at_once_for_1000():
    g = slavic(hands={"Ana": "2c 2d jk 2h 2s jk 2c 9h 9d", "Bo": "4c"}, phase="play",
               melds={0: ["kh ks ks"]})
    err = refused(g, "Ana", Meld(groups=["2c 2d jk"]))
    assert (err.code, err.values) == ("wild_canasta_whole", {"most": 7, "count": 3})
    wild = [a for a in g.legal_actions("Ana") if a.kind == "meld" and a.groups
            and all(c in ("2C", "2D", "2H", "2S", "JK") for c in a.groups[0])]
    assert [len(a.groups[0]) for a in wild] == [7]
    events = g.apply("Ana", Meld(groups=["2c 2d jk 2h 2s jk 2c"]))
    assert events[-1]["kind"] == "wild"
    from bot.engine.melds import canasta_bonus
    assert canasta_bonus(g.rules, g.team_melds[0]["wild"]) == 1000


def test_rule_10_the_stock_gone_hands_count_the_difference():
    g = slavic(hands={"Ana": "4c 5d", "Bo": "kc kd 9h", "Cy": "jk", "Di": "6c"}, stock="",
               discard="2c 7c", melds={0: ["ah as ac"], 1: ["qh qs qc"]})
    g.apply("Ana", Draw())
    res = g.results[0]
    assert res.reason == "stock"
    # Ana & Cy hold 4c 5d jk = 60, Bo & Di kc kd 9h 6c = 35: only the 25 more counts
    assert [b["in_hand"] for b in res.breakdown] == [-25, 0]
    assert res.total == [60 - 25, 30]
