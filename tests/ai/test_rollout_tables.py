"""The rollouts' fast reading of a seat's table (``table_of``: from the game and a memory of
the hand kept event by event) is what the seat's view gives (``read_table``), every field."""

from __future__ import annotations

import dataclasses
import random

import pytest

from bot.ai import policy
from bot.ai.knowledge import Memory
from bot.ai.players import HeuristicPlayer
from bot.ai.table import Table, read_table, table_of
from bot.engine import Game, variant

CASES = [("classic", 2), ("classic", 3), ("classic", 4), ("classic", 6), ("samba", 4),
         ("hand_and_foot", 4), ("modern_american", 4), ("cutthroat", 3), ("slavic", 4),
         ("mexican", 4), ("pennies", 6), ("south_american", 4), ("bolivia", 4)]


def fields(t: Table) -> dict[str, object]:
    return {f.name: getattr(t, f.name) for f in dataclasses.fields(t) if f.name != "view"}


@pytest.mark.parametrize(("name", "players"), CASES)
def test_table_of_is_what_the_view_gives_at_every_step(name: str, players: int) -> None:
    rng = random.Random(players)
    for seed in (1, 2):
        names = [f"p{i}" for i in range(players)]
        game = Game.new(variant(name, players), names, seed)
        bots = {p: HeuristicPlayer("normal", policy.NORMAL, i) for i, p in enumerate(names)}
        memory = Memory(game.players)
        steps = 0
        while not game.results and steps < 300:
            p = game.turn
            assert p is not None
            memory.catch_up(game.history)
            for seat in game.order:
                fast, slow = table_of(game, seat, memory), read_table(game.view(seat))
                assert fields(fast) == fields(slow), (name, players, seed, steps, seat)
                view = game.view(seat)
                for key in ("phase", "asked", "permission", "partnership", "stock"):
                    assert fast.view.get(key) == view.get(key)
            view = game.view(p)
            action = (bots[p].choose(view) if rng.random() < 0.8
                      else rng.choice(game.legal_actions(p)))
            game.apply(p, action)
            steps += 1
