"""Shared helpers for the computer-player tests."""

from __future__ import annotations

from typing import Any

from bot.ai import acting_seat, computer_player
from bot.engine import Game, variant

PLAYERS4 = ["ann", "bob", "cat", "dan"]   # ann & cat against bob & dan; bob plays after ann
OPP_HANDS = {"bob": "4h 5h 6h 7h 9h 10h jh qh kh ah 4s",
             "cat": "4h 5h 6h 7h 9h 10h jh qh kh ah 4s",
             "dan": "4h 5h 6h 7h 9h 10h jh qh kh ah 4s"}


def hands(ann: str, **others: str) -> dict[str, str]:
    """The four hands of a position: ann's, and the others' eleven cards (or ``others``)."""
    return {"ann": ann, **OPP_HANDS, **others}


def position(**kwargs: Any) -> Game:
    players = kwargs.pop("players", PLAYERS4)
    rules = kwargs.pop("rules", None) or variant("classic", len(players))
    kwargs.setdefault("stock", " ".join(["4c", "5d", "6h", "7s", "8c", "9d"] * 5))
    return Game.from_position(rules, players, **kwargs)


def choose(game: Game, player: str, level: str = "normal", seed: int = 0, **attrs: Any) -> Any:
    bot = computer_player(level, seed)
    for k, v in attrs.items():
        setattr(bot, k, v)
    view = game.view(player)
    assert acting_seat(view)
    return bot.choose(view)


def play_match(level_of: dict[str, str], game: Game, hands: int = 1, seed: int = 0,
               max_steps: int = 4000, **attrs: Any) -> int:
    """Play ``hands`` hands with the given levels (every action checked by ``apply``)."""
    bots = {}
    for i, p in enumerate(game.players):
        bots[p] = computer_player(level_of[p], seed + i)
        for k, v in attrs.items():
            setattr(bots[p], k, v)
    return play_bots(bots, game, hands, max_steps)


def play_bots(bots: dict[str, Any], game: Game, hands: int = 1, max_steps: int = 4000) -> int:
    """Play ``hands`` hands with these computer players, by seat (every action checked by
    ``apply``); returns the moves made."""
    steps = 0
    start = len(game.results)
    while len(game.results) - start < hands and game.phase != "over":
        p = game.turn
        assert p is not None
        view = game.view(p)
        assert acting_seat(view)
        game.apply(p, bots[p].choose(view))   # raises IllegalMove on an illegal choice
        steps += 1
        assert steps < max_steps, "hand does not end"
    return steps
