"""B.15 Modern American canasta: one test (or more) per row of the table, with exact scores."""
import random

import pytest

from bot.engine import (
    AnswerGoOut,
    AskToGoOut,
    Discard,
    Draw,
    Game,
    IllegalMove,
    Meld,
    TakePile,
    variant,
)
from bot.engine.discard_limits import barred, discard_problem

from .conftest import pos

SEVENS = "7h 7d 7s 7c 7h 7d 7s"
KINGS = "kh kd ks kc kh kd ks"
LONG_STOCK = " ".join(["5c"] * 20)   # the turn card (9th from the bottom) still undrawn


def ma(**kwargs) -> Game:
    return pos(name="modern_american", **kwargs)


def code_of(g: Game, player: str, action) -> str:
    with pytest.raises(IllegalMove) as e:
        g.apply(player, action)
    return e.value.code


# ------------------------------------------------------------------ deck, deal, no upcard
def test_deck_deal_no_upcard_bonus_piles_and_threes_laid_out():
    r = variant("modern_american")
    assert (r.deck_size, r.hand_size, r.draw, r.upcard, r.target) == (108, 13, 1, False, 8500)
    with pytest.raises(ValueError, match="modern_american is for 4 players"):
        variant("modern_american", players=2)
    for seed in range(6):
        g = Game.new(r, ["Ana", "Bo", "Cy", "Di"], seed=seed)
        assert g.discard_pile == []
        assert all(len(g.hand(p)) == 13 for p in g.players)
        assert [len(p) for p in g.bonus] == [4, 3]
        laid = sum(len(g.red3[t]) + len(g.black3[t]) for t in range(2))
        # each 3 laid out was replaced from the stock: 108 - 52 dealt - 7 bonus cards
        assert g.stock_count == 108 - 52 - 7 - laid
        assert all(c.is_red_three for t in range(2) for c in g.red3[t])
        assert all(c.is_black_three for t in range(2) for c in g.black3[t])
        for p in g.players:   # at most one 3 kept in hand (for a Straight)
            assert sum(1 for c in g.hand(p) if c.rank == "3") <= 1
        view = g.view("Ana")
        assert view["bonus_piles"] == [4, 3] and view["turn_card_drawn"] is False
        assert view["teams"][0]["black_threes"] == [c.text for c in g.black3[0]]


# ------------------------------------------------------------------ threes
def test_a_drawn_three_is_kept_once_then_laid_out_and_replaced():
    g = ma(hands={"Ana": "kh kd 9c 4c", "Bo": "5c"}, stock="3s 8c")
    g.apply("Ana", Draw())   # 3S kept for a Straight (none in hand yet)
    assert "3S" in [c.text for c in g.hand("Ana")] and g.black3[0] == []
    g = ma(hands={"Ana": "kh kd 9c 3s", "Bo": "5c"}, stock="3h 8c")
    events = g.apply("Ana", Draw())   # already keeps one: 3H laid out, replaced by 8C
    assert [c.text for c in g.red3[0]] == ["3H"] and "8C" in [c.text for c in g.hand("Ana")]
    assert [e["type"] for e in events] == ["red_three", "draw"]


def test_kept_threes_of_the_side_are_laid_out_and_replaced_at_its_first_meld():
    g = ma(hands={"Ana": "ah ad as ac kh kd ks qh qd qs 3c 9c 4c", "Bo": "5c", "Cy": "3d 4c"},
           stock="8c 8d 8h 8s", phase="play")
    events = g.apply("Ana", Meld(groups=["ah ad as ac", "kh kd ks", "qh qd qs"]))  # 140
    assert sorted(c.text for c in g.hand("Ana")) == ["4C", "8C", "9C"]
    assert sorted(c.text for c in g.hand("Cy")) == ["4C", "8D"]
    assert [c.text for c in g.black3[0]] == ["3C"] and [c.text for c in g.red3[0]] == ["3D"]
    assert not any(c.rank == "3" for p in ("Ana", "Cy") for c in g.hand(p))
    assert {e["type"] for e in events} >= {"black_three", "red_three"}


