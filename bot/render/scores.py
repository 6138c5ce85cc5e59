"""The score sheet: a score pad on the felt, one block per finished hand, running totals."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from PIL import Image

from bot.render import assets, caption, language, shapes
from bot.render.draw import GOLD, Pen, Room, felt, fit_name, team_colour, text_width
from bot.render.encode import encode

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
# The engine's breakdown of a hand, in the order of the sheet's columns (each column's head
# is ``picture.scores.column.<key>``).
COLUMNS: tuple[str, ...] = ("melded", "canastas", "red_threes", "going_out", "in_hand",
                            "penalties")
HEAD_SIZE = 16
NUM_W = 112
TOTAL_W = 122
HEAD = Room(NUM_W - 8, (HEAD_SIZE, 15, 14))  # a column's head keeps clear of the next one's
TOTAL_HEAD = Room(TOTAL_W - 8, (HEAD_SIZE, 15, 14))
ROOMS = {**{f"picture.scores.column.{key}": HEAD for key in COLUMNS},
         "picture.scores.column.hand": TOTAL_HEAD, "picture.scores.column.total": TOTAL_HEAD}


def render(view: View) -> bytes:
    return encode(draw(view))


def draw(view: View) -> Image.Image:
    """The score sheet's pixels."""
    results = list(view.get("results") or [])
    n_teams = _team_count(view, results)
    winner = view.get("winner")
    body_h = sum(HAND_HEAD_H + n_teams * ROW_H + 14 for _ in results) if results else 60
    height = (2 * FRAME + TITLE_H + (BANNER_H if winner is not None else 0) + TOTALS_H
              + 44 + body_h + PAD)
    img = _pad(height).copy()
    d = Pen(img)
    lang = language.of(view)
    running = _running_totals(results, n_teams)
    y = _title(d, view, results, FRAME + PAD - 6)
    if winner is not None:
        y = _banner(d, view, int(winner), running, y)
    y = _totals(d, view, running, n_teams, y)
    y = _column_heads(d, lang, y)
    if not results:
        d.text((_x0(), y + 14), language.say(lang, "scores.none_finished"),
               font=assets.font(22), fill=INK_SOFT)
    for result, totals in zip(results, running, strict=True):
        y = _hand_block(d, view, result, totals, n_teams, y)
    return img


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
    lang = language.of(view)
    d.text((_x0(), y), language.say(lang, "scores.title"), font=assets.font(36, "bold"),
           fill=INK)
    rules = view.get("rules") or {}
    bits = [caption.variant_name(view)]
    if rules.get("target"):
        bits.append(language.say(lang, "scores.game_to",
                                 target=language.number(lang, int(rules["target"]))))
    bits.append(language.say(lang, "scores.after_hand", number=len(results)) if results
                else language.say(lang, "scores.no_hand_yet"))
    d.text((_x0(), y + 48), " \u00b7 ".join(bits), font=assets.font(19), fill=INK_SOFT)
    return y + TITLE_H - 10


def _banner(d: Pen, view: View, winner: int, running: list[list[int]],
            y: int) -> int:
    x0, x1 = _x0() - 4, WIDTH - FRAME - PAD
    d.rounded_rectangle((x0, y, x1, y + BANNER_H - 14), radius=12, fill=(28, 92, 56),
                        outline=GOLD, width=3)
    cy = y + (BANNER_H - 14) // 2
    shapes.star(d.draw, x0 + 40, cy, 44, GOLD, outline=(150, 110, 20), width=2)
    lang = language.of(view)
    room = x1 - x0 - 100
    if running:
        finals = running[-1]
        score = " \u2013 ".join(language.number(lang, v) for v in sorted(finals, reverse=True))
        sf = assets.font(26, "bold")
        d.text((x1 - 20, cy), score, font=sf, fill=GOLD, anchor="rm")
        room -= text_width(score, sf) + 30
    f, lines = fit_name(caption.team_wins(view, winner, "wins_match"), (30, 24, 20), room)
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
    lang = language.of(view)
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
        total = language.number(lang, finals[t])
        tf = assets.font(36, "bold")
        room = w - 24 - 18 - text_width(total, tf) - 20
        nf, lines = fit_name(caption.team_name(view, t), (20, 17), room)
        for i, line in enumerate(lines):
            d.text((bx + 24, y + (14 if len(lines) == 1 else 7) + 20 * i), line, font=nf,
                   fill=INK)
        leading = finals[t] == leader and n_teams > 1 and running
        sub = language.say(lang, "scores.leading" if leading else "scores.total")
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


