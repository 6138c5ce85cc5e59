"""The committed art: card PNGs and fonts from ``card_images/``, loaded once and cached.

Card masters are drawn large by ``python -m bot.render.cards``; each picture asks for the
width it needs and gets a scaled copy that is made once per (card, width, language) and then
reused.  A language whose players write their own index letters (Russian Д for the queen)
has its own copies of the faces that carry letters or words, in ``card_images/<language>/``;
every other face is the common one.
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


def card_file(code: str, lang: str = "en") -> Path:
    """The art file of ``code`` as players of ``lang`` see it."""
    name = BACK if code == BACK else parse(code).code
    return ART_DIR / art_set(code, lang) / f"{name}.png"


@cache
def art_set(code: str, lang: str) -> str:
    """The folder under ``card_images/`` holding ``code`` for ``lang``: the language's own
    ("ru") when it has a copy of this face, else the common one ("")."""
    if lang == "en" or code == BACK:
        return ""
    return lang if (ART_DIR / lang / f"{parse(code).code}.png").exists() else ""


@cache
def card_master(code: str, lang: str = "en") -> Image.Image:
    """The full-size art of ``code`` (a card code or "back") in ``lang``'s letters."""
    path = card_file(code, lang)
    if not path.exists():
        raise FileNotFoundError(f"{path} is missing: run `python -m bot.render.cards`")
    with Image.open(path) as img:
        return img.convert("RGBA")


def card_height(width: int) -> int:
    return round(width * CARD_RATIO)


def card(code: str, width: int, lang: str = "en") -> Image.Image:
    """``code`` in ``lang``'s letters scaled to ``width`` px (the caller must not modify the
    returned image); faces a language shares with the others are scaled once for all."""
    return _card(code, width, art_set(code, lang))


@lru_cache(maxsize=1024)
def _card(code: str, width: int, art: str) -> Image.Image:
    master = card_master(code, art or "en")
    size = (width, card_height(width))
    if master.size == size:
        return master
    return master.resize(size, Image.Resampling.LANCZOS, reducing_gap=3.0)


def card_sideways(code: str, width: int, lang: str = "en") -> Image.Image:
    """``code`` at ``width`` turned a quarter to the right, as a frozen pile shows it."""
    return _sideways(code, width, art_set(code, lang))


@lru_cache(maxsize=256)
def _sideways(code: str, width: int, art: str) -> Image.Image:
    return _card(code, width, art).transpose(Image.Transpose.ROTATE_270)