def test_a_three_with_no_stock_card_to_replace_it_stays_in_hand():
    g = ma(hands={"Ana": "ah ad as ac kh kd ks qh qd qs 3c 9c", "Bo": "5c", "Cy": "3d 4c"},
           stock="8c", phase="play")
    g.apply("Ana", Meld(groups=["ah ad as ac", "kh kd ks", "qh qd qs"]))
    # Ana's 3C is laid out and replaced by the last stock card; Cy's 3D has none: it stays
    assert [c.text for c in g.black3[0]] == ["3C"] and g.red3[0] == []
    assert sorted(c.text for c in g.hand("Ana")) == ["8C", "9C"]
    assert sorted(c.text for c in g.hand("Cy")) == ["3D", "4C"]
    # a hand of nothing but threes may discard one (a turn can always end)
    g = ma(hands={"Ana": "3d 3c", "Bo": "5c"}, stock="", discard="4c", phase="play",
           melds={0: ["kh kd ks"]})
    events = g.apply("Ana", Discard("3d"))
    assert events[0] == {"type": "discard", "player": "Ana", "card": "3D", "frozen": False}


def test_threes_are_never_discarded():
    g = ma(hands={"Ana": "3s 9c 4c", "Bo": "5c"}, discard="6d", phase="play")
    assert code_of(g, "Ana", Discard("3s")) == "three_discard"
    assert Discard("3S") not in g.legal_actions("Ana")


def test_the_last_card_a_three_ends_the_hand_and_stays_in_hand():
    g = ma(hands={"Ana": "9c 4c 3s", "Bo": "5c", "Cy": "6d", "Di": "8d"}, stock="3h",
           discard="6c")
    g.apply("Ana", Draw())
    res = g.results[0]
    assert res.reason == "last_three"
    # side 0: threes 1 red (in hand) + 1 black (kept) = 100 + 100, minus with no canasta;
    # in hand 9 + 4... 10 + 5 + 5 (3S) + 5 (3H) + 5 (Cy's 6D) = 30
    assert res.breakdown[0] == {"melded": 0, "canastas": 0, "red_threes": -200,
                                "going_out": 0, "in_hand": -30, "penalties": 0}


# ------------------------------------------------------------------ discard limits
def test_wild_cards_are_discarded_only_from_a_hand_of_wild_cards_or_to_go_out():
    g = ma(hands={"Ana": "2c 9c 4c", "Bo": "5c"}, discard="6d", phase="play")
    assert code_of(g, "Ana", Discard("2c")) == "wild_discard"
    g = ma(hands={"Ana": "2c jk", "Bo": "5c"}, discard="6d", phase="play")
    g.apply("Ana", Discard("2c"))
    assert g.discard_pile[-1].text == "2C"


def test_swad_nothing_of_sevens_wilds_aces_or_dead_ranks_on_an_empty_pile():
    g = ma(hands={"Ana": "7c ac 2c kh 9c", "Bo": "5c"}, melds={1: [KINGS]}, phase="play")
    for card, code in (("7c", "empty_pile_discard"), ("ac", "empty_pile_discard"),
                       ("2c", "wild_discard"), ("kh", "empty_pile_discard")):
        assert code_of(g, "Ana", Discard(card)) == code
    assert [a.card for a in g.legal_actions("Ana") if isinstance(a, Discard)] == ["9C"]
    g.apply("Ana", Discard("9c"))
    # every card barred: the bars are lifted
    g = ma(hands={"Ana": "7c ac", "Bo": "5c"}, phase="play")
    g.apply("Ana", Discard("7c"))
    assert g.discard_pile[-1].text == "7C"


# ------------------------------------------------------------------ melds
def test_melds_never_pass_seven_cards_and_no_two_melds_of_a_rank():
    g = ma(hands={"Ana": "kh kd kc 9c 4c", "Bo": "5c"}, phase="play",
           melds={0: [KINGS, "qh qd qs"]})
    assert code_of(g, "Ana", Meld(add={"K": ["kh"]})) == "meld_too_big"
    assert code_of(g, "Ana", Meld(groups=["kh kd kc"])) == "meld_too_big"


def test_at_most_two_wild_cards_and_two_naturals():
    g = ma(hands={"Ana": "kh kd kc ks kh 2c 2d jk 9c 4c", "Bo": "5c"}, phase="play",
           melds={0: ["qh qd qs"]})
    assert code_of(g, "Ana", Meld(groups=["kh kd kc ks kh 2c 2d jk"])) == "too_many_wilds"
    assert code_of(g, "Ana", Meld(groups=["kh 2c 2d"])) == "too_few_naturals"


