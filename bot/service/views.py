"""Engine views with player ids replaced by the names people know.

The engine identifies players by id (a Discord user id as text); the pictures and the
messages should say "Ana", not "184467440737". Only the fields of the view schema that hold
player ids are touched; everything else passes through unchanged. The view given is not
changed: the parts that name players are copied, the rest (cards, melds, rules) is shared.
"""

from __future__ import annotations

from typing import Any


def named_view(view: dict[str, Any], names: dict[str, str]) -> dict[str, Any]:
    def name(player: Any) -> Any:
        return names.get(player, player) if isinstance(player, str) else player

    out = dict(view)
    for key in ("player", "turn"):
        if key in out:
            out[key] = name(out[key])
    if isinstance(out.get("players"), list):
        out["players"] = [{**seat, "name": name(seat.get("name"))} for seat in out["players"]]
    if isinstance(out.get("order"), list):
        out["order"] = [name(p) for p in out["order"]]
    if isinstance(out.get("teams"), list):
        out["teams"] = [{**team, "members": [name(m) for m in team.get("members") or []]}
                        for team in out["teams"]]
        if out["teams"]:
            out["team_names"] = [" & ".join(team["members"]) for team in out["teams"]]
    question = out.get("question")
    if isinstance(question, dict):
        out["question"] = {**question, "asker": name(question.get("asker")),
                           "partners": [name(p) for p in question.get("partners") or []]}
    partnership = out.get("partnership")
    if isinstance(partnership, dict):  # cut-throat: who plays alone, who together
        out["partnership"] = {**partnership, "lone": name(partnership.get("lone")),
                              "partners": [name(p) for p in partnership.get("partners") or []]}
    if isinstance(out.get("history"), list):
        out["history"] = [_renamed(entry, ("player", "asker", "partner", "by"), name)
                          for entry in out["history"]]
    if isinstance(out.get("results"), list):
        out["results"] = [_renamed(result, ("went_out",), name) for result in out["results"]]
    return out


def _renamed(entry: dict[str, Any], keys: tuple[str, ...], name: Any) -> dict[str, Any]:
    """`entry` with the players under `keys` named; the entry itself when it names none."""
    if not any(key in entry for key in keys):
        return entry
    return {**entry, **{key: name(entry[key]) for key in keys if key in entry}}
