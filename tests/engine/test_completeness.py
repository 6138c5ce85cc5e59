"""legal_actions is complete by kind of move: checked against the brute-force reference in
``brute.py`` over thousands of deal-realistic random positions (their number is printed at
the end of the test run)."""
from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.engine import Card, Game, variant
from bot.engine.cards import NATURAL_RANKS, format_cards, make_deck
from bot.engine.melds import meld_problem

from .brute import check_position

TABLES = {
    "classic 4p": ("classic", 4, {}),
    "vienna 4p": ("vienna", 4, {}),
    "classic 2p": ("classic", 2, {}),
    "classic 3p": ("classic", 3, {}),
    "classic 6p, 2 teams": ("classic", 6, {}),
    "classic 6p, 3 teams": ("classic", 6, {"teams": 3}),
    # the knobs later variants use (Cuban / Modern American style)
    "capped melds, frozen pile": ("classic", 4, {"pile_always_frozen": True,
                                                 "max_meld_size": 7, "forced_take_any": True}),
    # issue 12: Hand and Foot (top-5 takes with a pair, threes never melded, fewer wild
    # cards than naturals, going out by kinds: 1 natural + 2 mixed in individual play)
    "hand_and_foot 2p": ("hand_and_foot", 2, {}),
}
SCORES = (-100, 0, 1500, 3000)   # minimums 15, 50, 90, 120


class _Pool:
    """The cards of the deck not yet placed (so no position holds more copies than exist)."""

    def __init__(self, rules, rng: random.Random) -> None:
        self.cards = [c for c in make_deck(rules.packs, rules.jokers)]
        self.rng = rng
        rng.shuffle(self.cards)

    def take(self, test) -> Card | None:
        for i, c in enumerate(self.cards):
            if test(c):
                return self.cards.pop(i)
        return None

    def any(self, hot: list[str], wild: float = 0.15, black: float = 0.05) -> Card | None:
        x = self.rng.random()
        if x < wild:
            return self.take(lambda c: c.is_wild)
        if x < wild + black:
            return self.take(lambda c: c.is_black_three)
        if x < 0.8:
            rank = self.rng.choice(hot)
            return self.take(lambda c: c.rank == rank)
        return self.take(lambda c: not c.is_red_three)


def _meld(rules, pool: _Pool, rank: str, rng: random.Random) -> list[Card] | None:
    naturals = rng.randint(2, 7)
    wilds = rng.choice([0, 0, 1, 2, 3])
    if meld_problem(rules, rank, naturals, wilds, going_out=False):
        return None
    cards = [pool.take(lambda c: c.rank == rank) for _ in range(naturals)]
    cards += [pool.take(lambda c: c.is_wild) for _ in range(wilds)]
    cards = [c for c in cards if c is not None]
    n = sum(1 for c in cards if not c.is_wild)
    if meld_problem(rules, rank, n, len(cards) - n, going_out=False):
        return None
    return cards


def build(table: str, phase: str, hand_size: int, melds: int, score: int, seed: int,
          focus: int = 3) -> Game:
    """A position of ``table`` with ``p0`` to play: a hand of ``hand_size`` cards drawn mostly
    from ``focus`` ranks (and wild cards), up to ``melds`` melds for p0's side, the side's
    cumulative ``score``; the pile, stock, partner's melding and permission vary with
    ``seed``. Cards come from the table's deck, never more copies than it holds."""
    name, players, options = TABLES[table]
    rules = variant(name, players, **options)
    rng = random.Random(seed)
    pool = _Pool(rules, rng)
    names = [f"p{i}" for i in range(players)]
    hot = rng.sample(NATURAL_RANKS, focus)
    side: list[str] = []
    for rank in rng.sample(hot + rng.sample(NATURAL_RANKS, 2), melds):
        cards = _meld(rules, pool, rank, rng)
        if cards and rank not in [m.split()[0][:-1] for m in side]:
            side.append(format_cards(cards))
    hand = [c for c in (pool.any(hot) for _ in range(hand_size)) if c is not None]
    pile: list[Card] = []
    if phase == "draw":
        for _ in range(rng.choice([0, 0, 1, 1, 2, 4])):
            c = pool.any(hot, wild=0.2, black=0.1) if rng.random() < 0.9 else pool.take(
                lambda c: c.is_red_three)
            if c is not None:
                pile.append(c)
        x = rng.random()
        top = (pool.take(lambda c: c.is_wild) if x < 0.05 else
               pool.take(lambda c: c.is_black_three) if x < 0.1 else pool.any(hot, 0, 0))
        if top is not None:
            pile.append(top)
    else:
        pile = [c for c in (pool.any(hot) for _ in range(rng.randint(0, 2))) if c is not None]
    stock = [] if rng.random() < 0.3 else [pool.take(lambda c: not c.is_red_three)
                                           for _ in range(3)]
    others = {p: format_cards(pool.take(lambda c: not c.is_red_three) for _ in range(2))
              for p in names[1:]}
    asked, permission = False, None
    if phase == "play" and rng.random() < 0.3:
        asked, permission = True, rng.choice([True, False, None])
    melded = []
    if side:
        partner = names[rules.teams] if rules.players > rules.teams else names[0]
        melded = [names[0]] if rng.random() < 0.3 else [partner]
    return Game.from_position(
        rules, names, hands={names[0]: format_cards(hand), **others},
        stock=format_cards(c for c in stock if c), discard=format_cards(pile),
        melds={0: side}, scores=[score] + [0] * (rules.teams - 1), phase=phase,
        pile_frozen=rng.random() < 0.05, melded_players=melded, asked=asked,
        permission=permission if asked else None)


@pytest.mark.parametrize("phase", ["draw", "play"])
@pytest.mark.parametrize("table", list(TABLES))
@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hand_size=st.integers(1, 9), melds=st.integers(0, 3), score=st.sampled_from(SCORES),
       seed=st.integers(0, 2**32), focus=st.integers(1, 4))
def test_legal_actions_hold_every_kind_of_legal_move(table, phase, hand_size, melds, score,
                                                      seed, focus):
    game = build(table, phase, hand_size, melds, score, seed, focus)
    check_position(game, game.turn, table)


# Issue 12's cut-throat, Slavic, Mexican and South American (fewer examples: the rules they
# add are the planner's, which the reference asks move by move too)
ISSUE12_TABLES = {
    "cutthroat 3p": ("cutthroat", 3, {}),
    "slavic 4p": ("slavic", 4, {}),
    "mexican 4p": ("mexican", 4, {}),
    "south_american 4p": ("south_american", 4, {}),
}
TABLES.update(ISSUE12_TABLES)


@pytest.mark.parametrize("phase", ["draw", "play"])
@pytest.mark.parametrize("table", list(ISSUE12_TABLES))
@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hand_size=st.integers(1, 9), melds=st.integers(0, 3), score=st.sampled_from(SCORES),
       seed=st.integers(0, 2**32), focus=st.integers(1, 4))
def test_legal_actions_hold_every_kind_of_legal_move_in_issue_12_variants(
        table, phase, hand_size, melds, score, seed, focus):
    game = build(table, phase, hand_size, melds, score, seed, focus)
    check_position(game, game.turn, table)
