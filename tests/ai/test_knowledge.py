"""What a seat remembers from the view's history: the pile, the cards picked up, the unseen."""

from __future__ import annotations

import random

from bot.ai.knowledge import read_history
from bot.ai.world import build_game
from bot.engine import Discard, Draw, Game, TakePile, variant

from .helpers import choose, position


def test_pile_and_unseen_cards_match_the_game_at_every_step() -> None:
    for players in (2, 3, 4, 6):
        game = Game.new(variant("classic", players), [f"p{i}" for i in range(players)], 9)
        rng = random.Random(1)
        for _ in range(120):
            if game.results:
                break
            p = game.turn
            assert p is not None
            know = read_history(game.view(p))
            assert know.pile == game.discard_pile
            assert sum(know.unseen.values()) == sum(know.hidden_slots.values())
            rebuilt = build_game(game.view(p), know, rng)
            assert rebuilt.view(p)["hand"] == game.view(p)["hand"]
            assert rebuilt.discard_pile == game.discard_pile
            assert rebuilt.stock_count == game.stock_count
            game.apply(p, rng.choice(game.legal_actions(p)))


def test_remembers_the_pair_the_next_opponent_picked_up() -> None:
    # bob takes a pile holding 9C 9D; when ann discards next, her 9H would give him the pile.
    game = position(
        hands={"ann": "9h 6c 10c jd qd", "bob": "4h 6h 8h 10h jh",
               "cat": "4s 5s 6s 7s 8s", "dan": "4d 5d 6d 7d 8d"},
        discard="9c 9d 5s 7c kc", melds={0: ["ah ad ac"], 1: ["kh ks kd"]},
        stock="4c 5c 7d qh 8c 8c 8c 8c 8c", turn="bob")
    game.apply("bob", TakePile())
    game.apply("bob", Discard("4h"))
    for p in ("cat", "dan"):
        game.apply(p, Draw())
        game.apply(p, Discard(game.hand(p)[-1].text))
    game.apply("ann", Draw())
    know = read_history(game.view("ann"))
    assert sum(n for c, n in know.known["bob"].items() if c.rank == "9") == 2
    action = choose(game, "ann")
    assert isinstance(action, Discard) and action.card != "9H"
