"""Hand and Foot (RULES.md B.16): one test per row of its table, the foot contract, and a
complete hand's score sheet worked out by hand."""
import json

import pytest

from bot.engine import AskToGoOut, Discard, Draw, Game, IllegalMove, Meld, TakePile, variant
from bot.engine.cards import parse_cards
from bot.engine.rules_summary import summary

from .conftest import pos
from .play import play_random

FOOT = "4c 4d 4h 5c 5d 5h 6c 6d 6h 7c 7d"
NATURALS = ["ah ad as ac ah ad as", "kh kd ks kc kh kd ks", "qh qd qs qc qh qd qs"]
MIXED = ["jh jd js jc 2c 2d jk", "10h 10d 10s 10c 10h 2h 2s", "9h 9d 9s 9c 9h 9d 2c"]


def hf(players: list[str] | None = None, options: dict | None = None, **kwargs) -> Game:
    return pos(players, name="hand_and_foot", options=options, **kwargs)


def refused(game: Game, player: str, action) -> IllegalMove:
    with pytest.raises(IllegalMove) as err:
        game.apply(player, action)
    return err.value


# --- Deck: one more deck than players, with jokers
@pytest.mark.parametrize(("players", "cards"), [(2, 162), (3, 216), (4, 270), (6, 378)])
def test_one_more_deck_than_players_with_jokers(players, cards):
    r = variant("hand_and_foot", players)
    assert (r.packs, r.deck_size) == (players + 1, cards)


def test_five_players_are_not_a_hand_and_foot_table():
    with pytest.raises(ValueError, match="hand_and_foot is for 2, 3, 4, 6 players"):
        variant("hand_and_foot", 5)


# --- Deal: an 11-card hand and an 11-card face-down foot each
def test_the_deal_gives_each_player_a_hand_and_a_foot_of_eleven():
    g = Game.new(variant("hand_and_foot"), ["Ana", "Bo", "Cy", "Di"], seed=3)
    red = sum(len(g.red_threes(t)) for t in (0, 1))
    assert all(len(g.hand(p)) == 11 and len(g.foot(p)) == 11 for p in g.players)
    assert g.stock_count == 270 - 88 - len(g.discard_pile) - red
    view = g.view("Ana")
    assert [p["foot"] for p in view["players"]] == [11, 11, 11, 11]
    assert not any(p["foot_picked_up"] for p in view["players"])
    assert "foot" not in json.dumps(view["hand"])   # nobody sees a foot's cards


# --- Foot pickup: by melding, pick it up and play on
def test_melding_the_hand_away_picks_up_the_foot_and_play_goes_on():
    g = hf(hands={"Ana": "9c 9d 9h", "Bo": "5c"}, feet={"Ana": FOOT}, phase="play",
           melds={0: ["kh kd ks"]})
    events = g.apply("Ana", Meld(groups=["9c 9d 9h"]))
    foot = [e for e in events if e["type"] == "foot"]
    assert foot == [{"type": "foot", "player": "Ana", "count": 11, "when": "now",
                     "cards": FOOT.upper().split()}]
    assert not g.results and g.turn == "Ana" and g.phase == "play"
    assert sorted(g.hand("Ana")) == sorted(parse_cards(FOOT)) and g.foot("Ana") == []
    seat = g.view("Ana")["players"][0]
    assert (seat["foot"], seat["foot_picked_up"]) == (0, True)
    assert "cards" not in [e for e in g.view("Bo")["history"] if e["type"] == "foot"][0]


def test_without_a_foot_the_same_meld_is_going_out_and_needs_the_canastas():
    g = hf(hands={"Ana": "9c 9d 9h", "Bo": "5c"}, phase="play", melds={0: ["kh kd ks"]})
    assert refused(g, "Ana", Meld(groups=["9c 9d 9h"])).code == "going_out_kinds"


