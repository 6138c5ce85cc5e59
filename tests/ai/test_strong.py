"""The Styles of the heuristics: normal's numbers are today's, and STRONG (tuned by
``bench.tune`` for the hard level) is another Style that plays only legal moves."""

from __future__ import annotations

from dataclasses import fields, replace

import pytest

from bot.ai import policy
from bot.ai.hard import HardPlayer
from bot.ai.players import HeuristicPlayer
from bot.ai.style import (
    CLASSIC,
    EASY,
    NORMAL,
    SAMBA,
    STRONG,
    STRONG_BY_FAMILY,
    Style,
    family,
    strong_for,
    style_fields,
    with_values,
)
from bot.engine import Game, variant
from bot.engine.variants import PLAYER_COUNTS

from .helpers import play_bots

# The constants of the heuristics before they became Style fields (issue 28).
TODAY = {
    "keep_two": 45.0, "keep_joker": 70.0, "keep_wild_points": 0.5, "keep_black_three": 6.0,
    "black_three_late": 5.0, "keep_melded": 30.0, "keep_set": 40.0, "keep_pair": 22.0,
    "keep_single": 4.0, "keep_unseen": 0.6, "danger_per_card": 9.0, "danger_base": 25.0,
    "danger_unmelded": 0.4, "danger_discarded": 0.4, "lay_off_cost": 1000.0,
    "freeze_pile": 10, "freeze_hand": 7, "freeze_per_card": 3.5, "endgame_stock": 8,
    "endgame_early": 0.3, "threat_cards": 6, "draw_value": 8.0, "pile_red_three": 100.0,
    "pile_wild": 40.0, "pile_black_three": 1.0, "pile_melded": 14.0, "pile_match": 9.0,
    "pile_other": 3.0, "pile_first_take": 30.0, "pile_take": 10.0, "pile_pair_new": 2.0,
    "lone_hand": 300.0, "build_from": 4, "hold_below": 5, "wildless_from": 6,
    "urgent_stock": 12, "out_bonus": 100.0, "hand_card": 8.0, "out_lead": 100.0,
    "out_extra": 2, "ask_hand": 7, "refuse_points": 100.0, "refuse_meldable": 4,
    # the new ideas, off for normal
    "meld_pairs_wild": False, "meld_late": 0, "danger_rich": 0.0, "pile_law": False,
    "frozen_lay_off": False,
    # the switches
    "keep_pairs": True, "value_pile": True, "freeze": True, "count_cards": True,
    "time_going_out": True, "hold_sets": True, "ask_partner": True,
}


def test_normal_keeps_todays_numbers() -> None:
    assert {f.name for f in fields(Style)} == set(TODAY)
    for name, value in TODAY.items():
        assert getattr(NORMAL, name) == value, name
        assert type(getattr(NORMAL, name)) is type(value), name
    assert policy.NORMAL is NORMAL and policy.STRONG is STRONG


def test_easy_differs_from_normal_only_in_its_switches() -> None:
    differ = {f.name for f in fields(Style) if getattr(EASY, f.name) != getattr(NORMAL, f.name)}
    assert differ == {"keep_pairs", "value_pile", "freeze", "count_cards", "time_going_out",
                      "hold_sets", "ask_partner"}


def test_strong_is_a_style_of_its_own() -> None:
    assert STRONG != NORMAL
    assert all(isinstance(getattr(STRONG, name), kind) for name, kind in style_fields().items())


def test_with_values_casts_and_refuses_unknown_fields() -> None:
    style = with_values(NORMAL, {"freeze_pile": 12.0, "keep_pair": 30, "freeze": 0.0})
    assert style.freeze_pile == 12 and isinstance(style.freeze_pile, int)
    assert style.keep_pair == 30.0 and style.freeze is False
    assert NORMAL.freeze_pile == 10   # the Styles themselves never change
    with pytest.raises(ValueError, match="no_such"):
        with_values(NORMAL, {"no_such": 1.0})


GAMES = [(name, n) for name in ("classic", "samba", "hand_and_foot", "modern_american",
                                "cutthroat", "slavic", "mexican", "south_american")
         for n in PLAYER_COUNTS.get(name, (4,)) if n in (2, 3, 4)]


@pytest.mark.parametrize(("name", "players"), GAMES, ids=[f"{n} {p}p" for n, p in GAMES])
def test_strong_plays_whole_hands_legally(name: str, players: int) -> None:
    names = [f"p{i}" for i in range(players)]
    game = Game.new(variant(name, players), names, seed=28 + players)
    bots = {p: HeuristicPlayer("strong", (STRONG, NORMAL)[i % 2], i)
            for i, p in enumerate(names)}
    play_bots(bots, game)   # raises IllegalMove on an illegal choice
    assert len(game.results) == 1



FAMILIES = {"classic": "classic", "cutthroat": "classic", "mexican": "classic",
            "slavic": "classic", "cuban": "classic", "samba": "samba", "bolivia": "samba",
            "italian": "samba", "kombo": "samba", "hand_and_foot": "foot", "pennies": "foot",
            "modern_american": "modern_american"}


@pytest.mark.parametrize(("name", "kin"), FAMILIES.items())
def test_each_variant_has_a_family_and_its_strong_style(name: str, kin: str) -> None:
    players = 4 if 4 in PLAYER_COUNTS.get(name, (4,)) else PLAYER_COUNTS[name][0]
    rules = variant(name, players)
    assert family(rules) == kin
    assert strong_for(rules) is STRONG_BY_FAMILY[kin]


def test_classic_has_its_own_style_and_samba_plays_strong_by_its_pile_law() -> None:
    # classic's Style was tuned apart (+172 a hand against normal, heuristics alone); the
    # samba family's is STRONG judging a take by Samba's law of the pile (+310, alone)
    assert STRONG_BY_FAMILY["classic"] is CLASSIC and CLASSIC != STRONG
    assert STRONG_BY_FAMILY["samba"] is SAMBA and SAMBA == replace(STRONG, pile_law=True)
    assert not STRONG.pile_law and not NORMAL.pile_law


def test_the_families_that_freeze_their_pile_know_a_discard_alone_cannot_take_it() -> None:
    # classic, Hand and Foot and Modern American: frozen_lay_off (+141, +555 and +647 a hand
    # over the Style without it, heuristics alone); normal and STRONG keep the old model
    assert CLASSIC.frozen_lay_off
    assert STRONG_BY_FAMILY["foot"] == replace(STRONG, frozen_lay_off=True)
    assert STRONG_BY_FAMILY["modern_american"] == replace(STRONG, frozen_lay_off=True)
    assert not STRONG.frozen_lay_off and not NORMAL.frozen_lay_off and not SAMBA.frozen_lay_off


@pytest.mark.parametrize("name", ["classic", "samba"])
def test_hard_plays_the_style_of_its_variant_unless_given_one(name: str) -> None:
    names = ["a", "b", "c", "d"]
    game = Game.new(variant(name, 4), names, seed=5)
    view = game.view(game.turn or "a")
    chosen = HardPlayer(budget=None, max_samples=1, depth=2)
    chosen.think(view)
    assert chosen.style is strong_for(game.rules)
    given = HardPlayer(budget=None, max_samples=1, depth=2, style=EASY)
    given.think(view)
    assert given.style is EASY
