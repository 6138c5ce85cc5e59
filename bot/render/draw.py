"""Shared drawing pieces: the felt, card shadows, text with red suit signs, badges."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw, ImageFilter, ImageFont

from bot.render import assets

Color = tuple[int, ...]

FELT = (22, 96, 58)
FELT_EDGE = (11, 58, 35)
INK_LIGHT = (240, 236, 222)
INK_DIM = (176, 200, 184)
GOLD = (242, 196, 64)
NEW_MARK = (70, 214, 255)  # outline of cards that just arrived: unlike any art colour
RED_ON_DARK = (255, 112, 112)
RED_ON_LIGHT = (196, 24, 44)
TEAM_COLOURS: tuple[Color, ...] = ((86, 156, 240), (240, 140, 60), (190, 110, 230))
RED_SUIT_SIGNS = frozenset("\u2665\u2666")
SHADOW_OFFSET = (3, 4)


def team_colour(index: int) -> Color:
    return TEAM_COLOURS[index % len(TEAM_COLOURS)]


FELT_STEP = 64
FELT_LEVELS = 32  # shades from the lamp's centre to the rail: a step is one or two units


def felt_shades() -> list[Color]:
    """The felt's colours, the lamp's centre first: every felt pixel is one of them, so the
    encoder keeps them exactly (``bot.render.encode``)."""
    last = FELT_LEVELS - 1
    return [tuple(round(b + (e - b) * k / last) for b, e in zip(FELT, FELT_EDGE, strict=True))
            for k in range(FELT_LEVELS)]


@lru_cache(maxsize=32)
def _felt_shading(width: int, height: int) -> Image.Image:
    """Which shade each pixel of the felt has ("L": 0 under the lamp .. FELT_LEVELS - 1)."""
    ramp = Image.radial_gradient("L").resize((width, height), Image.Resampling.BILINEAR)
    last = FELT_LEVELS - 1
    return ramp.point(lambda v: round(min(255, int(max(0, v - 90) * 1.6)) * last / 255))


@lru_cache(maxsize=32)
def _felt(width: int, height: int) -> Image.Image:
    """Green baize with a soft vignette: lighter under the lamp, darker at the rail."""
    shaded = _felt_shading(width, height).copy()
    shaded.putpalette([c for shade in felt_shades() for c in shade])
    return shaded.convert("RGB")


def _felt_height(height: int) -> int:
    return -(-height // FELT_STEP) * FELT_STEP


def felt(width: int, height: int) -> Image.Image:
    """A fresh felt canvas (RGB: draw on it with ``ImageDraw.Draw(img, "RGBA")``).

    Cut from a felt made for the next height in steps of ``FELT_STEP``: a table grows a few
    pixels whenever a meld gets longer, and making the baize costs more than drawing half a
    table, while the lamp's centre moving by a few pixels shows nowhere."""
    return _felt(width, _felt_height(height)).crop((0, 0, width, height))


def felt_shading(width: int, height: int) -> Image.Image:
    """The shade of each pixel of ``felt(width, height)`` (an index into ``felt_shades``)."""
    return _felt_shading(width, _felt_height(height)).crop((0, 0, width, height))


@lru_cache(maxsize=64)
def _shadow(width: int, height: int, radius: int) -> Image.Image:
    """The blurred mask of a card's shadow, padded by 8 px on every side."""
    pad = 8
    mask = Image.new("L", (width + 2 * pad, height + 2 * pad), 0)
    ImageDraw.Draw(mask).rounded_rectangle((pad, pad, pad + width - 1, pad + height - 1),
                                           radius=radius, fill=110)
    return mask.filter(ImageFilter.GaussianBlur(4))


