"""One team's melds on the table: overlapped columns, completed canastas squared up."""

from __future__ import annotations

from typing import Any

from PIL import Image

from bot.render import assets, language
from bot.render.draw import INK_DIM, INK_LIGHT, Pen, Room, paste_card, text_width
from bot.render.language import say
from bot.render.notation import hand_sort_key, parse, rank_sort_key

CARD_W = 84
CARD_H = assets.card_height(CARD_W)
VSTEP = 40  # rank and suit of each covered card stay visible
GAP = 10  # between two meld columns
PITCH = CARD_W + GAP
SQUARE_LAYERS = 3
SQUARE_OFFSET = 3
LABEL_SIZE = 18
COUNT_SIZE = 15
RIBBON_SIZE = 15
RIBBON_PAD = 14  # the ribbon is its word plus this much
LABEL_H = 42  # two lines: "130 pts" over "7 cards"
RIBBON_H = 22
PAPER = (250, 247, 238)
EDGE = (150, 144, 132)
NATURAL_INK = (196, 24, 44)
MIXED_INK = (30, 30, 34)

Meld = dict[str, Any]

# A meld's words keep within its column and the gap beside it (centred on the card).
RIBBON = Room(PITCH - 1 - RIBBON_PAD, (RIBBON_SIZE, 13, 12), caps=True)
LABEL = Room(PITCH - 2, (LABEL_SIZE, 16, 14), widest=(("points", 880),))
COUNT = Room(PITCH - 2, (COUNT_SIZE, 13), "regular", counts=tuple(range(3, 15)))
ROOMS = {"picture.meld.natural": RIBBON, "picture.meld.mixed": RIBBON,
         "picture.meld.points": LABEL, "count.cards": COUNT}


def ordered(melds: list[Meld]) -> list[Meld]:
    """Canastas first (the eye counts them), then by rank like a hand."""
    return sorted(melds, key=lambda m: (0 if m.get("canasta") else 1,
                                        rank_sort_key(str(m.get("rank", "")))))


def column_height(meld: Meld) -> int:
    """Pixels from the column's top to the bottom of its cards (labels not included)."""
    if meld.get("canasta"):
        return CARD_H + SQUARE_LAYERS * SQUARE_OFFSET
    n = max(1, len(meld.get("cards") or []))
    return CARD_H + (n - 1) * VSTEP


def block_height(meld: Meld) -> int:
    extra = RIBBON_H if meld.get("canasta") else 0
    return column_height(meld) + 6 + extra + LABEL_H


def canasta_top(meld: Meld) -> str:
    """The card shown on a squared canasta: red for natural, black for mixed (the laws' sign)."""
    cards = [c for c in meld.get("cards") or [] if not parse(c).is_wild]
    rank = str(meld.get("rank") or "A")
    if meld.get("canasta") == "natural":
        red = [c for c in cards if parse(c).is_red]
        return red[0] if red else _synth(rank, "H")
    black = [c for c in cards if not parse(c).is_red]
    if black:
        return black[0]
    black_wild = [c for c in meld.get("cards") or [] if c in ("2C", "2S")]
    return black_wild[0] if black_wild else _synth(rank, "S")


def _synth(rank: str, suit: str) -> str:
    try:
        return parse(f"{rank}{suit}").code
    except ValueError:
        return f"A{suit}"


def meld_cards(meld: Meld) -> list[str]:
    """Naturals first, then the wild cards, as a player lays them down."""
    cards = list(meld.get("cards") or [])
    return sorted(cards, key=lambda c: (parse(c).is_wild, hand_sort_key(c)))


def draw_meld(img: Image.Image, meld: Meld, x: int, y: int,
              lang: str = language.DEFAULT) -> None:
    d = Pen(img)
    kind = meld.get("canasta")
    if kind:
        for layer in range(SQUARE_LAYERS, 0, -1):
            ox = oy = layer * SQUARE_OFFSET
            d.rounded_rectangle((x + ox, y + oy, x + ox + CARD_W - 1, y + oy + CARD_H - 1),
                                radius=6, fill=PAPER, outline=EDGE)
        paste_card(img, assets.card(canasta_top(meld), CARD_W, lang), x, y, shadow=False)
    else:
        for k, code in enumerate(meld_cards(meld)):
            paste_card(img, assets.card(code, CARD_W, lang), x, y + k * VSTEP, shadow=k == 0)
    ly = y + column_height(meld) + 6
    cx = x + CARD_W // 2
    if kind:
        ink = NATURAL_INK if kind == "natural" else MIXED_INK
        f, (text,) = RIBBON.fit(say(lang, "meld.natural" if kind == "natural"
                                    else "meld.mixed"))
        w = text_width(text, f) + RIBBON_PAD
        d.rounded_rectangle((cx - w // 2, ly, cx + w // 2, ly + RIBBON_H - 4), radius=8,
                            fill=PAPER, outline=ink, width=2)
        d.text((cx, ly + (RIBBON_H - 4) // 2), text, font=f, fill=ink, anchor="mm")
        ly += RIBBON_H
    first, second = labels(meld, lang)
    f, (first,) = LABEL.fit(first)
    d.text((cx, ly + 11), first, font=f, fill=INK_LIGHT, anchor="mm")
    f, (second,) = COUNT.fit(second)
    d.text((cx, ly + 31), second, font=f, fill=INK_DIM, anchor="mm")


def labels(meld: Meld, lang: str = language.DEFAULT) -> tuple[str, str]:
    """The two caption lines under a meld: its points, then its size (``130 pts``, ``7 cards``);
    a column given its own ``label`` (the red threes: ``2`` over ``red 3s``) shows that."""
    if meld.get("label"):
        first, second = meld["label"]
        return str(first), str(second)
    size = int(meld.get("count") or len(meld.get("cards") or []))
    return (say(lang, "meld.points", points=language.number(lang, int(meld.get("points") or 0))),
            language.cards(lang, size))