def test_rule_of_five_after_the_initial_meld():
    g = ma(hands={"Ana": "kh kd 2c 9c 9d 9h 4c", "Bo": "5c"}, phase="play",
           melds={0: ["qh qd qs qc", "jh jd js jc jh"]})
    assert code_of(g, "Ana", Meld(add={"Q": ["2c"]})) == "meld_base"
    assert code_of(g, "Ana", Meld(groups=["kh kd 2c"])) == "meld_base"
    g.apply("Ana", Meld(add={"J": ["2c"]}))   # five natural jacks: a wild card may join
    assert g.team_melds[0]["J"].wilds == 1


def test_sevens_never_take_wild_cards_aces_only_in_the_initial_meld():
    g = ma(hands={"Ana": "7h 7d 7s 2c kh kd ks qh qd qs 9c 4c", "Bo": "5c"}, phase="play")
    assert code_of(g, "Ana", Meld(groups=["7h 7d 7s 2c", "kh kd ks", "qh qd qs"])
                   ) == "wildless_rank"


def test_aces_take_wild_cards_in_the_initial_meld_and_become_ordinary():
    g = ma(hands={"Ana": "ah ad as 2c kh kd ks qh qd qs 4c 9c", "Bo": "5c"}, phase="play")
    g.apply("Ana", Meld(groups=["ah ad as 2c", "kh kd ks", "qh qd qs"]))   # 80 + 30 + 30
    assert g.team_melds[0]["A"].wilds == 1
    # an ordinary meld now: a mixed aces canasta scores 300 (and an unfinished one no -2500)
    g = ma(hands={"Ana": "9c", "Bo": "5c"}, stock="", discard="4c",
           melds={0: ["ah ad as ac ah 2c 2d", "kh kd ks"]})
    g.apply("Ana", Draw())
    assert g.results[0].breakdown[0]["canastas"] == 300
    g = ma(hands={"Ana": "9c", "Bo": "5c"}, stock="", discard="4c",
           melds={0: ["ah ad as 2c", "kh kd ks"]})
    g.apply("Ana", Draw())
    assert g.results[0].breakdown[0]["penalties"] == 0


def test_natural_aces_after_the_initial_meld_take_no_wild_card():
    g = ma(hands={"Ana": "ah 2c 9c 4c 5d", "Bo": "5c"}, phase="play",
           melds={0: ["ah ad as ac ah", "kh kd ks"]})
    assert code_of(g, "Ana", Meld(add={"A": ["ah", "2c"]})) == "wildless_rank"


def test_wild_meld_and_while_it_is_unfinished_no_wild_card_elsewhere():
    g = ma(hands={"Ana": "2c 2d jk 2h 9c 4c 5d", "Bo": "5c"}, phase="play",
           melds={0: ["kh kd ks kc kh"]})
    assert code_of(g, "Ana", Meld(groups=["2c 2d jk"], add={"K": ["2h"]})) == "wilds_reserved"
    g.apply("Ana", Meld(groups=["2c 2d jk"]))
    assert code_of(g, "Ana", Meld(add={"K": ["2h"]})) == "wilds_reserved"
    g.apply("Ana", Meld(add={"wild": ["2h"]}))
    assert len(g.team_melds[0]["wild"].cards) == 4


# ------------------------------------------------------------------ the pile
def test_pile_needs_a_natural_pair_and_not_onto_five_of_the_rank():
    g = ma(hands={"Ana": "8h 2c 9c 4c", "Bo": "5c"}, discard="6c 8s", melds={0: ["8c 8d 8d"]})
    assert code_of(g, "Ana", TakePile()) == "take_frozen_needs_pair"
    assert code_of(g, "Ana", TakePile(cards=["8h", "2c"])) == "take_frozen_needs_pair"
    g = ma(hands={"Ana": "jh jd 9c 4c", "Bo": "5c"}, discard="6c js",
           melds={0: ["jc jd jh js jc", "kh kd ks"]})
    assert code_of(g, "Ana", TakePile(cards=["jh", "jd"])) == "meld_too_big"
    assert not any(isinstance(a, TakePile) for a in g.legal_actions("Ana"))
    g = ma(hands={"Ana": "jh jd 9c 4c", "Bo": "5c"}, discard="6c js",
           melds={0: ["jc jd jh js", "kh kd ks"]})
    g.apply("Ana", TakePile(cards=["jh", "jd"]))
    assert len(g.team_melds[0]["J"].cards) == 7


