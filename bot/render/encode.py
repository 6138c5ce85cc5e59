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

from functools import cache, lru_cache

from PIL import Image, ImageChops

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
    pixel by the nearest of the palette's colours.

    Pillow's mapping to a palette looks colours up in cubes of 4 x 4 x 4 values, too coarse
    for the felt's shades (one or two units apart), so a pixel mapped to the index the bare
    felt maps to at that place is written with the felt's own shade there: every bare felt
    pixel exactly, and a pixel a shade off the felt within a few units of where the mapping
    would have put it. Comparing indices (one byte a pixel) with the felt's, both mapped the
    same way, costs a third of comparing colours."""
    if img.mode != "RGB":
        img = img.convert("RGB")
    mapped = img.quantize(palette=_palette_image(), dither=Image.Dither.NONE)
    felt_mapped, felt_shades = _felt_indices(img.width, draw.felt_height(img.height))
    box = (0, 0, *img.size)
    bare = ImageChops.difference(mapped, felt_mapped.crop(box)).point(_SAME, "1")
    mapped.paste(felt_shades.crop(box), None, bare)
    return mapped


_SAME = [255] + [0] * 255


@lru_cache(maxsize=16)
def _felt_indices(width: int, height: int) -> tuple[Image.Image, Image.Image]:
    """The bare felt of this size mapped to the palette as a picture is, and as it is
    written: each pixel's shade (``draw.felt_shades``, the palette's first colours)."""
    mapped = draw.felt(width, height).quantize(palette=_palette_image(),
                                               dither=Image.Dither.NONE)
    return mapped, draw.felt_shading(width, height).convert("P")


def encode(img: Image.Image) -> bytes:
    """The picture's bytes (no metadata, no time stamp: same pixels, same bytes)."""
    return png.to_png(indices(img), _palette_bytes())


def file_name(kind: str) -> str:
    """The attachment's name for a picture of ``kind`` ("hand", "table", "scores")."""
    return f"{kind}.{EXTENSION}"
