"""The table picture posted in the game's thread after every move.

Top to bottom: a header (hand, status), the stock and discard pile beside the players'
seats, then one panel per team (``bot.render.panels``).
"""

from __future__ import annotations

from typing import Any

from PIL import Image

from bot.render import assets, caption, panels
from bot.render.draw import (
    GOLD,
    INK_DIM,
    INK_LIGHT,
    Pen,
    felt,
    fit,
    fit_name,
    paste_card,
    rich_text,
    team_colour,
    text_width,
)
from bot.render.png import to_png
from bot.words import plural

View = dict[str, Any]

WIDTH = 1280
PAD = 24
AREA_W = WIDTH - 2 * PAD
HEADER_H = 78
PILE_W = 100
PILE_H = assets.card_height(PILE_W)
MINI_W = 26
FROZEN_INK = (120, 200, 255)
BLOCKED_INK = (235, 70, 60)
CHIP_H = 56
CHIP_GAP = 10
TAG_LEFT, TAG_RIGHT = PAD, 420 - 12  # tags under the pile stay clear of the players' seats


def render(view: View) -> bytes:
    teams = list(view.get("teams") or [])
    centre_h = _centre_height(view)
    height = HEADER_H + centre_h + panels.height(teams, AREA_W) + PAD - panels.PANEL_GAP + 8
    img = felt(WIDTH, height)
    _header(img, view)
    y = HEADER_H
    _centre(img, view, y)
    y += centre_h
    panels.draw(img, view, teams, PAD, y, AREA_W)
    return to_png(img)


# -- header ---------------------------------------------------------------------------------

def _header(img: Image.Image, view: View) -> None:
    d = Pen(img)
    d.rectangle((0, 0, WIDTH, HEADER_H - 12), fill=(0, 0, 0, 70))
    hand_no = view.get("hand_number")
    title = f"Canasta \u00b7 hand {hand_no}" if hand_no else "Canasta"
    d.text((PAD, 12), title, font=assets.font(30, "bold"), fill=INK_LIGHT)
    rules = view.get("rules") or {}
    bits = [str(view.get("variant") or "classic").capitalize()]
    if rules.get("target"):
        bits.append(f"target {int(rules['target']):,}")
    need = int(rules.get("canastas_to_go_out") or 1)
    bits.append(f"{plural(need, 'canasta')} to go out")
    d.text((PAD, 48), " \u00b7 ".join(bits), font=assets.font(17), fill=INK_DIM)
    f = assets.font(26, "bold")
    room = WIDTH - 2 * PAD - 40 - text_width(title, assets.font(30, "bold"))
    status = fit(caption.table_status(view), f, room)
    moves = caption.last_moves(view)
    top = 22 if not moves else 10
    d.text((WIDTH - PAD - text_width(status, f), top), status, font=f, fill=GOLD)
    if moves:
        mf = assets.font(17)
        moves = fit(moves, mf, room)
        rich_text(d, (WIDTH - PAD - text_width(moves, mf), 44), moves, mf, INK_LIGHT)


# -- stock, pile and players ----------------------------------------------------------------

def _centre_height(view: View) -> int:
    rows = _chip_rows(len(view.get("players") or []))
    players_h = 34 + rows * (CHIP_H + CHIP_GAP)
    pile_h = 32 + PILE_H + 40 + 30 * len(_pile_tags(view))
    return max(pile_h, players_h) + 10


def _chip_columns(n: int) -> int:
    return 2 if n in (1, 2, 4) else 3


