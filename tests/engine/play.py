"""Random legal play, shared by the property tests."""
from __future__ import annotations

import json
import random
from collections import Counter

from bot.engine import Game, variant
from bot.engine.cards import Card, make_deck
from bot.engine.melds import judge_shape, meld_problem, shape_problem
from bot.engine.rules import Rules


def dealt(rules: Rules, rng: random.Random, size: int) -> tuple[list[Card], list[Card]]:
    """A hand of ``size`` cards and the rest of the deck, shuffled by ``rng``, with no red
    threes (nor any three where the rules lay threes out): the fast-path tests' positions."""
    deck = [c for c in make_deck(rules.packs, rules.jokers) if not c.is_red_three
            and not (rules.threes_laid_out and c.rank == "3")]
    rng.shuffle(deck)
    return deck[:size], deck[size:]


def all_cards(g: Game) -> Counter:
    cards = list(g.stock) + list(g.pile)
    for p in g.players:
        cards += g.hands[p] + g.foot(p)
    for pile in g.bonus:   # Modern American's bonus piles still face down
        cards += pile
    for t in range(g.rules.teams):
        cards += g.red3[t] + g.removed[t] + g.black3[t]
        for m in g.melds(t):
            cards += m
    return Counter(c.text for c in cards)


def check_invariants(g: Game) -> None:
    r = g.rules
    if g.phase != "over":
        assert all_cards(g) == Counter(c.text for c in make_deck(r.packs, r.jokers))
    for t in range(r.teams):
        for m in g.team_melds[t].values():
            assert judge_shape(m.cards)[0] == m.shape, m.cards
            if m.shape == "set":
                assert meld_problem(r, m.rank, m.naturals, m.wilds, going_out=True) is None
                assert all(c.rank == m.rank or c.is_wild for c in m.cards)
            else:
                assert shape_problem(r, m.shape, m.cards) is None, m.cards
    for p in g.players:
        if r.threes_laid_out:   # Modern American: one 3 kept for a Straight until the side
            # melds; a 3 stays in hand when no stock card is left to replace it
            threes = [c for c in g.hands[p] if c.rank == "3"]
            assert g.stock == [] or g.phase == "over" or (
                len(threes) <= r.keep_three and not (threes and g.team_melds[g.team_of(p)]))
        else:
            assert not any(c.is_red_three for c in g.hands[p])
        # the foot (B.13, B.16): waiting or picked up, never both; a hand used up has it
        assert not (g.foot(p) and g.foot_picked_up(p))
        if g.foot(p) and g.phase != "over" and r.foot_on == "hand_empty":
            assert g.hands[p], p
    for res in g.results:
        for b, total in zip(res.breakdown, res.total, strict=True):
            assert sum(b.values()) == total
            assert b["in_hand"] <= 0 and b["penalties"] <= 0
    assert g.scores == [sum(x.total[t] for x in g.results) for t in range(r.teams)]


def play_random(seed: int, players: int = 4, name: str = "classic", hands: int = 1,
                roundtrip: bool = True, max_steps: int = 3000, check_offered: int = 0,
                **options) -> Game:
    """Random legal play; ``check_offered``: every that many moves, apply every offered
    action to a copy (nothing offered may be refused)."""
    names = [f"p{i}" for i in range(players)]
    g = Game.new(variant(name, players, **options), names, seed)
    rng = random.Random(seed)
    steps = 0
    while g.phase != "over" and len(g.results) < hands:
        p = g.turn
        assert p is not None
        actions = g.legal_actions(p)
        assert actions, f"no legal action for {p} in {g!r}"
        for other in names:  # nobody else may act (except a second asked partner)
            if other != p and g.phase != "permission":
                assert g.legal_actions(other) == []
        if check_offered and steps % check_offered == 0:
            for action in actions:
                g.copy().apply(p, action)
        g.apply(p, rng.choice(actions))
        check_invariants(g)
        if roundtrip:
            d = g.to_dict()
            again = Game.from_dict(json.loads(json.dumps(d)))
            assert again.to_dict() == d
            assert again.view(p) == g.view(p)
        steps += 1
        assert steps < max_steps, "hand did not terminate"
    return g
