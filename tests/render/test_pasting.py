"""Cards pasted in pieces (an opaque middle copied, a rim blended, the shadow only where the
card leaves it seen) give the pixels of blending the whole card over its whole shadow."""

from __future__ import annotations

import pytest
from PIL import Image, ImageDraw

from bot.render import assets, draw, hand, melds, table


def _blended(canvas: Image.Image, card: Image.Image, x: int, y: int, shadow: bool) -> None:
    """The plain way: the blurred shadow, then the card by its alpha."""
    if shadow:
        w, h = card.size
        mask = draw._shadow(w, h, max(4, w // 14))
        canvas.paste((0, 0, 0), (x - 8 + draw.SHADOW_OFFSET[0], y - 8 + draw.SHADOW_OFFSET[1]),
                     mask)
    canvas.paste(card, (x, y), card)


CARDS = [("KH", hand.CARD_W, "en"), ("QS", melds.CARD_W, "ru"), ("JK", table.PILE_W, "lt"),
         ("back", table.MINI_W, "en"), ("10D", hand.CARD_W, "bg")]
# inside, overlapping the last card, and cut by each edge of the canvas
PLACES = [(40, 30), (70, 50), (-20, 10), (10, -30), (250, 40), (60, 200)]


@pytest.mark.parametrize("shadow", [True, False])
def test_a_card_pasted_in_pieces_is_the_card_blended_whole(shadow: bool) -> None:
    pieced, whole = draw.felt(300, 240), draw.felt(300, 240)
    for code, width, lang in CARDS:
        card = assets.card(code, width, lang)
        for x, y in PLACES:
            draw.paste_card(pieced, card, x, y, shadow=shadow)
            _blended(whole, card, x, y, shadow)
    assert pieced.tobytes() == whole.tobytes()


def test_a_sideways_card_and_a_card_with_no_opaque_middle_too() -> None:
    odd = Image.new("RGBA", (30, 40), (200, 10, 10, 128))  # nowhere opaque: blended whole
    pieced, whole = draw.felt(200, 160), draw.felt(200, 160)
    for card in (assets.card_sideways("8C", table.PILE_W, "en"), odd):
        for x, y in ((20, 20), (150, 120)):
            draw.paste_card(pieced, card, x, y)
            _blended(whole, card, x, y, True)
    assert pieced.tobytes() == whole.tobytes()


def test_stacked_edges_are_the_rounded_cards_drawn_one_by_one() -> None:
    steps = ((9, 9), (6, 6), (3, 3))
    pieced, drawn = draw.felt(200, 200), draw.felt(200, 200)
    sprite = draw.stacked_edges(melds.CARD_W, melds.CARD_H, 6, steps, melds.PAPER, melds.EDGE)
    draw.paste_card(pieced, sprite, 30, 20, shadow=False)
    pen = ImageDraw.Draw(drawn, "RGBA")
    for dx, dy in steps:
        pen.rounded_rectangle((30 + dx, 20 + dy, 30 + dx + melds.CARD_W - 1,
                               20 + dy + melds.CARD_H - 1), radius=6, fill=melds.PAPER,
                              outline=melds.EDGE)
    assert pieced.tobytes() == drawn.tobytes()
