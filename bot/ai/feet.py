"""Hand and Foot and Pennies from Heaven for the computer players (RULES.md B.16, B.13).

The heuristics of ``policy`` count canastas, not their kinds, and know no foot. Here, among
the engine's legal moves: with the foot still waiting, meld as much of the hand as possible
so that it is used up (the foot is picked up at once, or after the last discard); and where
going out needs kinds of canasta, go out as soon as a legal going-out meld exists (the
engine offers one only when the side holds the kinds it needs). In Pennies, while the side
lacks the sevens or the wild canasta that going out needs, the melds putting the most sevens
(or wild cards on a wild meld) on the table come next: sevens can't be discarded, so they
are better melded where partners can add to them. The packet comes with a canasta, which
the ordinary building of melds already aims at.
"""

from __future__ import annotations

from bot.engine import Action, Game, Meld


def _used(action: Meld) -> int:
    return sum(len(g) for g in action.groups) + sum(len(v) for v in action.add.values())


def _rank_cards(action: Meld, rank: str) -> int:
    groups = list(action.groups) + [v for k, v in action.add.items() if str(k) == rank]
    return sum(1 for g in groups for c in g if c[:-1] == rank)


def foot_candidates(game: Game, player: str) -> list[Action]:
    """Moves that use up the hand (picking up the foot, or going out), most cards first;
    then, where going out needs a canasta of a rank (Pennies' sevens) that the side lacks,
    the melds that put the most cards of that rank on the table (keeping two in hand)."""
    r = game.rules
    if not (r.foot_size or r.going_out_kinds) or game.phase != "play":
        return []
    hand = len(game.hands[player])
    melds = [a for a in game.legal_actions(player) if isinstance(a, Meld)]
    out: list[Action] = []
    if game.permission is not False or game.foot_pending(player):
        out = [*sorted((a for a in melds if hand - _used(a) <= 1), key=_used, reverse=True)]
    have = game.canasta_kinds(game.team_of(player))
    for rank, kind in r.rank_canasta_kinds:
        if kind in dict(r.going_out_kinds) and kind not in have:
            ranked = [(n, -_used(a), a) for a in melds
                      if hand - _used(a) >= 2 and (n := _rank_cards(a, rank))]
            out += [a for _, _, a in sorted(ranked, key=lambda x: (-x[0], -x[1]))]
    if r.wild_melds and "wild" in dict(r.going_out_kinds) and "wild" not in have:
        wild = [(_wild_cards(a), -_used(a), a) for a in melds if hand - _used(a) >= 2]
        out += [a for n, _, a in sorted(wild, key=lambda x: (-x[0], -x[1])) if n]
    return out


def _wild_cards(action: Meld) -> int:
    """Wild cards the move puts on a wild meld (a new one, or one of the side's)."""
    groups = [g for g in action.groups if all(c[:-1] in ("2", "JK") or c == "JK" for c in g)]
    groups += [v for k, v in action.add.items() if str(k).startswith("wild")]
    return sum(len(g) for g in groups)
