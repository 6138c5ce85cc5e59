"""The heuristic computer players (easy, normal), and what every level shares: whose turn
a view is, and the first candidate move the rules accept."""

from __future__ import annotations

import random
from typing import Any, Protocol

from bot.engine import Action, AnswerGoOut, Concede, Game, IllegalMove

from . import policy
from .feet import foot_candidates
from .shapes import shape_candidates
from .table import Table, read_table
from .world import build_game


class ComputerPlayer(Protocol):
    level: str

    def choose(self, view: dict[str, Any]) -> Action: ...


def first_legal(game: Game, player: str, candidates: list[Action]) -> Action:
    """Play (on ``game``) the first candidate the rules accept and return it; if none is,
    the first legal action the engine offers (never conceding while anything else is)."""
    for action in candidates:
        try:
            game.apply(player, action)
        except IllegalMove:
            continue
        return action
    legal = game.legal_actions(player)
    if not legal:
        raise IllegalMove(f"{player} has nothing to do now")
    choice = next((a for a in legal if not isinstance(a, Concede)), legal[0])
    game.apply(player, choice)
    return choice


def acting_seat(view: dict[str, Any]) -> bool:
    """Must the seat of this view act now?"""
    me = view["player"]
    if view["phase"] == "permission":
        return bool(view.get("question")) and me in view["question"]["partners"]
    return view["phase"] in ("draw", "play") and view["turn"] == me


class HeuristicPlayer:
    """The easy and normal levels: one pass of the heuristics over the view."""

    def __init__(self, level: str, style: policy.Style, seed: int = 0) -> None:
        self.level = level
        self.style = style
        self.rng = random.Random(seed)

    def options(self, table: Table) -> list[Action]:
        return policy.decide(table, self.style)

    def choose(self, view: dict[str, Any]) -> Action:
        if not acting_seat(view):
            raise ValueError(f"{view['player']} has nothing to do now")
        table = read_table(view)
        candidates = self.options(table)
        if view["phase"] == "permission":
            return next((a for a in candidates if isinstance(a, AnswerGoOut)),
                        AnswerGoOut(yes=True))
        game = build_game(view, table.know, random.Random(0))
        me = view["player"]
        return first_legal(game, me, foot_candidates(game, me) + shape_candidates(game, me)
                           + candidates)


__all__ = ["ComputerPlayer", "HeuristicPlayer", "acting_seat", "first_legal"]
