"""What a player reads off the pictures: meld captions with units, whole team names, the
frozen pile for the side it concerns, this hand's running points, and verbs that agree."""

from __future__ import annotations

import pytest

from bot.render import caption, render_scores, render_table, table
from bot.render.draw import team_colour
from bot.render.samples import results_sample, table_view
from bot.service.views import named_view

engine = pytest.importorskip("bot.engine")

COMPUTERS = {"Ana": "Mara", "Bo": "Computer 1", "Cy": "Computer 2", "Di": "Computer 3",
             "Ed": "Computer 4", "Flo": "Computer 5"}


def test_meld_captions_carry_units(drawn: list[str]) -> None:
    render_table(table_view(4, melds=("canastas", "early"), red_threes=(("3H",), ("3D", "3H"))))
    assert "70 pts" in drawn and "7 cards" in drawn  # the natural canasta of kings
    assert "30 pts" in drawn and "3 cards" in drawn  # three kings
    assert "red 3" in drawn and "red 3s" in drawn  # under "1" and "2"
    assert not [t for t in drawn if " \u00b7 " in t and t[0].isdigit()]  # no bare "7 · 70"


@pytest.mark.parametrize(("players", "sides"), [(4, 2), (6, 3)])
def test_team_names_are_written_whole_where_they_fit(drawn: list[str], players: int,
                                                     sides: int) -> None:
    view = named_view(table_view(players, melds=("mid", "none"), viewer=None,
                                 results=results_sample(3, teams=sides), winner=1),
                      COMPUTERS)
    render_table(view)
    render_scores(view)
    assert not [t for t in drawn if "\u2026" in t], "a name was cut"
    written = " ".join(drawn)
    for name in view["team_names"]:
        assert name in written


def test_a_name_too_long_for_two_lines_is_still_cut_to_fit(drawn: list[str]) -> None:
    view = named_view(table_view(4, viewer=None), {"Ana": "Bartholomew-Maximilian " * 3})
    render_table(view)
    assert any("\u2026" in t for t in drawn)


def _tags(view: dict) -> list[str]:
    return [text for text, _ in table._pile_tags(view)]


def test_the_public_table_names_the_sides_the_pile_is_frozen_for() -> None:
    view = table_view(4, melds=("none", "mid"), viewer=None)
    assert table._pile_tags(view) == [("frozen for Ana & Cy", team_colour(0))]
    six = table_view(6, melds=("none", "early", "none"), viewer=None)
    assert _tags(six) == ["frozen for Ana & Di", "frozen for Cy & Flo"]
    assert _tags(table_view(4, melds=("none",), viewer=None)) == ["FROZEN"]  # nobody melded
    assert _tags(table_view(4, melds=("mid",), viewer=None)) == []
    assert _tags(table_view(4, melds=("none", "mid"), viewer=None, pile_top=None)) == []


def test_a_player_reads_frozen_for_his_own_side() -> None:
    assert _tags(table_view(4, melds=("mid", "none"), viewer=1)) == ["frozen for your side"]
    assert _tags(table_view(4, melds=("mid", "none"), viewer=0)) == ["frozen for Bo & Di"]
    assert _tags(table_view(3, melds=("none", "mid", "mid"), viewer=0)) == ["frozen for you"]
    assert _tags(table_view(4, melds=("mid",), viewer=0, frozen_all=True)) == ["FROZEN"]


def _game() -> object:
    """Ana & Cy have melded and hold a red three; Bo & Di have not melded, one red three."""
    rules = engine.variant("classic", 4)
    return engine.Game.from_position(
        rules, ["Ana", "Bo", "Cy", "Di"],
        hands={"Ana": "4c 5d 6h", "Bo": "9c 9d", "Cy": "7c", "Di": "8c"},
        stock="5c 6c 7c 8c 9c", discard="4h 5s",
        melds={0: ["kh kd ks kc kh kd ks", "9h 9s 2c"]}, red_threes={0: "3h", 1: "3d"})


def test_engine_view_and_pictures_agree_on_the_frozen_pile() -> None:
    game = _game()
    for player in ("Ana", "Bo", "Cy", "Di"):
        view = game.view(player)
        mine = view["pile"]["frozen"]
        assert mine == game.pile_frozen_for(view["team"])
        assert ("frozen for your side" in _tags(view)) == mine
        # The hand picture's caption says the same as the table's badge.
        assert ("frozen" in caption.pile_phrase(view)) == mine
    public = game.view(None)
    assert [t["pile_frozen"] for t in public["teams"]] == [False, True]
    assert public["pile"]["frozen"] is False  # not frozen for every side
    assert _tags(public) == ["frozen for Bo & Di"]


def test_running_points_of_the_hand_beside_the_score(drawn: list[str]) -> None:
    game = _game()
    view = game.view(None)
    # Kings: 70 + 500 natural canasta; nines: 20 + 20 (deuce); red three 100.
    assert [t["running_points"] for t in view["teams"]] == [70 + 500 + 40 + 100, -100]
    render_table(view)
    assert "+710 this hand" in drawn and "\u2212100 this hand" in drawn


def test_running_points_are_not_shown_once_the_match_is_over(drawn: list[str]) -> None:
    render_table(table_view(4, phase="over", winner=0))
    assert not [t for t in drawn if "this hand" in t]


def test_the_winner_wins_and_a_pair_win(drawn: list[str]) -> None:
    alone = named_view(table_view(3, viewer=None, results=results_sample(2, teams=3),
                                  winner=0, phase="over"), COMPUTERS)
    pair = table_view(4, viewer=None, results=results_sample(2), winner=1, phase="over")
    assert caption.table_status(alone) == "Match over \u2014 Mara wins"
    assert caption.hand_prompt(alone) == "Match over: Mara wins"
    assert caption.table_status(pair) == "Match over \u2014 Bo & Di win"
    render_scores(alone)
    render_scores(pair)
    assert "Mara wins the match" in drawn and "Bo & Di win the match" in drawn


def test_one_card_left_in_the_stock_is_one_card(drawn: list[str]) -> None:
    render_table(table_view(4, stock=1, pile_size=1))
    assert drawn.count("1 card") == 2 and "1 cards" not in drawn  # the stock and the pile
    drawn.clear()
    render_table(table_view(4, stock=2, pile_size=2))
    assert drawn.count("2 cards") == 2
