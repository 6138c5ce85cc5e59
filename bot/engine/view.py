"""What one player may see: the only input of the renderer and of computer players."""

from __future__ import annotations

from typing import Any

from .american_scoring import american_breakdown
from .blocking import hand_canasta_bonus
from .bonus_cards import turn_card_drawn, waiting
from .cutthroat import partnership
from .scoring import team_breakdown
from .table_state import TableState

# Event fields only their own player may see (the cards he drew).
_PRIVATE = {"draw": ("cards",), "bonus_cards": ("cards",), "foot": ("cards",)}


def public_event(event: dict[str, Any], viewer: str | None) -> dict[str, Any]:
    hidden = _PRIVATE.get(event["type"])
    if not hidden or event.get("player") == viewer:
        return dict(event)
    return {k: v for k, v in event.items() if k not in hidden}


def team_name(game: TableState, team: int) -> str:
    return " & ".join(game.members[team])


def side_now(game: TableState, team: int) -> int:
    """The side whose melds count for home side ``team`` now: itself, except in cut-throat
    once the partnership formed (a partner plays for the side that holds both partners'
    melds)."""
    if game.rules.lone_hand and game.lone is not None:
        return game.team_of(next(p for p in game.players if game.home_side(p) == team))
    return team


def running_points(game: TableState, team: int, side: int) -> int:
    """What a side has earned in this hand so far: its melded cards, canasta bonuses, red
    threes (negative while it has not melded) and penalties; scored by the same function as
    the hand's end, without going out and the cards still in hand. ``side``: the side
    ``team`` plays for now (``side_now``); in cut-throat a partner is scored with his own
    red threes, as at the hand's end (see cutthroat._per_player)."""
    if game.rules.threes_by_colour:
        return sum(american_breakdown(game, team, 0, count_hands=False).values())
    parts = team_breakdown(game.rules, list(game.team_melds[side].values()),
                           len(game.red3[team]), 0, 0, 0, game.penalties[side],
                           removed=len(game.removed[side]),
                           canasta_extra=hand_canasta_bonus(game, side))
    return sum(parts.values())


def make_view(game: TableState, player: str | None) -> dict[str, Any]:
    r = game.rules
    team = game.side_of.get(player) if player is not None else None
    top = game.pile[-1] if game.pile else None
    block = game.pile_block(team if team is not None else 0)
    teams = []
    for t in range(r.teams):
        side = side_now(game, t)
        melds = []
        for key, m in game.team_melds[t].items():
            melds.append({"rank": m.rank if m.shape == "set" else None,
                          "cards": [c.text for c in m.cards],
                          "count": len(m.cards), "wilds": m.wilds, "points": m.points,
                          "canasta": m.kind(r), "kind": m.shape, "key": key})
        teams.append({"index": t, "members": list(game.members[t]),
                      "score": game.scores[t], "minimum": game.minimums[t],
                      "has_melded": bool(game.team_melds[side]),
                      "canastas": game.canastas(t), "melds": melds,
                      "red_threes": [c.text for c in game.red3[t]],
                      "black_threes_removed": [c.text for c in game.removed[t]],
                      "black_threes": [c.text for c in game.black3[t]],
                      "pile_frozen": game.pile_frozen_for(side),
                      "running_points": running_points(game, t, side)})
    frozen_all = game.pile_wilds > 0 or game.start_frozen or r.pile_always_frozen
    return {
        "variant": r.name,
        "rules": r.to_dict(),   # every field: Rules.from_dict(view["rules"]) rebuilds them
        "player": player,
        "team": team,
        "hand_number": game.hand_number,
        "phase": game.phase,
        "turn": game.turn,
        "hand": [c.text for c in game.hands[player]] if player is not None else [],
        "just_arrived": ([c.text for c in game.just_arrived.get(player, [])]
                         if player is not None else []),
        "players": [{"name": p, "seat": i, "team": game.home_side(p), "side": game.side_of[p],
                     "cards": len(game.hands[p]), "active": p in game.order,
                     "foot": len(game.feet.get(p, [])), "foot_picked_up": p in game.feet_picked}
                    for i, p in enumerate(game.players)],
        "partnership": partnership(game),   # cut-throat: the lone hand and the partners
        "order": list(game.order),
        "teams": teams,
        "pile": {"size": len(game.pile), "top": top.text if top else None,
                 # For the viewer's side; for a view of nobody, frozen for every side.
                 "frozen": (game.pile_frozen_for(team) if team is not None
                            else all(x["pile_frozen"] for x in teams)),
                 "frozen_all": frozen_all,
                 "blocked": (block if block in ("wild", "black_three", "canasta", "blocking_rank")
                             else None)},
        "stock": len(game.stock),
        "scores": game.scores,
        "question": dict(game.question) if game.question else None,
        "permission": None if game.permission is None else ("yes" if game.permission else "no"),
        "asked": game.asked,
        "history": [dict(e) if e["type"] not in _PRIVATE else public_event(e, player)
                    for e in game.history],
        "results": [x.to_dict() for x in game.results],
        "winner": game.winner,
        "team_names": [team_name(game, t) for t in range(r.teams)],
        "bonus_piles": waiting(game),
        "turn_card_drawn": bool(r.turn_card) and turn_card_drawn(game),
    }


__all__ = ["make_view", "public_event", "running_points"]
