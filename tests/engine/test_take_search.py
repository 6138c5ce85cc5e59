"""The pile's takes and the initial-meld table, fast paths against their plain forms.

- ``PileTake.by_counts`` (every kind's take in one loop, what a count of naturals shares
  worked out once) offers exactly what asking ``take`` of each kind offers.
- ``MeldTable.find`` (states made up to a growing bound, single melds made without the
  table, states ranked once a bound is asked often, the first bound's answer kept for each
  allowance of wild cards) answers as the whole table does: the fewest cards worth the
  need, then the most points, the table's first among equals.

Positions have big hands (up to 80 cards), where the fast paths matter most.
"""

from __future__ import annotations

import random

import pytest

from bot.engine import Game, action_to_dict, variant
from bot.engine.cards import Card, make_deck
from bot.engine.initial_meld import MeldTable
from bot.engine.melds import meld_ok
from bot.engine.rules import Rules
from bot.engine.taking import _search
from bot.engine.variants import PLAYER_COUNTS, VARIANTS

from .play import dealt


def _players(name: str) -> list[str]:
    counts = PLAYER_COUNTS[name]
    n = 4 if 4 in counts else counts[0]
    return [f"p{i}" for i in range(n)]


def _position(name: str, size: int, rng: random.Random) -> Game | None:
    """A draw-phase position: the first seat holds ``size`` cards, the pile's top card is
    often of a rank it holds, its side has melded or not."""
    players = _players(name)
    rules = variant(name, len(players))
    hand, deck = dealt(rules, rng, size)
    melds: dict[int, list[str]] = {}
    if rng.random() < 0.5:
        ranks = sorted({c.rank for c in deck if c.is_natural})
        rank = rng.choice(ranks)
        got = [c for c in deck if c.rank == rank][:rng.randint(3, 6)]
        if len(got) >= 3:
            for c in got:
                deck.remove(c)
            melds[0] = [" ".join(c.text for c in got)]
    others = {p: deck[i * 2:i * 2 + 2] for i, p in enumerate(players[1:])}
    deck = deck[2 * len(others):]
    held = {c.rank for c in hand if c.is_natural}
    tops = [c for c in deck if c.is_natural and (c.rank in held or rng.random() < 0.2)]
    if not tops:
        return None
    top = rng.choice(tops)
    deck.remove(top)
    pile = deck[:rng.choice([0, 1, 3])] + [top]
    stock = deck[len(pile):len(pile) + 8]
    hands = {players[0]: " ".join(c.text for c in hand)}
    hands.update({p: " ".join(c.text for c in cs) for p, cs in others.items()})
    return Game.from_position(
        rules, players, hands=hands, stock=" ".join(c.text for c in stock),
        discard=" ".join(c.text for c in pile), melds=melds, turn=players[0],
        melded_players=[players[0]] if melds else [])


@pytest.mark.parametrize("name", list(VARIANTS))
def test_takes_by_counts_are_each_kinds_take(name: str) -> None:
    rng = random.Random(27)
    fast = 0
    for size in (6, 12, 20, 40, 60, 80):
        for _ in range(12):
            game = _position(name, size, rng)
            if game is None:
                continue
            player = game.turn
            assert player is not None
            search = _search(game, player)
            if search is None:
                continue
            fast += search.by_counts(search._further) is not None
            search = _search(game, player)
            assert search is not None
            each = [search.take(n, w) for n, w in search.kinds()]
            search = _search(game, player)
            assert search is not None
            assert ([action_to_dict(a) for a in search.takes()]
                    == [action_to_dict(a) for a in each if a is not None])
    if name not in ("modern_american",):   # its takes always ask the planner
        assert fast


def _whole_table(rules: Rules, naturals: dict[str, list[Card]], jokers: int, deuces: int,
                 joker_pts: int, deuce_pts: int, max_cards: int
                 ) -> dict[tuple[int, int, int], tuple[int, tuple[tuple[str, int, int, int],
                                                                   ...]]]:
    """Every (jokers, deuces, cards) up to ``max_cards``, the best count and its melds:
    the table as first written, rank by rank, without bounds or shortcuts."""
    most = rules.max_wilds
    states = {(0, 0, 0): (0, ())}
    for rank, cards in naturals.items():
        if rank == "3" or len(cards) < rules.min_naturals:
            continue
        count, value = min(len(cards), max_cards), cards[0].points
        shapes = [(n, a, b, n + a + b, n * value + a * joker_pts + b * deuce_pts)
                  for n in range(rules.min_naturals, count + 1)
                  for a in range(min(jokers, most, max_cards - n) + 1)
                  for b in range(min(deuces, most - a, max_cards - n - a) + 1)
                  if meld_ok(rules, rank, n, a + b, False)]
        if not shapes:
            continue
        grown = dict(states)
        for (j, d, k), (points, path) in states.items():
            for n, a, b, size, gain in shapes:
                if k + size > max_cards or j + a > jokers or d + b > deuces:
                    continue
                key = (j + a, d + b, k + size)
                old = grown.get(key)
                if old is None or old[0] < points + gain:
                    grown[key] = (points + gain, (*path, (rank, n, a, b)))
        states = grown
    return states


@pytest.mark.parametrize("name", ["classic", "samba", "modern_american", "italian"])
def test_meld_table_answers_as_the_whole_table(name: str) -> None:
    rules = variant(name, _players(name).__len__())
    rng = random.Random(11)
    deck = [c for c in make_deck(rules.packs, rules.jokers) if not c.is_red_three]
    for _ in range(25):
        rng.shuffle(deck)
        hand = deck[:rng.choice([8, 14, 24, 40, 70])]
        naturals: dict[str, list[Card]] = {}
        for c in hand:
            if not c.is_wild:
                naturals.setdefault(c.rank, []).append(c)
        wilds = sorted((c for c in hand if c.is_wild), key=lambda c: (-c.points, c.order))
        max_cards = len(hand) - 2
        table = MeldTable(rules, naturals, wilds, max_cards)
        jokers = [c for c in wilds if c.is_joker]
        deuces = [c for c in wilds if not c.is_joker]
        whole = _whole_table(rules, naturals, min(len(jokers), max_cards),
                             min(len(deuces), max_cards),
                             jokers[0].points if jokers else 0,
                             deuces[0].points if deuces else 0, max_cards)
        # a few allowances of wild cards, each asked with several needs (as the kinds of a
        # take ask): the first bound's answer is kept for each
        allowed = [(rng.randint(0, len(jokers)), rng.randint(0, len(deuces)))
                   for _ in range(3)]
        for _ in range(20):   # enough questions for the ranked states too
            need = rng.choice([5, 10, 15, 30, 50, 90, 120, 200, 400])
            room = rng.randint(3, max_cards)
            j, d = rng.choice(allowed) if rng.random() < 0.7 else (
                rng.randint(0, len(jokers)), rng.randint(0, len(deuces)))
            best = None
            for (sj, sd, k), (points, path) in whole.items():
                if (path and points >= need and k <= room and sj <= j and sd <= d
                        and (best is None or (k, -points) < (best[0], -best[1]))):
                    best = (k, points, path)
            found = table.find(need, room, j, d)
            if best is None:
                assert found is None
                continue
            assert found is not None
            jokers_left, deuces_left = list(jokers), list(deuces)
            expected = [naturals[rank][:n] + [jokers_left.pop() for _ in range(a)]
                        + [deuces_left.pop() for _ in range(b)]
                        for rank, n, a, b in best[2]]
            assert found == expected
            for group in found:   # the caller's own lists: the table's answers stay
                group.clear()
