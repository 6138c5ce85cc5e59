"""A move ``legal_actions`` offered is committed without being planned again (``offered``):
it must do exactly what the planner's commit does, and only for the very moves offered in
the very position."""

from __future__ import annotations

import random

import pytest

from bot.engine import Game, IllegalMove, Meld, TakePile, action_from_dict, action_to_dict, variant
from bot.engine.offered import by_rank
from bot.engine.variants import PLAYER_COUNTS, VARIANTS

BY_RANK = [name for name in VARIANTS if by_rank(variant(name, PLAYER_COUNTS[name][0]))]


def seats(name: str) -> list[str]:
    count = 4 if 4 in PLAYER_COUNTS[name] else PLAYER_COUNTS[name][0]
    return ["Ana", "Bo", "Cy", "Di", "Ed", "Flo"][:count]


def test_the_variants_of_sets_by_rank_commit_offered_moves() -> None:
    assert {"classic", "mexican", "hand_and_foot"} <= set(BY_RANK)
    assert not {"samba", "italian", "south_american"} & set(BY_RANK)


@pytest.mark.parametrize("name", BY_RANK)
def test_an_offered_meld_or_take_does_what_the_planner_does(name: str) -> None:
    """Every offered meld and take in random games: committed as offered, and the same move
    (an equal new object, which the planner plans) on a copy, leave equal games."""
    players = seats(name)
    checked = 0
    for seed in range(6):
        game = Game.new(variant(name, len(players)), players, seed)
        rng = random.Random(seed)
        while not game.results and game.phase != "over":
            player = game.turn
            assert player is not None
            moves = game.legal_actions(player)
            for move in moves:
                if not isinstance(move, Meld | TakePile):
                    continue
                planned = game.copy()
                planned.offered = None
                offered = game.copy()
                assert offered.offered is not None
                fresh = action_from_dict(action_to_dict(move))
                assert planned.apply(player, fresh) == offered.apply(player, move)
                assert planned.to_dict() == offered.to_dict()
                checked += 1
            game.apply(player, rng.choice(moves))
    assert checked > 5


def test_a_move_offered_before_the_position_changed_is_planned_again() -> None:
    """Two melds of the same cards were offered; once one is melded, the other is judged
    by the planner (the cards are gone)."""
    rules = variant("classic", 4)
    game = Game.from_position(rules, ["Ana", "Bo", "Cy", "Di"], turn="Ana", phase="play",
                              hands={"Ana": "KS KH KD KC 5S 6S 7S", "Bo": "4S 4H",
                                     "Cy": "4D 4C", "Di": "9S 9H"},
                              melds={0: ["QS QH QD"]}, stock="8S 8H 8D", discard="9D")
    moves = game.legal_actions("Ana")
    kings = [m for m in moves if isinstance(m, Meld) and m.groups
             and all(c.startswith("K") for g in m.groups for c in g)]
    assert len(kings) >= 2
    game.apply("Ana", kings[0])
    assert game.offered is None
    with pytest.raises(IllegalMove):
        game.apply("Ana", kings[1])


def test_a_copy_shares_the_offer_until_either_moves() -> None:
    rules = variant("classic", 4)
    game = Game.from_position(rules, ["Ana", "Bo", "Cy", "Di"], turn="Ana", phase="play",
                              hands={"Ana": "KS KH KD 5S 6S 7S", "Bo": "4S 4H",
                                     "Cy": "4D 4C", "Di": "9S 9H"},
                              melds={0: ["QS QH QD"]}, stock="8S 8H 8D", discard="9D")
    meld = next(m for m in game.legal_actions("Ana") if isinstance(m, Meld) and m.groups)
    copy = game.copy()
    copy.apply("Ana", meld)
    assert copy.offered is None and game.offered is not None
    game.apply("Ana", meld)
    assert game.to_dict() == copy.to_dict()
