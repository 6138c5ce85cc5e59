"""The score sheet: a score pad on the felt, one block per finished hand, running totals."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from PIL import Image

from bot.render import assets, caption, shapes
from bot.render.draw import GOLD, Pen, felt, fit_name, team_colour, text_width
from bot.render.png import to_png

View = dict[str, Any]

WIDTH = 1280
FRAME = 22  # felt visible around the paper
PAD = 30  # inside the paper
PAPER = (251, 247, 234)
RULE = (206, 218, 232)
MARGIN_LINE = (232, 150, 150)
INK = (38, 38, 46)
INK_SOFT = (120, 116, 108)
NEGATIVE = (190, 30, 40)
STRIPE = (243, 237, 218)
ROW_H = 36
HAND_HEAD_H = 40
TITLE_H = 96
BANNER_H = 84
TOTALS_H = 92
COLUMNS: tuple[tuple[str, str], ...] = (
    ("melded", "Melded"),
    ("canastas", "Canastas"),
    ("red_threes", "Red 3s"),
    ("going_out", "Going out"),
    ("in_hand", "Cards left"),
    ("penalties", "Penalties"),
)
NUM_W = 112
TOTAL_W = 122


def render(view: View) -> bytes:
    results = list(view.get("results") or [])
    n_teams = _team_count(view, results)
    winner = view.get("winner")
    body_h = sum(HAND_HEAD_H + n_teams * ROW_H + 14 for _ in results) if results else 60
    height = (2 * FRAME + TITLE_H + (BANNER_H if winner is not None else 0) + TOTALS_H
              + 44 + body_h + PAD)
    img = _pad(height).copy()
    d = Pen(img)
    running = _running_totals(results, n_teams)
    y = _title(d, view, results, FRAME + PAD - 6)
    if winner is not None:
        y = _banner(d, view, int(winner), running, y)
    y = _totals(d, view, running, n_teams, y)
    y = _column_heads(d, y)
    if not results:
        d.text((_x0(), y + 14), "No hand has finished yet.", font=assets.font(22), fill=INK_SOFT)
    for result, totals in zip(results, running, strict=True):
        y = _hand_block(d, view, result, totals, n_teams, y)
    return to_png(img)


@lru_cache(maxsize=16)
def _pad(height: int) -> Image.Image:
    """The empty score pad on the felt (cached: only its height varies)."""
    img = felt(WIDTH, height)
    d = Pen(img)
    d.rounded_rectangle((FRAME + 4, FRAME + 6, WIDTH - FRAME + 4, height - FRAME + 6),
                        radius=14, fill=(0, 0, 0, 90))
    d.rounded_rectangle((FRAME, FRAME, WIDTH - FRAME, height - FRAME), radius=14, fill=PAPER)
    d.line((FRAME + 16, FRAME, FRAME + 16, height - FRAME), fill=MARGIN_LINE, width=2)
    return img


def _team_count(view: View, results: list[dict[str, Any]]) -> int:
    counts = [len(view.get("teams") or []), len(view.get("team_names") or [])]
    counts += [len(r.get("total") or []) for r in results]
    return max(1, *counts)


def _running_totals(results: list[dict[str, Any]], n_teams: int) -> list[list[int]]:
    """Cumulative score of every team after each hand."""
    out, acc = [], [0] * n_teams
    for r in results:
        totals = list(r.get("total") or [])
        acc = [acc[t] + int(totals[t] if t < len(totals) else 0) for t in range(n_teams)]
        out.append(list(acc))
    return out


def _x0() -> int:
    return FRAME + PAD + 12


def _title(d: Pen, view: View, results: list[dict[str, Any]], y: int) -> int:
    d.text((_x0(), y), "Score sheet", font=assets.font(36, "bold"), fill=INK)
    rules = view.get("rules") or {}
    bits = [str(view.get("variant") or "classic").capitalize()]
    if rules.get("target"):
        bits.append(f"game to {int(rules['target']):,}")
    bits.append(f"after hand {len(results)}" if results else "no hand finished yet")
    d.text((_x0(), y + 48), " \u00b7 ".join(bits), font=assets.font(19), fill=INK_SOFT)
    return y + TITLE_H - 10


def _banner(d: Pen, view: View, winner: int, running: list[list[int]],
            y: int) -> int:
    x0, x1 = _x0() - 4, WIDTH - FRAME - PAD
    d.rounded_rectangle((x0, y, x1, y + BANNER_H - 14), radius=12, fill=(28, 92, 56),
                        outline=GOLD, width=3)
    cy = y + (BANNER_H - 14) // 2
    shapes.star(d, x0 + 40, cy, 44, GOLD, outline=(150, 110, 20), width=2)
    room = x1 - x0 - 100
    if running:
        finals = running[-1]
        score = " \u2013 ".join(f"{v:,}" for v in sorted(finals, reverse=True))
        sf = assets.font(26, "bold")
        d.text((x1 - 20, cy), score, font=sf, fill=GOLD, anchor="rm")
        room -= text_width(score, sf) + 30
    f, lines = fit_name(f"{caption.team_wins(view, winner)} the match", (30, 24, 20), room)
    _lines(d, x0 + 76, cy, lines, f, (255, 244, 210), 24)
    return y + BANNER_H


def _lines(d: Pen, x: int, cy: int, lines: list[str], f: Any, ink: tuple[int, ...],
           step: int) -> None:
    """One or two lines of text, left-aligned at ``x``, centred together on ``cy``."""
    top = cy - (len(lines) - 1) * step / 2
    for i, line in enumerate(lines):
        d.text((x, top + i * step), line, font=f, fill=ink, anchor="lm")


def _totals(d: Pen, view: View, running: list[list[int]], n_teams: int,
            y: int) -> int:
    """One box per team with its running total: the number everybody looks for first."""
    x0, x1 = _x0() - 4, WIDTH - FRAME - PAD
    gap = 14
    w = (x1 - x0 - (n_teams - 1) * gap) // n_teams
    finals = running[-1] if running else [int(v) for v in (view.get("scores") or [])]
    finals = (finals + [0] * n_teams)[:n_teams]
    leader = max(finals) if finals else 0
    for t in range(n_teams):
        bx = x0 + t * (w + gap)
        colour = team_colour(t)
        d.rounded_rectangle((bx, y, bx + w, y + TOTALS_H - 16), radius=10, fill=(255, 255, 255),
                            outline=colour, width=3)
        d.rounded_rectangle((bx, y, bx + 10, y + TOTALS_H - 16), radius=5, fill=colour)
        total = f"{finals[t]:,}"
        tf = assets.font(36, "bold")
        room = w - 24 - 18 - text_width(total, tf) - 20
        nf, lines = fit_name(caption.team_name(view, t), (20, 17), room)
        for i, line in enumerate(lines):
            d.text((bx + 24, y + (14 if len(lines) == 1 else 7) + 20 * i), line, font=nf,
                   fill=INK)
        sub = "leading" if finals[t] == leader and n_teams > 1 and running else "total"
        d.text((bx + 24, y + 44 if len(lines) == 1 else y + 50), sub, font=assets.font(16),
               fill=INK_SOFT)
        d.text((bx + w - 18, y + (TOTALS_H - 16) // 2), total, font=tf,
               fill=NEGATIVE if finals[t] < 0 else INK, anchor="rm")
    return y + TOTALS_H


def _col_x() -> list[int]:
    """Right edges of the number columns: six breakdown columns, hand total, running total."""
    right = WIDTH - FRAME - PAD + 6
    x = right - len(COLUMNS) * NUM_W - 2 * TOTAL_W
    edges = []
    for _ in COLUMNS:
        x += NUM_W
        edges.append(x)
    x += TOTAL_W
    edges.append(x)
    x += TOTAL_W
    edges.append(x)
    return edges


def _column_heads(d: Pen, y: int) -> int:
    f = assets.font(16, "bold")
    heads = [label for _, label in COLUMNS] + ["Hand", "Total"]
    for edge, label in zip(_col_x(), heads, strict=True):
        d.text((edge - 10, y + 22), label, font=f, fill=INK_SOFT, anchor="rs")
    d.line((_x0() - 4, y + 34, WIDTH - FRAME - PAD, y + 34), fill=INK_SOFT, width=2)
    return y + 44


def _divider(d: Pen, top: int, bottom: int) -> None:
    """A faint line between the breakdown and the totals."""
    x = _col_x()[len(COLUMNS) - 1] + 8
    d.line((x, top, x, bottom), fill=RULE, width=2)


def _hand_block(d: Pen, view: View, result: dict[str, Any],
                running: list[int], n_teams: int, y: int) -> int:
    how = _how(result)
    d.text((_x0(), y + 10), f"Hand {result.get('hand', '?')}", font=assets.font(22, "bold"),
           fill=INK)
    d.text((_x0() + 110, y + 14), how, font=assets.font(18), fill=INK_SOFT)
    y += HAND_HEAD_H
    rows_top = y
    breakdown = list(result.get("breakdown") or [])
    totals = list(result.get("total") or [])
    edges = _col_x()
    for t in range(n_teams):
        if t % 2 == 0:
            d.rectangle((_x0() - 4, y, WIDTH - FRAME - PAD, y + ROW_H), fill=STRIPE)
        d.line((_x0() - 4, y + ROW_H, WIDTH - FRAME - PAD, y + ROW_H), fill=RULE, width=1)
        d.ellipse((_x0() + 2, y + 12, _x0() + 14, y + 24), fill=team_colour(t))
        nf, lines = fit_name(caption.team_name(view, t), (19, 16, 14), _name_room(), "regular")
        _lines(d, _x0() + 24, y + ROW_H // 2, lines, nf, INK, 16)
        row = breakdown[t] if t < len(breakdown) else {}
        values = [row.get(key) for key, _ in COLUMNS]
        values += [totals[t] if t < len(totals) else None, running[t]]
        for i, (edge, value) in enumerate(zip(edges, values, strict=True)):
            bold = i >= len(COLUMNS)
            _number(d, edge - 10, y + ROW_H // 2, value, bold, big=i == len(values) - 1)
        y += ROW_H
    _divider(d, rows_top, y)
    return y + 14


@lru_cache(maxsize=1)
def _name_room() -> int:
    """Width left of the first number column for a side's name (numbers up to "-1,234")."""
    widest = text_width("-1,234", assets.font(19))
    return _col_x()[0] - 10 - widest - 14 - (_x0() + 24)


def _how(result: dict[str, Any]) -> str:
    """How the hand ended, from the engine's ``went_out``, ``concealed`` and ``reason``."""
    went_out = result.get("went_out")
    if went_out:
        return f"{went_out} went out" + (" concealed" if result.get("concealed") else "")
    reason = result.get("reason")
    if reason == "concession":
        return "conceded"
    if reason == "stock":
        return "nobody went out: the stock ran out"
    if reason == "red_three":
        return "nobody went out: a red three was the last card of the stock"
    return "nobody went out"


def _number(d: Pen, right: int, cy: int, value: Any, bold: bool,
            big: bool) -> None:
    if value is None:
        return
    v = int(value)
    f = assets.font(22 if big else 19, "bold" if bold else "regular")
    if v == 0 and not bold:
        d.text((right, cy), "\u2013", font=f, fill=INK_SOFT, anchor="rm")
        return
    d.text((right, cy), f"{v:,}", font=f, fill=NEGATIVE if v < 0 else INK, anchor="rm")


__all__ = ["render"]
