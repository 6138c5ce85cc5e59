"""Going out in the Samba family, against the brute-force reference of ``brute_shapes.py``:
on positions met in random play where the player in turn holds at most 7 cards after
drawing, the going-out lines ``legal_actions`` offers are exactly of the kinds the reference
finds (by the card left to discard)."""
from __future__ import annotations

import random

import pytest

from bot.engine import Game, Meld, variant

from .brute import POSITIONS
from .brute_shapes import reference_out_kinds

LIMIT = 150


def _out_kinds(game: Game, player: str) -> set[tuple[object, ...]]:
    hand = game.hands[player]
    kinds = set()
    for a in game.legal_actions(player):
        if isinstance(a, Meld):
            used = sum(len(g) for g in a.groups) + sum(len(v) for v in a.add.values())
            if len(hand) - used <= 1:
                left = list(hand)
                for text in [t for g in a.groups for t in g] + [t for v in a.add.values()
                                                               for t in v]:
                    left.remove(next(c for c in left if c.text == text))
                kinds.add(("out", left[0].rank if left else None))
    return kinds


@pytest.mark.parametrize("name", ["samba", "italian", "chilean", "kombo"])
def test_going_out_lines_hold_every_kind_the_reference_finds(name):
    checked = outs = 0
    for seed in range(200):
        g = Game.new(variant(name), ["Ana", "Bo", "Cy", "Di"], seed)
        rng = random.Random(seed)
        while not g.results and checked < LIMIT:
            p = g.turn
            if g.phase == "play" and len(g.hands[p]) <= 7 and g.team_melds[g.team_of(p)]:
                want = reference_out_kinds(g, p)
                outs += bool(want)
                assert want == _out_kinds(g, p), (name, seed, g.to_dict()["hands"][p],
                                                  g.to_dict()["melds"], want)
                checked += 1
            g.apply(p, rng.choice(g.legal_actions(p)))
        if checked >= LIMIT:
            break
    POSITIONS[f"{name} going out"] += checked
    assert checked == LIMIT and outs >= 3   # some of them can go out
