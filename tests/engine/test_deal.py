from collections import Counter

from bot.engine import Game, variant
from bot.engine.cards import make_deck

from .conftest import P4
from .play import all_cards


def test_deal_is_pure_function_of_seed_and_hand():
    a = Game.new(variant("classic"), P4, seed=42)
    b = Game.new(variant("classic"), P4, seed=42)
    c = Game.new(variant("classic"), P4, seed=43)
    assert a.to_dict() == b.to_dict()
    assert a.hand("Ana") != c.hand("Ana")


def test_deal_sizes_and_conservation_4p():
    g = Game.new(variant("classic"), P4, seed=3)
    for p in P4:
        assert len(g.hand(p)) == 11
    assert all_cards(g) == Counter(c.text for c in make_deck(2, 4))
    laid = sum(len(g.red_threes(t)) for t in range(2))
    # 108 - 44 dealt = 64, less the replacements of red threes and the upcards
    assert g.stock_count + len(g.discard_pile) + laid == 64


def test_red_threes_laid_out_and_replaced_after_deal():
    seen = 0
    for seed in range(40):
        g = Game.new(variant("classic"), P4, seed=seed)
        for p in P4:
            assert not any(c.is_red_three for c in g.hand(p))
            assert len(g.hand(p)) == 11
        seen += sum(len(g.red_threes(t)) for t in range(2))
        assert all(c.is_red_three for t in range(2) for c in g.red_threes(t))
    assert seen > 0


def test_upcard_procedure_covers_wilds_and_red_threes_and_freezes():
    frozen_starts = 0
    for seed in range(300):
        g = Game.new(variant("classic"), P4, seed=seed)
        pile = g.discard_pile
        top = pile[-1]
        assert not top.is_wild and not top.is_red_three
        assert all(c.is_wild or c.is_red_three for c in pile[:-1])
        if len(pile) > 1:
            frozen_starts += 1
            assert g.view("Ana")["pile"]["frozen_all"]
        else:
            assert not g.view("Ana")["pile"]["frozen_all"]
    assert frozen_starts > 0


def test_black_three_upcard_is_not_covered_and_stops_the_first_player():
    for seed in range(500):
        g = Game.new(variant("classic"), P4, seed=seed)
        if g.discard_pile[-1].is_black_three:
            break
    else:
        raise AssertionError("no seed turned a black three")
    assert len(g.discard_pile) == 1 or g.discard_pile[-2].is_wild or g.discard_pile[-2].rank == "3"
    assert g.view(g.turn)["pile"]["blocked"] == "black_three"
    assert not [a for a in g.legal_actions(g.turn) if type(a).__name__ == "TakePile"]


def test_first_player_rotates_each_hand():
    g = Game.new(variant("classic"), P4, seed=5)
    assert g.turn == "Ana"
    g._deal(2)
    assert g.turn == "Bo"
    g._deal(3)
    assert g.turn == "Cy"
