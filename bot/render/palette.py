"""The 256 colours every picture is written with (``bot.render.encode``), as
``card_images/palette.png`` holds them; ``python -m bot.render.palette_choice`` chose them.

The first ``draw.FELT_LEVELS`` are the felt's own shades, so the baize keeps its smooth
vignette exactly. Then the colours the pictures name (inks, the sides' colours, the papers
of cards and score sheet): a red heart stays that red. The rest are chosen by median cut
over the sample pictures in every language, the felt left out: the cards' art, the panels
over the felt, and the edges of letters and pips between ink and ground.
"""

from __future__ import annotations

from functools import cache

from PIL import Image, ImageChops

from bot.render import assets, draw

Color = tuple[int, ...]
FILE = assets.ART_DIR / "palette.png"
SIZE = 256


def felt_mask(img: Image.Image) -> Image.Image:
    """255 where ``img`` shows the bare felt it was drawn on, else 0 ("L"). Bare: its
    difference from the felt rounds to no brightness at all (a pixel one unit off in red or
    blue counts as felt and is written as the felt's shade: a unit nobody sees, for a mask
    made in a third of the time)."""
    return ImageChops.difference(img, draw.felt(*img.size)).convert("L").point(_BARE)


_BARE = [255] + [0] * 255


@cache
def colours() -> tuple[Color, ...]:
    """The 256 colours, the felt's shades first."""
    with Image.open(FILE) as strip:
        rgb = strip.convert("RGB")
        stored: list[Color] = []
        for i in range(SIZE - draw.FELT_LEVELS):
            pixel = rgb.getpixel((i % 16, i // 16))
            assert isinstance(pixel, tuple)
            stored.append((pixel[0], pixel[1], pixel[2]))
    return tuple(draw.felt_shades()) + tuple(stored)