def column_heads(lang: str) -> list[str]:
    """The heads of the sheet's number columns: the breakdown, then the hand, the total."""
    return [language.say(lang, f"scores.column.{key}") for key in (*COLUMNS, "hand", "total")]


def _column_heads(d: Pen, lang: str, y: int) -> int:
    rooms = [HEAD] * len(COLUMNS) + [TOTAL_HEAD] * 2
    for edge, label, room in zip(_col_x(), column_heads(lang), rooms, strict=True):
        f, (label,) = room.fit(label)
        d.text((edge - 10, y + 22), label, font=f, fill=INK_SOFT, anchor="rs")
    d.line((_x0() - 4, y + 34, WIDTH - FRAME - PAD, y + 34), fill=INK_SOFT, width=2)
    return y + 44


def _divider(d: Pen, top: int, bottom: int) -> None:
    """A faint line between the breakdown and the totals."""
    x = _col_x()[len(COLUMNS) - 1] + 8
    d.line((x, top, x, bottom), fill=RULE, width=2)


def _hand_block(d: Pen, view: View, result: dict[str, Any],
                running: list[int], n_teams: int, y: int) -> int:
    lang = language.of(view)
    head = language.say(lang, "scores.hand", number=result.get("hand", "?"))
    head_f = assets.font(22, "bold")
    d.text((_x0(), y + 10), head, font=head_f, fill=INK)
    d.text((_x0() + max(110, text_width(head, head_f) + 16), y + 14), how(lang, result),
           font=assets.font(18), fill=INK_SOFT)
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
        values = [row.get(key) for key in COLUMNS]
        values += [totals[t] if t < len(totals) else None, running[t]]
        for i, (edge, value) in enumerate(zip(edges, values, strict=True)):
            bold = i >= len(COLUMNS)
            _number(d, lang, edge - 10, y + ROW_H // 2, value, bold,
                    big=i == len(values) - 1)
        y += ROW_H
    _divider(d, rows_top, y)
    return y + 14


@lru_cache(maxsize=1)
def _name_room() -> int:
    """Width left of the first number column for a side's name (numbers up to "-1,234",
    the widest way any language writes them)."""
    widest = text_width("\u22121\u00a0234", assets.font(19))
    return _col_x()[0] - 10 - widest - 14 - (_x0() + 24)


def how(lang: str, result: dict[str, Any]) -> str:
    """How the hand ended, from the engine's ``went_out``, ``concealed`` and ``reason``."""
    went_out = result.get("went_out")
    if went_out:
        key = "scores.went_out_concealed" if result.get("concealed") else "scores.went_out"
        return language.say(lang, key, player=went_out)
    reason = result.get("reason")
    if reason in ("concession", "stock", "red_three"):
        return language.say(lang, f"scores.ended.{reason}")
    return language.say(lang, "scores.ended.nobody")


def _number(d: Pen, lang: str, right: int, cy: int, value: Any, bold: bool,
            big: bool) -> None:
    if value is None:
        return
    v = int(value)
    f = assets.font(22 if big else 19, "bold" if bold else "regular")
    if v == 0 and not bold:
        d.text((right, cy), "\u2013", font=f, fill=INK_SOFT, anchor="rm")
        return
    d.text((right, cy), language.number(lang, v), font=f, fill=NEGATIVE if v < 0 else INK,
           anchor="rm")


__all__ = ["render"]
