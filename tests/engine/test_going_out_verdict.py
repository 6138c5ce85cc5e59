"""A building candidate that melds all the hand but at most one card goes out: where the
rules allow, the going-out judge gives it the planner's verdict by its counts
(``going_out_verdict.judged_going_out``), on hands of 8 to 80 cards."""
from __future__ import annotations

import random

import pytest

from bot.engine import legal_candidates
from bot.engine.actions import action_to_dict
from bot.engine.errors import accepted
from bot.engine.going_out_verdict import judged_going_out
from bot.engine.legal_melds import Part, Seat
from bot.engine.planning import plan_meld

from .test_legal_shortcuts import NAMES, _position


@pytest.mark.parametrize("name", NAMES)
def test_the_judge_gives_the_planners_verdict(name: str,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    rng = random.Random(11)
    games = [_position(name, size, rng, melded) for size in (8, 12, 16, 24, 40, 60, 80)
             for melded in (False, True) for _ in range(12)]
    verdicts: list[tuple[bool, bool]] = []

    def both(seat: Seat, parts: list[Part], add_parts: list[Part], size: int) -> bool | None:
        judged = judged_going_out(seat, parts, add_parts, size)
        if judged is not None:
            planned = accepted(plan_meld, seat.game, seat.player, [p[0] for p in parts],
                               [(p[1], p[0]) for p in add_parts], check_held=False)
            verdicts.append((judged, planned))
        return judged

    monkeypatch.setattr(legal_candidates, "judged_going_out", both)
    judged = [[action_to_dict(a) for a in g.copy().legal_actions(g.turn)] for g in games]
    assert all(j == p for j, p in verdicts)
    assert len(verdicts) > 10 or name == "modern_american"   # (its limits: the planner's)
    # (here going out needs more than these hands' candidates of sets make)
    assert any(j for j, _ in verdicts) or name in (
        "mexican", "brazilian", "bolivia", "hand_and_foot", "pennies", "modern_american")
    monkeypatch.setattr(legal_candidates, "judged_going_out", lambda *args: None)
    planned = [[action_to_dict(a) for a in g.copy().legal_actions(g.turn)] for g in games]
    assert judged == planned