def test_pg_option_the_top_card_alone_onto_a_meld_of_three_or_four():
    hands = {"Ana": "9c 4c 5d", "Bo": "5c"}
    g = ma(hands=hands, discard="6c 8s", melds={0: ["8c 8d 8d"]})
    assert code_of(g, "Ana", TakePile()) == "take_frozen_needs_pair"
    g = ma(hands=hands, discard="6c 8s", melds={0: ["8c 8d 8d"]},
           options={"take_onto_short_meld": True})
    assert TakePile() in g.legal_actions("Ana")
    g.apply("Ana", TakePile())
    assert len(g.team_melds[0]["8"].cards) == 4 and "6C" in [c.text for c in g.hand("Ana")]
    g = ma(hands=hands, discard="6c 8s", melds={0: ["8c 8d 8d 8h 8s"]},
           options={"take_onto_short_meld": True})
    assert code_of(g, "Ana", TakePile()) == "take_frozen_needs_pair"


def test_a_wild_card_on_top_stops_every_take():
    g = ma(hands={"Ana": "2h 2d 9c 4c", "Bo": "5c"}, discard="6c 2s",
           melds={0: ["8c 8d 8d"]})
    assert code_of(g, "Ana", TakePile(cards=["2h", "2d"])) == "pile_wild_on_top"


# ------------------------------------------------------------------ the initial meld
def test_initial_meld_table():
    r = variant("modern_american")
    assert [r.minimum_for(s) for s in (-500, 0, 2995, 3000, 4995, 5000, 8000)] == [
        125, 125, 125, 155, 155, 180, 180]


def test_initial_meld_needs_a_clean_triple():
    g = ma(hands={"Ana": "ah ad 2c kh kd 2d qh qd jk 9c 4c", "Bo": "5c"}, phase="play")
    # 40+20 + 20+20 + 20+50 = 170 but no three naturals without a wild card
    assert code_of(g, "Ana", Meld(groups=["ah ad 2c", "kh kd 2d", "qh qd jk"])
                   ) == "initial_clean_triple"


def test_initial_meld_minimum_and_the_top_card_does_not_count():
    g = ma(hands={"Ana": "ah ad as kh kd qh qd 9c 4c", "Bo": "5c"}, phase="play")
    assert code_of(g, "Ana", Meld(groups=["ah ad as"])) == "first_meld_minimum"
    g = ma(hands={"Ana": "ah ad kh kd ks qh qd qs 5h 5d 5s jk 9c 4c", "Bo": "5c"},
           discard="6c as")
    # aces 40 from the hand (the top ace does not count) + kings 30 + queens 30 + fives 15
    # = 115: short of 125, though 135 with the top card
    assert code_of(g, "Ana", TakePile(cards=["ah", "ad"],
                                      melds=["kh kd ks", "qh qd qs", "5h 5d 5s"])
                   ) == "first_meld_minimum"
    g.apply("Ana", TakePile(cards=["ah", "ad"], melds=["kh kd ks jk", "qh qd qs", "5h 5d 5s"]))
    assert set(g.team_melds[0]) == {"A", "K", "Q", "5"}


def test_the_splash_a_natural_canasta_from_the_hand_meets_any_minimum():
    g = ma(hands={"Ana": "5h 5d 5s 5c 5h 5d 5s 9c 4c", "Bo": "5c"}, phase="play",
           scores=[6000, 0])
    g.apply("Ana", Meld(groups=["5h 5d 5s 5c 5h 5d 5s"]))   # 35 points, minimum 180
    assert g.canastas(0) == 1


