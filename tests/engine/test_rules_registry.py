import pytest

from bot.engine import VARIANTS, Game, variant
from bot.engine.rules_summary import summary


def test_variant_names():
    for name in ("classic", "vienna", "british", "uruguayan"):
        assert name in VARIANTS
        assert variant(name).name == name


def test_unknown_variant_and_option_raise():
    with pytest.raises(ValueError, match="unknown variant"):
        variant("canasta-royale")
    with pytest.raises(ValueError, match="unknown option"):
        variant("classic", 4, jokers_wild=True)
    with pytest.raises(ValueError):
        variant("classic", 7)
    with pytest.raises(ValueError):
        variant("classic", 4, teams=3)
    with pytest.raises(ValueError):
        variant("classic", 4, target=-5)


def test_target_and_documented_alternatives_as_options():
    r = variant("classic", 4, target=3000, one_card_rule=False)
    assert r.target == 3000 and not r.one_card_rule


@pytest.mark.parametrize(("players", "options", "hand", "draw", "teams", "canastas", "deck"), [
    (2, {}, 15, 2, 2, 2, 108),
    (3, {}, 13, 1, 3, 1, 108),
    (4, {}, 11, 1, 2, 1, 108),
    (5, {}, 11, 1, 2, 1, 108),
    (6, {}, 13, 1, 2, 2, 162),
    (6, {"teams": 3}, 13, 1, 3, 2, 162),
])
def test_table_sizes(players, options, hand, draw, teams, canastas, deck):
    r = variant("classic", players, **options)
    assert (r.hand_size, r.draw, r.teams, r.canastas_to_go_out, r.deck_size) == (
        hand, draw, teams, canastas, deck)


def test_six_player_targets_and_red_threes():
    two = variant("classic", 6)
    three = variant("classic", 6, teams=3)
    assert two.target == 10000 and three.target == 7500
    assert two.red_three_value(4) == 400
    assert two.red_three_value(5) == 1000 and two.red_three_value(6) == 1200
    assert two.minimum_for(7500) == 150 and two.minimum_for(7495) == 120
    assert variant("classic").red_three_value(4) == 800


@pytest.mark.parametrize(("score", "minimum"), [
    (-5, 15), (-2000, 15), (0, 50), (1495, 50), (1500, 90), (2995, 90), (3000, 120),
    (4995, 120)])
def test_initial_meld_table(score, minimum):
    assert variant("classic").minimum_for(score) == minimum
    g = Game.from_position(variant("classic"), ["a", "b", "c", "d"], hands={"a": "4c"},
                           scores=[score, 0])
    assert g.view("a")["teams"][0]["minimum"] == minimum


def test_seating_teams_by_seat_order():
    g = Game.new(variant("classic", 6, teams=3), list("abcdef"), seed=1)
    assert [g.team_of(p) for p in "abcdef"] == [0, 1, 2, 0, 1, 2]
    g = Game.new(variant("classic", 4), list("abcd"), seed=1)
    assert [g.team_of(p) for p in "abcd"] == [0, 1, 0, 1]


def test_rules_summary_mentions_variant_rules():
    text = "\n".join(summary(variant("vienna")))
    assert "plus with a canasta" in text and "never more wilds than naturals" in text


def test_knobs_for_later_variants():
    from bot.engine import IllegalMove, Meld, TakePile

    capped = variant("classic", 4, max_meld_size=7)
    g = Game.from_position(capped, ["a", "b", "c", "d"], hands={"a": "kc kd 4c 5c"},
                           melds={0: ["kh kd ks kc kh kd ks"]}, phase="play")
    with pytest.raises(IllegalMove, match="past 7"):
        g.apply("a", Meld(add={"K": ["kc"]}))
    frozen = variant("classic", 4, pile_always_frozen=True)
    g = Game.from_position(frozen, ["a", "b", "c", "d"], hands={"a": "8c 2c 4c 5c"},
                           discard="8d", melds={0: ["kh kd ks"]})
    with pytest.raises(IllegalMove, match="frozen"):
        g.apply("a", TakePile(cards=["8c", "2c"]))
    bare = Game.new(variant("classic", 4, upcard=False), ["a", "b", "c", "d"], seed=1)
    assert bare.discard_pile == [] and bare.stock_count + sum(
        len(bare.red_threes(t)) for t in range(2)) == 108 - 44


def test_every_variant_declares_its_player_counts():
    from bot.engine.variants import PLAYER_COUNTS

    assert set(PLAYER_COUNTS) == set(VARIANTS)
    for name, counts in PLAYER_COUNTS.items():
        for players in range(2, 7):
            if players in counts:
                assert variant(name, players=players).players == players
            else:
                with pytest.raises(ValueError, match=f"{name} is for"):
                    variant(name, players=players)
    six = variant("samba", players=6, teams=3)
    assert (six.teams, six.deck_size, six.hand_size) == (3, 162, 15)


def test_games_restored_with_equal_rules_share_one_rules_object():
    """Rules are frozen: two games from snapshots of the same rules hold one object (a
    process keeps thousands of games in memory), and other rules stay apart."""
    a = Game.new(variant("classic", players=4), ["a", "b", "c", "d"], seed=1)
    b = Game.new(variant("classic", players=4), ["e", "f", "g", "h"], seed=2)
    c = Game.new(variant("classic", players=4, target=10000), ["a", "b", "c", "d"], seed=1)
    restored = [Game.from_dict(g.to_dict()) for g in (a, b, c)]
    assert restored[0].rules is restored[1].rules
    assert restored[2].rules is not restored[0].rules
    assert restored[2].rules.target == 10000 and restored[0].rules.target == 5000
    assert restored[0].rules == a.rules
