"""The cards a player has waiting face down (issue 12): Hand and Foot's foot, Pennies from
Heaven's packet of 11.

The hand picture shows the viewer's own foot as a face-down stack with its count and says
when it is picked up; the table picture notes each seat's foot on its chip. The engine's
view gives ``players[i]["foot"]`` (cards still face down) and ``["foot_picked_up"]``.
"""

from __future__ import annotations

from typing import Any

from PIL import Image

from bot.render import assets, language
from bot.render.draw import GOLD, INK_DIM, INK_LIGHT, Pen, paste_card, wrap
from bot.render.language import count, say

View = dict[str, Any]

BACK_W = 52
BACK_H = assets.card_height(BACK_W)
LAYERS = 3
TITLE_SIZE = 21
NOTE_SIZE = 18
LINE_GAP = 6
TOP_GAP = 16  # between the cards and the foot strip


def word(view: View) -> str:
    """``packet`` in Pennies from Heaven, ``foot`` in the other games that have one."""
    return "packet" if view.get("variant") == "pennies" else "foot"


def seat(view: View, name: str | None) -> dict[str, Any] | None:
    for p in view.get("players") or []:
        if p.get("name") == name:
            return dict(p)
    return None


def has_feet(view: View) -> bool:
    """Whether the game deals feet: some seat has one waiting or has picked it up."""
    return any(int(p.get("foot") or 0) or p.get("foot_picked_up")
               for p in view.get("players") or [])


def seat_note(view: View, p: dict[str, Any]) -> str | None:
    """A seat's foot in a few words (``foot: 11 cards``, ``foot picked up``), or None."""
    if not has_feet(view):
        return None
    lang = language.of(view)
    waiting = int(p.get("foot") or 0)
    if waiting:
        return count(lang, f"table.{word(view)}", waiting)
    return say(lang, f"table.{word(view)}_up") if p.get("foot_picked_up") else None


def _lines(view: View, width: int) -> tuple[str, list[str], int] | None:
    """The viewer's foot: its title line, the wrapped note under it and the face-down count
    (0 once picked up), or None when the viewer has no foot."""
    me = seat(view, view.get("player"))
    if me is None or not has_feet(view):
        return None
    lang = language.of(view)
    waiting = int(me.get("foot") or 0)
    if waiting:
        title = count(lang, f"hand.{word(view)}_down", waiting)
        note = say(lang, f"hand.{word(view)}_when")
    elif me.get("foot_picked_up"):
        title, note = say(lang, f"hand.{word(view)}_picked_up"), ""
    else:
        return None
    room = width - BACK_W - 2 * LAYERS - 24
    notes = wrap(note, assets.font(NOTE_SIZE), room) if note else []
    return title, notes, waiting


def height(view: View, width: int) -> int:
    """The strip's height under the hand's cards (0 without a foot)."""
    lines = _lines(view, width)
    if lines is None:
        return 0
    _, notes, waiting = lines
    text_h = TITLE_SIZE + len(notes) * (NOTE_SIZE + LINE_GAP) + LINE_GAP
    return TOP_GAP + max(text_h, BACK_H + 2 * LAYERS if waiting else 0)


def draw(img: Image.Image, view: View, x: int, y: int, width: int) -> None:
    """The viewer's foot at (x, y): a face-down stack, then what it is and when it comes."""
    lines = _lines(view, width)
    if lines is None:
        return
    title, notes, waiting = lines
    d = Pen(img)
    y += TOP_GAP
    text_x = x
    if waiting:
        for k in range(LAYERS - 1, -1, -1):
            paste_card(img, assets.card("back", BACK_W), x + 2 * k, y + 2 * k, shadow=k == 0)
        text_x = x + BACK_W + 2 * LAYERS + 18
    d.text((text_x, y), title, font=assets.font(TITLE_SIZE, "bold"),
           fill=INK_LIGHT if waiting else GOLD)
    ty = y + TITLE_SIZE + LINE_GAP
    for line in notes:
        d.text((text_x, ty), line, font=assets.font(NOTE_SIZE), fill=INK_DIM)
        ty += NOTE_SIZE + LINE_GAP


__all__ = ["draw", "has_feet", "height", "seat", "seat_note", "word"]
