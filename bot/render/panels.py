"""The team panels of the table picture: one per side, with its name, score, this hand's
running points, initial-meld minimum, canastas, red threes and melds.

A side's panel changes only when its melds, score or running points do, while the pile and
the header change every move: a panel drawn once is remembered, with the felt under it, and
pasted again while nothing it shows has changed (``_PANELS``, a few at a time).
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import replace
from typing import Any

from PIL import Image

from bot.render import assets, caption, language, melds
from bot.render.draw import (
    GOLD,
    INK_DIM,
    INK_LIGHT,
    Pen,
    Room,
    fit_name,
    team_colour,
    text_width,
)
from bot.render.language import count, say

View = dict[str, Any]

PANEL_HEADER_H = 90  # name (one or two lines) and facts, the hand's running points below
PANEL_GAP = 16
PANEL_INNER = 18
FACT_LABEL_SIZE = 14  # SCORE, MINIMUM, CANASTAS over their values
RUNNING_SIZE = 15  # "+430 this hand" under the score
NO_MELDS_SIZE = 20
MIN_PANEL_W = 600  # the narrowest panel: two side by side on the table picture
NO_MELDS = Room(MIN_PANEL_W - 2 * PANEL_INNER - 12, (NO_MELDS_SIZE, 17), "regular",
                two_lines=True, widest=(("minimum", 120),))  # a sentence may take two lines
ROOMS = {"picture.panel.red_threes": replace(melds.COUNT, counts=(1, 2, 3, 4, 5, 6, 8)),
         "picture.panel.black_threes": replace(melds.COUNT, counts=(1, 2, 3, 4)),
         "picture.panel.no_melds": NO_MELDS, "picture.panel.no_melds_minimum": NO_MELDS,
         "picture.panel.melds_joined": replace(NO_MELDS, widest=(("partner", 0),))}
PANELS_REMEMBERED = 24  # about 0.5 MB each

_PANELS: OrderedDict[tuple[Any, ...], Image.Image] = OrderedDict()
_PANELS_LOCK = threading.Lock()


def _grid_width(cols: int, area_w: int) -> int:
    return (area_w - (cols - 1) * PANEL_GAP) // cols


def _grid(teams: list[dict[str, Any]], area_w: int) -> tuple[int, int]:
    """(columns, panel width): panels side by side unless stacking them is shorter."""
    best: tuple[int, int] | None = None
    for cols in (2, 1):
        if cols > len(teams):
            continue
        h = _grid_height(teams, cols, area_w)
        if best is None or h < best[1]:
            best = (cols, h)
    cols = best[0] if best else 1
    return cols, _grid_width(cols, area_w)


def _grid_height(teams: list[dict[str, Any]], cols: int, area_w: int) -> int:
    panel_w = _grid_width(cols, area_w)
    hs = [_panel_height(t, panel_w) for t in teams]
    return sum(max(hs[i:i + cols]) + PANEL_GAP for i in range(0, len(hs), cols))


def _per_row(panel_w: int) -> int:
    return max(1, (panel_w - 2 * PANEL_INNER - 6 + melds.GAP) // melds.PITCH)


def _columns(team: dict[str, Any], lang: str = language.DEFAULT) -> list[dict[str, Any]]:
    """What lies in front of a team: its red threes and its black threes laid out (Modern
    American), each as one column, then its melds."""
    threes = []
    for colour in ("red", "black"):
        cards = list(team.get(f"{colour}_threes") or [])
        if cards:
            label = (str(len(cards)), count(lang, f"panel.{colour}_threes", len(cards)))
            threes.append({"rank": "3", "cards": cards, "count": len(cards),
                           "canasta": None, "label": label})
    return threes + melds.ordered(list(team.get("melds") or []))


def _meld_rows(team: dict[str, Any], panel_w: int,
               lang: str = language.DEFAULT) -> list[list[dict[str, Any]]]:
    cols, n = _columns(team, lang), _per_row(panel_w)
    return [cols[i:i + n] for i in range(0, len(cols), n)]


def _panel_height(team: dict[str, Any], panel_w: int) -> int:
    rows = _meld_rows(team, panel_w)
    if not rows:
        return PANEL_HEADER_H + 46
    body = sum(max(melds.block_height(m) for m in row) + 12 for row in rows)
    return PANEL_HEADER_H + body + 8


def height(teams: list[dict[str, Any]], area_w: int) -> int:
    """Height of the panels laid out in ``area_w`` pixels, gaps included."""
    cols, _ = _grid(teams, area_w)
    return _grid_height(teams, cols, area_w)


def draw(img: Image.Image, view: View, teams: list[dict[str, Any]], left: int, top: int,
         area_w: int) -> None:
    """One panel per side, two side by side unless stacking them is shorter."""
    cols, panel_w = _grid(teams, area_w)
    hs = [_panel_height(t, panel_w) for t in teams]
    y = top
    for i in range(0, len(teams), cols):
        row_h = max(hs[i:i + cols])
        for j, team in enumerate(teams[i:i + cols]):
            x = left + j * (panel_w + PANEL_GAP)
            _remembered_panel(img, view, team, x, y, panel_w, row_h)
        y += row_h + PANEL_GAP


def _remembered_panel(img: Image.Image, view: View, team: dict[str, Any], x0: int, top: int,
                      w: int, h: int) -> None:
    """`_panel`, or the same pixels pasted from when it was last drawn at this place on a
    picture of this size (the felt under it depends on both). The key is everything the
    panel shows: the side's data, its name, whose view, the phase and the language."""
    index = int(team.get("index", 0))
    key = (img.size, x0, top, w, h, repr(team), caption.team_name(view, index),
           view.get("player") is not None and view.get("team") == index,
           view.get("phase") != "over", language.of(view))
    box = (x0, top, x0 + w + 1, top + h + 1)
    with _PANELS_LOCK:
        drawn = _PANELS.get(key)
        if drawn is not None:
            _PANELS.move_to_end(key)
            img.paste(drawn, box[:2])
            return
    _panel(img, view, team, x0, top, w, h)
    with _PANELS_LOCK:
        _PANELS[key] = img.crop(box)
        while len(_PANELS) > PANELS_REMEMBERED:
            _PANELS.popitem(last=False)


