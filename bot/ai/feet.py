"""Hand and Foot and Pennies from Heaven for the computer players (RULES.md B.16, B.13).

The heuristics of ``policy`` count canastas, not their kinds, and know no foot. Here, among
the engine's legal moves: with the foot still waiting, meld as much of the hand as possible
so that it is used up (the foot is picked up at once, or after the last discard); and where
going out needs kinds of canasta, go out as soon as a legal going-out meld exists (the
engine offers one only when the side holds the kinds it needs). Pennies' packet comes with
a canasta, which the ordinary building of melds already aims at.
"""

from __future__ import annotations

from bot.engine import Action, Game, Meld


def _used(action: Meld) -> int:
    return sum(len(g) for g in action.groups) + sum(len(v) for v in action.add.values())


def foot_candidates(game: Game, player: str) -> list[Action]:
    """Moves that use up the hand (picking up the foot, or going out), most cards first."""
    r = game.rules
    if not (r.foot_size or r.going_out_kinds) or game.phase != "play":
        return []
    if game.permission is False and not game.foot_pending(player):
        return []
    hand = len(game.hands[player])
    melds = [a for a in game.legal_actions(player) if isinstance(a, Meld)]
    return sorted((a for a in melds if hand - _used(a) <= 1), key=_used, reverse=True)
