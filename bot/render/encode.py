"""The pictures' bytes: a PNG of 256 colours, the same 256 for every picture.

Chosen by measurement (``python -m bench.render``, ``python -m bench.bot``) and by eye,
against lossy WebP and a palette made for each picture, on the 4-player table, an 11-card
hand and the Bulgarian and Lithuanian tables:

- lossy WebP (quality 80: letters and pips crisp, luma SSIM above 0.99) made a table of
  70-90 KB, but took 30-45 ms of CPU to encode one, three times the drawing: with a table
  and a hand to upload at each person's turn start, a discard took 100 ms at the median;
- a palette made for each picture (Pillow's fast octree) was as small, but as slow, and
  it cut the felt's soft vignette into rings;
- one fixed palette (``bot.render.palette``) maps a picture in a few ms, and its indices mean
  the same colours in every picture, so the band cache of ``bot.render.png`` still spares
  the rows that did not change. The felt's own shades are in it, and every bare felt pixel
  keeps its exact shade (the vignette stays smooth); the named inks are in it exactly (a red
  heart stays red); the rest, chosen by median cut over the sample pictures, gives the
  edges of letters, pips and cards within a few units. Lossless in what matters: the
  indices, letters (Cyrillic and Lithuanian too) and pips read as drawn.

A table is 60-90 KB and a hand 15-30 KB (the full-colour PNG of before: 250-350 KB and
70-190 KB).
Discord shows PNG inline. Same pixels, same bytes: a picture is a pure function of its view.
"""

from __future__ import annotations

from functools import cache

from PIL import Image

from bot.render import draw, palette, png

FORMAT = "PNG"
EXTENSION = "png"
COLOURS = palette.SIZE


@cache
def _palette_image() -> Image.Image:
    image = Image.new("P", (1, 1))
    image.putpalette([c for colour in palette.colours() for c in colour])
    return image


@cache
def _palette_bytes() -> bytes:
    return bytes(c for colour in palette.colours() for c in colour)


def indices(img: Image.Image) -> Image.Image:
    """The picture as palette indices ("P"): the bare felt by its exact shade, every other
    pixel by the nearest of the palette's colours."""
    if img.mode != "RGB":
        img = img.convert("RGB")
    mapped = img.quantize(palette=_palette_image(), dither=Image.Dither.NONE)
    shading = draw.felt_shading(*img.size)
    mapped.paste(shading.convert("P") if shading.mode != "P" else shading, None,
                 palette.felt_mask(img))
    return mapped


def encode(img: Image.Image) -> bytes:
    """The picture's bytes (no metadata, no time stamp: same pixels, same bytes)."""
    return png.to_png(indices(img), _palette_bytes())


def file_name(kind: str) -> str:
    """The attachment's name for a picture of ``kind`` ("hand", "table", "scores")."""
    return f"{kind}.{EXTENSION}"
