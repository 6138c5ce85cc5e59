"""``/hint``'s core: the hard level's move for the asking seat, from its view alone, with a
reason the catalogs put into words."""

from __future__ import annotations

import random

import pytest

from bot import i18n
from bot.ai import computer_player
from bot.ai.hint import REASONS, Hint, can_hint, hint, hint_seed
from bot.engine import AnswerGoOut, AskToGoOut, Game, TakePile, variant
from bot.i18n.speech import say

from .helpers import position
from .test_no_peeking import shuffled_hidden

SAMPLES = 4


def positions(seed: int, every: int = 9, players: int = 4) -> list[Game]:
    """Positions of a hand played by the normal level (copies, one every few moves)."""
    names = [f"p{i}" for i in range(players)]
    game = Game.new(variant("classic", players), names, seed)
    bots = {p: computer_player("normal", i) for i, p in enumerate(names)}
    out: list[Game] = []
    steps = 0
    while not game.results and steps < 300:
        p = game.turn
        assert p is not None
        if steps % every == 2:
            out.append(game.copy())
        game.apply(p, bots[p].choose(game.view(p)))
        steps += 1
    return out


def test_the_hint_is_a_legal_move_and_changes_nothing() -> None:
    for game in positions(3)[:8]:
        p = game.turn
        assert p is not None
        before = game.to_dict()
        view = game.view(p)
        got = hint(view, seed=hint_seed(3, len(view["history"]), 0), samples=SAMPLES)
        assert isinstance(got, Hint) and got.reason in REASONS
        assert game.to_dict() == before          # asking changed nothing
        game.copy().apply(p, got.action)          # raises IllegalMove if it is not legal


def test_same_view_and_seed_give_the_same_hint() -> None:
    game = positions(5)[4]
    p = game.turn
    assert p is not None
    view = game.view(p)
    assert hint(view, 77, SAMPLES) == hint(view, 77, SAMPLES)


def test_the_hint_does_not_depend_on_the_hidden_cards() -> None:
    rng = random.Random(2)
    for game in positions(8)[1:7]:
        p = game.turn
        assert p is not None
        other = shuffled_hidden(game, p, rng)
        assert other.to_dict()["hands"] != game.to_dict()["hands"]
        assert other.view(p) == game.view(p)          # the hint's whole input is the same
        assert hint(game.view(p), 11, SAMPLES) == hint(other.view(p), 11, SAMPLES)


def test_the_hint_does_not_depend_on_who_else_sits_at_the_table() -> None:
    hands = {"ann": "8h 8s 5c 9s jd qd kd", "bob": "8c 8d 5s 5c 2c jk 4h",
             "cat": "qh qc 6d 6c 7d 9h 10s", "dan": "ah as 4s 4c 7h 10h js"}
    common = {"discard": "4c 5d 6h 7s 9c 10d jh qs kc 4d 5h 6s 7c 9d 8d",
              "melds": {0: ["ac ad ah"], 1: ["kh ks kd"]}}
    one = position(hands=hands, **common)
    renamed = {"bob": "zed", "cat": "yul", "dan": "xia"}
    two = position(players=["ann", "zed", "yul", "xia"],
                   hands={renamed.get(k, k): v for k, v in hands.items()}, **common)
    a = hint(one.view("ann"), 5, SAMPLES)
    b = hint(two.view("ann"), 5, SAMPLES)
    assert a == b
    assert isinstance(a.action, TakePile)         # the big pile, with a pair of eights
    assert a.reason in ("take_pile", "take_completes_canasta")
    assert a.values["n"] == 15


def test_the_partner_asked_gets_an_answer() -> None:
    game = position(hands={"ann": "8h 8s 8c 9s 9d 9c jd", "bob": "4h 5h 6h 7h 9h 10h",
                           "cat": "4h 4s 5c 5d 6h 6s 7h", "dan": "4h 5h 6h 7h 9h 10h"},
                    discard="4c", melds={0: ["ac ad ah as 2c 2d jk", "kh ks kd"]},
                    turn="ann", phase="play")
    game.apply("ann", AskToGoOut())
    view = game.view("cat")
    assert can_hint(view) and not can_hint(game.view("bob"))
    got = hint(view, 1, SAMPLES)
    assert isinstance(got.action, AnswerGoOut)
    assert got.reason == ("answer_yes" if got.action.yes else "answer_no")


def test_an_idle_seat_gets_no_hint() -> None:
    game = positions(4)[0]
    idle = next(p for p in game.players if p != game.turn)
    assert not can_hint(game.view(idle))
    with pytest.raises(ValueError):
        hint(game.view(idle), 1, SAMPLES)


def test_the_seed_is_stable_and_differs_by_moment_and_seat() -> None:
    assert hint_seed(12, 40, 1) == hint_seed(12, 40, 1)
    assert len({hint_seed(12, 40, 1), hint_seed(12, 41, 1), hint_seed(12, 40, 2),
                hint_seed(13, 40, 1)}) == 4


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_every_reason_reads_in_every_language(lang: str) -> None:
    values = {"card": "QH", "rank": "K", "n": 9, "points": 60, "minimum": 50}
    for code in REASONS:
        words = say(lang, f"hint.{code}", **values)
        assert words and "{" not in words and "hint." not in words