def _chip_rows(n: int) -> int:
    cols = _chip_columns(n)
    return max(1, -(-n // cols))


def _centre(img: Image.Image, view: View, top: int) -> None:
    d = Pen(img)
    label_f = assets.font(18, "bold")
    # Stock: a squared stack of backs, higher when fuller.
    stock = int(view.get("stock") or 0)
    x, y = PAD + 8, top + 32
    d.text((x, top + 4), "STOCK", font=label_f, fill=INK_DIM)
    if stock:
        layers = min(5, 1 + stock // 15)
        for k in range(layers - 1, -1, -1):
            paste_card(img, assets.card("back", PILE_W), x + 2 * k, y + 2 * k, shadow=k == 0)
    else:
        _empty_slot(d, x, y)
    d.text((x + PILE_W // 2 + 4, y + PILE_H + 22), plural(stock, "card"),
           font=assets.font(18, "bold"), fill=INK_LIGHT, anchor="mm")
    _pile(img, view, PAD + PILE_W + 64, top)
    _players(img, view, 420, top)


def _empty_slot(d: Pen, x: int, y: int) -> None:
    d.rounded_rectangle((x, y, x + PILE_W, y + PILE_H), radius=8, outline=(255, 255, 255, 90),
                        width=2)


def _pile(img: Image.Image, view: View, x: int, top: int) -> None:
    d = Pen(img)
    pile = view.get("pile") or {}
    size = int(pile.get("size") or 0)
    top_card = pile.get("top")
    d.text((x, top + 4), "DISCARD PILE", font=assets.font(18, "bold"), fill=INK_DIM)
    y = top + 32
    slot_w = PILE_H  # room for a sideways card
    cx, cy = x + slot_w // 2, y + PILE_H // 2
    if not size or not top_card:
        _empty_slot(d, cx - PILE_W // 2, y)
    else:
        under = min(4, size - 1)
        for k in range(under, 0, -1):
            ox = cx - PILE_W // 2 + 2 * k
            d.rounded_rectangle((ox, y + 2 * k, ox + PILE_W - 1, y + 2 * k + PILE_H - 1),
                                radius=7, fill=(250, 247, 238), outline=(150, 144, 132))
        if pile.get("frozen_all"):
            card = assets.card_sideways(top_card, PILE_W)
            paste_card(img, card, cx - PILE_H // 2, cy - PILE_W // 2)
            corner = (cx + PILE_H // 2 - 14, cy + PILE_W // 2 - 10)
        else:
            paste_card(img, assets.card(top_card, PILE_W), cx - PILE_W // 2, y)
            corner = (cx + PILE_W // 2 - 8, y + PILE_H - 18)
        if pile.get("blocked"):  # on a corner without an index, so the card stays readable
            _stop_marker(d, *corner)
    d.text((cx, y + PILE_H + 22), plural(size, "card"),
           font=assets.font(18, "bold"), fill=INK_LIGHT, anchor="mm")
    tags = _pile_tags(view)
    ty = y + PILE_H + 38
    for text, ink in tags:
        f, (text,) = fit_name(text, (17, 15), TAG_RIGHT - TAG_LEFT - 20, two_lines=False)
        w = text_width(text, f) + 20
        left = max(TAG_LEFT, min(cx - w // 2, TAG_RIGHT - w))  # centred under the pile if it can
        d.rounded_rectangle((left, ty, left + w, ty + 26), radius=13,
                            fill=(0, 0, 0, 130), outline=ink, width=2)
        d.text((left + w // 2, ty + 13), text, font=f, fill=ink, anchor="mm")
        ty += 30


def _pile_tags(view: View) -> list[tuple[str, tuple[int, ...]]]:
    pile = view.get("pile") or {}
    tags = []
    if pile.get("blocked"):
        tags.append((f"BLOCKED: {caption.block_tag(str(pile['blocked']))}", BLOCKED_INK))
    return tags + _frozen_tags(view)


def _frozen_tags(view: View) -> list[tuple[str, tuple[int, ...]]]:
    """FROZEN when the pile is frozen for every side; else one tag per side it is frozen
    for (a side that has not melded yet), in the side's colour: "frozen for Ana & Cy", or
    "frozen for your side" in a player's own view.  The public table (a view of nobody)
    names the sides, so each player reads his own side's state from the same picture."""
    pile = view.get("pile") or {}
    if not pile.get("size"):
        return []
    teams = list(view.get("teams") or [])
    sides = [t for t in teams if t.get("pile_frozen", not t.get("has_melded"))]
    if pile.get("frozen_all") or (teams and len(sides) == len(teams)):
        return [("FROZEN", FROZEN_INK)]
    tags = []
    for team in sides:
        index = int(team.get("index") or 0)
        if view.get("player") is not None and view.get("team") == index:
            whom = "you" if caption.team_size(view, index) == 1 else "your side"
        else:
            whom = caption.team_name(view, index)
        tags.append((f"frozen for {whom}", team_colour(index)))
    return tags


def _stop_marker(d: Pen, cx: int, cy: int) -> None:
    """A small stop sign on the pile's corner: nobody may take it now."""
    d.regular_polygon((cx, cy, 24), 8, rotation=22.5, fill=BLOCKED_INK,
                      outline=(255, 255, 255), width=2)
    d.line((cx - 12, cy, cx + 12, cy), fill=(255, 255, 255), width=6)


def _players(img: Image.Image, view: View, x0: int, top: int) -> None:
    d = Pen(img)
    players = list(view.get("players") or [])
    d.text((x0, top + 4), "PLAYERS", font=assets.font(18, "bold"), fill=INK_DIM)
    cols = _chip_columns(len(players))
    chip_w = (WIDTH - PAD - x0 - (cols - 1) * CHIP_GAP) // cols
    for i, p in enumerate(players):
        row, col = divmod(i, cols)
        x = x0 + col * (chip_w + CHIP_GAP)
        y = top + 32 + row * (CHIP_H + CHIP_GAP)
        _chip(img, d, view, p, x, y, chip_w)


def _chip(img: Image.Image, d: Pen, view: View, p: dict[str, Any], x: int,
          y: int, w: int) -> None:
    name = str(p.get("name", "?"))
    active = p.get("active", True)
    to_act = active and name == view.get("turn") and view.get("phase") != "over"
    fill = (255, 255, 255, 40) if to_act else (0, 0, 0, 80)
    d.rounded_rectangle((x, y, x + w, y + CHIP_H), radius=12, fill=fill,
                        outline=GOLD if to_act else None, width=3 if to_act else 0)
    colour = team_colour(int(p.get("team") or 0))
    d.rounded_rectangle((x + 6, y + 8, x + 13, y + CHIP_H - 8), radius=3,
                        fill=colour if active else (110, 120, 114))
    ink = INK_LIGHT if active else (150, 160, 154)
    label = name + ("  (you)" if name == view.get("player") else "")
    f, (label,) = fit_name(label, (21, 18), w - 100, two_lines=False)
    if not active:
        sub, sub_ink = "sits out this hand", (150, 160, 154)
    elif to_act:
        sub, sub_ink = "\u25b6 " + _acting(view), GOLD
    elif partners := _partners(view, p):
        sub, sub_ink = "with " + " & ".join(partners), INK_DIM
    else:
        sub, sub_ink = "", INK_DIM
    d.text((x + 22, y + (6 if sub else 14)), label, font=f, fill=ink)
    if sub:
        sf, (sub,) = fit_name(sub, (15, 13), w - 110, "regular", two_lines=False)
        d.text((x + 22, y + 32), sub, font=sf, fill=sub_ink)
    if active:
        count = int(p.get("cards") or 0)
        mx = x + w - 78
        paste_card(img, assets.card("back", MINI_W), mx, y + (CHIP_H - 36) // 2, shadow=False)
        d.text((mx + MINI_W + 8, y + CHIP_H // 2), str(count), font=assets.font(24, "bold"),
               fill=ink, anchor="lm")


def _partners(view: View, p: dict[str, Any]) -> list[str]:
    """The names of a player's partners (none in individual play)."""
    team = int(p.get("team") or 0)
    return [str(q.get("name")) for q in view.get("players") or []
            if int(q.get("team") or 0) == team and q.get("name") != p.get("name")]


def _acting(view: View) -> str:
    if view.get("question"):
        return "to answer"
    return {"draw": "to draw", "play": "to meld / discard"}.get(str(view.get("phase")),
                                                                 "to play")
