"""The hand picture sent to a player by DM: sorted cards in overlapped rows, with a caption."""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass
from typing import Any

from PIL import Image, ImageFont

from bot.render import assets, caption, foot, language
from bot.render.draw import (
    GOLD,
    INK_DIM,
    INK_LIGHT,
    NEW_MARK,
    Pen,
    felt,
    fit,
    length,
    paste_card,
    rich_text,
    wrap,
)
from bot.render.encode import encode
from bot.render.notation import sort_hand

CARD_W = 140
CARD_H = assets.card_height(CARD_W)
STEP = 60  # horizontal distance between overlapped cards: the corner index stays visible
ROW_STEP = 122  # vertical distance between rows: rows overlap below the indices
MAX_PER_ROW = 15
LIFT = 18  # cards that just arrived stand this much higher
MARGIN = 26
MIN_WIDTH = 680
TITLE_SIZE = 30
TITLE_SIZES = (TITLE_SIZE, 26, 22)
PROMPT_SIZE = 24
LINE_GAP = 8
LEGEND_SIZE = 20


@dataclass(frozen=True)
class HandLayout:
    rows: int
    per_row: int
    width: int
    cards_height: int


def layout(n: int) -> HandLayout:
    """Rows are balanced (31 cards: 11, 11, 9) and never wider than MAX_PER_ROW."""
    rows = max(1, math.ceil(n / MAX_PER_ROW))
    per_row = max(1, math.ceil(n / rows)) if n else 0
    cards_w = CARD_W + (per_row - 1) * STEP if per_row else 0
    width = max(MIN_WIDTH, cards_w + 2 * MARGIN)
    cards_height = LIFT + CARD_H + (rows - 1) * ROW_STEP
    return HandLayout(rows, per_row, width, cards_height)


def _marked(cards: list[str], arrived: list[str]) -> list[bool]:
    """Which of the sorted cards to mark: as many copies of each code as arrived."""
    left = Counter(arrived)
    marks = []
    # Mark from the right within a run of equal cards, so the mark sits on the visible copy.
    for code in reversed(cards):
        marks.append(left[code] > 0)
        left[code] -= 1
    return marks[::-1]


def _title(view: dict[str, Any], room: float) -> tuple[ImageFont.FreeTypeFont, str]:
    """The caption's first line, ``Ana · 17 cards``, smaller for a long name, and the name
    cut short only if even that does not fit (the count always shows)."""
    title = caption.hand_title(view)
    for size in TITLE_SIZES:
        f = assets.font(size, "bold")
        if length(title, f) <= room:
            return f, title
    name = str(view.get("player") or "")
    rest = title[len(name):] if name and title.startswith(name) else ""
    return f, fit(title[:len(title) - len(rest)], f, room - length(rest, f)) + rest


def _caption_lines(view: dict[str, Any], width: int) -> tuple[list[str], bool]:
    prompt = caption.hand_prompt(view)
    f = assets.font(PROMPT_SIZE)
    lines = wrap(prompt, f, width - 2 * MARGIN)
    needs_action = view.get("turn") == view.get("player") and view.get("phase") != "over"
    return lines, needs_action


def render(view: dict[str, Any]) -> bytes:
    return encode(draw(view))


def draw(view: dict[str, Any]) -> Image.Image:
    """The hand picture's pixels."""
    cards = sort_hand(list(view.get("hand") or []))
    marks = _marked(cards, list(view.get("just_arrived") or []))
    lay = layout(len(cards))
    lines, needs_action = _caption_lines(view, lay.width)
    caption_h = TITLE_SIZE + LINE_GAP + len(lines) * (PROMPT_SIZE + LINE_GAP) + 10
    cards_h = lay.cards_height if cards else 60
    foot_h = foot.height(view, lay.width - 2 * MARGIN)
    height = MARGIN + caption_h + cards_h + foot_h + MARGIN
    img = felt(lay.width, height)
    d = Pen(img)

    y = MARGIN
    lang = language.of(view)
    room = lay.width - 2 * MARGIN
    if any(marks):
        room = _legend(d, lang, lay.width - MARGIN, y + 6) - 20 - MARGIN
    f, title = _title(view, room)
    d.text((MARGIN, y + (TITLE_SIZE - f.size) // 2), title, font=f, fill=INK_LIGHT)
    y += TITLE_SIZE + LINE_GAP
    for line in lines:
        rich_text(d, (MARGIN, y), line, assets.font(PROMPT_SIZE),
                  GOLD if needs_action else INK_DIM)
        y += PROMPT_SIZE + LINE_GAP
    top = MARGIN + caption_h
    foot.draw(img, view, MARGIN, top + cards_h, lay.width - 2 * MARGIN)
    if not cards:
        d.text((MARGIN, top + 10), language.say(lang, "hand.empty"),
               font=assets.font(PROMPT_SIZE), fill=INK_DIM)
        return img
    _draw_rows(img, cards, marks, lay, top, lang)
    return img


def _legend(d: Pen, lang: str, right: int, y: int) -> int:
    """The key to the marked cards, at the caption's right; returns where it begins."""
    f = assets.font(LEGEND_SIZE)
    label = language.say(lang, "hand.just_arrived")
    x = right - length(label, f)
    d.text((x, y), label, font=f, fill=INK_DIM)
    d.rounded_rectangle((x - 30, y + 2, x - 10, y + 22), radius=5, outline=NEW_MARK, width=3)
    return int(x - 30)


def _draw_rows(img: Image.Image, cards: list[str], marks: list[bool], lay: HandLayout,
               top: int, lang: str) -> None:
    d = Pen(img)
    for i, (code, marked) in enumerate(zip(cards, marks, strict=True)):
        row, col = divmod(i, lay.per_row)
        in_row = min(lay.per_row, len(cards) - row * lay.per_row)
        row_w = CARD_W + (in_row - 1) * STEP
        x = (lay.width - row_w) // 2 + col * STEP
        y = top + LIFT + row * ROW_STEP - (LIFT if marked else 0)
        paste_card(img, assets.card(code, CARD_W, lang), x, y)
        if marked:
            d.rounded_rectangle((x - 3, y - 3, x + CARD_W + 2, y + CARD_H + 2), radius=12,
                                outline=NEW_MARK, width=4)
