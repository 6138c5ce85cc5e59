"""Computer players in the Samba family: sequences toward a samba, wild cards on a bolivia,
going out with runs; and whole hands of every new variant played legally."""

from __future__ import annotations

import pytest

from bot.engine import Game, Meld, variant
from bot.engine.variants import PLAYER_COUNTS

from .helpers import PLAYERS4, choose, play_match, position

OPP = {"bob": "4c 4d 9s", "cat": "5c 5d 9s", "dan": "6c 6d 9s"}


def test_extends_a_sequence_toward_a_samba() -> None:
    game = position(rules=variant("samba"), hands={"ann": "10h jh 5s 9c kd", **OPP},
                    melds={0: ["4h 5h 6h 7h 8h 9h", "qc qd qs"]}, phase="play")
    action = choose(game, "ann")
    assert isinstance(action, Meld) and action.add == {"seq": ["10H"]}


def test_lays_a_new_run() -> None:
    game = position(rules=variant("samba"), hands={"ann": "5s 6s 7s 9c kd", **OPP},
                    melds={0: ["qc qd qs"]}, phase="play")
    action = choose(game, "ann")
    assert isinstance(action, Meld) and action.groups == [["5S", "6S", "7S"]]


def test_puts_wild_cards_on_a_bolivia_rather_than_on_a_set() -> None:
    game = position(rules=variant("bolivia"), hands={"ann": "2c jk 9c kd 4s", **OPP},
                    melds={0: ["qc qd qs", "2s 2d 2h jk"]}, phase="play")
    action = choose(game, "ann")
    assert isinstance(action, Meld) and list(action.add) == ["wild"]


@pytest.mark.parametrize("name", sorted(set(PLAYER_COUNTS) - {"classic", "vienna", "british",
                                                                "uruguayan"}))
def test_a_hand_of_every_new_variant_is_played_legally(name: str) -> None:
    size = 4 if 4 in PLAYER_COUNTS[name] else PLAYER_COUNTS[name][0]   # Pennies: 6
    players = PLAYERS4 if size == 4 else [f"p{i}" for i in range(size)]
    game = Game.new(variant(name, size), players, seed=4)
    play_match({p: "normal" for p in players}, game, hands=1)
    assert len(game.results) == 1


def test_the_computers_table_keeps_every_sequence_and_wild_meld() -> None:
    """Sets are known by rank; each run and wild meld is kept apart (they had all been filed
    under one rank of None, so a second run hid the first)."""
    from bot.ai.table import read_table

    game = position(rules=variant("bolivia"), hands={"ann": "10h jh 5s 9c kd", **OPP},
                    melds={0: ["4h 5h 6h 7h 8h 9h", "4s 5s 6s", "2s 2d 2h jk", "qc qd qs"]},
                    phase="play")
    mine = read_table(game.view("ann")).my_melds
    assert len(mine) == 4
    assert mine["Q"].size == 3
    assert sorted(m.size for m in mine.values()) == [3, 3, 4, 6]
