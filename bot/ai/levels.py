"""``computer_player(level, seed)``: the computer player of each level."""

from __future__ import annotations

from typing import Any

from . import policy
from .hard import HardPlayer
from .players import HeuristicPlayer

LEVELS = ("easy", "normal", "hard")


def computer_player(level: str, seed: int = 0) -> Any:
    """A computer player of ``level`` ("easy", "normal" or "hard")."""
    key = level.strip().lower()
    if key == "easy":
        return HeuristicPlayer("easy", policy.EASY, seed)
    if key == "normal":
        return HeuristicPlayer("normal", policy.NORMAL, seed)
    if key == "hard":
        return HardPlayer(seed=seed)
    raise ValueError(f"unknown level {level!r}; choose one of {', '.join(LEVELS)}")


__all__ = ["LEVELS", "computer_player"]
