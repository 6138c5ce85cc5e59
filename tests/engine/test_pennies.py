"""Pennies from Heaven (RULES.md B.13): one test per row of its table, and a complete hand's
score sheet worked out by hand."""
import pytest

from bot.engine import Discard, Draw, Game, IllegalMove, Meld, TakePile, variant
from bot.engine.melds import TableMeld
from bot.engine.rules_summary import summary
from bot.engine.scoring import team_breakdown

from .conftest import pos

P6 = ["Ana", "Bo", "Cy", "Di", "Ed", "Flo"]   # Ana, Cy, Ed: side 0; Bo, Di, Flo: side 1
PACKET = "4c 4d 4h 5c 5d 5h 6c 6d 6h 8c 8d"
NATURAL = "ah ad as ac ah ad as"
MIXED = "kh kd ks kc 2c 2d jk"
SEVENS = "7h 7d 7s 7c 7h 7d 7s"
WILD = "2h 2s 2c 2d jk jk 2h"


def pennies(options: dict | None = None, **kwargs) -> Game:
    kwargs.setdefault("hands", {})
    for p in P6:
        kwargs["hands"].setdefault(p, "9c")
    return pos(P6, name="pennies", options=options, **kwargs)


def refused(game: Game, player: str, action) -> IllegalMove:
    with pytest.raises(IllegalMove) as err:
        game.apply(player, action)
    return err.value


# --- Players: 6, two teams of 3 (three teams of 2 as the option teams=3)
def test_six_players_in_two_teams_of_three_or_three_teams_of_two():
    assert variant("pennies", 6).teams == 2
    assert variant("pennies", 6, teams=3).teams == 3
    with pytest.raises(ValueError, match="pennies is for 6 players"):
        variant("pennies", 4)


# --- Deck 216; deal 13 and an 11-card packet; draw 2
def test_216_cards_thirteen_in_hand_and_a_packet_of_eleven():
    g = Game.new(variant("pennies", 6), P6, seed=4)
    assert g.rules.deck_size == 216 and g.rules.draw == 2
    assert all(len(g.hand(p)) == 13 and len(g.foot(p)) == 11 for p in P6)
    red = sum(len(g.red_threes(t)) for t in (0, 1))
    assert g.stock_count == 216 - 144 - len(g.discard_pile) - red
    g.apply(g.turn, Draw())
    assert len(g.hand(g.order[0])) == 15


# --- The packet: picked up by the player who completes a canasta
def test_completing_a_canasta_picks_up_the_packet():
    g = pennies(hands={"Ana": "9d 9h 4c 5d"}, phase="play", melds={0: ["9c 9d 9h 9s 9c"]},
                feet={"Ana": PACKET, "Cy": PACKET})
    events = g.apply("Ana", Meld(add={"9": ["9d", "9h"]}))
    assert [(e["player"], e["count"], e["when"]) for e in events if e["type"] == "foot"] == [
        ("Ana", 11, "now")]
    assert len(g.hand("Ana")) == 13 and g.foot("Ana") == [] and len(g.foot("Cy")) == 11
    assert g.view("Cy")["players"][0]["foot_picked_up"]


def test_a_canasta_that_empties_the_hand_picks_up_the_packet_and_play_goes_on():
    g = pennies(hands={"Ana": "9d 9h"}, phase="play", melds={0: ["9c 9d 9h 9s 9c"]},
                feet={"Ana": PACKET})
    g.apply("Ana", Meld(add={"9": ["9d", "9h"]}))
    assert not g.results and g.turn == "Ana" and len(g.hand("Ana")) == 11


def test_a_meld_without_a_canasta_leaves_the_packet_waiting():
    g = pennies(hands={"Ana": "9d 9h 9s 4c 5c"}, phase="play", feet={"Ana": PACKET},
                melds={0: ["kh kd ks"]})
    g.apply("Ana", Meld(groups=["9d 9h 9s"]))
    assert len(g.foot("Ana")) == 11 and len(g.hand("Ana")) == 2


# --- Sevens: none discarded before every side has a sevens canasta; never the last
def test_no_seven_is_discarded_until_every_side_has_a_sevens_canasta():
    g = pennies(hands={"Ana": "7c 8d 9h"}, phase="play", melds={0: [SEVENS]})
    assert refused(g, "Ana", Discard("7c")).code == "sevens_held"
    assert "7C" not in [a.card for a in g.legal_actions("Ana") if a.kind == "discard"]
    g = pennies(hands={"Ana": "7c 8d 9h"}, phase="play", melds={0: [SEVENS], 1: [SEVENS]})
    g.apply("Ana", Discard("7c"))
    g = pennies(hands={"Ana": "7c 7d"}, phase="play")   # nothing else to discard
    g.apply("Ana", Discard("7c"))


def test_a_seven_is_never_the_going_out_discard():
    four = [NATURAL, MIXED, SEVENS, WILD, "8h 8d 8s"]
    g = pennies(hands={"Ana": "7c"}, phase="play", melds={0: four, 1: [SEVENS]})
    assert refused(g, "Ana", Discard("7c")).code == "seven_going_out"
    g = pennies(hands={"Ana": "8c 7d"}, phase="play", melds={0: four, 1: [SEVENS]})
    assert refused(g, "Ana", Meld(add={"8": ["8c"]})).code == "seven_going_out"