# ------------------------------------------------------------------ bonus cards
def test_bonus_cards_four_to_the_first_side_three_to_the_second():
    g = ma(hands={"Ana": "ah ad as ac kh kd ks qh qd qs 9c 4c",
                  "Bo": "jh jd js jc kh kd ks ah ad as 6c", "Cy": "4d", "Di": "4h"},
           stock=LONG_STOCK, bonus_piles=["8h 8d 8s 3h", "9h 9d 9s"], phase="play")
    assert g.view("Ana")["bonus_piles"] == [4, 3]
    events = g.apply("Ana", Meld(groups=["ah ad as ac", "kh kd ks", "qh qd qs"]))
    bonus = [e for e in events if e["type"] == "bonus_cards"]
    assert bonus[0]["count"] == 4 and bonus[0]["cards"] == ["8H", "8D", "8S", "3H"]
    # the 3H among them is laid out and replaced from the stock
    assert [c.text for c in g.red3[0]] == ["3H"]
    assert sorted(c.text for c in g.hand("Ana")) == sorted("9C 4C 8H 8D 8S 5C".split())
    assert g.view("Bo")["bonus_piles"] == [3]
    assert "cards" not in [e for e in g.view("Bo")["history"] if e["type"] == "bonus_cards"][0]
    g.apply("Ana", Discard("9c"))
    g.apply("Bo", Draw())
    g.apply("Bo", Meld(groups=["jh jd js jc", "kh kd ks", "ah ad as"]))
    assert {"9H", "9D", "9S"} <= {c.text for c in g.hand("Bo")}
    assert g.view("Ana")["bonus_piles"] == []


def test_bonus_cards_after_taking_the_pile_for_the_first_meld():
    g = ma(hands={"Ana": "kh kd ah ad as ac qh qd qs 9c 4c", "Bo": "5c"}, discard="6c ks",
           stock=LONG_STOCK, bonus_piles=["8h 8d 8s 8c", "9h 9d 9s"])
    g.apply("Ana", TakePile(cards=["kh", "kd"], melds=["ah ad as ac", "qh qd qs"]))
    # kings 20 (the top king does not count) + aces 80 + queens 30 = 130
    assert sorted(c.text for c in g.hand("Ana")) == sorted("9C 4C 6C 8H 8D 8S 8C".split())
    assert sorted(g.view("Ana")["just_arrived"]) == sorted("6C 8H 8D 8S 8C".split())


def test_no_bonus_cards_once_the_turn_card_is_drawn():
    g = ma(hands={"Ana": "ah ad as ac kh kd ks qh qd qs 9c 4c", "Bo": "5c"},
           stock="5c 6c 7c 8c 9c 10c jc qc", bonus_piles=["8h 8d 8s 8c", "9h 9d 9s"],
           phase="play")
    view = g.view("Ana")
    assert view["turn_card_drawn"] is True and view["bonus_piles"] == []
    events = g.apply("Ana", Meld(groups=["ah ad as ac", "kh kd ks", "qh qd qs"]))
    assert not [e for e in events if e["type"] == "bonus_cards"]
    assert len(g.hand("Ana")) == 2


# ------------------------------------------------------------------ going out and permission
def test_going_out_needs_two_canastas_and_a_discard():
    g = ma(hands={"Ana": "kc 9c 9d 9h", "Bo": "5c"}, phase="play",
           melds={0: ["kh kd ks kc kh kd", "qh qd qs qc qh qd qs"]})
    assert code_of(g, "Ana", Meld(add={"K": ["kc"]}, groups=["9c 9d 9h"])
                   ) == "going_out_needs_discard"
    g = ma(hands={"Ana": "9c", "Bo": "5c"}, phase="play", melds={0: [KINGS]})
    assert code_of(g, "Ana", Discard("9c")) == "going_out_needs_canastas"
    g = ma(hands={"Ana": "9c", "Bo": "5c"}, phase="play",
           melds={0: [KINGS, "qh qd qs qc qh qd qs"]})
    g.apply("Ana", Discard("9c"))
    assert g.results[0].breakdown[0]["going_out"] == 100 and g.results[0].went_out == "Ana"


def test_permission_is_asked_once_a_hand():
    g = ma(hands={"Ana": "kc 9c 9d 9h 4c", "Bo": "5c", "Cy": "6c"}, phase="play",
           melds={0: [KINGS, "qh qd qs qc qh qd qs"]}, asked_this_hand=["Ana"])
    assert code_of(g, "Ana", AskToGoOut()) == "asked_this_hand"
    assert AskToGoOut() not in g.legal_actions("Ana")
    g = ma(hands={"Ana": "jc jd 9c 9d 9h", "Bo": "5c", "Cy": "6c"}, phase="play",
           melds={0: ["jh js jh js jc", "qh qd qs qc qh qd qs"]})
    g.apply("Ana", AskToGoOut())
    g.apply("Cy", AnswerGoOut(yes=False))
    assert g.asked_this_hand("Ana")


