"""Engine views with player ids replaced by the names people know.

The engine identifies players by id (a Discord user id as text); the pictures and the
messages should say "Ana", not "184467440737". Only the fields of the view schema that hold
player ids are touched; everything else passes through unchanged.
"""

from __future__ import annotations

import copy
from typing import Any


def named_view(view: dict[str, Any], names: dict[str, str]) -> dict[str, Any]:
    def name(player: Any) -> Any:
        return names.get(player, player) if isinstance(player, str) else player

    out = copy.deepcopy(view)
    for key in ("player", "turn"):
        if key in out:
            out[key] = name(out[key])
    for seat in out.get("players") or []:
        seat["name"] = name(seat.get("name"))
    if isinstance(out.get("order"), list):
        out["order"] = [name(p) for p in out["order"]]
    member_lists: list[list[str]] = []
    for team in out.get("teams") or []:
        team["members"] = [name(m) for m in team.get("members") or []]
        member_lists.append(team["members"])
    if member_lists:
        out["team_names"] = [" & ".join(members) for members in member_lists]
    question = out.get("question")
    if isinstance(question, dict):
        question["asker"] = name(question.get("asker"))
        question["partners"] = [name(p) for p in question.get("partners") or []]
    for entry in out.get("history") or []:
        for key in ("player", "asker", "partner", "by"):
            if key in entry:
                entry[key] = name(entry[key])
    for result in out.get("results") or []:
        if "went_out" in result:
            result["went_out"] = name(result["went_out"])
    return out