# --- Foot pickup: by discarding, pick it up and play it next turn
def test_discarding_the_last_card_picks_up_the_foot_for_the_next_turn():
    g = hf(hands={"Ana": "9c", "Bo": "5c 5d"}, feet={"Ana": FOOT}, phase="play")
    events = g.apply("Ana", Discard("9c"))
    assert [e["when"] for e in events if e["type"] == "foot"] == ["next_turn"]
    assert g.turn == "Bo" and len(g.hand("Ana")) == 11 and not g.results


def test_red_threes_in_the_foot_are_laid_out_and_replaced():
    g = hf(hands={"Ana": "9c", "Bo": "5c 5d"}, feet={"Ana": "3h 3d " + FOOT[:-6]},
           phase="play", stock="8c 8d 8h")
    g.apply("Ana", Discard("9c"))
    assert len(g.hand("Ana")) == 9 + 2 and not any(c.is_red_three for c in g.hand("Ana"))
    assert [c.text for c in g.red_threes(0)] == ["3H", "3D"]


# --- Draw: 2 from the stock, discard 1
def test_draw_two_from_the_stock():
    g = hf(hands={"Ana": "9c 4d", "Bo": "5c"})
    g.apply("Ana", Draw())
    assert len(g.hand("Ana")) == 4


# --- Taking the pile: with a natural pair, only the top 5 cards
def test_the_pile_is_taken_with_a_natural_pair_and_only_its_top_five_cards():
    pile = "4c 5c 6c 7c 8c 9c 10c jc"
    g = hf(hands={"Ana": "jd jh qs 2c", "Bo": "5c"}, discard=pile, melds={0: NATURALS[:1]})
    assert refused(g, "Ana", TakePile(cards=["jd", "2c"])).code == "take_frozen_needs_pair"
    g.apply("Ana", TakePile(cards=["jd", "jh"]))
    assert [c.text for c in g.discard_pile] == ["4C", "5C", "6C"]
    assert sorted(c.text for c in g.hand("Ana")) == sorted(["QS", "2C", "7C", "8C", "9C", "10C"])


def test_a_lay_off_alone_does_not_take_the_pile():
    g = hf(hands={"Ana": "jd qs", "Bo": "5c"}, discard="4c jc", melds={0: ["jh js jc"]})
    assert refused(g, "Ana", TakePile()).code == "take_frozen_needs_pair"


def test_seven_cards_is_an_option():
    g = hf(hands={"Ana": "jd jh qs", "Bo": "5c"}, discard="4c 5c 6c 7c 8c 9c 10c jc",
           melds={0: NATURALS[:1]}, options={"pile_take_limit": 7})
    g.apply("Ana", TakePile(cards=["jd", "jh"]))
    assert [c.text for c in g.discard_pile] == ["4C"]


# --- Threes: never melded; black threes discard-only; red three -300
def test_black_threes_are_never_melded_not_even_going_out():
    g = hf(hands={"Ana": "3c 3s 3c", "Bo": "5c"}, phase="play", melds={0: NATURALS + MIXED})
    assert refused(g, "Ana", Meld(groups=["3c 3s 3c"])).code == "threes_never_melded"
    g.apply("Ana", Discard("3c"))
    assert g.discard_pile[-1].text == "3C"


# --- Wild limits: fewer wild cards than naturals, at most 3
def test_wild_cards_fewer_than_naturals_and_at_most_three():
    g = hf(hands={"Ana": "kh kd 2c 2d jk 4c 4d", "Bo": "5c"}, phase="play",
           melds={0: ["9h 9d 9s 9c 9h"]})
    assert refused(g, "Ana", Meld(groups=["kh kd 2c 2d"])).code == "wilds_not_fewer"
    g.apply("Ana", Meld(groups=["kh kd 2c"], add={"9": ["2d", "jk"]}))
    assert refused(hf(hands={"Ana": "2c 2d jk 2h 4c 4d", "Bo": "5c"}, phase="play",
                         melds={0: ["9h 9d 9s 9c 9h 9d"]}),
                   "Ana", Meld(add={"9": ["2c", "2d", "jk", "2h"]})).code == "too_many_wilds"