def forget() -> None:
    """Forget the panels drawn (tests: draw from nothing)."""
    with _PANELS_LOCK:
        _PANELS.clear()


def _panel(img: Image.Image, view: View, team: dict[str, Any], x0: int, top: int, w: int,
           h: int) -> None:
    d = Pen(img)
    lang = language.of(view)
    index = int(team.get("index", 0))
    colour = team_colour(index)
    x1 = x0 + w
    d.rounded_rectangle((x0, top, x1, top + h), radius=16, fill=(0, 0, 0, 64),
                        outline=colour + (150,), width=2)
    d.rounded_rectangle((x0, top, x0 + 10, top + h), radius=5, fill=colour)
    name = caption.team_name(view, index)
    if view.get("player") is not None and view.get("team") == index:
        name += "  " + say(lang, "you_mark")
    right = _panel_facts(d, lang, team, top, x1, view.get("phase") != "over")
    f, lines = fit_name(name, (26, 21), right - x0 - PANEL_INNER - 16)
    for i, line in enumerate(lines):
        y = top + 16 if len(lines) == 1 else top + 10 + 28 * i
        d.text((x0 + PANEL_INNER + 6, y), line, font=f, fill=colour)
    rows = _meld_rows(team, w, lang)
    y = top + PANEL_HEADER_H
    if not rows:
        minimum = team.get("minimum")
        joined = caption.melds_joined_with(view, index)
        if joined:  # cut-throat: this player's melds went over to his partner's side
            text = say(lang, "panel.melds_joined", partner=joined)
        elif minimum:
            text = say(lang, "panel.no_melds_minimum", minimum=minimum)
        else:
            text = say(lang, "panel.no_melds")
        f, lines = NO_MELDS.fit(text)
        for i, line in enumerate(lines):
            d.text((x0 + PANEL_INNER + 6, y + (4 if len(lines) == 1 else -2) + i * (f.size + 4)),
                   line, font=f, fill=INK_DIM)
        return
    for row in rows:
        x = x0 + PANEL_INNER + 6
        for meld in row:
            melds.draw_meld(img, meld, x, y, lang)
            x += melds.PITCH
        y += max(melds.block_height(m) for m in row) + 12


def _panel_facts(d: Pen, lang: str, team: dict[str, Any], top: int, right: int,
                 in_play: bool) -> int:
    """Right side of a panel header, right to left: score (with the points this hand has
    brought so far under it, while a hand is in play), minimum, canastas.

    Returns where the facts begin, so the team name can be shortened to fit."""
    x = right - PANEL_INNER
    score = language.number(lang, int(team.get("score") or 0))
    running = running_caption(team, lang) if in_play else None
    if running is not None:
        d.text((x, top + 62), running, font=assets.font(RUNNING_SIZE, "bold"), fill=GOLD,
               anchor="ra")
    x = _fact(d, x, top, say(lang, "panel.score").upper(), score, INK_LIGHT)
    minimum = str(team.get("minimum", "-"))
    if team.get("has_melded"):  # met for this hand: still shown, dimmed and ticked
        x = _fact(d, x, top, say(lang, "panel.minimum").upper(), f"{minimum} \u2713", INK_DIM)
    else:
        x = _fact(d, x, top, say(lang, "panel.minimum").upper(), minimum, GOLD)
    canastas = str(int(team.get("canastas") or 0))
    return _fact(d, x, top, say(lang, "panel.canastas").upper(), canastas, INK_LIGHT)


def running_caption(team: dict[str, Any], lang: str = language.DEFAULT) -> str | None:
    """``+430 this hand``: the side's melds, canasta bonuses, red threes and penalties so far
    (the engine's ``running_points``), or None for a view without them."""
    points = team.get("running_points")
    if points is None:
        return None
    value = int(points)
    sign = "+" if value > 0 else "\u2212" if value < 0 else ""
    return say(lang, "panel.this_hand", points=sign + language.number(lang, abs(value)))


def _fact(d: Pen, right: int, top: int, label: str, value: str,
          ink: tuple[int, ...]) -> int:
    """A small caption over a bold value, right-aligned at ``right``; returns the new right."""
    vf, lf = assets.font(26, "bold"), assets.font(FACT_LABEL_SIZE, "bold")
    w = max(text_width(value, vf), text_width(label, lf))
    d.text((right, top + 10), label, font=lf, fill=INK_DIM, anchor="ra")
    d.text((right, top + 28), value, font=vf, fill=ink, anchor="ra")
    return right - w - 24
