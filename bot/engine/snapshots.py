"""A game as JSON and back: the snapshot the store keeps after every move (``to_dict``) and
the state read back from it (``Game.from_dict`` builds the game, ``restore`` fills it).
Keys added by later variants are written only where the variant has them and read with a
default, so older snapshots keep loading."""

from __future__ import annotations

from typing import Any

from .bonus_cards import restore as restore_bonus
from .bonus_cards import snapshot as bonus_snapshot
from .cards import format_cards, parse_cards
from .cutthroat import set_partnership
from .feet import feet_from_dict, feet_to_dict
from .melds import TableMeld, add_meld
from .scoring import HandResult
from .table_state import TableState


def to_dict(state: TableState) -> dict[str, Any]:
    """The snapshot: everything a game holds, in JSON."""
    return {
        "version": 1,
        "rules": state.rules.to_dict(), "players": list(state.players), "seed": state.seed,
        "hand_number": state.hand_number, "scores": list(state._scores),
        "results": [x.to_dict() for x in state._results], "winner": state._winner,
        "order": list(state.order), "turn_idx": state.turn_idx, "phase": state._phase,
        "hands": {p: format_cards(h) for p, h in state.hands.items()},
        "stock": format_cards(state.stock), "pile": format_cards(state.pile),
        "start_frozen": state.start_frozen,
        "melds": [[m.to_text() for m in t.values()] for t in state.team_melds],
        "red_threes": [format_cards(x) for x in state.red3],
        **({"removed": [format_cards(x) for x in state.removed]}
           if any(state.removed) else {}),
        **({"lone": state.lone} if state.lone else {}),
        **bonus_snapshot(state),
        "minimums": list(state.minimums), "penalties": list(state.penalties),
        "melded_players": sorted(state.melded_players),
        "history": state.history,
        **feet_to_dict(state),
        "just_arrived": {p: format_cards(c) for p, c in state.just_arrived.items()},
        "turn": {"asked": state.asked, "permission": state.permission,
                 "question": state.question, "took_pile": state.took_pile,
                 "pile_rank": state.pile_rank, "touched_old": state.touched_old,
                 "new_ranks": sorted(state.turn_new_ranks),
                 "start_ranks": sorted(state.turn_start_ranks),
                 "melded_before": state.melded_before},
    }


def restore(state: TableState, d: dict[str, Any]) -> None:
    """Everything ``to_dict`` wrote, into a game just built for its rules and seats."""
    state.hand_number = d["hand_number"]
    state._scores = list(d["scores"])
    state._results = [HandResult.from_dict(x) for x in d["results"]]
    state._winner = d["winner"]
    state.order = list(d["order"])
    state.turn_idx = d["turn_idx"]
    state._phase = d["phase"]
    state.hands = {p: parse_cards(h) for p, h in d["hands"].items()}
    state.stock = parse_cards(d["stock"])
    state.pile = parse_cards(d["pile"])
    state.pile_wilds = sum(1 for c in state.pile if c.is_wild)
    state.start_frozen = d["start_frozen"]
    state.team_melds = []
    for texts in d["melds"]:
        melds: dict[str, TableMeld] = {}
        for text in texts:
            add_meld(melds, TableMeld.from_text(text))
        state.team_melds.append(melds)
    if d.get("lone"):
        set_partnership(state, d["lone"])
    state.red3 = [parse_cards(x) for x in d["red_threes"]]
    state.removed = [parse_cards(x) for x in d.get("removed", [""] * len(state.red3))]
    restore_bonus(state, d)
    state.minimums = list(d["minimums"])
    state.penalties = list(d["penalties"])
    state.melded_players = set(d["melded_players"])
    state.history = [dict(e) for e in d["history"]]
    feet_from_dict(state, d)
    state.just_arrived = {p: parse_cards(c) for p, c in d["just_arrived"].items()}
    t = d["turn"]
    state.asked = t["asked"]
    state.permission = t["permission"]
    state.question = t["question"]
    state.took_pile = t["took_pile"]
    state.pile_rank = t["pile_rank"]
    state.touched_old = t["touched_old"]
    state.turn_new_ranks = set(t["new_ranks"])
    state.turn_start_ranks = set(t["start_ranks"])
    state.melded_before = t["melded_before"]
