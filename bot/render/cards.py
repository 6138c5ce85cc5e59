"""Draw the card art into ``card_images/``: ``python -m bot.render.cards``.

Our own design, Pillow primitives only: a jumbo corner index (rank over suit, readable when
cards overlap in a hand row or a meld column), classic pip layouts, crowned court cards, a
joker with a jester's cap and a lattice back.  Drawn at 3x and scaled down for smooth edges.
The output is deterministic, so re-running the script changes no committed file.

Each language draws the faces that carry letters or words (aces, court cards, the joker) with
its players' index letters and words (a Russian queen reads Д and ДАМА); those of its faces
that differ from the English ones go to ``card_images/<language>/``.
"""

from __future__ import annotations

import sys
from pathlib import Path

from PIL import Image, ImageDraw

from bot import i18n
from bot.render import language, shapes
from bot.render.assets import ART_DIR, font
from bot.render.notation import BACK, JOKER, Card, all_faces, parse

W, H = 280, 392  # master size of every card file
SS = 3  # supersampling factor
RADIUS = 20
RED = (200, 22, 46)
BLACK = (24, 24, 28)
PAPER = (255, 253, 247)
EDGE = (150, 144, 132)
GOLD = (212, 168, 58)
JOKER_INK = (104, 44, 160)

INDEX_CX = 44  # centre of the corner index column
PIP_BOX = (148, 58, 240, 334)  # centres of the outer pips: left, top, right, bottom

# Pip positions per rank: (u across 0..1, v down 0..1) inside PIP_BOX.
_L, _M, _R = 0.0, 0.5, 1.0
PIPS: dict[str, list[tuple[float, float]]] = {
    "2": [(_M, 0), (_M, 1)],
    "3": [(_M, 0), (_M, 0.5), (_M, 1)],
    "4": [(_L, 0), (_R, 0), (_L, 1), (_R, 1)],
    "5": [(_L, 0), (_R, 0), (_M, 0.5), (_L, 1), (_R, 1)],
    "6": [(_L, 0), (_R, 0), (_L, 0.5), (_R, 0.5), (_L, 1), (_R, 1)],
    "7": [(_L, 0), (_R, 0), (_M, 0.25), (_L, 0.5), (_R, 0.5), (_L, 1), (_R, 1)],
    "8": [(_L, 0), (_R, 0), (_M, 0.25), (_L, 0.5), (_R, 0.5), (_M, 0.75), (_L, 1), (_R, 1)],
    "9": [(_L, 0), (_R, 0), (_L, 1 / 3), (_R, 1 / 3), (_M, 0.5), (_L, 2 / 3), (_R, 2 / 3),
          (_L, 1), (_R, 1)],
    "10": [(_L, 0), (_R, 0), (_M, 1 / 6), (_L, 1 / 3), (_R, 1 / 3), (_L, 2 / 3), (_R, 2 / 3),
           (_M, 5 / 6), (_L, 1), (_R, 1)],
}
COURT_TINT = {True: (253, 232, 228), False: (226, 233, 245)}  # by is_red
COURT_NAMES = {"K": "card.king", "Q": "card.queen", "J": "card.jack"}  # catalog keys
LETTERED = frozenset({"A", "J", "Q", "K", "JK"})  # ranks whose faces carry letters or words
INDEX_ROOM = 2 * INDEX_CX - 12  # the corner index column's width


class Canvas:
    """A supersampled card surface addressed in master pixels."""

    def __init__(self) -> None:
        self.img = Image.new("RGBA", (W * SS, H * SS), (0, 0, 0, 0))
        self.draw = ImageDraw.Draw(self.img)

    @staticmethod
    def s(v: float) -> float:
        return v * SS

    def box(self, x0: float, y0: float, x1: float, y1: float) -> tuple[float, ...]:
        return (x0 * SS, y0 * SS, x1 * SS, y1 * SS)

    def suit(self, code: str, cx: float, cy: float, h: float, fill: tuple[int, ...],
             flip: bool = False) -> None:
        shapes.suit(self.draw, code, cx * SS, cy * SS, h * SS, fill, flip)

    def text(self, cx: float, top: float, text: str, size: int, fill: tuple[int, ...],
             weight: str = "bold", room: float | None = None) -> None:
        """Centre ``text`` horizontally on ``cx``, its ink starting at ``top``; a word wider
        than ``room`` master pixels is drawn smaller until it fits."""
        f = font(size * SS, weight)
        while room is not None and size > 8 and f.getlength(text) > room * SS:
            size -= 1
            f = font(size * SS, weight)
        x0, y0, x1, _ = self.draw.textbbox((0, 0), text, font=f)
        self.draw.text((cx * SS - (x0 + x1) / 2, top * SS - y0), text, font=f, fill=fill)

    def finish(self) -> Image.Image:
        return self.img.resize((W, H), Image.Resampling.LANCZOS)


