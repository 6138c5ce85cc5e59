"""A computer player sees only its view: states that differ only in hidden cards (the other
hands, the stock order) give the same choice for the same seed."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bot.ai import acting_seat, computer_player
from bot.engine import Game, variant

from .helpers import position

HARD = {"budget": 10.0, "max_samples": 3, "depth": 8}


def make(level: str, seed: int) -> Any:
    bot = computer_player(level, seed)
    if level == "hard":
        for k, v in HARD.items():
            setattr(bot, k, v)
    return bot


def shuffled_hidden(game: Game, viewer: str, rng: random.Random) -> Game:
    """The same game with the viewer's unseen cards dealt again: every other hand keeps its
    size, the stock its size, and red threes stay in the stock."""
    d = game.to_dict()
    others = [p for p in game.order if p != viewer]
    hidden = [c for p in others for c in d["hands"][p].split()]
    stock = d["stock"].split()
    pool = hidden + [c for c in stock if c not in ("3H", "3D")]
    rng.shuffle(pool)
    for p in others:
        n = len(d["hands"][p].split())
        d["hands"][p], pool = " ".join(pool[:n]), pool[n:]
    threes = [c for c in stock if c in ("3H", "3D")]
    rest = pool + threes
    rng.shuffle(rest)
    d["stock"] = " ".join(rest)
    return Game.from_dict(d)


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_same_choice_whatever_the_hidden_cards(level: str) -> None:
    rng = random.Random(7)
    for players in (2, 4, 6):
        rules = variant("classic", players)
        names = [f"p{i}" for i in range(players)]
        game = Game.new(rules, names, 11 + players)
        driver = {p: computer_player("normal", i) for i, p in enumerate(names)}
        checked = differ = 0
        steps = 0
        while not game.results and steps < 400:
            p = game.turn
            assert p is not None
            if steps % 7 == 3:
                other = shuffled_hidden(game, p, rng)
                view = game.view(p)
                assert other.view(p) == view
                if other.to_dict()["hands"] != game.to_dict()["hands"]:
                    differ += 1
                a = make(level, 5).choose(view)
                b = make(level, 5).choose(other.view(p))
                assert a == b
                checked += 1
            game.apply(p, driver[p].choose(game.view(p)))
            steps += 1
        assert checked >= 3 and differ >= 1


def test_same_choice_in_built_positions_with_different_hidden_cards() -> None:
    common = {"discard": "4c 5d 6h 7s 9c 10d jh qs kc 4d 5h 6s 7c 9d 8d",
              "melds": {0: ["ac ad ah"], 1: ["kh ks kd"]}}
    one = position(hands={"ann": "8h 8s 5c 9s jd qd kd", "bob": "8c 8d 5s 5c 2c jk 4h",
                          "cat": "qh qc 6d 6c 7d 9h 10s", "dan": "ah as 4s 4c 7h 10h js"},
                   stock="jc 10c 9s", **common)
    two = position(hands={"ann": "8h 8s 5c 9s jd qd kd", "bob": "ah as 4s 4c 7h 10h js",
                          "cat": "8c 8d 5s 5c 2c jk 4h", "dan": "qh qc 6d 6c 7d 9h 10s"},
                   stock="9s 10c jc", **common)
    assert one.view("ann") == two.view("ann")
    for level in ("easy", "normal", "hard"):
        assert acting_seat(one.view("ann"))
        assert make(level, 3).choose(one.view("ann")) == make(level, 3).choose(two.view("ann"))
