"""``/hint``'s core: the move the hard level would make now, and one short reason for it.

``hint(view, seed, samples)`` searches from the asking seat's own view only (its hand, the
table, the public history), with a fixed number of sampled worlds and a seed of its own
(``hint_seed``: from the game's seed, the number of actions so far and the seat), never a
time budget: the same position gives the same hint whatever the machine's load and whoever
else sits at the table. The reason is a code and its values (card texts, ranks, counts) that
the bot turns into words through its catalogs (``hint.<code>``).
"""

from __future__ import annotations

import hashlib
import random
from dataclasses import dataclass, field
from typing import Any

from bot.engine import (
    Action,
    AnswerGoOut,
    AskToGoOut,
    Discard,
    Draw,
    IllegalMove,
    Meld,
    TakePile,
    card,
)

from . import policy
from .hard import HardPlayer, Searched
from .knowledge import read_history
from .players import acting_seat
from .table import Table, read_table
from .world import build_game

HINT_SAMPLES = 24
REASONS = ("answer_yes", "answer_no", "take_completes_canasta", "take_pile", "draw_not_take",
           "draw", "go_out", "ask_go_out", "first_meld", "meld_canasta", "meld",
           "hold_back", "discard_black_three", "discard_freeze", "discard_safe", "discard")


@dataclass(frozen=True)
class Hint:
    action: Action
    reason: str                       # one of REASONS: the catalog key is "hint.<reason>"
    values: dict[str, Any] = field(default_factory=dict)


def hint_seed(game_seed: int, actions: int, seat: int) -> int:
    """The seed of a hint: the same for the same game, moment and seat, in every process."""
    digest = hashlib.sha256(f"hint:{game_seed}:{actions}:{seat}".encode()).digest()
    return int.from_bytes(digest[:6], "big")


def can_hint(view: dict[str, Any]) -> bool:
    """May this seat ask for a hint now (its own turn, or answering "may I go out?")?"""
    return acting_seat(view)


def hint(view: dict[str, Any], seed: int, samples: int = HINT_SAMPLES) -> Hint:
    """The hard level's move for the seat of ``view`` and why, from that view alone."""
    player = HardPlayer(seed=seed, budget=None, max_samples=samples)
    found = player.think(view)
    code, values = reason(view, found)
    return Hint(found.action, code, values)


# ---------------------------------------------------------------------------- reasons
def reason(view: dict[str, Any], found: Searched) -> tuple[str, dict[str, Any]]:
    """Why the search chose its move, as a code and its values."""
    action = found.action
    know = read_history(view)
    t = read_table(view, know)
    if isinstance(action, AnswerGoOut):
        if action.yes:
            return "answer_yes", {}
        return "answer_no", {"n": sum(c.points for c in t.hand)}
    if isinstance(action, TakePile):
        return _take_reason(view, t, action)
    if isinstance(action, Draw):
        if any(isinstance(a, TakePile) for a in found.actions):
            return "draw_not_take", {"n": t.pile_size}
        return "draw", {}
    if isinstance(action, AskToGoOut):
        return "ask_go_out", {}
    if isinstance(action, Meld):
        return _meld_reason(view, t, action)
    if isinstance(action, Discard):
        return _discard_reason(t, action, found)
    return "discard", {"card": getattr(action, "card", "")}


def _after(view: dict[str, Any], t: Table, action: Action) -> Any:
    game = build_game(view, t.know, random.Random(0))
    try:
        game.apply(t.me, action)
    except IllegalMove:
        return None
    return game


def _canastas(game: Any, team: int) -> dict[str, int]:
    return {m.rank: len(m.cards) for m in game.team_melds[team].values()
            if m.is_canasta(game.rules)}


def _take_reason(view: dict[str, Any], t: Table, action: TakePile) -> tuple[str, dict[str, Any]]:
    pile = t.pile_size
    top = card(view["pile"]["top"]) if view["pile"]["top"] else None
    before = set(_canastas(build_game(view, t.know, random.Random(0)), t.team))
    after = _after(view, t, action)
    if after is not None and top is not None:
        new = set(_canastas(after, t.team)) - before
        if top.rank in new:
            return "take_completes_canasta", {"rank": top.rank, "n": pile}
    return "take_pile", {"n": pile}


def _meld_reason(view: dict[str, Any], t: Table, action: Meld) -> tuple[str, dict[str, Any]]:
    used = sum(len(g) for g in action.groups) + sum(len(v) for v in action.add.values())
    if len(t.hand) - used <= 1:
        return "go_out", {}
    if not t.melded[t.team]:
        points = sum(card(c).points for g in action.groups for c in g)
        return "first_meld", {"points": points, "minimum": t.minimum}
    game = build_game(view, t.know, random.Random(0))
    before = set(_canastas(game, t.team))
    after = _after(view, t, action)
    if after is not None:
        new = [r for r in _canastas(after, t.team) if r not in before and r]
        if new:
            return "meld_canasta", {"rank": new[0]}
    return "meld", {"n": used}


def _discard_reason(t: Table, action: Discard, found: Searched) -> tuple[str, dict[str, Any]]:
    c = card(action.card)
    values = {"card": c.text}
    if any(isinstance(a, Meld) for a in found.actions):
        return "hold_back", values
    if c.is_black_three:
        return "discard_black_three", values
    if c.is_wild and not t.frozen_all:
        return "discard_freeze", values
    if policy.danger(t, c, policy.NORMAL) <= 0.0 and t.teams_of[t.next_player] != t.team:
        return "discard_safe", values
    return "discard", values


__all__ = ["HINT_SAMPLES", "REASONS", "Hint", "can_hint", "hint", "hint_seed", "reason"]
