"""The committed art: card PNGs and fonts from ``card_images/``, loaded once and cached.

Card masters are drawn large by ``python -m bot.render.cards``; each picture asks for the
width it needs and gets a scaled copy that is made once per (card, width) and then reused.
"""

from __future__ import annotations

from functools import cache, lru_cache
from pathlib import Path

from PIL import Image, ImageFont

from bot.render.notation import BACK, parse

ART_DIR = Path(__file__).resolve().parents[2] / "card_images"
FONT_DIR = ART_DIR / "fonts"
FONT_FILES = {
    "regular": "DejaVuSans.ttf",
    "bold": "DejaVuSans-Bold.ttf",
    "condensed": "DejaVuSansCondensed-Bold.ttf",
}
CARD_RATIO = 7 / 5  # height / width of every card picture


@lru_cache(maxsize=64)
def font(size: int, weight: str = "regular") -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(str(FONT_DIR / FONT_FILES[weight]), size)


def card_file(code: str) -> Path:
    name = BACK if code == BACK else parse(code).code
    return ART_DIR / f"{name}.png"


@cache
def card_master(code: str) -> Image.Image:
    """The full-size art of ``code`` (a card code or "back")."""
    path = card_file(code)
    if not path.exists():
        raise FileNotFoundError(f"{path} is missing: run `python -m bot.render.cards`")
    with Image.open(path) as img:
        return img.convert("RGBA")


def card_height(width: int) -> int:
    return round(width * CARD_RATIO)


@lru_cache(maxsize=1024)
def card(code: str, width: int) -> Image.Image:
    """``code`` scaled to ``width`` px (the caller must not modify the returned image)."""
    master = card_master(code)
    size = (width, card_height(width))
    if master.size == size:
        return master
    return master.resize(size, Image.Resampling.LANCZOS, reducing_gap=3.0)


@lru_cache(maxsize=1024)
def card_sideways(code: str, width: int) -> Image.Image:
    """``code`` at ``width`` turned a quarter to the right, as a frozen pile shows it."""
    return card(code, width).transpose(Image.Transpose.ROTATE_270)
