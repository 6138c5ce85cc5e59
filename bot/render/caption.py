"""Plain-language lines derived from a view: who may do what now, in the view's language.

Kept apart from the drawing so the wording can be tested (and reused by a text front end).
Every sentence is one catalog entry (``picture.*`` in ``bot/i18n/catalogs``), whole, so each
language orders its words its own way; only names, cards and numbers are filled in.
"""

from __future__ import annotations

from typing import Any

from bot import i18n
from bot.render import language
from bot.render.language import count, say
from bot.render.notation import SUIT_SYMBOL, parse

View = dict[str, Any]


def card_text(lang: str, code: str | None) -> str:
    """A card as players of ``lang`` write it: ``8♥``, ``Д♠`` (Russian queen), ``Joker``.

    The bot's messages write cards the same way (``bot.i18n.speech``), from the same catalog
    entries; the pictures keep their own few lines so that they need no engine."""
    if code is None:
        return "-"
    card = parse(code)
    if card.is_joker:
        return i18n.text(lang, "card.joker")
    return f"{language.rank_letter(lang, card.rank)}{SUIT_SYMBOL[card.suit or 'S']}"


def _names(lang: str, names: list[str]) -> str:
    if len(names) <= 1:
        return "".join(names)
    return say(lang, "names.and", first=", ".join(names[:-1]), last=names[-1])


def team_name(view: View, index: int) -> str:
    names = view.get("team_names") or []
    if 0 <= index < len(names) and names[index]:
        return str(names[index])
    teams = view.get("teams") or []
    if 0 <= index < len(teams) and teams[index].get("members"):
        return " & ".join(teams[index]["members"])
    return say(language.of(view), "team.numbered", number=index + 1)


VARIANT_NAMES = ("classic", "vienna", "british", "uruguayan", "samba", "bolivia", "brazilian",
                 "chilean", "italian", "cuban", "kombo", "modern_american", "hand_and_foot",
                 "pennies", "slavic", "mexican", "south_american",
                 "cutthroat")  # the engine's VARIANTS


def variant_name(view: View) -> str:
    """The rules in play, by name: ``Classic``, ``Классическая``."""
    name = str(view.get("variant") or "classic")
    if name in VARIANT_NAMES:
        return say(language.of(view), f"variant.{name}")
    return name.capitalize()


def plays_alone(view: View, name: str) -> bool:
    """Whether ``name`` plays alone against a partnership of the others (cut-throat, once
    the pile has been taken)."""
    partnership = view.get("partnership") or {}
    return bool(partnership) and partnership.get("lone") == name


def partners(view: View, name: str) -> list[str]:
    """The names of a player's partners now: his side's other members, or in cut-throat the
    temporary partnership against the player who plays alone (none before it forms)."""
    partnership = view.get("partnership") or {}
    together = [str(n) for n in partnership.get("partners") or []]
    if name in together:
        return [n for n in together if n != name]
    players = list(view.get("players") or [])
    seat = next((q for q in players if q.get("name") == name), None)
    if seat is None or partnership:
        return []
    team = int(seat.get("team") or 0)
    return [str(q.get("name")) for q in players
            if int(q.get("team") or 0) == team and q.get("name") != name]


def melds_joined_with(view: View, index: int) -> str | None:
    """Cut-throat: the partner whose side now holds the melds of side ``index`` (its player
    became his partner once the pile was first taken), or None."""
    partnership = view.get("partnership") or {}
    together = [str(n) for n in partnership.get("partners") or []]
    for seat in view.get("players") or []:
        if (seat.get("name") in together and int(seat.get("team") or 0) == index
                and "side" in seat and int(seat["side"]) != index):
            return next((n for n in together if n != seat.get("name")), None)
    return None


def team_size(view: View, index: int) -> int:
    """How many players the side has (one in individual play)."""
    teams = view.get("teams") or []
    return len(teams[index].get("members") or []) if 0 <= index < len(teams) else 1


def team_wins(view: View, index: int, key: str = "wins") -> str:
    """``Mara wins`` / ``Ana & Bo win``: the verb agrees with the side (``key`` is
    ``wins`` or ``wins_match``)."""
    return count(language.of(view), key, team_size(view, index), team=team_name(view, index))


def pile_phrase(view: View) -> str:
    """``top 8♥, 12 cards, frozen`` (the frozen flag is the viewer's team's)."""
    lang = language.of(view)
    pile = view.get("pile") or {}
    size = int(pile.get("size") or 0)
    if not size or not pile.get("top"):
        return say(lang, "pile.empty")
    parts = [say(lang, "pile.top", card=card_text(lang, pile["top"])),
             language.cards(lang, size)]
    if pile.get("frozen") or pile.get("frozen_all"):
        parts.append(say(lang, "pile.frozen"))
    return ", ".join(parts)


BLOCKS = ("black_three", "wild", "canasta")  # the engine's reasons a pile cannot be taken


def block_reason(lang: str, blocked: str) -> str:
    """What blocks the pile, to finish "the pile is blocked by ...": ``a black three``."""
    if blocked in BLOCKS:
        return say(lang, f"block.reason.{blocked}")
    return blocked.replace("_", " ")


def block_tag(lang: str, blocked: str) -> str:
    """The short form on the pile's badge: ``black 3 on top``."""
    if blocked in BLOCKS:
        return say(lang, f"block.tag.{blocked}")
    return blocked.replace("_", " ")


