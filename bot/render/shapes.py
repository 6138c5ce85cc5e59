"""Vector shapes drawn with Pillow primitives: the four suits, a star, crowns.

Everything takes a centre and a height in pixels of the surface it draws on, so the same code
draws a 300 px ace pip on the art master and a 20 px suit mark next to a score.  Pillow's
polygons are not anti-aliased: draw on a larger surface and scale down for smooth edges.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import cache

from PIL import ImageDraw

Point = tuple[float, float]
Color = str | tuple[int, ...]


@cache
def _heart_unit() -> tuple[Point, ...]:
    """A heart outline, 1 unit high, centred on (0, 0), point down."""
    pts = []
    for i in range(180):
        t = 2 * math.pi * i / 180
        x = 16 * math.sin(t) ** 3
        y = -(13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t))
        pts.append((x, y))
    ys = [p[1] for p in pts]
    top, bottom = min(ys), max(ys)
    height, mid = bottom - top, (bottom + top) / 2
    return tuple((x / height, (y - mid) / height) for x, y in pts)


def _place(unit: Sequence[Point], cx: float, cy: float, h: float,
           flip: bool = False) -> list[Point]:
    sign = -1.0 if flip else 1.0
    return [(cx + x * h, cy + sign * y * h) for x, y in unit]


def heart(draw: ImageDraw.ImageDraw, cx: float, cy: float, h: float, fill: Color,
          flip: bool = False) -> None:
    draw.polygon(_place(_heart_unit(), cx, cy, h * 0.97, flip), fill=fill)


def diamond(draw: ImageDraw.ImageDraw, cx: float, cy: float, h: float, fill: Color,
            flip: bool = False) -> None:
    """Four gently concave sides, like a printed diamond pip."""
    half_w, half_h = h * 0.39, h * 0.5
    corners = [(cx, cy - half_h), (cx + half_w, cy), (cx, cy + half_h), (cx - half_w, cy)]
    pts: list[Point] = []
    for i, (x0, y0) in enumerate(corners):
        x1, y1 = corners[(i + 1) % 4]
        # Control point pulled a little towards the centre: concave edge.
        qx, qy = (x0 + x1) / 2 * 0.85 + cx * 0.15, (y0 + y1) / 2 * 0.85 + cy * 0.15
        for s in range(12):
            t = s / 12
            pts.append(((1 - t) ** 2 * x0 + 2 * (1 - t) * t * qx + t * t * x1,
                        (1 - t) ** 2 * y0 + 2 * (1 - t) * t * qy + t * t * y1))
    draw.polygon(pts, fill=fill)


def _stem(draw: ImageDraw.ImageDraw, cx: float, top: float, bottom: float, h: float,
          fill: Color, flip: bool) -> None:
    """A flared foot under a spade or club (drawn upwards when flipped)."""
    pts: list[Point] = []
    steps = 10
    for s in range(steps + 1):  # left edge, concave, from the neck down to the foot
        t = s / steps
        pts.append((cx - h * (0.025 + 0.19 * t ** 2.2), top + (bottom - top) * t))
    for s in range(steps, -1, -1):
        t = s / steps
        pts.append((cx + h * (0.025 + 0.19 * t ** 2.2), top + (bottom - top) * t))
    if flip:
        mid = (top + bottom) / 2
        pts = [(x, 2 * mid - y) for x, y in pts]
    draw.polygon(pts, fill=fill)


def spade(draw: ImageDraw.ImageDraw, cx: float, cy: float, h: float, fill: Color,
          flip: bool = False) -> None:
    sign = -1 if flip else 1
    body_h = h * 0.78
    body_cy = cy - sign * (h / 2 - body_h / 2)
    draw.polygon(_place(_heart_unit(), cx, body_cy, body_h * 1.02, flip=not flip), fill=fill)
    neck, foot = cy + sign * h * 0.12, cy + sign * h * 0.5
    _stem(draw, cx, min(neck, foot), max(neck, foot), h, fill, flip)


def club(draw: ImageDraw.ImageDraw, cx: float, cy: float, h: float, fill: Color,
         flip: bool = False) -> None:
    sign = -1 if flip else 1
    r = h * 0.235
    top = cy - sign * h / 2
    leaves = [(cx, top + sign * r), (cx - h * 0.255, top + sign * h * 0.5),
              (cx + h * 0.255, top + sign * h * 0.5)]
    for x, y in leaves:
        draw.ellipse((x - r, y - r, x + r, y + r), fill=fill)
    hub = h * 0.12
    hy = top + sign * h * 0.43
    draw.ellipse((cx - hub, hy - hub, cx + hub, hy + hub), fill=fill)
    neck, foot = top + sign * h * 0.45, cy + sign * h * 0.5
    _stem(draw, cx, min(neck, foot), max(neck, foot), h, fill, flip)


SUIT_DRAWERS = {"H": heart, "D": diamond, "S": spade, "C": club}


def suit(draw: ImageDraw.ImageDraw, code: str, cx: float, cy: float, h: float, fill: Color,
         flip: bool = False) -> None:
    SUIT_DRAWERS[code](draw, cx, cy, h, fill, flip)


def star(draw: ImageDraw.ImageDraw, cx: float, cy: float, h: float, fill: Color,
         points: int = 5, inner: float = 0.45, outline: Color | None = None,
         width: int = 0) -> None:
    r_out = h / 2
    pts = []
    for i in range(points * 2):
        r = r_out if i % 2 == 0 else r_out * inner
        a = -math.pi / 2 + math.pi * i / points
        pts.append((cx + r * math.cos(a), cy + r * math.sin(a) + h * 0.04))
    draw.polygon(pts, fill=fill, outline=outline, width=width)


def crown(draw: ImageDraw.ImageDraw, cx: float, cy: float, w: float, points: int,
          fill: Color, jewel: Color, outline: Color, width: int) -> None:
    """A crown ``w`` wide: ``points`` prongs with a jewel on each, on a band."""
    h = w * 0.62
    left, right, top, bottom = cx - w / 2, cx + w / 2, cy - h / 2, cy + h / 2
    band_top = bottom - h * 0.28
    pts: list[Point] = [(left, bottom), (left, top + h * 0.18)]
    for i in range(points):
        x_tip = left + w * i / (points - 1)
        if i:
            x_prev = left + w * (i - 1) / (points - 1)
            pts.append(((x_prev + x_tip) / 2, band_top - h * 0.2))
        pts.append((x_tip, top + h * 0.18))
    pts += [(right, bottom)]
    draw.polygon(pts, fill=fill, outline=outline, width=width)
    draw.rectangle((left, band_top, right, bottom), fill=fill, outline=outline, width=width)
    r = w * 0.055
    for i in range(points):
        x_tip = left + w * i / (points - 1)
        draw.ellipse((x_tip - r, top + h * 0.18 - 2 * r, x_tip + r, top + h * 0.18),
                     fill=jewel, outline=outline, width=max(1, width // 2))
    for i in range(3):
        x = cx + (i - 1) * w * 0.28
        y = (band_top + bottom) / 2
        draw.ellipse((x - r, y - r, x + r, y + r), fill=jewel)


def cap(draw: ImageDraw.ImageDraw, cx: float, cy: float, w: float, fill: Color,
        feather: Color, outline: Color, width: int) -> None:
    """A jack's soft cap ``w`` wide with a feather curling up from its band."""
    h = w * 0.62
    left, right, bottom = cx - w / 2, cx + w / 2, cy + h / 2
    band_top = bottom - h * 0.24
    # Feather first, so the cap overlaps its quill.
    pts: list[Point] = []
    for s in range(21):
        t = s / 20
        x = cx + w * 0.1 + w * 0.42 * t
        y = band_top - h * 0.1 - h * 0.95 * math.sin(t * math.pi * 0.55)
        pts.append((x, y - h * 0.2 * math.sin(t * math.pi) ** 0.7))
    for s in range(20, -1, -1):
        t = s / 20
        x = cx + w * 0.1 + w * 0.42 * t
        y = band_top - h * 0.1 - h * 0.95 * math.sin(t * math.pi * 0.55)
        pts.append((x, y + h * 0.12 * math.sin(t * math.pi) ** 0.7))
    draw.polygon(pts, fill=feather, outline=outline, width=max(1, width // 2))
    draw.chord((left + w * 0.04, band_top - h * 0.8, right - w * 0.04, band_top + h * 0.7),
               180, 360, fill=fill, outline=outline, width=width)
    draw.rounded_rectangle((left, band_top, right, bottom), radius=h * 0.08, fill=feather,
                           outline=outline, width=width)
