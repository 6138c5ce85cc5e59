"""The script that chose the palette: ``python -m bot.render.palette_choice`` writes
``card_images/palette.png`` (see ``bot.render.palette``). It draws the sample pictures, so it
sits beside the renderers rather than under the encoder they use."""

from __future__ import annotations

from pathlib import Path

from PIL import Image

from bot.render import draw
from bot.render.palette import FILE, SIZE, Color, felt_mask


def named() -> list[Color]:
    """The colours the pictures draw with by name."""
    from bot.render import cards, melds, scores, table

    colours = [draw.INK_LIGHT, draw.INK_DIM, draw.GOLD, draw.NEW_MARK, draw.RED_ON_DARK,
               draw.RED_ON_LIGHT, *draw.TEAM_COLOURS, table.FROZEN_INK, table.BLOCKED_INK,
               cards.RED, cards.BLACK, cards.PAPER, cards.EDGE, cards.GOLD, cards.JOKER_INK,
               melds.PAPER, melds.NATURAL_INK, melds.MIXED_INK, melds.SEQUENCE_INK,
               melds.WILD_INK, scores.PAPER, scores.RULE, scores.MARGIN_LINE, scores.INK,
               scores.INK_SOFT, scores.NEGATIVE, scores.STRIPE, (0, 0, 0), (255, 255, 255)]
    return list(dict.fromkeys(tuple(c[:3]) for c in colours))


def choose() -> list[Color]:
    """Every colour but the felt's: the named ones, then a median cut of the samples."""
    from bot.i18n import LANGUAGES
    from bot.render import hand, scores, table
    from bot.render.samples import (
        cutthroat_view,
        feet_view,
        hand_view,
        modern_american_view,
        results_sample,
        samba_view,
        table_view,
    )

    views = [(table.draw, table_view(4, red_threes=(("3H",), ()))),
             (table.draw, table_view(6, melds=("canastas", "mid", "early"), frozen_all=True)),
             (table.draw, samba_view()), (table.draw, feet_view()),
             (table.draw, modern_american_view()), (table.draw, cutthroat_view()),
             (hand.draw, hand_view(40, just_arrived=14, phase="play")),
             (scores.draw, table_view(4, results=results_sample(4), winner=0, phase="over"))]
    pictures = [draw_(dict(view, language=lang)) for lang in LANGUAGES for draw_, view in views]
    width = max(p.width for p in pictures)
    mosaic = Image.new("RGB", (width, sum(p.height for p in pictures)))
    top = 0
    for picture in pictures:
        bare = felt_mask(picture)
        mosaic.paste(Image.composite(Image.new("RGB", picture.size), picture, bare), (0, top))
        top += picture.height
    fixed = named()
    free = SIZE - draw.FELT_LEVELS - len(fixed)
    cut = mosaic.quantize(free, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)
    flat = cut.getpalette() or []
    chosen = [tuple(flat[i:i + 3]) for i in range(0, 3 * free, 3)]
    chosen = [c for c in chosen if c not in draw.felt_shades() and c not in fixed]
    while stolen := _stealing(fixed, chosen):
        chosen = [c for c in chosen if c not in stolen]
    colours = list(dict.fromkeys(fixed + chosen))
    return (colours + [(0, 0, 0)] * SIZE)[:SIZE - draw.FELT_LEVELS]


def _stealing(fixed: list[Color], chosen: list[Color]) -> set[Color]:
    """The chosen colours that a named colour would be written as instead of itself.

    Pillow maps a colour to the palette entry nearest to a corner of its 4x4x4 cell, not
    to the colour itself: a chosen colour nearer that corner than the named colour would
    take its place."""
    every = [*draw.felt_shades(), *fixed, *chosen]
    table = Image.new("P", (1, 1))
    table.putpalette([c for colour in every for c in colour] + [0] * 3 * (SIZE - len(every)))
    strip = Image.new("RGB", (len(fixed), 1))
    strip.putdata(fixed)
    mapped = strip.quantize(palette=table, dither=Image.Dither.NONE).tobytes()
    return {every[i] for i in mapped if every[i] in chosen}


def write(path: Path = FILE) -> Path:
    """Save the chosen colours as a 16-pixel-wide strip, one pixel a colour, in order."""
    colours = choose()
    strip = Image.new("RGB", (16, -(-len(colours) // 16)))
    strip.putdata(colours + [(0, 0, 0)] * (strip.width * strip.height - len(colours)))
    strip.save(path)
    return path


if __name__ == "__main__":
    print(f"wrote {write()}")
