"""Every table size plays whole hands; the 5- and 6-player specifics."""
import pytest

from bot.engine import Draw, Game, variant

from .play import play_random


@pytest.mark.parametrize(("players", "options"), [
    (2, {}), (3, {}), (4, {}), (5, {}), (6, {}), (6, {"teams": 3})])
def test_each_table_size_plays_three_hands(players, options):
    g = play_random(11, players, hands=3, roundtrip=False, **options)
    assert len(g.results) >= 3 or g.phase == "over"


def test_two_players_draw_two_cards():
    g = Game.new(variant("classic", 2), ["a", "b"], seed=4)
    assert len(g.hand("a")) == 15
    g.apply("a", Draw())
    assert len(g.hand("a")) == 17 or any(c.is_red_three for c in g.red_threes(0))


def test_five_players_one_of_the_three_sits_out_rotating():
    names = ["a", "b", "c", "d", "e"]  # a c e against b d
    g = Game.new(variant("classic", 5), names, seed=2)
    sitters = []
    for hand in range(1, 4):
        g._deal(hand)
        out = [p for p in names if p not in g.order]
        assert len(out) == 1 and g.team_of(out[0]) == 0
        assert g.hand(out[0]) == [] and g.legal_actions(out[0]) == []
        # partners sit opposite: the sides alternate
        assert [g.team_of(p) for p in g.order] in ([0, 1, 0, 1], [1, 0, 1, 0])
        sitters.append(out[0])
    assert sorted(sitters) == ["a", "c", "e"]
    v = g.view(sitters[-1])
    assert not [p for p in v["players"] if p["name"] == sitters[-1]][0]["active"]


def test_six_players_deal_13_from_162():
    g = Game.new(variant("classic", 6), list("abcdef"), seed=9)
    assert all(len(g.hand(p)) == 13 for p in "abcdef")
    laid = sum(len(g.red_threes(t)) for t in range(2))
    assert g.stock_count + len(g.discard_pile) + laid == 162 - 78
