"""bench.ai: the arena reports the margin, the decision times on one core, and stops in time."""

from __future__ import annotations

import pytest

from bench import ai


def test_reports_margin_and_cpu_times_per_decision(capsys: pytest.CaptureFixture[str]) -> None:
    assert ai.main(["--a", "normal", "--b", "random", "--hands", "2"]) == 0
    out = capsys.readouterr().out
    assert "points per hand, normal minus random" in out
    assert "normal, CPU time (one core):" in out and "95th percentile" in out


def test_hard_reports_worlds_and_takes_settings(capsys: pytest.CaptureFixture[str]) -> None:
    assert ai.main(["--a", "hard", "--b", "normal", "--hands", "1", "--budget", "0.02",
                    "--set", "depth=4", "--set", "PROGRESS=40"]) == 0
    assert "sampled worlds per decision" in capsys.readouterr().out


def test_stops_at_the_wall_clock_limit_with_the_deals_finished() -> None:
    work = [("normal", "random", seed, 4, "classic", None, {}) for seed in range(1, 4)]
    assert len(ai.run(work, 1, None)) == 3
    assert ai.run(work, 1, 0.0) == []              # no time at all: nothing finished
