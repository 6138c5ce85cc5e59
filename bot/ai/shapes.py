"""Sequences and wild melds for the computer players (the Samba family, RULES.md B.2-B.7).

The heuristics of ``policy`` know sets; where the rules also have sequences and wild melds,
these moves come first, chosen among the engine's legal moves: extending a sequence toward a
samba or escalera (the longest extension first), laying a new run (longest first), putting
wild cards on a wild meld where a wild canasta pays more than a natural one (rather than on
sets), and then going out when a line exists (melding every card, or all but the discard:
the sets-only going out of ``policy`` does not see runs). South American's blocking canasta
comes before everything when the hand holds one. Each call picks one move; the next call
looks again.
"""

from __future__ import annotations

from bot.engine import Action, Game, Meld, blocking_moves, judge_shape, parse_cards

WILD_FROM = 4   # Modern American: a wild meld (-2 000 unfinished) is started with this many


def _used(action: Meld) -> int:
    return sum(len(g) for g in action.groups) + sum(len(v) for v in action.add.values())


def _shapes(action: Meld) -> set[str]:
    kinds = {judge_shape(parse_cards(g))[0] or "" for g in action.groups}
    for key in action.add:
        kinds.add("sequence" if str(key).startswith("seq") else
                  "wild" if str(key).startswith("wild") else "set")
    return kinds


def _unfinished(game: Game, player: str, action: Meld) -> bool:
    """Modern American: would this going-out line leave the side a meld that costs at the
    end (an unfinished wild meld, or natural sevens or aces)?"""
    r = game.rules
    if not (r.unfinished_rank_penalty or r.unfinished_wild_penalty):
        return False
    after = game.copy()
    after.apply(player, action)
    if after.results:
        return False
    return any(len(m.cards) < r.canasta_size
               and (m.shape == "wild" or (m.rank in r.wildless_ranks and not m.wilds))
               for m in after.team_melds[after.team_of(player)].values())


def shape_candidates(game: Game, player: str) -> list[Action]:
    """The moves with sequences and wild melds worth making now, best first."""
    r = game.rules
    if r.blocking_canasta and game.phase == "play":   # South American: 1500, ends the hand
        blocking: list[Action] = list(blocking_moves(game, player))
        if blocking:
            return blocking
    if not (r.sequences or r.wild_melds) or game.phase != "play":
        return []
    hand = len(game.hands[player])
    melds = [a for a in game.legal_actions(player) if isinstance(a, Meld) and not a.combine]
    out = sorted((a for a in melds if hand - _used(a) <= 1 and not _unfinished(game, player, a)),
                 key=_used, reverse=True)
    extend = sorted((a for a in melds if not a.groups and _shapes(a) == {"sequence"}),
                    key=_used, reverse=True)
    runs = sorted((a for a in melds if a.groups and not a.add and _shapes(a) == {"sequence"}
                   and hand - _used(a) >= 2), key=_used, reverse=True)
    wild: list[Meld] = []
    if r.wild_melds and r.wild_canasta >= r.natural_canasta:
        wild = sorted((a for a in melds if _shapes(a) == {"wild"} and hand - _used(a) >= 2
                       and (not r.unfinished_wild_penalty or a.add or _used(a) >= WILD_FROM)),
                      key=_used, reverse=True)
    return [*[a for a in extend if hand - _used(a) >= 2], *runs, *wild, *out]