# --- Canastas: exactly 7, no extension; wild canastas; no take under a wild card
def test_canastas_of_exactly_seven_and_wild_canastas():
    g = pennies(hands={"Ana": "ks 2c 2d jk 2h 2s jk 2c 4c"}, phase="play",
                melds={0: ["kh kd ks kc kh kd ks"]})
    assert refused(g, "Ana", Meld(add={"K": ["ks"]})).code == "meld_too_big"
    events = g.apply("Ana", Meld(groups=["2c 2d jk 2h 2s jk 2c"]))
    assert [e["kind"] for e in events if e["type"] == "canasta"] == ["wild"]
    assert refused(g, "Ana", Meld(add={"wild": ["ks"]})).code == "wild_meld_natural"


def test_the_pile_is_never_taken_with_a_wild_card_on_top():
    g = pennies(hands={"Ana": "kh kd"}, discard="kc 2c", melds={0: ["ks kd kh"]})
    assert refused(g, "Ana", TakePile(cards=["kh", "kd"])).code == "pile_wild_on_top"


# --- Red threes: 100 each, all eight 1000, minus without a sevens canasta
def test_red_threes_need_a_sevens_canasta_and_all_eight_score_1000():
    r = variant("pennies", 6)
    sevens = [TableMeld.from_text(SEVENS)]
    kings = [TableMeld.from_text(NATURAL)]
    assert team_breakdown(r, sevens, 8, 0, 0, 0, 0)["red_threes"] == 1000
    assert team_breakdown(r, sevens, 3, 0, 0, 0, 0)["red_threes"] == 300
    assert team_breakdown(r, kings, 3, 0, 0, 0, 0)["red_threes"] == -300


# --- Initial meld: 15 below 0; 50 / 90 / 120 / 150 from 0 / 500 / 1000 / 1500
def test_initial_minimums():
    r = variant("pennies", 6)
    assert [r.minimum_for(s) for s in (-5, 0, 495, 500, 1000, 1495, 1500, 19000)] == [
        15, 50, 50, 90, 120, 120, 150, 150]


# --- Going out: a natural, a mixed, a sevens and a wild canasta
def test_going_out_needs_one_natural_one_mixed_one_sevens_and_one_wild_canasta():
    g = pennies(hands={"Ana": "8c 5h"}, phase="play",
                melds={0: [NATURAL, MIXED, SEVENS, "8h 8d 8s", "qh qd qs qc qh qd qs"]})
    err = refused(g, "Ana", Meld(add={"8": ["8c"]}))
    assert (err.code, err.values["kind"]) == ("going_out_kinds", "wild")


# --- Bonuses 1500 / 1000 / 500 / 300, game 20 000, and the score sheet
def test_a_complete_hand_score_sheet():
    """Ana goes out melding Q-Q-Q and discarding the 5h.

    Side 0 melded: aces 7x20 = 140, K-K-K-K-2-2-jk 40+40+50 = 130, sevens 7x5 = 35, the wild
    canasta five 2s and two jokers 100+100 = 200, the new queens 30: 535. Canastas: natural
    500 + mixed 300 + sevens 1500 + wild 1000 = 3300. Going out 100. Two red threes with a
    sevens canasta +200. Cy holds 4c 4d (-10), Ed the jk (-50) and his packet 5c 5d 5s never
    picked up (-15): -75. 535+3300+100+200-75 = 4060.
    Side 1 melded 8-8-8 = 30; three red threes without a sevens canasta -300; Bo kc, Di 2h,
    Flo 9c: -40. 30-300-40 = -310.
    """
    g = pennies(hands={"Ana": "qc qd qh 5h", "Bo": "kc", "Cy": "4c 4d", "Di": "2h",
                       "Ed": "jk", "Flo": "9c"}, phase="play",
                melds={0: [NATURAL, MIXED, SEVENS, WILD], 1: ["8h 8d 8s"]},
                red_threes={0: "3h 3d", 1: "3h 3d 3h"}, feet={"Ed": "5c 5d 5s"},
                melded_players=["Ana", "Cy"])
    g.apply("Ana", Meld(groups=["qc qd qh"]))
    g.apply("Ana", Discard("5h"))
    res = g.results[0]
    assert res.breakdown[0] == {"melded": 535, "canastas": 3300, "red_threes": 200,
                                "going_out": 100, "in_hand": -75, "penalties": 0}
    assert res.breakdown[1] == {"melded": 30, "canastas": 0, "red_threes": -300,
                                "going_out": 0, "in_hand": -40, "penalties": 0}
    assert res.total == [4060, -310]
    assert g.rules.target == 20000 and g.phase != "over"


def test_black_threes_are_not_melded_by_a_canasta_that_picks_up_the_packet():
    g = pennies(hands={"Ana": "9d 9h 3c 3s 3c"}, phase="play", melds={0: ["9c 9d 9h 9s 9c"]},
                feet={"Ana": PACKET})
    err = refused(g, "Ana", Meld(groups=["3c 3s 3c"], add={"9": ["9d", "9h"]}))
    assert err.code == "black_threes_only_going_out"
    g.apply("Ana", Meld(add={"9": ["9d", "9h"]}))
    assert len(g.hand("Ana")) == 3 + 11


def test_the_rules_in_brief_name_the_packet_and_the_sevens():
    text = "\n".join(summary(variant("pennies", 6)))
    for words in ("packet of 11 cards, picked up on completing a canasta",
                  "1 natural, 1 mixed, 1 sevens, 1 wild", "No seven is discarded",
                  "A canasta of 7s is a sevens canasta (1500)",
                  "plus only with a sevens canasta", "Game to 20000"):
        assert words in text, words
