"""What the engine decides, pinned: seeded random games (uniform over ``legal_actions``) of
every variant in the registry, at each table size it supports, each reduced to two hashes
kept in ``data/pinned_games.json``:

- ``log``: the action log (who played what, in order) and the final scores;
- ``state``: the final snapshot (``to_dict``) and the final views (of the first seat and of
  nobody).

The hashes were written by the engine before any speed work (issue 27), so a faster engine
must offer the same actions in the same order, apply them the same way and show the same
views. ``legal_actions`` order must not depend on Python's string hashing either: the pins are
also checked in fresh interpreters with ``PYTHONHASHSEED`` 0 and 1.

Regenerate (only when a change of what the engine decides is meant):
``python -m tests.engine.test_pinned_games --write``.
"""

from __future__ import annotations

import hashlib
import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from bot.engine import Game, action_to_dict, variant
from bot.engine.variants import PLAYER_COUNTS, VARIANTS

DATA = Path(__file__).parent / "data" / "pinned_games.json"
EVERY_SIZE_SEEDS = 4       # seeds at every table size a variant supports
MAIN_SIZE_SEEDS = 12       # more seeds at its main table size (4 players, else its first)
TWO_HANDS = 2              # of those, how many play two hands (the next deal, the match sheet)


def main_size(name: str) -> int:
    counts = PLAYER_COUNTS[name]
    return 4 if 4 in counts else counts[0]


def games() -> list[tuple[str, int, int, int]]:
    """(variant, players, seed, hands) of every pinned game."""
    out: list[tuple[str, int, int, int]] = []
    for name in VARIANTS:
        for players in PLAYER_COUNTS[name]:
            out += [(name, players, seed, 1) for seed in range(EVERY_SIZE_SEEDS)]
        seeds = range(EVERY_SIZE_SEEDS, EVERY_SIZE_SEEDS + MAIN_SIZE_SEEDS)
        out += [(name, main_size(name), seed, 2 if i < TWO_HANDS else 1)
                for i, seed in enumerate(seeds)]
    return out


def game_id(name: str, players: int, seed: int, hands: int) -> str:
    return f"{name} {players}p seed {seed}" + (f" {hands} hands" if hands > 1 else "")


def _digest(value: object) -> str:
    text = json.dumps(value, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:20]


def play(name: str, players: int, seed: int, hands: int) -> dict[str, str]:
    """One random game; its two hashes."""
    names = [f"p{i}" for i in range(players)]
    game = Game.new(variant(name, players), names, seed)
    rng = random.Random(seed)
    log: list[object] = []
    while game.phase != "over" and len(game.results) < hands:
        player = game.turn
        assert player is not None
        action = rng.choice(game.legal_actions(player))
        log.append([player, action_to_dict(action)])
        game.apply(player, action)
    return {"log": _digest({"log": log, "scores": game.scores}),
            "state": _digest({"snapshot": game.to_dict(), "seat": game.view(names[0]),
                              "nobody": game.view(None)})}


def played() -> dict[str, dict[str, str]]:
    return {game_id(*g): play(*g) for g in games()}


def test_every_pinned_game_is_played_as_pinned() -> None:
    pinned = json.loads(DATA.read_text())
    assert sorted(pinned) == sorted(game_id(*g) for g in games()), \
        "the pinned games and the registry differ: regenerate only if a variant was added"
    wrong = [key for key, hashes in played().items() if hashes != pinned[key]]
    assert not wrong, f"{len(wrong)} games play differently: {wrong[:8]}"


@pytest.mark.parametrize("hash_seed", ["0", "1"])
def test_legal_actions_do_not_depend_on_string_hashing(hash_seed: str) -> None:
    """One game of each variant at its main size, in a fresh interpreter."""
    env = dict(os.environ, PYTHONHASHSEED=hash_seed)
    code = ("import json, sys; from tests.engine.test_pinned_games import play, game_id, "
            "main_size, VARIANTS, EVERY_SIZE_SEEDS as S; "
            "print(json.dumps({game_id(n, main_size(n), S, 2): play(n, main_size(n), S, 2) "
            "for n in VARIANTS}))")
    root = Path(__file__).resolve().parents[2]
    out = subprocess.run([sys.executable, "-c", code], cwd=root, env=env, check=True,
                         capture_output=True, text=True).stdout
    pinned = json.loads(DATA.read_text())
    got = json.loads(out)
    assert {k: pinned[k] for k in got} == got


if __name__ == "__main__":
    if sys.argv[1:] != ["--write"]:
        sys.exit("usage: python -m tests.engine.test_pinned_games --write")
    DATA.write_text(json.dumps(played(), indent=1, sort_keys=True) + "\n")
    print(f"wrote {DATA}")