def paste_card(canvas: Image.Image, card: Image.Image, x: int, y: int,
               shadow: bool = True) -> None:
    """Paste an RGBA card picture at (x, y) on an RGB canvas, with a soft drop shadow."""
    if shadow:
        w, h = card.size
        mask = _shadow(w, h, max(4, w // 14))
        canvas.paste((0, 0, 0), (x - 8 + SHADOW_OFFSET[0], y - 8 + SHADOW_OFFSET[1]), mask)
    canvas.paste(card, (x, y), card)


class Pen:
    """``ImageDraw.Draw(img, "RGBA")`` whose ``text`` reuses rendered glyph masks.

    Labels, names and numbers repeat from one picture to the next, and rasterising text is
    the biggest drawing cost after PNG encoding; a cached mask pasted in the ink colour gives
    the same pixels for a fraction of the time.  Other methods go to ImageDraw unchanged.
    """

    def __init__(self, img: Image.Image) -> None:
        self.img = img
        self.draw = ImageDraw.Draw(img, "RGBA")  # for the shapes drawn straight on it

    def __getattr__(self, name: str) -> Any:
        return getattr(self.draw, name)

    def text(self, xy: tuple[float, float], text: str, font: ImageFont.FreeTypeFont,
             fill: Color, anchor: str = "la") -> None:
        if not text:
            return
        mask, left, top = _text_mask(text, font, anchor)
        x, y = xy
        self.img.paste(tuple(fill[:3]), (round(x) + left, round(y) + top), mask)


@lru_cache(maxsize=4096)
def _text_mask(text: str, font: ImageFont.FreeTypeFont, anchor: str
               ) -> tuple[Image.Image, int, int]:
    left, top, right, bottom = (int(v) for v in font.getbbox(text, anchor=anchor))
    mask = Image.new("L", (max(1, right - left), max(1, bottom - top)), 0)
    ImageDraw.Draw(mask).text((-left, -top), text, font=font, fill=255, anchor=anchor)
    return mask, left, top


def text_width(text: str, f: ImageFont.FreeTypeFont) -> int:
    return int(round(f.getlength(text)))


def rich_text(draw: Pen, xy: tuple[float, float], text: str,
              f: ImageFont.FreeTypeFont, fill: Color, red: Color = RED_ON_DARK) -> float:
    """Draw ``text`` with ♥ and ♦ in red; returns the x where the text ends."""
    x, y = xy
    runs: list[tuple[str, bool]] = []
    for ch in text:
        is_red = ch in RED_SUIT_SIGNS
        if runs and runs[-1][1] == is_red:
            runs[-1] = (runs[-1][0] + ch, is_red)
        else:
            runs.append((ch, is_red))
    for run, is_red in runs:
        draw.text((x, y), run, font=f, fill=red if is_red else fill)
        x += f.getlength(run)
    return x


def fit(text: str, f: ImageFont.FreeTypeFont, max_width: float) -> str:
    """``text`` cut with an ellipsis to fit ``max_width`` pixels (long Discord names)."""
    if f.getlength(text) <= max_width:
        return text
    while text and f.getlength(text + "\u2026") > max_width:
        text = text[:-1]
    return text.rstrip() + "\u2026"


def fit_name(text: str, sizes: tuple[int, ...], max_width: float, weight: str = "bold",
             two_lines: bool = True, narrow: str | None = None
             ) -> tuple[ImageFont.FreeTypeFont, list[str]]:
    """A name in the first of ``sizes`` where it fits on one line (in ``weight``, else in the
    ``narrow`` face at that size), else (``two_lines``) on two lines at the last size; cut
    with an ellipsis only when that is still too short."""
    for size in sizes:
        for face in (weight, narrow) if narrow else (weight,):
            f = assets.font(size, face)
            if f.getlength(text) <= max_width:
                return f, [text]
        f = assets.font(size, weight)
    if not two_lines:
        return f, [fit(text, f, max_width)]
    lines = wrap(text, f, int(max_width))
    if len(lines) > 2:
        lines = [lines[0], " ".join(lines[1:])]
    return f, [fit(line, f, max_width) for line in lines]


@dataclass(frozen=True)
class Room:
    """The place a label is drawn in: the width it must keep within, the font sizes it may
    take (largest first) and whether it may wrap onto a second line.

    The renderer draws every fixed label through its room, so a long translation shrinks
    before it would spill over its neighbours; the language tests measure every
    translation of every label against the same room (``counts`` and ``widest`` say which
    numbers the label can show) and fail when one would have to be cut.  ``caps`` labels
    are written in capitals (the catalogs hold the words as they are spelt); ``prefix`` is
    drawn before the words (a ▶ mark); ``narrow``: at each size, the condensed face is tried
    before a smaller size (a long word that would otherwise shrink a lot or wrap)."""

    width: int
    sizes: tuple[int, ...]
    weight: str = "bold"
    two_lines: bool = False
    caps: bool = False
    prefix: str = ""
    narrow: bool = False
    counts: tuple[int, ...] = (0, 1, 2, 3, 4, 5, 11, 21, 22, 25)
    widest: tuple[tuple[str, int], ...] = ()

    def fit(self, text: str) -> tuple[ImageFont.FreeTypeFont, list[str]]:
        """The font and line(s) ``text`` is drawn with (cut with "…" only if it cannot fit)."""
        return fit_name(self._written(text), self.sizes, self.width, self.weight,
                        self.two_lines, "condensed" if self.narrow else None)

    def holds(self, text: str) -> bool:
        """Whether ``text`` fits whole, at one of the sizes, on the lines allowed."""
        return " ".join(self.fit(text)[1]) == self._written(text)

    def _written(self, text: str) -> str:
        return self.prefix + (text.upper() if self.caps else text)


def wrap(text: str, f: ImageFont.FreeTypeFont, max_width: int) -> list[str]:
    """Greedy word wrap to ``max_width`` pixels."""
    lines: list[str] = []
    line = ""
    for word in text.split(" "):
        trial = f"{line} {word}" if line else word
        if line and f.getlength(trial) > max_width:
            lines.append(line)
            line = word
        else:
            line = trial
    if line:
        lines.append(line)
    return lines or [""]


def badge(draw: Pen, xy: tuple[int, int], text: str, size: int,
          fill: Color, ink: Color, anchor_right: bool = False, outline: Color | None = None
          ) -> tuple[int, int, int, int]:
    """A rounded label; returns its box.  ``xy`` is its top-left (top-right if anchored)."""
    f = assets.font(size, "bold")
    pad_x, pad_y = size // 2, size // 4
    w = text_width(text, f) + 2 * pad_x
    h = size + 2 * pad_y
    x, y = xy
    if anchor_right:
        x -= w
    box = (x, y, x + w, y + h)
    draw.rounded_rectangle(box, radius=h // 2, fill=fill, outline=outline,
                           width=2 if outline else 0)
    draw.text((x + pad_x, y + pad_y + size * 0.45), text, font=f, fill=ink, anchor="lm")
    return box
