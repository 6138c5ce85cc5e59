"""The deal's shuffle is ``random.Random.shuffle`` written out: the same order for every
seed and deck, so every deal stays what it was."""

from __future__ import annotations

import random

import pytest

from bot.engine.cards import make_deck
from bot.engine.dealing import shuffle


@pytest.mark.parametrize("packs, jokers", [(1, 0), (2, 4), (3, 6), (4, 8)])
def test_the_deal_shuffles_as_random_shuffle_does(packs: int, jokers: int) -> None:
    for seed in range(200):
        ours, python = make_deck(packs, jokers), make_deck(packs, jokers)
        shuffle(random.Random(f"canasta:{seed}:1"), ours)
        random.Random(f"canasta:{seed}:1").shuffle(python)
        assert ours == python


def test_short_lists_too() -> None:
    for size in range(4):
        for seed in range(20):
            ours, python = list(range(size)), list(range(size))
            shuffle(random.Random(seed), ours)
            random.Random(seed).shuffle(python)
            assert ours == python
