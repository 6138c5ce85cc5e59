"""Computer players in cut-throat, Slavic, Mexican and South American Canasta (RULES.md B.1,
B.11, B.12, B.14): the variant's own moves, and whole hands at every level."""

from __future__ import annotations

import pytest

from bot.ai.table import read_table
from bot.engine import Game, Meld, TakePile, variant
from bot.engine.variants import PLAYER_COUNTS

from .helpers import PLAYERS4, choose, play_match, position

OPP = {"bob": "4c 4d 9s", "cat": "5c 5d 9s", "dan": "6c 6d 9s"}
P3 = ["ann", "bob", "cat"]


def test_melds_a_blocking_canasta_when_the_hand_holds_one() -> None:
    game = position(rules=variant("south_american"),
                    hands={"ann": "3c 3s 3c 3s jk jk jk kd kh ks 8d", **OPP},
                    melds={0: ["qc qd qs"]}, phase="play")
    action = choose(game, "ann")
    assert isinstance(action, Meld) and sorted(action.groups[0]) == sorted(
        "3C 3S 3C 3S JK JK JK".split())


def test_cutthroat_partners_play_as_partners() -> None:
    game = position(rules=variant("cutthroat", players=3), players=P3,
                    hands={"ann": "9c 9d 4s 4d 5h", "bob": "kc kd 6h", "cat": "7c 7d 8h"},
                    discard="4h 9s", melds={0: ["ah as ac"]})
    game.apply("ann", TakePile(cards="9c 9d"))
    table = read_table(game.view("bob"))
    assert table.partners == ["cat"] and table.opponents == ["ann"]
    assert read_table(game.view("ann")).opponents == ["bob", "cat"]


def test_slavic_goes_out_by_melding_every_card() -> None:
    game = position(rules=variant("slavic"), hands={"ann": "9c 9d 9s kd", **OPP},
                    melds={0: ["kh kd ks kc kh kd ks", "qh qd qs qc qh qd 2c"]},
                    phase="play", melded_players=PLAYERS4)
    action = choose(game, "ann")
    game.apply("ann", action)
    assert game.results and game.results[0].went_out == "ann"


ISSUE12 = [(name, n) for name in ("cutthroat", "slavic", "mexican", "south_american")
           for n in PLAYER_COUNTS[name] if n in (2, 3, 4, 6)]


@pytest.mark.parametrize(("name", "players"), ISSUE12, ids=[f"{n} {p}p" for n, p in ISSUE12])
def test_a_hand_at_every_table_size_is_played_legally(name: str, players: int) -> None:
    names = [f"p{i}" for i in range(players)]
    game = Game.new(variant(name, players), names, seed=players)
    play_match({p: ("easy", "normal")[i % 2] for i, p in enumerate(names)}, game, hands=1)
    assert len(game.results) == 1


@pytest.mark.parametrize("name", ["cutthroat", "slavic", "mexican", "south_american"])
def test_the_hard_level_plays_a_hand(name: str) -> None:
    players = PLAYERS4 if 4 in PLAYER_COUNTS[name] else P3
    game = Game.new(variant(name, len(players)), players, seed=9)
    play_match({p: "hard" if i == 0 else "normal" for i, p in enumerate(players)}, game,
               hands=1, budget=0.02)
    assert len(game.results) == 1


def test_a_discarded_seven_is_safe_in_mexican_and_a_slavic_take_is_one_card() -> None:
    from bot.ai.policy import NORMAL, danger
    from bot.engine import card

    hands = {"ann": "7c 8d 9s kd", **OPP}
    melds = {0: ["qc qd qs"], 1: ["7h 7d 7s", "8h 8s 8c"]}
    pile = "4h 5h 6h 9h 10h jh 4s 5s"
    risk = {}
    for name in ("classic", "mexican"):
        game = position(rules=variant(name), hands=hands, melds=melds, discard=pile,
                        phase="play")
        t = read_table(game.view("ann"))
        risk[name] = (danger(t, card("7c"), NORMAL), danger(t, card("8d"), NORMAL))
    assert risk["classic"][0] > 0 and risk["mexican"][0] == 0   # the seven blocks the pile
    assert risk["mexican"][1] == risk["classic"][1] > 0
    big = {}
    for name in ("classic", "slavic"):
        game = position(rules=variant(name), hands=hands, melds=melds, discard=pile,
                        phase="play")
        big[name] = danger(read_table(game.view("ann")), card("8d"), NORMAL)
    assert big["slavic"] < big["classic"] / 2     # the next player would get the 8 alone


def test_cutthroat_a_small_first_take_is_declined_it_would_make_the_lone_hand() -> None:
    from bot.engine import Draw

    hands = {"ann": "9c 9d 4s 4d 5h", "bob": "kc kd 6h", "cat": "7c 7d 8h"}
    def game(**kw):
        return position(rules=variant("cutthroat", players=3), players=P3, hands=hands,
                        discard="4h 9s", melds={0: ["ah as ac"]}, **kw)
    assert isinstance(choose(game(), "ann"), Draw)            # alone against two: no
    taken = choose(game(lone="bob"), "ann")                    # bob is alone already
    assert isinstance(taken, TakePile) and sorted(taken.cards) == ["9C", "9D"]
