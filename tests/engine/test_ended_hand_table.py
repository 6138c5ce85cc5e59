"""The table as a hand ended is kept without copying the containers the next deal replaces
(``TableState.as_the_hand_ended``): asked after the next hand has gone on, it is what it
was when the hand ended."""

from __future__ import annotations

import random

import pytest

from bot.engine import Game, variant
from bot.engine.variants import PLAYER_COUNTS


@pytest.mark.parametrize("name", ["classic", "cutthroat", "hand_and_foot", "pennies",
                                  "modern_american", "samba"])
def test_the_ended_hand_table_asked_late_is_the_one_asked_at_once(name: str) -> None:
    count = 4 if 4 in PLAYER_COUNTS[name] else PLAYER_COUNTS[name][0]
    players = ["Ana", "Bo", "Cy", "Di", "Ed", "Flo"][:count]
    for seed in range(3):
        rules = variant(name, count)
        moves = []
        game = Game.new(rules, players, seed)
        rng = random.Random(seed)
        while not game.results:
            player = game.turn
            assert player is not None
            move = rng.choice(game.legal_actions(player))
            moves.append((player, move))
            game.apply(player, move)
        at_once = game.ended_hand_table
        late = Game.new(rules, players, seed)
        for player, move in moves:
            late.apply(player, move)
        for _ in range(30):   # the next hand goes on before anyone asks
            if late.phase == "over" or late.hand_number > 2:
                break
            player = late.turn
            assert player is not None
            late.apply(player, rng.choice(late.legal_actions(player)))
        assert late.ended_hand_table == at_once
