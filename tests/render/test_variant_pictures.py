"""Pictures of the feet-and-packet, Modern American and cut-throat games: the foot or
packet face down with its count and when it is picked up (hand), each seat's foot, Modern
American's bonus piles, turn card and black threes, cut-throat's lone hand (table). Sample
views in the engine's view keys."""

from __future__ import annotations

import pytest

from bot.engine import Game, variant
from bot.render import render_hand, render_table
from bot.render.samples import cutthroat_view, feet_view, modern_american_view, table_view
from bot.render.table import rules_in_brief

from .conftest import decode


def _ru(view: dict) -> dict:
    return {**view, "language": "ru"}


def test_the_hand_shows_the_foot_face_down_with_its_count_and_when_it_comes(
        drawn: list[str]) -> None:
    with_foot = decode(render_hand(feet_view()))
    assert "Your foot, face down: 11 cards" in drawn
    note = " ".join(drawn)
    assert "when your hand is used up" in note and "next turn" in note
    without = feet_view()
    for p in without["players"]:
        p.update(foot=0, foot_picked_up=False)
    assert decode(render_hand(without)).size[1] < with_foot.size[1]
    drawn.clear()
    render_hand(_ru(feet_view()))
    assert "Ваша нога, рубашкой вверх: 11 карт" in drawn


def test_the_hand_says_the_foot_was_picked_up(drawn: list[str]) -> None:
    render_hand(feet_view(viewer=1, turn=1))
    assert "You have picked up your foot" in drawn
    assert not any("face down" in text for text in drawn)


def test_pennies_calls_it_a_packet_picked_up_on_a_canasta(drawn: list[str]) -> None:
    render_hand(feet_view(6, variant="pennies", hand_size=3))
    assert "Your packet, face down: 11 cards" in drawn
    assert "You pick it up into your hand when you complete a canasta." in drawn
    drawn.clear()
    render_hand(_ru(feet_view(6, variant="pennies", hand_size=3)))
    assert "Вы возьмёте его в руку, когда закроете канасту." in drawn


def test_each_seat_shows_its_foot_on_the_table(drawn: list[str]) -> None:
    view = feet_view()
    view["players"][2]["foot"] = 1
    render_table(view)
    assert drawn.count("foot picked up") == 2  # Bo and Di
    assert drawn.count("foot: 11 cards") == 1 and "foot: 1 card" in drawn
    drawn.clear()
    render_table(_ru(feet_view(6, variant="pennies")))
    assert drawn.count("пакет: 11 карт") == 3 and drawn.count("пакет взят") == 3


def test_no_foot_line_where_the_game_has_no_feet(drawn: list[str]) -> None:
    render_table(table_view(4))
    render_hand(table_view(4))
    assert not any("foot" in text for text in drawn)


def test_modern_american_shows_its_bonus_piles_and_the_turn_card(drawn: list[str]) -> None:
    render_table(modern_american_view(bonus_piles=(4, 3)))
    assert "bonus cards: 4 \u00b7 3" in drawn
    assert "until the turn card (9th from the bottom)" in drawn
    drawn.clear()
    render_table(modern_american_view(bonus_piles=(3,), turn_card_drawn=True))
    assert "turn card drawn: no more bonus cards" in drawn
    assert not any(text.startswith("bonus cards") for text in drawn)
    drawn.clear()
    render_table(modern_american_view(bonus_piles=()))
    assert not any("bonus" in text for text in drawn)
    drawn.clear()
    every_side_melded = modern_american_view(turn_card_drawn=True)
    every_side_melded["teams"][1]["has_melded"] = True
    render_table(every_side_melded)
    assert not any("turn card" in text for text in drawn)


def test_black_threes_are_laid_out_beside_the_red_ones(drawn: list[str]) -> None:
    render_table(modern_american_view())
    assert "black 3s" in drawn and "red 3s" in drawn  # Ana & Cy: 2 red, 3 black
    assert "black 3" in drawn and "red 3" in drawn  # Bo & Di: one of each
    drawn.clear()
    render_table(_ru(modern_american_view()))
    assert "чёрные 3" in drawn and "красная 3" in drawn


def test_cut_throat_shows_who_plays_alone_and_the_partnership(drawn: list[str]) -> None:
    render_table(cutthroat_view(lone="Bo", turn=1))  # Bo to draw: Ana and Cy say partners
    assert "with Cy" in drawn and "with Ana" in drawn
    assert "Partners with Ana this hand: the melds are on Ana's side" in drawn  # Cy's panel
    drawn.clear()
    render_table(cutthroat_view(lone="Bo", turn=0))
    assert "plays alone" in drawn and "with Ana" in drawn
    drawn.clear()
    render_table(cutthroat_view(lone=None))
    assert not any(text == "plays alone" or text.startswith("with ") for text in drawn)
    assert not any(text.startswith("Partners with") for text in drawn)
    drawn.clear()
    render_table(_ru(cutthroat_view()))
    assert "играет в одиночку" in drawn
    assert "На троих \u00b7 партия до 7\u00a0500 \u00b7 для выхода 2 канасты" in drawn


@pytest.mark.parametrize(("name", "players", "lang", "expected"), [
    ("hand_and_foot", 4, "en", "Hand and Foot · a match of 4 deals · 7 canastas to go out"),
    ("kombo", 4, "ru", "· партия из 4 раздач"),
    ("modern_american", 4, "en", "· target 8,500 · 2 canastas to go out"),
])
def test_the_rules_line_says_how_the_match_ends(name: str, players: int, lang: str,
                                                 expected: str) -> None:
    """A match of deals says so (not the placeholder target); Kombo has no going out."""
    game = Game.new(variant(name, players=players), [f"P{i}" for i in range(players)], seed=1)
    view = game.view(None)
    view["language"] = lang
    line = rules_in_brief(view)
    assert expected in line, line
    assert "000 000" not in line and "000,000" not in line
    assert (name == "kombo") == ("выход" not in line and "go out" not in line)
