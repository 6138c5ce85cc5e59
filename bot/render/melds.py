"""One team's melds on the table: overlapped columns, completed canastas squared up.

A sequence (Samba family) runs down its column in rank order, low to high, and wears a
ribbon saying so; a wild-card meld too. Each kind of canasta has its own word and colour:
natural red, mixed black, samba/escalera blue, wild/bolivia purple."""

from __future__ import annotations

from typing import Any

from PIL import Image

from bot.render import assets, language
from bot.render.draw import (
    INK_DIM,
    INK_LIGHT,
    Pen,
    Room,
    paste_card,
    stacked_edges,
    text_width,
)
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
SEQUENCE_INK = (22, 92, 178)
WILD_INK = (118, 46, 160)
# The ribbon of each canasta kind and of an unfinished sequence or wild meld: word, colour.
RIBBONS = {"natural": NATURAL_INK, "mixed": MIXED_INK, "samba": SEQUENCE_INK,
           "escalera": SEQUENCE_INK, "wild": WILD_INK, "bolivia": WILD_INK,
           "sequence": SEQUENCE_INK, "wilds": WILD_INK}
RUN_ORDER = ("4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")

Meld = dict[str, Any]

# A meld's words keep within its column and the gap beside it (centred on the card).
RIBBON = Room(PITCH - 1 - RIBBON_PAD, (RIBBON_SIZE, 13, 12), caps=True)
LABEL = Room(PITCH - 2, (LABEL_SIZE, 16, 14), widest=(("points", 880),))
COUNT = Room(PITCH - 2, (COUNT_SIZE, 13), "regular", counts=tuple(range(3, 15)))
ROOMS = {**{f"picture.meld.{kind}": RIBBON for kind in RIBBONS},
         "picture.meld.points": LABEL, "count.cards": COUNT}


def ordered(melds: list[Meld]) -> list[Meld]:
    """Canastas first (the eye counts them), then sets by rank like a hand, then sequences
    and wild melds, each kind in the order it was started."""
    def key(m: Meld) -> tuple[int, int, int]:
        shape = {"sequence": 1, "wild": 2}.get(str(m.get("kind")), 0)
        return (0 if m.get("canasta") else 1, shape, rank_sort_key(str(m.get("rank") or "")))
    return sorted(melds, key=key)


def ribbon(meld: Meld) -> str | None:
    """The ribbon's kind: the canasta's kind, or "sequence"/"wilds" for an unfinished
    sequence or wild meld (a set below a canasta has none)."""
    if meld.get("canasta"):
        return str(meld["canasta"])
    return {"sequence": "sequence", "wild": "wilds"}.get(str(meld.get("kind")))


def column_height(meld: Meld) -> int:
    """Pixels from the column's top to the bottom of its cards (labels not included)."""
    if meld.get("canasta"):
        return CARD_H + SQUARE_LAYERS * SQUARE_OFFSET
    n = max(1, len(meld.get("cards") or []))
    return CARD_H + (n - 1) * VSTEP


def block_height(meld: Meld) -> int:
    extra = RIBBON_H if ribbon(meld) else 0
    return column_height(meld) + 6 + extra + LABEL_H


def canasta_top(meld: Meld) -> str:
    """The card shown on a squared canasta: red for natural, black for mixed (the laws' sign)."""
    if meld.get("kind") == "sequence":
        return meld_cards(meld)[-1]  # the run's highest card
    if meld.get("kind") == "wild":
        cards = meld_cards(meld)
        return "JK" if "JK" in cards else cards[0]
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
    """Naturals first, then the wild cards, as a player lays them down; a sequence in rank
    order, low to high."""
    cards = list(meld.get("cards") or [])
    if meld.get("kind") == "sequence":
        return sorted(cards, key=lambda c: _run_index(parse(c).rank))
    return sorted(cards, key=lambda c: (parse(c).is_wild, hand_sort_key(c)))


def _run_index(rank: str | None) -> int:
    return RUN_ORDER.index(rank) if rank in RUN_ORDER else len(RUN_ORDER)


def draw_meld(img: Image.Image, meld: Meld, x: int, y: int,
              lang: str = language.DEFAULT) -> None:
    d = Pen(img)
    kind = meld.get("canasta")
    if kind:
        steps = tuple((k * SQUARE_OFFSET, k * SQUARE_OFFSET) for k in range(SQUARE_LAYERS, 0, -1))
        paste_card(img, stacked_edges(CARD_W, CARD_H, 6, steps, PAPER, EDGE), x, y, shadow=False)
        paste_card(img, assets.card(canasta_top(meld), CARD_W, lang), x, y, shadow=False)
    else:
        for k, code in enumerate(meld_cards(meld)):
            paste_card(img, assets.card(code, CARD_W, lang), x, y + k * VSTEP, shadow=k == 0)
    ly = y + column_height(meld) + 6
    cx = x + CARD_W // 2
    tag = ribbon(meld)
    if tag:
        ink = RIBBONS.get(tag, MIXED_INK)
        f, (text,) = RIBBON.fit(say(lang, f"meld.{tag}"))
        w = text_width(text, f) + RIBBON_PAD
        finished = bool(kind)
        d.rounded_rectangle((cx - w // 2, ly, cx + w // 2, ly + RIBBON_H - 4), radius=8,
                            fill=PAPER if finished else ink, outline=ink, width=2)
        d.text((cx, ly + (RIBBON_H - 4) // 2), text, font=f,
               fill=ink if finished else PAPER, anchor="mm")
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
