"""The moves the hard level compares at a decision, normal's own choice first.

Drawing or taking: every legal way of taking the pile (``legal_actions`` offers one take per
count of naturals and wild cards) and drawing. Melding: normal's choice, each going-out line,
"may I go out?", normal's building meld, melding everything the hand allows (keeping two
cards), every lay-off or new meld that completes a canasta, and holding back (no meld this
turn: the best discard). Discarding: the cheapest few by normal's costs (what the card is
worth to us and what the next player could take with it), close to the cheapest. The
partner's answer: yes and no. Every candidate is checked on a game built from the view, so
each one is legal.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.engine import (
    Action,
    AnswerGoOut,
    AskToGoOut,
    Concede,
    Draw,
    Game,
    IllegalMove,
    Meld,
    TakePile,
    discard_of,
)

from . import policy
from .feet import foot_candidates
from .meld_plans import meld_all
from .shapes import shape_candidates
from .table import Table

DISCARD_WINDOW = 40.0   # discards within this of normal's cheapest are compared
MAX_DISCARDS = 3
MAX_MELDS = 4


@dataclass
class Options:
    """The moves to compare (``normal``: the index of normal's choice, always 0)."""

    actions: list[Action]
    obvious: bool   # one sensible move: no search needed


def _used(action: Meld) -> int:
    return sum(len(g) for g in action.groups) + sum(len(v) for v in action.add.values())


def normal_choice(table: Table, game: Game, me: str,
                  style: policy.Style = policy.NORMAL) -> Action:
    """What the heuristics of ``style`` play here (as ``HeuristicPlayer.choose``)."""
    ordered = policy.decide(table, style)
    if table.phase == "permission":
        return next((a for a in ordered if isinstance(a, AnswerGoOut)), AnswerGoOut(yes=True))
    for action in foot_candidates(game, me) + shape_candidates(game, me) + ordered:
        try:
            game.copy().apply(me, action)
        except IllegalMove:
            continue
        return action
    legal = game.legal_actions(me)
    return next((a for a in legal if not isinstance(a, Concede)), legal[0])


def _legal(game: Game, me: str, action: Action) -> bool:
    try:
        game.copy().apply(me, action)
    except IllegalMove:
        return False
    return True


def _completes_canasta(game: Game, me: str, action: Meld) -> bool:
    r = game.rules
    team = game.team_of(me)
    before = sum(1 for m in game.team_melds[team].values() if m.is_canasta(r))
    after = game.copy()
    after.apply(me, action)
    return sum(1 for m in after.team_melds[team].values() if m.is_canasta(r)) > before


def search_options(table: Table, game: Game, me: str, style: policy.Style = policy.NORMAL,
                   *, search_melds: bool = False, search_discards: bool = False) -> Options:
    """The candidate moves for ``me`` (whose view ``table`` is read from), normal's first.
    Drawing or taking, going out (or asking) and answering are always compared; the choice
    among melds (holding back included) and among discards only when asked."""
    first = normal_choice(table, game, me, style)
    out: list[Action] = [first]
    seen = {repr(first)}

    def add(action: Action) -> None:
        key = repr(action)
        if key not in seen and _legal(game, me, action):
            seen.add(key)
            out.append(action)

    if table.phase == "permission":
        add(AnswerGoOut(yes=not getattr(first, "yes", True)))
        return Options(out, obvious=False)
    legal = [a for a in game.legal_actions(me) if not isinstance(a, Concede)]
    if table.phase == "draw":
        for a in legal:
            if isinstance(a, Draw | TakePile):
                add(a)
        return Options(out, obvious=len(out) == 1)
    hand = len(game.hands[me])
    melds = [a for a in legal if isinstance(a, Meld)]
    going_out = sorted((a for a in melds if hand - _used(a) <= 1), key=_used, reverse=True)
    asks = [a for a in legal if isinstance(a, AskToGoOut)]
    ending = bool(going_out or asks)   # a going-out decision: always searched
    for a in going_out[:2] + asks:
        add(a)
    if ending or search_melds:
        build = policy.build_plan(table, table.hand, style)
        if build is not None:
            add(build.action())
    if search_melds and table.melded[table.team]:
        full = meld_all(table, table.hand, black_threes=False)
        if full.used and hand - full.used >= 2:
            add(full.action())
        completing = [a for a in melds if hand - _used(a) >= 2 and not a.combine
                      and _completes_canasta(game, me, a)]
        for a in sorted(completing, key=_used, reverse=True)[:MAX_MELDS]:
            add(a)
    costs = policy.discard_order(table, table.hand, style)
    discards = [(c, discard_of(card.text)) for c, card in costs]
    cheapest = discards[0][0] if discards else 0.0
    most = MAX_DISCARDS if search_discards else 1 if (ending or search_melds) else 0
    kept = 0
    for cost, action in discards:
        if kept >= most or cost > cheapest + DISCARD_WINDOW:
            break
        before = len(out)
        add(action)
        kept += len(out) - before
    return Options(out, obvious=len(out) == 1)


__all__ = ["Options", "normal_choice", "search_options"]