def _draw_prompt(view: View) -> str:
    lang = language.of(view)
    pile = view.get("pile") or {}
    draw = int((view.get("rules") or {}).get("draw") or 1)
    stock = int(view.get("stock") or 0)
    draw_text = say(lang, "prompt.draw") if draw == 1 else count(lang, "prompt.draw_n", draw)
    if stock <= 0:
        return say(lang, "prompt.stock_empty", pile=pile_phrase(view))
    if not pile.get("size") or not pile.get("top"):
        return say(lang, "prompt.pile_empty", draw=draw_text)
    if pile.get("blocked"):
        return say(lang, "prompt.pile_blocked", draw=draw_text,
                   why=block_reason(lang, str(pile["blocked"])),
                   card=card_text(lang, pile["top"]))
    return say(lang, "prompt.draw_or_pile", draw=draw_text, pile=pile_phrase(view))


def _play_prompt(view: View) -> str:
    lang = language.of(view)
    answer = view.get("permission")  # the partner's answer to "may I go out?" this turn
    if answer == "yes":
        return say(lang, "prompt.partner_yes")
    if answer == "no":
        return say(lang, "prompt.partner_no")
    team = _viewer_team(view)
    if team is not None and not team.get("has_melded"):
        minimum = team.get("minimum")
        if minimum:
            return count(lang, "prompt.first_meld", int(minimum))
        return say(lang, "prompt.meld")
    return say(lang, "prompt.meld_or_lay_off")


def _viewer_team(view: View) -> dict[str, Any] | None:
    index = view.get("team")
    teams = view.get("teams") or []
    if isinstance(index, int) and 0 <= index < len(teams):
        team: dict[str, Any] = teams[index]
        return team
    return None


def hand_prompt(view: View) -> str:
    """What the viewer may do now, in one line."""
    lang = language.of(view)
    me = view.get("player")
    phase = view.get("phase")
    turn = view.get("turn")
    question = view.get("question")
    if phase == "over":
        winner = view.get("winner")
        if winner is not None:
            return say(lang, "prompt.match_over", wins=team_wins(view, int(winner)))
        return say(lang, "prompt.hand_over")
    if question:
        asker, partners = question.get("asker"), list(question.get("partners") or [])
        if me in partners and turn == me:
            return say(lang, "prompt.asks_you", asker=asker)
        if me == asker:
            return say(lang, "prompt.you_asked", partners=_names(lang, partners))
        return say(lang, "prompt.waiting_asked", turn=turn, asker=asker)
    if me is None or turn != me:
        return say(lang, "prompt.waiting_for", turn=turn) if turn else say(lang, "prompt.waiting")
    if phase == "draw":
        return _draw_prompt(view)
    if phase == "play":
        return _play_prompt(view)
    return say(lang, "prompt.your_turn")


def hand_title(view: View) -> str:
    lang = language.of(view)
    me = view.get("player")
    if me is None:
        return say(lang, "title.spectator")
    return f"{me} \u00b7 {language.cards(lang, len(view.get('hand') or []))}"


def table_status(view: View) -> str:
    """The one-line state of play for the table header."""
    lang = language.of(view)
    phase = view.get("phase")
    turn = view.get("turn")
    question = view.get("question")
    if phase == "over":
        winner = view.get("winner")
        if winner is not None:
            return say(lang, "status.match_over", wins=team_wins(view, int(winner)))
        return say(lang, "status.hand_over")
    if question:
        return say(lang, "status.asks", asker=question.get("asker"),
                   partners=_names(lang, list(question.get("partners") or [])))
    if phase == "draw":
        return say(lang, "status.to_draw", turn=turn)
    if phase == "play":
        return say(lang, "status.to_meld", turn=turn)
    return say(lang, "status.to_play", turn=turn) if turn else ""


def _laid(event: dict[str, Any]) -> int:
    laid = sum(len(g) for g in event.get("groups") or [])
    add = event.get("add") or {}
    return laid + sum(len(v) for v in (add.values() if isinstance(add, dict) else
                                        (v for _, v in add)))


def _describe(lang: str, event: dict[str, Any]) -> str | None:
    """One public event in words, or None for events not worth a line."""
    who = event.get("player")
    kind = event.get("type")
    if kind == "discard":
        return say(lang, "move.discard", who=who, card=card_text(lang, event.get("card")))
    if kind == "draw":
        return count(lang, "move.draw", int(event.get("count") or 1), who=who)
    if kind == "take_pile":
        size = event.get("size")
        if size:
            return count(lang, "move.take_pile_of", int(size), who=who)
        return say(lang, "move.take_pile", who=who)
    if kind == "meld":
        laid = _laid(event)
        return count(lang, "move.meld", laid, who=who) if laid else None
    if kind == "red_three":
        return say(lang, "move.red_three", who=who)
    if kind == "ask":
        return say(lang, "move.ask", who=who)
    if kind == "answer":
        return say(lang, "move.said_yes" if event.get("yes") else "move.said_no", who=who)
    if kind == "penalty":  # the engine's one penalty in play: told yes, did not go out
        return say(lang, "move.penalty", who=who)
    return None


def last_moves(view: View, limit: int = 2, name_chars: int | None = None) -> str:
    """The latest public moves of this hand, newest last: ``Bo drew 1 card, Bo discarded 8♥``.
    ``name_chars``: a longer name is cut to that many letters and "…"."""
    lang = language.of(view)
    lines: list[str] = []
    for event in reversed(list(view.get("history") or [])):
        if not isinstance(event, dict):
            continue
        who = str(event.get("player") or "")
        if name_chars is not None and len(who) > name_chars:
            event = {**event, "player": who[:name_chars].rstrip() + "\u2026"}
        text = _describe(lang, event)
        if text:
            lines.append(text)
        if len(lines) >= limit:
            break
    return " \u00b7 ".join(reversed(lines))