# --- Going out: 3 natural + 4 mixed canastas (partnerships), 1 + 2 individual; permission
def test_partnerships_go_out_with_three_natural_and_four_mixed_canastas():
    short = hf(hands={"Ana": "8c 5h", "Bo": "5c"}, phase="play",
               melds={0: NATURALS[:2] + MIXED + ["8h 8d 8s 8c 8h 2d"]})
    err = refused(short, "Ana", Meld(add={"8": ["8c"]}))
    assert (err.code, err.values["kind"], err.values["have"]) == ("going_out_kinds", "natural", 2)
    g = hf(hands={"Ana": "8c 5h", "Bo": "5c"}, phase="play",
           melds={0: NATURALS + MIXED + ["8h 8d 8s 8c 8h 2d"]})
    g.apply("Ana", Meld(add={"8": ["8c"]}))
    g.apply("Ana", Discard("5h"))
    assert g.results[0].went_out == "Ana"


def test_individual_play_goes_out_with_one_natural_and_two_mixed():
    r = variant("hand_and_foot", 2)
    assert r.going_out_kinds == (("natural", 1), ("mixed", 2))
    g = hf(["Ana", "Bo"], hands={"Ana": "8c 5h", "Bo": "5c"}, phase="play",
           melds={0: NATURALS[:1] + MIXED[:1] + ["8h 8d 8s 8c 8h 2d"]})
    g.apply("Ana", Meld(add={"8": ["8c"]}))
    g.apply("Ana", Discard("5h"))
    assert g.results[0].went_out == "Ana"


def test_permission_is_asked_only_once_the_foot_is_picked_up():
    g = hf(hands={"Ana": "8c 5h 6h", "Bo": "5c"}, phase="play", feet={"Ana": FOOT},
           melds={0: NATURALS + MIXED})
    assert refused(g, "Ana", AskToGoOut()).code == "foot_not_picked_up"
    assert not any(a.kind == "ask" for a in g.legal_actions("Ana"))
    g = hf(hands={"Ana": "8c 8d 8h 5h", "Bo": "5c"}, phase="play",
           melds={0: NATURALS + MIXED + ["7h 7d 7s 7c 2d 2c"]})
    g.apply("Ana", AskToGoOut())
    assert g.turn == "Cy"


# --- Initial meld by deal: 50 / 90 / 120 / 150, whatever the score
def test_the_initial_minimum_goes_by_the_deal():
    g = Game.new(variant("hand_and_foot"), ["Ana", "Bo", "Cy", "Di"], seed=1)
    seen = [list(g.minimums)]
    for hand in (2, 3, 4):
        g._deal(hand)
        seen.append(list(g.minimums))
    assert seen == [[50, 50], [90, 90], [120, 120], [150, 150]]
    assert hf(hands={"Ana": "4c"}, scores=[6000, -200]).minimums == [50, 50]


# --- Game: a match of 4 deals
def test_a_match_is_four_deals():
    g = play_random(5, 2, "hand_and_foot", hands=10, roundtrip=False)
    assert g.phase == "over" and len(g.results) >= 4
    assert len(g.results) == 4 or g.results[3].total != g.results[3].total[::-1]


# --- Bonuses and the score sheet
def test_a_complete_hand_score_sheet():
    """Ana goes out with the 3 natural and 4 mixed canastas her side needs.

    Side 0 melded: aces 7x20 = 140, kings 70, queens 70, J-J-J-J-2-2-jk 40+40+50 = 130,
    10s 50+40 = 90, 9s 60+20 = 80, 8s 6x10+20 = 80: 660. Canastas 3x500 + 4x300 = 2700.
    Going out 100. One red three -300. Cy holds 4c 3s: -10. 660+2700+100-300-10 = 3150.
    Side 1 melded 7-7-7 = 15; Bo holds kc 2h (-30), Di jk (-50) and Di's foot 6c 6d, never
    picked up (-10): 15-90 = -75.
    """
    g = hf(hands={"Ana": "8c 5h", "Bo": "kc 2h", "Cy": "4c 3s", "Di": "jk"}, phase="play",
           melds={0: NATURALS + MIXED + ["8h 8d 8s 8c 8h 2d"], 1: ["7h 7d 7s"]},
           red_threes={0: "3h"}, feet={"Di": "6c 6d"})
    g.apply("Ana", Meld(add={"8": ["8c"]}))
    g.apply("Ana", Discard("5h"))
    res = g.results[0]
    assert res.breakdown[0] == {"melded": 660, "canastas": 2700, "red_threes": -300,
                                "going_out": 100, "in_hand": -10, "penalties": 0}
    assert res.breakdown[1] == {"melded": 15, "canastas": 0, "red_threes": 0, "going_out": 0,
                                "in_hand": -90, "penalties": 0}
    assert res.total == [3150, -75] and g.scores == [3150, -75]
    assert g.hand_number == 2 and g.minimums == [90, 90]


