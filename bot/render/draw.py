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


def felt_height(height: int) -> int:
    """The height of the felt a picture of ``height`` is cut from (``felt``)."""
    return -(-height // FELT_STEP) * FELT_STEP


def felt(width: int, height: int) -> Image.Image:
    """A fresh felt canvas (RGB: draw on it with ``ImageDraw.Draw(img, "RGBA")``).

    Cut from a felt made for the next height in steps of ``FELT_STEP``: a table grows a few
    pixels whenever a meld gets longer, and making the baize costs more than drawing half a
    table, while the lamp's centre moving by a few pixels shows nowhere."""
    return _felt(width, felt_height(height)).crop((0, 0, width, height))


def felt_shading(width: int, height: int) -> Image.Image:
    """The shade of each pixel of ``felt(width, height)`` (an index into ``felt_shades``)."""
    return _felt_shading(width, felt_height(height)).crop((0, 0, width, height))


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
    """Paste an RGBA card picture at (x, y) on an RGB canvas, with a soft drop shadow.

    Pasted in pieces (``pieces``): the card's opaque middle is copied as it is, only its rim
    is blended by its alpha, and the shadow is laid only where the card will not cover it.
    The same pixels as blending the whole card over the whole shadow, in a fraction of the
    time (a 40-card hand pastes 80 of them)."""
    if canvas.mode != "RGB" or canvas.readonly:
        if shadow:
            w, h = card.size
            canvas.paste((0, 0, 0), (x - 8 + SHADOW_OFFSET[0], y - 8 + SHADOW_OFFSET[1]),
                         _shadow(w, h, max(4, w // 14)))
        canvas.paste(card, (x, y), card)
        return
    cut = pieces(card)
    canvas.load()
    paste = canvas.im.paste  # Image.paste's checks cost more than a small piece's pixels
    if shadow:
        for dx, dy, w, h, mask in cut.shadow:
            paste((0, 0, 0), (x + dx, y + dy, x + dx + w, y + dy + h), mask)
    for dx, dy, w, h, rim in cut.rim:
        paste(rim, (x + dx, y + dy, x + dx + w, y + dy + h), rim)
    if cut.core is not None:
        dx, dy, w, h, core = cut.core
        paste(core, (x + dx, y + dy, x + dx + w, y + dy + h))


Offset = tuple[int, int]
Piece = tuple[int, int, int, int, Any]  # at (x, y) from the card's corner, w, h, its pixels
# (Pillow's own image, ``Image.im``: pasted without Image.paste's checks)


@dataclass(frozen=True)
class _Pieces:
    """A card cut for pasting: ``core``, the largest band of rows, between two columns, that
    is wholly opaque (RGB: copied, not blended); ``rim``, the rest of the card (RGBA); and
    ``shadow``, the parts of the card's shadow mask outside the core."""

    core: Piece | None
    rim: tuple[Piece, ...]
    shadow: tuple[Piece, ...]


_PIECES: dict[int, tuple[Image.Image, _Pieces]] = {}  # id(card) -> (the card, its pieces)
_PIECES_HELD = 4096


def pieces(card: Image.Image) -> _Pieces:
    """``card`` cut for pasting: once per card picture, the first time it is pasted (about
    0.4 ms; cutting them all in ``bot.render.warm`` would add 0.17 s to every start)."""
    held = _PIECES.get(id(card))
    if held is not None and held[0] is card:
        return held[1]
    pieces = _cut(card)
    if len(_PIECES) >= _PIECES_HELD:
        _PIECES.clear()
    _PIECES[id(card)] = (card, pieces)  # the card is held, so its id is not reused
    return pieces


def _cut(card: Image.Image) -> _Pieces:
    w, h = card.size
    opaque = card.getchannel("A").point([0] * 255 + [255])
    left, top, right, bottom = _opaque_core(opaque)
    pad_x, pad_y = 8 - SHADOW_OFFSET[0], 8 - SHADOW_OFFSET[1]  # the shadow's corner
    shadow = _shadow(w, h, max(4, w // 14))
    if right <= left or bottom <= top:
        return _Pieces(None, (_piece(card, 0, 0),), (_piece(shadow, -pad_x, -pad_y),))
    core = _piece(card.crop((left, top, right, bottom)).convert("RGB"), left, top)
    rim = _around(card, (left, top, right, bottom), (0, 0))
    hole = (left + pad_x, top + pad_y, right + pad_x, bottom + pad_y)
    return _Pieces(core, rim, _around(shadow, hole, (-pad_x, -pad_y)))


def _piece(img: Image.Image, x: int, y: int) -> Piece:
    img.load()
    return x, y, img.width, img.height, img.im


def _around(img: Image.Image, hole: tuple[int, int, int, int], at: Offset) -> tuple[Piece, ...]:
    """``img`` but ``hole``: the bands above and below it, and the parts left and right."""
    w, h = img.size
    left, top, right, bottom = hole
    boxes = ((0, 0, w, top), (0, bottom, w, h), (0, top, left, bottom), (right, top, w, bottom))
    return tuple(_piece(img.crop(b), at[0] + b[0], at[1] + b[1]) for b in boxes
                 if b[2] > b[0] and b[3] > b[1])


def _opaque_core(opaque: Image.Image) -> tuple[int, int, int, int]:
    """The widest run of opaque columns through the middle row, and the rows around the
    middle where that run is wholly opaque (``opaque``: 255 where the card is)."""
    w, h = opaque.size
    row = opaque.crop((0, h // 2, w, h // 2 + 1)).tobytes()
    left = right = w // 2
    if not row or row[left] != 255:
        return 0, 0, 0, 0
    while left > 0 and row[left - 1] == 255:
        left -= 1
    while right < w and row[right] == 255:
        right += 1
    band = opaque.crop((left, 0, right, h)).tobytes()
    full = b"\xff" * (right - left)
    rows = [band[i:i + right - left] == full for i in range(0, len(band), right - left)]
    top = bottom = h // 2
    while top > 0 and rows[top - 1]:
        top -= 1
    while bottom < h and rows[bottom]:
        bottom += 1
    return left, top, right, bottom


@lru_cache(maxsize=32)
def stacked_edges(width: int, height: int, radius: int, steps: tuple[Offset, ...],
                  fill: Color, outline: Color) -> Image.Image:
    """Opaque rounded cards of ``width`` x ``height`` (``fill``, a one-pixel ``outline``)
    drawn at each of ``steps`` in turn, as one RGBA picture transparent around them, to
    paste with ``paste_card`` (no shadow): the squared edges under a canasta or the pile.
    The same pixels as drawing each card's rectangle where it lies, for one paste."""
    size = (width + max(dx for dx, _ in steps), height + max(dy for _, dy in steps))
    colours, shape = Image.new("RGB", size), Image.new("L", size, 0)
    for dx, dy in steps:
        box = (dx, dy, dx + width - 1, dy + height - 1)
        ImageDraw.Draw(colours).rounded_rectangle(box, radius=radius, fill=fill, outline=outline)
        ImageDraw.Draw(shape).rounded_rectangle(box, radius=radius, fill=255, outline=255)
    colours.putalpha(shape)
    return colours


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


@lru_cache(maxsize=8192)
def length(text: str, f: ImageFont.FreeTypeFont) -> float:
    """``f.getlength(text)``, remembered: shaping a line costs a fifth of a millisecond, and
    the same labels, names and numbers are measured picture after picture."""
    return f.getlength(text)


def text_width(text: str, f: ImageFont.FreeTypeFont) -> int:
    return int(round(length(text, f)))


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
        x += length(run, f)
    return x


def fit(text: str, f: ImageFont.FreeTypeFont, max_width: float) -> str:
    """``text`` cut with an ellipsis to fit ``max_width`` pixels (long Discord names)."""
    if length(text, f) <= max_width:
        return text
    while text and length(text + "\u2026", f) > max_width:
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
            if length(text, f) <= max_width:
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
        if line and length(trial, f) > max_width:
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
