"""Whole hands with every level at 2, 3, 4, 5 and 6 players: never an illegal move."""

from __future__ import annotations

import pytest

from bot.ai import LEVELS, computer_player
from bot.engine import Game, variant

from .helpers import play_match

FAST_HARD = {"budget": 0.01, "max_samples": 1, "depth": 6}


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("level", ["easy", "normal"])
def test_heuristic_levels_play_legal_hands(players: int, level: str) -> None:
    for seed in range(3):
        game = Game.new(variant("classic", players), [f"p{i}" for i in range(players)], seed)
        play_match({p: level for p in game.players}, game, hands=2, seed=seed)


@pytest.mark.parametrize("name", ["vienna", "british", "uruguayan"])
def test_mixed_levels_play_legal_hands_in_every_variant(name: str) -> None:
    for players in (2, 3, 4, 6):
        game = Game.new(variant(name, players), [f"p{i}" for i in range(players)], players)
        levels = {p: ("easy", "normal")[i % 2] for i, p in enumerate(game.players)}
        play_match(levels, game, hands=1)


def test_six_players_in_three_teams() -> None:
    game = Game.new(variant("classic", 6, teams=3), [f"p{i}" for i in range(6)], 5)
    play_match({p: ("normal", "easy", "normal")[i % 3] for i, p in enumerate(game.players)},
               game, hands=2)


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_hard_plays_legal_hands(players: int) -> None:
    game = Game.new(variant("classic", players), [f"p{i}" for i in range(players)], 21)
    levels = {p: ("hard", "normal")[i % 2] for i, p in enumerate(game.players)}
    play_match(levels, game, hands=1, **FAST_HARD)


def test_a_whole_match_ends() -> None:
    game = Game.new(variant("classic", 4, target=1500), ["a", "b", "c", "d"], 2)
    play_match({p: "normal" for p in game.players}, game, hands=50)
    assert game.phase == "over" and game.winner is not None


def test_levels_and_errors() -> None:
    assert LEVELS == ("easy", "normal", "hard")
    for level in LEVELS:
        assert computer_player(level).level == level
    with pytest.raises(ValueError):
        computer_player("grandmaster")
    game = Game.new(variant("classic", 4), ["a", "b", "c", "d"], 1)
    idle = next(p for p in game.players if p != game.turn)
    with pytest.raises(ValueError):
        computer_player("normal").choose(game.view(idle))
