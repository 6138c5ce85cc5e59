"""The table picture across table sizes and the positions that change how it looks."""

from __future__ import annotations

import pytest

from bot.render import melds, panels, render_table, table
from bot.render.notation import parse
from bot.render.samples import meld, table_view

from .conftest import decode


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("meld_sets", [("none",), ("early", "mid"), ("canastas", "big")])
def test_every_table_size_renders_with_and_without_melds(players: int,
                                                          meld_sets: tuple[str, ...]) -> None:
    img = decode(render_table(table_view(players, melds=meld_sets)))
    assert img.size[0] == table.WIDTH
    assert 400 < img.size[1] < 2600


def test_six_players_as_two_teams_of_three() -> None:
    view = table_view(6, six_as_three_teams=False, melds=("mid", "canastas"))
    assert len(view["teams"]) == 2
    assert decode(render_table(view)).size[0] == table.WIDTH


def test_melds_make_the_table_taller() -> None:
    bare = decode(render_table(table_view(4, melds=("none",))))
    melded = decode(render_table(table_view(4, melds=("mid", "canastas"))))
    assert melded.size[1] > bare.size[1]


def test_canastas_of_both_kinds_show_their_colour_on_top() -> None:
    natural = meld("K", 7)
    mixed = meld("8", 5, ("2S", "JK"))
    assert natural["canasta"] == "natural" and mixed["canasta"] == "mixed"
    assert parse(melds.canasta_top(natural)).is_red
    assert not parse(melds.canasta_top(mixed)).is_red
    # A natural canasta of black cards only still shows red; a red mixed one shows black.
    assert parse(melds.canasta_top(meld("Q", 7, (), 1) | {"cards": ["QS"] * 7})).is_red
    red_mixed = {"rank": "9", "cards": ["9H"] * 5 + ["2D", "JK"], "canasta": "mixed"}
    assert not parse(melds.canasta_top(red_mixed)).is_red
    view = table_view(4, melds=("canastas",))
    assert decode(render_table(view)).size[0] == table.WIDTH


def test_canasta_is_drawn_squared_not_as_a_column() -> None:
    big = meld("A", 9)
    assert melds.column_height(big) < melds.column_height(meld("A", 6))


@pytest.mark.parametrize("pile", [
    {"frozen_all": True},
    {"blocked": "black_three", "pile_top": "3C"},
    {"blocked": "wild", "pile_top": "2D", "frozen_all": True},
    {"pile_top": None},
    {"stock": 0},
])
def test_pile_states_change_the_picture(pile: dict) -> None:
    plain = render_table(table_view(4))
    changed = render_table(table_view(4, **pile))
    assert decode(changed).size[0] == table.WIDTH
    assert changed != plain


def test_frozen_and_blocked_tags() -> None:
    assert table._pile_tags(table_view(4, frozen_all=True)) == [("FROZEN", table.FROZEN_INK)]
    tags = table._pile_tags(table_view(4, blocked="black_three", pile_top="3S"))
    assert tags[0][0] == "BLOCKED: black 3 on top"
    # The engine's third reason (a variant) is named too, never silently dropped.
    assert table._pile_tags(table_view(4, blocked="canasta"))[0][0].startswith("BLOCKED")


def test_player_to_act_is_highlighted() -> None:
    a = render_table(table_view(4, turn=0))
    b = render_table(table_view(4, turn=1))
    assert a != b


def test_red_threes_lie_before_the_melds() -> None:
    view = table_view(4, red_threes=(("3H", "3D"), ()))
    cols = panels._columns(view["teams"][0])
    assert cols[0]["cards"] == ["3H", "3D"] and cols[0]["label"] == ("2", "red 3s")
    assert render_table(view) != render_table(table_view(4))


def test_spectator_view_and_question_render() -> None:
    assert decode(render_table(table_view(4, viewer=None))).size[0] == table.WIDTH
    q = table_view(4, phase="permission", turn=2, question={"asker": "Ana", "partners": ["Cy"]})
    assert decode(render_table(q)).size[0] == table.WIDTH


def test_two_teams_side_by_side_unless_stacking_is_shorter() -> None:
    teams = table_view(4, melds=("mid", "canastas"))["teams"]
    assert panels._grid(teams, table.AREA_W)[0] == 2
    lopsided = table_view(4, melds=("big", "none"))["teams"]
    assert panels._grid(lopsided, table.AREA_W)[0] == 1


def test_last_moves_line() -> None:
    from bot.render import caption

    history = [
        {"type": "deal"},
        {"type": "draw", "player": "Bo", "count": 1},
        {"type": "meld", "player": "Bo", "groups": [["KH", "KS", "KD"]], "add": {}},
        {"type": "discard", "player": "Bo", "card": "8H"},
        {"type": "take_pile", "player": "Cy", "top": "8H", "size": 9},
    ]
    view = dict(table_view(4), history=history)
    assert caption.last_moves(view) == "Bo discarded 8\u2665 \u00b7 Cy took the pile (9 cards)"
    assert caption.last_moves(view, limit=4).startswith("Bo drew 1 card \u00b7 Bo melded 3 cards")
    assert caption.last_moves(dict(view, history=[])) == ""
    assert render_table(view) != render_table(dict(view, history=[]))