def _blank(cv: Canvas, fill: tuple[int, ...] = PAPER) -> None:
    cv.draw.rounded_rectangle(cv.box(1, 1, W - 1, H - 1), radius=RADIUS * SS, fill=fill,
                              outline=EDGE, width=2 * SS)


def _index(cv: Canvas, card: Card, ink: tuple[int, ...], lang: str) -> None:
    if card.rank == "10":
        cv.text(INDEX_CX, 15, "10", 66, ink, "condensed")
    else:
        cv.text(INDEX_CX, 15, language.rank_letter(lang, card.rank), 66, ink,
                room=INDEX_ROOM)
    cv.suit(card.suit or "S", INDEX_CX, 96, 42, ink)


def _pips(cv: Canvas, card: Card, ink: tuple[int, ...]) -> None:
    x0, y0, x1, y1 = PIP_BOX
    for u, v in PIPS[card.rank]:
        cv.suit(card.suit or "S", x0 + u * (x1 - x0), y0 + v * (y1 - y0), 50, ink, flip=v > 0.5)


def _ace(cv: Canvas, card: Card, ink: tuple[int, ...]) -> None:
    cx, cy = (PIP_BOX[0] + PIP_BOX[2]) / 2, H / 2 + 4
    if card.suit == "S":  # the traditional ornate ace of spades
        cv.draw.ellipse(cv.box(cx - 60, cy - 60, cx + 60, cy + 60), outline=GOLD, width=4 * SS)
        cv.draw.ellipse(cv.box(cx - 52, cy - 52, cx + 52, cy + 52), outline=ink, width=1 * SS)
        cv.suit("S", cx, cy, 80, ink)
    else:
        cv.suit(card.suit or "S", cx, cy, 116, ink)


def _court(cv: Canvas, card: Card, ink: tuple[int, ...], lang: str) -> None:
    left, top, right, bottom = 100, 26, 264, 366
    cx = (left + right) / 2
    cv.draw.rounded_rectangle(cv.box(left, top, right, bottom), radius=12 * SS,
                              fill=COURT_TINT[card.is_red], outline=GOLD, width=4 * SS)
    cv.draw.rounded_rectangle(cv.box(left + 8, top + 8, right - 8, bottom - 8), radius=8 * SS,
                              outline=ink, width=1 * SS)
    jewel = RED if not card.is_red else (40, 90, 180)
    if card.rank == "J":
        shapes.cap(cv.draw, cx * SS, 82 * SS, 100 * SS, ink, GOLD, (60, 40, 20), 2 * SS)
    else:
        prongs = 3 if card.rank == "K" else 5
        shapes.crown(cv.draw, cx * SS, 78 * SS, 104 * SS, prongs, GOLD, jewel, (120, 86, 20),
                     2 * SS)
    cv.suit(card.suit or "S", cx, 170, 78, ink)
    cv.text(cx, 232, language.rank_letter(lang, card.rank), 92, ink)
    name = language.say(lang, COURT_NAMES[card.rank]).upper()
    cv.text(cx, 334, name, 18, ink, room=right - left - 24)