# ------------------------------------------------------------------ a whole score sheet
def test_exact_score_sheet_of_a_hand():
    g = ma(hands={"Ana": "ah ad as ac ah ad as 9c", "Bo": "7s 7c 7h kc", "Cy": "jk 9d",
                  "Di": "8d"},
           phase="play", melds={0: [KINGS], 1: ["qh qd qs", "2c 2d 2h", "7h 7d 7s"]},
           red_threes={0: "3d 3h", 1: "3h 3d"}, black_threes={1: "3c"})
    g.apply("Ana", Meld(groups=["ah ad as ac ah ad as"]))
    g.apply("Ana", Discard("9c"))
    res = g.results[0]
    # Side 0 (Ana, Cy), two canastas: kings 70 + aces 140 = 210 melded; kings natural 500 +
    # aces natural 2500; threes: 2 red -> 300, plus with two canastas; going out 100; in hand
    # Cy's joker 50 + 9D 10 = -60.
    assert res.breakdown[0] == {"melded": 210, "canastas": 3000, "red_threes": 300,
                                "going_out": 100, "in_hand": -60, "penalties": 0}
    assert res.total[0] == 210 + 3000 + 300 + 100 - 60
    # Side 1 (Bo, Di), no canasta: melds minus (30 + 60 + 15 = 105); threes 2 red 300 +
    # 1 black 100 = -400; in hand 7s 7c 7h kc 8d = 5+5+5+10+10 = 35; penalties: unfinished
    # sevens -2500, unfinished wild meld -2000, three sevens in Bo's hand -1500.
    assert res.breakdown[1] == {"melded": -105, "canastas": 0, "red_threes": -400,
                                "going_out": 0, "in_hand": -35, "penalties": -6000}
    assert res.total[1] == -105 - 400 - 35 - 6000


@pytest.mark.parametrize("canastas,sign", [(0, -1), (1, 0), (2, 1)])
def test_threes_by_colour_and_by_canastas(canastas, sign):
    melds = [KINGS, "qh qd qs qc qh qd qs"][:canastas] + ["jh jd js"]
    g = ma(hands={"Ana": "9c", "Bo": "5c", "Cy": "", "Di": ""}, stock="", discard="4c",
           melds={0: melds}, red_threes={0: "3h 3d 3h"}, black_threes={0: "3s 3c 3s 3c"})
    g.apply("Ana", Draw())   # the stock is empty: the hand ends
    assert g.results[0].breakdown[0]["red_threes"] == sign * (500 + 1000)


# ------------------------------------------------------------------ game end
def test_game_to_8500_and_both_over_the_higher_total_wins():
    g = ma(hands={"Ana": "9c", "Bo": "5c", "Cy": "", "Di": ""}, stock="", discard="4c",
           melds={0: [KINGS, "qh qd qs qc qh qd qs"], 1: ["jh jd js jc jh jd js"]},
           scores=[7000, 7900])
    g.apply("Ana", Draw())
    # side 0: 140 + 1000 + 0 - 10 = 1130 -> 8130; side 1: 70 + 500 - 5 = 565 -> 8465
    assert g.scores == [8130, 8465] and g.winner is None
    g = ma(hands={"Ana": "9c", "Bo": "5c", "Cy": "", "Di": ""}, stock="", discard="4c",
           melds={0: [KINGS, "qh qd qs qc qh qd qs"], 1: ["jh jd js jc jh jd js"]},
           scores=[7400, 8000])
    g.apply("Ana", Draw())
    assert g.scores == [8530, 8565] and g.winner == 1 and g.phase == "over"


def test_the_discards_offered_are_exactly_those_the_limits_allow():
    checked = 0
    for seed in range(3):
        g = Game.new(variant("modern_american"), ["Ana", "Bo", "Cy", "Di"], seed=seed)
        rng = random.Random(seed)
        while not g.results:
            p = g.turn
            actions = g.legal_actions(p)
            if g.phase == "play":
                hand = g.hand(p)
                assert barred(g, p) == {c for c in hand if discard_problem(g, p, c)}
                offered = {a.card for a in actions if isinstance(a, Discard)}
                allowed = {c.text for c in hand if discard_problem(g, p, c) is None}
                assert offered == allowed or len(hand) == 1
                checked += 1
            g.apply(p, rng.choice(actions))
    assert checked > 50
