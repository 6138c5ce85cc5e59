"""A.11-A.12: full hand scoring and the end of the match."""
from bot.engine import BREAKDOWN_KEYS, Discard, Draw, Meld

from .conftest import pos


def test_full_hand_scoring_exact():
    g = pos(hands={"Ana": "ac ad ah 2c 4s", "Bo": "jk 2d 9s 3c", "Cy": "5h 5d", "Di": "kc"},
            melds={0: ["qh qd qs qc qh qd qs", "7c 7d 7h 7s 7c 2h 2s", "9c 9d 9h"],
                   1: ["jh jd jc", "10h 10d 10c 10s"]},
            red_threes={0: "3h", 1: "3d 3d"}, phase="play", scores=[1200, 2300])
    g.apply("Ana", Meld(groups=["ac ad ah 2c"]))
    g.apply("Ana", Discard("4s"))
    r = g.results[0]
    assert r.breakdown[0] == {
        "melded": 70 + (25 + 40) + 30 + (60 + 20),   # queens, sevens+2s, nines, aces+2
        "canastas": 500 + 300,
        "red_threes": 100,
        "going_out": 100,
        "in_hand": -10,                              # Cy's 5h 5d
        "penalties": 0}
    assert r.breakdown[1] == {"melded": 30 + 40, "canastas": 0, "red_threes": 200,
                              "going_out": 0, "in_hand": -(50 + 20 + 10 + 5 + 10),
                              "penalties": 0}
    assert r.total == [1235, 175]
    assert g.scores == [2435, 2475]
    for b, t in zip(r.breakdown, r.total, strict=True):
        assert set(b) == set(BREAKDOWN_KEYS) and sum(b.values()) == t
    # the new hand's minimum comes from the new totals
    assert g.view("Ana")["teams"][0]["minimum"] == 90


def test_match_ends_after_the_hand_reaching_target_higher_total_wins():
    g = pos(hands={"Ana": "ac ad ah 4s", "Bo": "5c"}, melds={0: ["qh qd qs qc qh qd qs"]},
            phase="play", scores=[4500, 4990])
    g.apply("Ana", Meld(groups=["ac ad ah"]))
    g.apply("Ana", Discard("4s"))
    assert g.scores == [4500 + 70 + 60 + 500 + 100, 4990 - 5]
    assert g.phase == "over" and g.winner == 0 and g.turn is None
    assert g.legal_actions("Bo") == []


def test_both_over_target_the_higher_wins():
    g = pos(hands={"Ana": "4c 5d", "Bo": "6c"}, stock="3d", melds={0: ["kh kd ks"],
            1: ["qh qd qs"]}, scores=[4990, 5100])
    g.apply("Ana", Draw())  # red three last card: the hand ends at once
    assert g.scores == [4990 + 30 + 100 - 10, 5100 + 30 - 5]
    assert g.winner == 1


def test_exact_tie_above_target_plays_on():
    g = pos(hands={"Ana": "4c", "Bo": "4d"}, stock="3d", red_threes={1: "3h"},
            scores=[5105, 5105])
    g.apply("Ana", Draw())
    assert g.results[0].total == [-105, -105]
    assert g.scores[0] == g.scores[1] and g.winner is None and g.phase == "draw"
    assert g.hand_number == 2