def _joker(cv: Canvas, lang: str) -> None:
    shapes.star(cv.draw, INDEX_CX * SS, 46 * SS, 64 * SS, JOKER_INK)
    name = i18n.text(lang, "card.joker").upper()  # the name the bot's messages use too
    step = min(38, (H - 24 - 96) // max(1, len(name)))  # the word down the corner fits
    for i, letter in enumerate(name):
        cv.text(INDEX_CX, 96 + i * step, letter, min(32, step - 4), JOKER_INK)
    _jester_cap(cv, 184, 150)
    cv.text(184, 268, name, 36, JOKER_INK, room=W - 100 - 12)
    cv.text(184, 318, language.say(lang, "card.wild"), 22, (120, 110, 100), "regular",
            room=W - 100 - 12)


def _jester_cap(cv: Canvas, cx: float, cy: float) -> None:
    """A three-pointed cap with bells: the prongs curl outwards over a band."""
    band_y = cy + 52
    colours = [RED, JOKER_INK, (30, 120, 80)]
    tips = [(cx - 74, cy - 58), (cx, cy - 92), (cx + 74, cy - 58)]
    bases = [(cx - 58, cx - 14), (cx - 22, cx + 22), (cx + 14, cx + 58)]
    for (tx, ty), (b0, b1), colour in zip(tips, bases, colours, strict=True):
        pts = []
        for s in range(13):  # left edge: base to tip
            t = s / 12
            pts.append((b0 + (tx - b0) * t, band_y - (band_y - ty) * (t ** 0.8)))
        for s in range(12, -1, -1):  # right edge: tip back to base, bowed out
            t = s / 12
            bow = 14 * t * (1 - t)
            pts.append((b1 + (tx - b1) * t + bow, band_y - (band_y - ty) * (t ** 1.25)))
        cv.draw.polygon([(x * SS, y * SS) for x, y in pts], fill=colour,
                        outline=(40, 30, 50), width=2 * SS)
        cv.draw.ellipse(cv.box(tx - 11, ty - 11, tx + 11, ty + 11), fill=GOLD,
                        outline=(120, 86, 20), width=2 * SS)
    cv.draw.rounded_rectangle(cv.box(cx - 66, band_y - 6, cx + 66, band_y + 20),
                              radius=6 * SS, fill=GOLD, outline=(120, 86, 20), width=2 * SS)
    for i in range(5):
        x = cx - 48 + i * 24
        shapes.diamond(cv.draw, x * SS, (band_y + 7) * SS, 14 * SS,
                       RED if i % 2 else JOKER_INK)


def draw_face(code: str, lang: str = "en") -> Image.Image:
    """The master picture of one face (``code`` in canonical notation, or "JK") as players
    of ``lang`` know it."""
    cv = Canvas()
    _blank(cv)
    card = parse(code)
    if card.is_joker:
        _joker(cv, lang)
        return cv.finish()
    ink = RED if card.is_red else BLACK
    _index(cv, card, ink, lang)
    if card.rank == "A":
        _ace(cv, card, ink)
    elif card.rank in ("J", "Q", "K"):
        _court(cv, card, ink, lang)
    else:
        _pips(cv, card, ink)
    return cv.finish()


def draw_back() -> Image.Image:
    cv = Canvas()
    _blank(cv, fill=(252, 250, 244))
    inset = 14
    x0, y0, x1, y1 = inset, inset, W - inset, H - inset
    field = (128, 28, 44)
    line = (160, 52, 68)
    cv.draw.rounded_rectangle(cv.box(x0, y0, x1, y1), radius=10 * SS, fill=field)
    lattice = Image.new("RGBA", cv.img.size, (0, 0, 0, 0))
    ld = ImageDraw.Draw(lattice)
    step = 22
    for k in range(-H // step - 2, W // step + H // step + 3):
        ld.line(((k * step) * SS, 0, (k * step + H) * SS, H * SS), fill=line, width=3 * SS)
        ld.line(((k * step) * SS, 0, (k * step - H) * SS, H * SS), fill=line, width=3 * SS)
    mask = Image.new("L", cv.img.size, 0)
    ImageDraw.Draw(mask).rounded_rectangle(cv.box(x0 + 6, y0 + 6, x1 - 6, y1 - 6),
                                           radius=6 * SS, fill=255)
    cv.img.paste(lattice, (0, 0), Image.composite(lattice, Image.new("RGBA", cv.img.size),
                                                   mask).getchannel("A"))
    cv.draw.rounded_rectangle(cv.box(x0 + 6, y0 + 6, x1 - 6, y1 - 6), radius=6 * SS,
                              outline=GOLD, width=3 * SS)
    cx, cy = W / 2, H / 2
    cv.draw.ellipse(cv.box(cx - 50, cy - 50, cx + 50, cy + 50), fill=field, outline=GOLD,
                    width=4 * SS)
    for i, s in enumerate(("S", "H", "C", "D")):
        dx, dy = [(0, -22), (22, 0), (0, 22), (-22, 0)][i]
        cv.suit(s, cx + dx, cy + dy, 26, GOLD)
    return cv.finish()


def lettered_faces() -> list[str]:
    """The faces that carry letters or words, so may differ from one language to another."""
    return [code for code in all_faces() if parse(code).rank in LETTERED]


def own_faces(lang: str) -> dict[str, Image.Image]:
    """The faces ``lang`` draws differently from English (its own letters or words)."""
    if lang == "en":
        return {}
    out = {}
    for code in lettered_faces():
        img = draw_face(code, lang)
        if img.tobytes() != draw_face(code).tobytes():
            out[code] = img
    return out


def write_all(out_dir: Path = ART_DIR) -> list[Path]:
    out_dir.mkdir(parents=True, exist_ok=True)
    written = []
    for code in [*all_faces(), BACK]:
        img = draw_back() if code == BACK else draw_face(code)
        path = out_dir / f"{code}.png"
        img.save(path, "PNG", optimize=True)
        written.append(path)
    for lang in i18n.LANGUAGES:
        if lang == "en":
            continue
        lang_dir = out_dir / lang
        for stale in lang_dir.glob("*.png"):
            stale.unlink()
        for code, img in own_faces(lang).items():
            lang_dir.mkdir(exist_ok=True)
            path = lang_dir / f"{code}.png"
            img.save(path, "PNG", optimize=True)
            written.append(path)
    return written


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    out = Path(args[0]) if args else ART_DIR
    paths = write_all(out)
    print(f"wrote {len(paths)} card pictures ({W}x{H}) to {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

__all__ = ["JOKER", "draw_back", "draw_face", "main", "write_all"]