# --- the foot contract: positions, snapshots, other variants
def test_feet_survive_a_snapshot_and_old_snapshots_load():
    g = Game.new(variant("hand_and_foot"), ["Ana", "Bo", "Cy", "Di"], seed=2)
    again = Game.from_dict(json.loads(json.dumps(g.to_dict())))
    assert again.foot("Bo") == g.foot("Bo") and again.to_dict() == g.to_dict()
    classic = Game.new(variant("classic"), ["Ana", "Bo", "Cy", "Di"], seed=2)
    snap = classic.to_dict()
    assert "feet" not in snap       # a classic snapshot is what main wrote before
    old = Game.from_dict(snap)
    assert old.foot("Ana") == [] and old.view("Ana")["players"][0]["foot"] == 0
    with pytest.raises(IllegalMove):
        old.foot("Zed")


def test_a_position_without_a_foot_means_it_was_picked_up():
    g = hf(hands={"Ana": "4c", "Bo": "5c"}, feet={"Bo": "6c 6d"})
    view = g.view("Ana")
    assert [(p["foot"], p["foot_picked_up"]) for p in view["players"]] == [
        (0, True), (2, False), (0, True), (0, True)]
    with pytest.raises(ValueError, match="no foot"):
        pos(hands={"Ana": "4c"}, feet={"Ana": "4c"})


def test_the_rules_in_brief_name_the_foot_and_its_other_rules():
    text = "\n".join(summary(variant("hand_and_foot")))
    for words in ("foot of 11 cards, picked up when the hand is used up", "top 5 cards",
                  "3 natural, 4 mixed", "by deal, whatever the score: 50 / 90 / 120 / 150",
                  "Threes are never melded", "fewer wild cards than naturals",
                  "Each red three counts -300"):
        assert words in text, words


# --- Going out keeps the natural canasta it needs (found by the completeness property)
def test_going_out_lines_lay_two_wild_cards_off_elsewhere_to_keep_the_natural_canasta():
    """Melds 5s x4 (natural), Js x6 (natural), a mixed 7s canasta; hand 5C 2S 5C 5S 5S 5H 2D.
    Going out needs a natural and two mixed canastas: the fives make the natural one, so
    both wild cards go elsewhere (a first spreading put the spare one on the fives)."""
    from .brute import check_position
    from .test_completeness import build

    game = build("hand_and_foot 2p", "play", 7, 3, -100, 82, 1)
    assert sorted(c.text for c in game.hands["p0"]) == sorted("5C 2S 5C 5S 5S 5H 2D".split())
    check_position(game, "p0", "hand_and_foot 2p")   # ('out', '5') and ('out', None)
    lines = [a for a in game.legal_actions("p0") if isinstance(a, Meld)
             and sum(map(len, a.add.values())) + sum(map(len, a.groups)) >= 6
             and "2S" in {c for v in a.add.values() for c in v}
             and "2D" in {c for v in a.add.values() for c in v}]
    whole = [a for a in lines if sum(map(len, a.add.values())) == 7]
    assert whole and len(lines) == 2
    assert not whole[0].add.get("5", [])[5:]   # no wild card on the fives
    game.apply("p0", whole[0])   # the hand is over: the next one is dealt
    assert game.hand_number == 2
