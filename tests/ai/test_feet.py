"""Computer players in Hand and Foot and Pennies from Heaven (RULES.md B.16, B.13): they pick
up the foot, meet the going-out needs and play whole hands legally."""

from __future__ import annotations

import pytest

from bot.ai import computer_player
from bot.ai.players import acting_seat
from bot.engine import Discard, Game, Meld, variant

from .helpers import PLAYERS4, choose, position

FOOT = "4c 4d 4h 5c 5d 5h 6c 6d 6h 8c 8d"
P6 = [f"p{i}" for i in range(6)]
FOUR = ["ah ad as ac ah ad as", "kh kd ks kc 2c 2d jk", "7h 7d 7s 7c 7h 7d 7s",
        "2h 2s 2c 2d jk jk 2h"]


def test_melds_the_hand_away_to_pick_up_the_foot() -> None:
    game = position(rules=variant("hand_and_foot"), hands={"ann": "9c 9d 9h", "bob": "5c"},
                    feet={"ann": FOOT, "bob": FOOT, "cat": FOOT, "dan": FOOT},
                    melds={0: ["kh kd ks"]}, phase="play")
    action = choose(game, "ann")
    game.apply("ann", action)
    assert game.foot("ann") == [] and len(game.hand("ann")) == 11 and not game.results


def test_goes_out_with_the_canastas_hand_and_foot_needs() -> None:
    melds = ["ah ad as ac ah ad as", "kh kd ks kc kh kd ks", "qh qd qs qc qh qd qs",
             "jh jd js jc 2c 2d jk", "10h 10d 10s 10c 10h 2h 2s", "9h 9d 9s 9c 9h 9d 2c",
             "8h 8d 8s 8c 8h 2d"]
    game = position(rules=variant("hand_and_foot"), hands={"ann": "8c 5h", "bob": "5c"},
                    melds={0: melds}, phase="play", melded_players=["ann", "cat"])
    for _ in range(3):
        if game.results:
            break
        game.apply("ann", choose(game, "ann"))
    assert game.results and game.results[0].went_out == "ann"


def test_goes_out_in_pennies_with_its_four_canastas() -> None:
    game = position(rules=variant("pennies", 6), players=P6,
                    hands={"p0": "8c 8d 8h 5d", **{p: "9c" for p in P6[1:]}},
                    melds={0: FOUR, 1: ["7h 7d 7s 7c 7h 7d 7s"]}, phase="play",
                    melded_players=["p0"])
    seen = []
    for _ in range(4):
        if game.results:
            break
        action = choose(game, "p0")
        seen.append(action)
        game.apply("p0", action)
    assert game.results and game.results[0].went_out == "p0"
    assert [a.card for a in seen if isinstance(a, Discard)] == ["5D"]


def test_holds_sevens_until_both_sides_have_a_sevens_canasta() -> None:
    game = position(rules=variant("pennies", 6), players=P6,
                    hands={"p0": "7c 7d 9h kd 4s", **{p: "9c" for p in P6[1:]}},
                    melds={0: ["qh qd qs"]}, phase="play", melded_players=["p0"])
    action = choose(game, "p0")
    assert not (isinstance(action, Discard) and action.card in ("7C", "7D"))
    assert isinstance(action, Discard | Meld)


@pytest.mark.parametrize(("name", "players"), [("hand_and_foot", PLAYERS4),
                                                ("hand_and_foot", ["ann", "bob"]),
                                                ("pennies", P6)])
def test_whole_hands_are_played_legally_and_the_foot_is_picked_up(name, players) -> None:
    game = Game.new(variant(name, len(players)), players, seed=11)
    bots = {p: computer_player("normal", i) for i, p in enumerate(players)}
    events = []
    while not game.results:
        p = game.turn
        view = game.view(p)
        assert acting_seat(view) and len(events) < 5000
        events += game.apply(p, bots[p].choose(view))   # raises on an illegal choice
    assert any(e["type"] == "foot" for e in events)


def test_the_hard_level_values_red_threes_and_canastas_by_these_rules() -> None:
    from bot.ai.hard import side_value

    hf = position(rules=variant("hand_and_foot"), hands={"ann": "4c", "bob": "4d"},
                  red_threes={0: "3h 3d"})
    assert side_value(hf, 0) == -600 - 0.7 * 5        # -300 each, with no meld too
    sevens = position(rules=variant("pennies", 6), players=P6,
                      hands={p: "4c" for p in P6}, red_threes={0: "3h"},
                      melds={0: ["7h 7d 7s 7c 7h 7d 7s"], 1: ["8h 8d 8s 8c 8h 8d 8s"]})
    assert side_value(sevens, 0) == 35 + 1500 + 100 - 3 * 0.7 * 5
    assert side_value(sevens, 1) == 70 + 500 - 3 * 0.7 * 5


def test_puts_sevens_on_the_table_while_the_side_lacks_its_sevens_canasta() -> None:
    game = position(rules=variant("pennies", 6), players=P6,
                    hands={"p0": "7c 7d 7h kd kc ks 4s 9h", **{p: "9c" for p in P6[1:]}},
                    melds={0: ["qh qd qs"]}, phase="play", melded_players=["p0"])
    action = choose(game, "p0")
    assert isinstance(action, Meld) and ["7C", "7D", "7H"] in action.groups
