"""A replayed hand's step: the table picture, and under it every player's hand face up
(a replay shows only hands that are over, so nothing it shows can still matter).

The view is a table view (``bot.render.table``) with ``hands_shown``: each player's name to
the cards in their hand, in seat order.
"""

from __future__ import annotations

from typing import Any

from PIL import Image

from bot.render import assets, language, table
from bot.render.draw import INK_LIGHT, Pen, felt, fit, paste_card, team_colour
from bot.render.encode import encode

View = dict[str, Any]

CARD_W = 44
CARD_H = assets.card_height(CARD_W)
STEP = 24  # a card's visible width when the hand fans out
NAME_W = 150
ROW_H = CARD_H + 12
PAD = table.PAD
COLUMNS = 2  # two hands a row: a shorter picture is quicker to encode


def render(view: View) -> bytes:
    return encode(draw(view))


def draw(view: View) -> Image.Image:
    top = table.draw(view)
    hands: dict[str, list[str]] = dict(view.get("hands_shown") or {})
    if not hands:
        return top
    lang = language.of(view)
    teams = {m: t for t, team in enumerate(view.get("teams") or [])
             for m in team.get("members") or []}
    rows = -(-len(hands) // COLUMNS)
    img = felt(top.width, top.height + rows * ROW_H + PAD // 2)
    img.paste(top, (0, 0))
    d = Pen(img)
    bold = assets.font(17, "bold")
    column_w = (top.width - 2 * PAD) // COLUMNS
    room = column_w - NAME_W - CARD_W - PAD
    for index, (name, cards) in enumerate(hands.items()):
        x = PAD + (index % COLUMNS) * column_w
        y = top.height + (index // COLUMNS) * ROW_H
        d.text((x, y + CARD_H // 2), fit(name, bold, NAME_W - 12), bold,
               team_colour(teams[name]) if name in teams else INK_LIGHT, anchor="lm")
        step = min(STEP, room // max(1, len(cards) - 1)) if len(cards) > 1 else STEP
        for i, code in enumerate(cards):
            paste_card(img, assets.card(code, CARD_W, lang), x + NAME_W + i * step, y + 2,
                       shadow=False)
    return img
