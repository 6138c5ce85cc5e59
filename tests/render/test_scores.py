"""The score sheet: a block per hand, the breakdown per team, running totals, the winner."""

from __future__ import annotations

import pytest

from bot.render import render_scores, scores
from bot.render.samples import results_sample, table_view

from .conftest import decode


@pytest.mark.parametrize("hands", [0, 1, 3, 8])
def test_sheet_grows_with_the_hands_played(hands: int) -> None:
    view = table_view(4, results=results_sample(hands))
    img = decode(render_scores(view))
    assert img.size[0] == scores.WIDTH
    if hands:
        shorter = decode(render_scores(table_view(4, results=results_sample(hands - 1))))
        assert img.size[1] > shorter.size[1]


def test_three_teams_and_a_winner() -> None:
    view = table_view(6, results=results_sample(2, teams=3), winner=2, phase="over")
    with_winner = decode(render_scores(view))
    without = decode(render_scores(dict(view, winner=None)))
    assert with_winner.size[1] == without.size[1] + scores.BANNER_H


def test_running_totals_add_up_hand_by_hand() -> None:
    results = [{"total": [100, -50]}, {"total": [300, 400]}, {"total": [-20, 0]}]
    assert scores._running_totals(results, 2) == [[100, -50], [400, 350], [380, 350]]


def test_breakdown_columns_are_the_engines_keys() -> None:
    keys = list(scores.COLUMNS)
    assert keys == ["melded", "canastas", "red_threes", "going_out", "in_hand", "penalties"]
    try:
        from bot.engine import BREAKDOWN_KEYS
    except ImportError:  # pragma: no cover - engine not there yet
        return
    assert tuple(keys) == tuple(BREAKDOWN_KEYS)


def test_hand_ended_without_going_out_and_concession() -> None:
    res = results_sample(2)
    res[0] = dict(res[0], went_out=None, reason="stock")
    res[1] = dict(res[1], went_out=None, reason="concession")
    assert decode(render_scores(table_view(4, results=res))).size[0] == scores.WIDTH
    assert scores.how("en", res[0]) == "nobody went out: the stock ran out"
    assert scores.how("en", res[1]) == "conceded"
