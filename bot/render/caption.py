"""Plain-language lines derived from a view: who may do what now.

Kept apart from the drawing so the wording can be tested (and reused by a text front end).
"""

from __future__ import annotations

from typing import Any

from bot.render.notation import pretty
from bot.words import plural, word

View = dict[str, Any]


def _names(names: list[str]) -> str:
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def team_name(view: View, index: int) -> str:
    names = view.get("team_names") or []
    if 0 <= index < len(names) and names[index]:
        return str(names[index])
    teams = view.get("teams") or []
    if 0 <= index < len(teams):
        return " & ".join(teams[index].get("members") or []) or f"Team {index + 1}"
    return f"Team {index + 1}"


def team_size(view: View, index: int) -> int:
    """How many players the side has (one in individual play)."""
    teams = view.get("teams") or []
    return len(teams[index].get("members") or []) if 0 <= index < len(teams) else 1


def team_wins(view: View, index: int) -> str:
    """``Mara wins`` / ``Ana & Bo win``: the verb agrees with the side."""
    return f"{team_name(view, index)} {word(team_size(view, index), 'wins', 'win')}"


def pile_phrase(view: View) -> str:
    """``top 8♥, 12 cards, frozen`` (the frozen flag is the viewer's team's)."""
    pile = view.get("pile") or {}
    size = int(pile.get("size") or 0)
    if not size or not pile.get("top"):
        return "the pile is empty"
    parts = [f"top {pretty(pile['top'])}", plural(size, "card")]
    if pile.get("frozen") or pile.get("frozen_all"):
        parts.append("frozen")
    return ", ".join(parts)


BLOCK_REASONS = {"black_three": "a black three", "wild": "a wild card",
                 "canasta": "a card of your closed canasta"}
BLOCK_TAGS = {"black_three": "black 3 on top", "wild": "wild card on top",
              "canasta": "rank of a canasta"}


def block_reason(blocked: str) -> str:
    return BLOCK_REASONS.get(blocked, blocked.replace("_", " "))


def block_tag(blocked: str) -> str:
    return BLOCK_TAGS.get(blocked, blocked.replace("_", " "))


def _draw_prompt(view: View) -> str:
    pile = view.get("pile") or {}
    draw = int((view.get("rules") or {}).get("draw") or 1)
    stock = int(view.get("stock") or 0)
    draw_text = "draw" if draw == 1 else f"draw {draw}"
    if stock <= 0:
        return f"Your turn: the stock is empty; take the pile ({pile_phrase(view)}) if you can"
    if not pile.get("size") or not pile.get("top"):
        return f"Your turn: {draw_text} from the stock (the pile is empty)"
    if pile.get("blocked"):
        why = block_reason(str(pile["blocked"]))
        return (f"Your turn: {draw_text} from the stock (the pile is blocked by {why}, "
                f"top {pretty(pile['top'])})")
    return f"Your turn: {draw_text} or pick up the pile ({pile_phrase(view)})"


def _play_prompt(view: View) -> str:
    answer = view.get("permission")  # the partner's answer to "may I go out?" this turn
    if answer == "yes":
        return "Your turn: your partner said yes, so go out now (meld all but one, discard it)"
    if answer == "no":
        return "Your turn: your partner said no, so keep at least one card; meld, then discard"
    team = _viewer_team(view)
    if team is not None and not team.get("has_melded"):
        minimum = team.get("minimum")
        need = f" (your first meld needs {minimum} points)" if minimum else ""
        return f"Your turn: meld{need}, then discard"
    return "Your turn: meld or lay off, then discard"


def _viewer_team(view: View) -> dict[str, Any] | None:
    index = view.get("team")
    teams = view.get("teams") or []
    if isinstance(index, int) and 0 <= index < len(teams):
        return teams[index]
    return None


def hand_prompt(view: View) -> str:
    """What the viewer may do now, in one line."""
    me = view.get("player")
    phase = view.get("phase")
    turn = view.get("turn")
    question = view.get("question")
    if phase == "over":
        winner = view.get("winner")
        if winner is not None:
            return f"Match over: {team_wins(view, int(winner))}"
        return "Hand over: see the score sheet"
    if question:
        asker, partners = question.get("asker"), list(question.get("partners") or [])
        if me in partners and turn == me:
            return f"{asker} is asking you: may I go out?"
        if me == asker:
            return f"You asked {_names(partners)}: may I go out? Waiting for the answer"
        return f"Waiting for {turn}: {asker} asked to go out"
    if me is None or turn != me:
        return f"Waiting for {turn}" if turn else "Waiting"
    if phase == "draw":
        return _draw_prompt(view)
    if phase == "play":
        return _play_prompt(view)
    return "Your turn"


def hand_title(view: View) -> str:
    me = view.get("player")
    if me is None:
        return "Spectator"
    return f"{me} \u00b7 {plural(len(view.get('hand') or []), 'card')}"


def table_status(view: View) -> str:
    """The one-line state of play for the table header."""
    phase = view.get("phase")
    turn = view.get("turn")
    question = view.get("question")
    if phase == "over":
        winner = view.get("winner")
        if winner is not None:
            return f"Match over \u2014 {team_wins(view, int(winner))}"
        return "Hand over"
    if question:
        return f"{question.get('asker')} asks {_names(list(question.get('partners') or []))}: " \
               "may I go out?"
    if phase == "draw":
        return f"{turn} to draw"
    if phase == "play":
        return f"{turn} to meld and discard"
    return f"{turn} to play" if turn else ""


def _count(n: int) -> str:
    return plural(n, "card")


def _describe(event: dict[str, Any]) -> str | None:
    """One public event in words, or None for events not worth a line."""
    who = event.get("player")
    kind = event.get("type")
    if kind == "discard":
        return f"{who} discarded {pretty(event.get('card'))}"
    if kind == "draw":
        return f"{who} drew {_count(int(event.get('count') or 1))}"
    if kind == "take_pile":
        size = event.get("size")
        return f"{who} took the pile" + (f" ({_count(int(size))})" if size else "")
    if kind == "meld":
        laid = sum(len(g) for g in event.get("groups") or [])
        add = event.get("add") or {}
        laid += sum(len(v) for v in (add.values() if isinstance(add, dict) else
                                     (v for _, v in add)))
        return f"{who} melded {_count(laid)}" if laid else None
    if kind == "red_three":
        return f"{who} laid down a red three"
    if kind == "ask":
        return f"{who} asked to go out"
    if kind == "answer":
        return f"{who} said {'yes' if event.get('yes') else 'no'}"
    if kind == "penalty":
        return f"penalty: {event.get('why', '')}".strip()
    return None


def last_moves(view: View, limit: int = 2) -> str:
    """The latest public moves of this hand, newest last: ``Bo drew 1 card, Bo discarded 8♥``."""
    lines: list[str] = []
    for event in reversed(list(view.get("history") or [])):
        if not isinstance(event, dict):
            continue
        text = _describe(event)
        if text:
            lines.append(text)
        if len(lines) >= limit:
            break
    return " \u00b7 ".join(reversed(lines))
