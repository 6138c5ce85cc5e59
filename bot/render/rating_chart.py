"""A person's rating over their last rated matches: one line per variant family, on paper.

The view: ``{"language", "player": name, "series": [{"family": "official", "points":
[ordinal after each match, oldest first]}, ...]}``; the points are openskill's conservative
rating (μ − 3σ), drawn as they are (no smoothing), with the last value written at the end.
"""

from __future__ import annotations

from typing import Any

from PIL import Image

from bot import i18n
from bot.render import assets, language
from bot.render.draw import Pen, felt, fit, team_colour, text_width
from bot.render.encode import encode

View = dict[str, Any]

WIDTH, HEIGHT = 720, 360
FRAME = 16
PAPER = (251, 247, 234)
RULE = (206, 218, 232)
INK = (38, 38, 46)
INK_SOFT = (120, 116, 108)
LEFT, RIGHT, TOP, BOTTOM = 70, 70, 100, 50  # the plot's margins inside the picture


def render(view: View) -> bytes:
    return encode(draw(view))


def draw(view: View) -> Image.Image:
    lang = language.of(view)
    img = felt(WIDTH, HEIGHT).copy()
    d = Pen(img)
    d.rounded_rectangle((FRAME, FRAME, WIDTH - FRAME, HEIGHT - FRAME), radius=10, fill=PAPER)
    title = language.say(lang, "rating.title", player=str(view.get("player") or ""))
    d.text((FRAME + 18, FRAME + 14), fit(title, assets.font(20, "bold"), WIDTH - 80),
           assets.font(20, "bold"), INK)
    series = [s for s in view.get("series") or [] if s.get("points")]
    values = [float(v) for s in series for v in s["points"]] or [0.0]
    low, high = min(values), max(values)
    if high - low < 2:
        low, high = low - 1, high + 1
    x0, x1, y0, y1 = LEFT, WIDTH - RIGHT, TOP, HEIGHT - BOTTOM
    longest = max((len(s["points"]) for s in series), default=1)
    small = assets.font(13)

    def at(index: int, value: float) -> tuple[float, float]:
        x = x0 + (x1 - x0) * (index / max(1, longest - 1)) if longest > 1 else (x0 + x1) / 2
        return x, y1 - (y1 - y0) * (value - low) / (high - low)

    for k in range(5):
        value = low + (high - low) * k / 4
        y = at(0, value)[1]
        d.line((x0, y, x1, y), fill=RULE, width=1)
        d.text((x0 - 8, y), i18n.decimal(lang, value), small, INK_SOFT, anchor="rm")
    d.line((x0, y1, x1, y1), fill=INK_SOFT, width=1)
    d.text(((x0 + x1) / 2, y1 + 22),
           language.count(lang, "rating.matches", longest), small, INK_SOFT, anchor="mm")
    legend_x = FRAME + 18
    for number, s in enumerate(series):
        colour = team_colour(number)
        points = [float(v) for v in s["points"]]
        offset = longest - len(points)  # every line ends at the latest match
        xy = [at(offset + i, v) for i, v in enumerate(points)]
        if len(xy) > 1:
            d.line(xy, fill=colour, width=3, joint="curve")
        for x, y in xy:
            d.ellipse((x - 3.5, y - 3.5, x + 3.5, y + 3.5), fill=colour)
        last_x, last_y = xy[-1]
        label = i18n.text(lang, f"family.{s.get('family')}")
        bold = assets.font(14, "bold")
        d.text((last_x + 8, last_y), i18n.decimal(lang, points[-1]), bold, colour, anchor="lm")
        legend = fit(f"■ {label}", bold, 210)
        d.text((legend_x, FRAME + 50), legend, bold, colour)
        legend_x += text_width(legend, bold) + 28
    return img
