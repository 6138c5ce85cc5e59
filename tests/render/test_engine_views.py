"""Pictures of real engine views (``game.view(player)``) and the demo command."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from bot.render import render_hand, render_scores, render_table
from bot.render.__main__ import main

from .conftest import decode

engine = pytest.importorskip("bot.engine")


@pytest.mark.parametrize(("players", "teams"), [(2, None), (3, None), (4, None), (5, None),
                                               (6, 2), (6, 3)])
def test_views_from_real_games_render(players: int, teams: int | None) -> None:
    from bot.render import demo

    names = ["Ana", "Bo", "Cy", "Di", "Ed", "Flo"][:players]
    options = {"teams": teams} if teams else {}
    rules = engine.variant("classic", players, **options)
    game = engine.Game.new(rules, names, seed=11)
    rng = random.Random(11)
    for turns in (0, 3, 8):
        demo.play_turns(game, rng, turns, stop_after_draw=True)
        for who in [*names, None]:
            view = game.view(who)
            assert decode(render_table(view)).size[0] > 0
            if who is not None:
                assert decode(render_hand(view)).size[0] < 1600
    demo.finish_hand(game, rng)
    assert decode(render_scores(game.view(names[0]))).size[1] > 0


def test_demo_command_writes_three_pictures(tmp_path: Path) -> None:
    assert main(["demo", str(tmp_path)]) == 0
    for name in ("hand.png", "table.png", "scores.png"):
        data = (tmp_path / name).read_bytes()
        assert decode(data).size[0] > 0
        assert len(data) < 400 * 1024


def test_demo_is_reproducible(tmp_path: Path) -> None:
    main(["demo", str(tmp_path / "a")])
    main(["demo", str(tmp_path / "b")])
    for name in ("hand.png", "table.png", "scores.png"):
        assert (tmp_path / "a" / name).read_bytes() == (tmp_path / "b" / name).read_bytes()


def test_demo_in_another_language(tmp_path: Path) -> None:
    main(["demo", str(tmp_path / "en")])
    main(["demo", str(tmp_path / "lt"), "--language", "lt"])
    for name in ("hand.png", "table.png", "scores.png"):
        assert (tmp_path / "en" / name).read_bytes() != (tmp_path / "lt" / name).read_bytes()
