"""Rendering is a pure function of the view: same view, same bytes, whatever came before."""

from __future__ import annotations

import copy
import json

from bot.render import assets, draw, render_hand, render_scores, render_table
from bot.render.samples import hand_view, results_sample, table_view


def _views() -> list[tuple[object, dict]]:
    return [
        (render_hand, hand_view(23, just_arrived=5)),
        (render_table, table_view(6, melds=("canastas", "mid", "early"), frozen_all=True)),
        (render_scores, table_view(4, results=results_sample(4), winner=0)),
    ]


def test_same_view_same_bytes() -> None:
    for render, view in _views():
        first = render(view)  # type: ignore[operator]
        assert render(copy.deepcopy(view)) == first  # type: ignore[operator]
        # A view that went through JSON (as a stored snapshot would) draws the same.
        assert render(json.loads(json.dumps(view))) == first  # type: ignore[operator]


def test_same_bytes_after_the_caches_are_dropped() -> None:
    before = [r(v) for r, v in _views()]  # type: ignore[operator]
    for cached in (assets._card, assets.art_set, assets.card_master, assets._sideways,
                   assets.font, draw._felt, draw._shadow):
        cached.cache_clear()
    assert [r(v) for r, v in _views()] == before  # type: ignore[operator]


def test_rendering_does_not_modify_the_view() -> None:
    for render, view in _views():
        snapshot = copy.deepcopy(view)
        render(view)  # type: ignore[operator]
        assert view == snapshot


def test_hand_order_in_the_view_does_not_matter() -> None:
    view = hand_view(15)
    shuffled = dict(view, hand=list(reversed(view["hand"])))
    assert render_hand(view) == render_hand(shuffled)
