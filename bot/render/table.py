"""The table picture of the game's thread (its live message: redrawn when a person's turn
starts).

Top to bottom: a header (hand, status), the stock and discard pile beside the players'
seats, then one panel per team (``bot.render.panels``).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from PIL import Image, ImageFont

from bot.render import assets, bonus, caption, foot, language, panels
from bot.render.draw import (
    GOLD,
    INK_DIM,
    INK_LIGHT,
    Pen,
    Room,
    felt,
    fit,
    fit_name,
    paste_card,
    rich_text,
    stacked_edges,
    team_colour,
    text_width,
)
from bot.render.encode import encode
from bot.render.language import count, say

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
LABEL_SIZE = 18  # STOCK, DISCARD PILE, PLAYERS
STOCK_X = PAD + 8
PILE_X = PAD + PILE_W + 90  # the stock's label gets room for Lithuanian's two words
PLAYERS_X = 420
CHIP_H = 56
FOOT_LINE_H = 20  # a chip's third line: its foot (Hand and Foot, Pennies)
CHIP_GAP = 10
MIN_CHIP_W = (WIDTH - PAD - PLAYERS_X - 2 * CHIP_GAP) // 3  # three seats a row
TAG_LEFT, TAG_RIGHT = PAD, PLAYERS_X - 12  # tags under the pile stay clear of the seats

# The fixed labels and the room each has (the language tests measure every translation).
STOCK_LABEL = Room(PILE_X - STOCK_X - 12, (LABEL_SIZE, 16, 14), two_lines=True, caps=True,
                   narrow=True)
PILE_LABEL = Room(PLAYERS_X - PILE_X - 12, (LABEL_SIZE, 16, 14), caps=True, narrow=True)
PLAYERS_LABEL = Room(WIDTH - PAD - PLAYERS_X, (LABEL_SIZE,), caps=True)
PILE_COUNT = Room(PILE_X - STOCK_X - 12, (18, 16), counts=(0, 1, 2, 3, 5, 21, 22, 99, 108))
TAG = Room(TAG_RIGHT - TAG_LEFT - 20, (17, 15))
SEAT_NOTE = Room(MIN_CHIP_W - 110, (15, 13), "regular")  # under a name on a seat
ACTING = replace(SEAT_NOTE, prefix="\u25b6 ")
ROOMS = {"picture.stock": STOCK_LABEL, "picture.table.pile": PILE_LABEL,
         "picture.table.players": PLAYERS_LABEL, "count.cards": PILE_COUNT,
         "picture.table.frozen": replace(TAG, caps=True),
         "picture.table.frozen_for_you": TAG, "picture.table.frozen_for_your_side": TAG,
         "picture.table.sits_out": SEAT_NOTE, "picture.table.alone": SEAT_NOTE,
         **{f"picture.table.{k}": SEAT_NOTE
            for k in ("foot", "foot_up", "packet", "packet_up")},
         **{f"picture.table.{k}": replace(TAG, widest=(("piles", 4444),)) for k in bonus.TAGS},
         **{f"picture.table.acting.{k}": ACTING for k in ("answer", "draw", "play", "other")}}


def render(view: View) -> bytes:
    return encode(draw(view))


def draw(view: View) -> Image.Image:
    """The table picture's pixels."""
    teams = list(view.get("teams") or [])
    centre_h = _centre_height(view)
    height = HEADER_H + centre_h + panels.height(teams, AREA_W) + PAD - panels.PANEL_GAP + 8
    img = felt(WIDTH, height)
    _header(img, view)
    y = HEADER_H
    _centre(img, view, y)
    y += centre_h
    panels.draw(img, view, teams, PAD, y, AREA_W)
    return img


# -- header ---------------------------------------------------------------------------------

def rules_in_brief(view: View) -> str:
    """The line under the title: the variant, how the match ends, what going out needs."""
    lang = language.of(view)
    rules = view.get("rules") or {}
    bits = [caption.variant_name(view)]
    if rules.get("deals"):   # a match of a number of deals (Kombo, Hand and Foot)
        bits.append(count(lang, "table.deals", int(rules["deals"])))
    elif rules.get("target"):
        bits.append(say(lang, "table.target", target=language.number(lang, int(rules["target"]))))
    if not rules.get("play_to_stock_end"):   # Kombo: nobody goes out
        bits.append(count(lang, "table.to_go_out", int(rules.get("canastas_to_go_out") or 1)))
    return " \u00b7 ".join(bits)


def _header(img: Image.Image, view: View) -> None:
    d = Pen(img)
    lang = language.of(view)
    d.rectangle((0, 0, WIDTH, HEADER_H - 12), fill=(0, 0, 0, 70))
    hand_no = view.get("hand_number")
    title = say(lang, "table.title_hand", number=hand_no) if hand_no else say(lang, "table.title")
    d.text((PAD, 12), title, font=assets.font(30, "bold"), fill=INK_LIGHT)
    rules_line = rules_in_brief(view)
    d.text((PAD, 48), rules_line, font=assets.font(17), fill=INK_DIM)
    f = assets.font(26, "bold")
    room = WIDTH - 2 * PAD - 40 - text_width(title, assets.font(30, "bold"))
    status = fit(caption.table_status(view), f, room)
    mf = assets.font(17)  # the moves: beside the rules line, under the title
    moves = _moves_line(view, mf, min(room, WIDTH - 2 * PAD - 40 - text_width(rules_line, mf)))
    top = 22 if not moves else 10
    d.text((WIDTH - PAD - text_width(status, f), top), status, font=f, fill=GOLD)
    if moves:
        rich_text(d, (WIDTH - PAD - text_width(moves, mf), 44), moves, mf, INK_LIGHT)


def _moves_line(view: View, f: ImageFont.FreeTypeFont, room: int) -> str:
    """The last two moves, or the last one, with long names cut shorter until they fit: a
    name may lose its end, a move's words never do."""
    for limit in (2, 1):
        for name_chars in (None, 16, 10, 6, 3):
            moves = caption.last_moves(view, limit, name_chars)
            if text_width(moves, f) <= room:
                return moves
    return fit(caption.last_moves(view, 1, 3), f, room)


# -- stock, pile and players ----------------------------------------------------------------

def _chip_height(view: View) -> int:
    return CHIP_H + (FOOT_LINE_H if foot.has_feet(view) else 0)


def _centre_height(view: View) -> int:
    rows = _chip_rows(len(view.get("players") or []))
    players_h = 34 + rows * (_chip_height(view) + CHIP_GAP)
    pile_h = 32 + PILE_H + 40 + 30 * len(_pile_tags(view))
    return max(pile_h, players_h) + 10


def _chip_columns(n: int) -> int:
    return 2 if n in (1, 2, 4) else 3


def _chip_rows(n: int) -> int:
    cols = _chip_columns(n)
    return max(1, -(-n // cols))


def _centre(img: Image.Image, view: View, top: int) -> None:
    d = Pen(img)
    lang = language.of(view)
    # Stock: a squared stack of backs, higher when fuller.
    stock = int(view.get("stock") or 0)
    x, y = STOCK_X, top + 32
    _section_label(d, STOCK_LABEL, say(lang, "stock"), x, top)
    if stock:
        layers = min(5, 1 + stock // 15)
        for k in range(layers - 1, -1, -1):
            paste_card(img, assets.card("back", PILE_W), x + 2 * k, y + 2 * k, shadow=k == 0)
    else:
        _empty_slot(d, x, y)
    f, (size,) = PILE_COUNT.fit(language.cards(lang, stock))
    d.text((x + PILE_W // 2 + 4, y + PILE_H + 22), size, font=f, fill=INK_LIGHT, anchor="mm")
    _pile(img, view, PILE_X, top)
    _players(img, view, PLAYERS_X, top)


def _section_label(d: Pen, room: Room, text: str, x: int, top: int) -> None:
    """STOCK, DISCARD PILE, PLAYERS over their places; a long one on two smaller lines."""
    f, lines = room.fit(text)
    if len(lines) == 1:
        d.text((x, top + 4), lines[0], font=f, fill=INK_DIM)
        return
    for i, line in enumerate(lines):
        d.text((x, top - 6 + i * (f.size + 3)), line, font=f, fill=INK_DIM)


def _empty_slot(d: Pen, x: int, y: int) -> None:
    d.rounded_rectangle((x, y, x + PILE_W, y + PILE_H), radius=8, outline=(255, 255, 255, 90),
                        width=2)


def _pile(img: Image.Image, view: View, x: int, top: int) -> None:
    d = Pen(img)
    lang = language.of(view)
    pile = view.get("pile") or {}
    size = int(pile.get("size") or 0)
    top_card = pile.get("top")
    _section_label(d, PILE_LABEL, say(lang, "table.pile"), x, top)
    y = top + 32
    slot_w = PILE_H  # room for a sideways card
    cx, cy = x + slot_w // 2, y + PILE_H // 2
    if not size or not top_card:
        _empty_slot(d, cx - PILE_W // 2, y)
    else:
        under = min(4, size - 1)
        if under:
            steps = tuple((2 * k, 2 * k) for k in range(under, 0, -1))
            paste_card(img, stacked_edges(PILE_W, PILE_H, 7, steps, (250, 247, 238),
                                          (150, 144, 132)), cx - PILE_W // 2, y, shadow=False)
        if pile.get("frozen_all"):
            card = assets.card_sideways(top_card, PILE_W, lang)
            paste_card(img, card, cx - PILE_H // 2, cy - PILE_W // 2)
            corner = (cx + PILE_H // 2 - 14, cy + PILE_W // 2 - 10)
        else:
            paste_card(img, assets.card(top_card, PILE_W, lang), cx - PILE_W // 2, y)
            corner = (cx + PILE_W // 2 - 8, y + PILE_H - 18)
        if pile.get("blocked"):  # on a corner without an index, so the card stays readable
            _stop_marker(d, *corner)
    f, (count_text,) = PILE_COUNT.fit(language.cards(lang, size))
    d.text((cx, y + PILE_H + 22), count_text, font=f, fill=INK_LIGHT, anchor="mm")
    tags = _pile_tags(view)
    ty = y + PILE_H + 38
    for text, ink in tags:
        f, (text,) = TAG.fit(text)
        w = text_width(text, f) + 20
        left = max(TAG_LEFT, min(cx - w // 2, TAG_RIGHT - w))  # centred under the pile if it can
        d.rounded_rectangle((left, ty, left + w, ty + 26), radius=13,
                            fill=(0, 0, 0, 130), outline=ink, width=2)
        d.text((left + w // 2, ty + 13), text, font=f, fill=ink, anchor="mm")
        ty += 30


def _pile_tags(view: View) -> list[tuple[str, tuple[int, ...]]]:
    pile = view.get("pile") or {}
    lang = language.of(view)
    tags = []
    if pile.get("blocked"):
        tags.append((say(lang, "table.blocked", why=caption.block_tag(lang, str(pile["blocked"]))),
                     BLOCKED_INK))
    return tags + _frozen_tags(view) + [(text, GOLD) for text in bonus.tags(view)]


def _frozen_tags(view: View) -> list[tuple[str, tuple[int, ...]]]:
    """FROZEN when the pile is frozen for every side; else one tag per side it is frozen
    for (a side that has not melded yet), in the side's colour: "frozen for Ana & Cy", or
    "frozen for your side" in a player's own view.  The public table (a view of nobody)
    names the sides, so each player reads his own side's state from the same picture."""
    lang = language.of(view)
    pile = view.get("pile") or {}
    if not pile.get("size"):
        return []
    teams = list(view.get("teams") or [])
    sides = [t for t in teams if t.get("pile_frozen", not t.get("has_melded"))]
    if pile.get("frozen_all") or (teams and len(sides) == len(teams)):
        return [(say(lang, "table.frozen").upper(), FROZEN_INK)]
    tags = []
    for team in sides:
        index = int(team.get("index") or 0)
        if view.get("player") is not None and view.get("team") == index:
            alone = caption.team_size(view, index) == 1
            text = say(lang, "table.frozen_for_you" if alone else "table.frozen_for_your_side")
        else:
            text = say(lang, "table.frozen_for", side=caption.team_name(view, index))
        tags.append((text, team_colour(index)))
    return tags


def _stop_marker(d: Pen, cx: int, cy: int) -> None:
    """A small stop sign on the pile's corner: nobody may take it now."""
    d.regular_polygon((cx, cy, 24), 8, rotation=22.5, fill=BLOCKED_INK,
                      outline=(255, 255, 255), width=2)
    d.line((cx - 12, cy, cx + 12, cy), fill=(255, 255, 255), width=6)


def _players(img: Image.Image, view: View, x0: int, top: int) -> None:
    d = Pen(img)
    players = list(view.get("players") or [])
    _section_label(d, PLAYERS_LABEL, say(language.of(view), "table.players"), x0, top)
    cols = _chip_columns(len(players))
    chip_w = (WIDTH - PAD - x0 - (cols - 1) * CHIP_GAP) // cols
    chip_h = _chip_height(view)
    for i, p in enumerate(players):
        row, col = divmod(i, cols)
        x = x0 + col * (chip_w + CHIP_GAP)
        y = top + 32 + row * (chip_h + CHIP_GAP)
        _chip(img, d, view, p, x, y, chip_w)


def _chip(img: Image.Image, d: Pen, view: View, p: dict[str, Any], x: int,
          y: int, w: int) -> None:
    lang = language.of(view)
    name = str(p.get("name", "?"))
    active = p.get("active", True)
    to_act = active and name == view.get("turn") and view.get("phase") != "over"
    fill = (255, 255, 255, 40) if to_act else (0, 0, 0, 80)
    chip_h = _chip_height(view)
    d.rounded_rectangle((x, y, x + w, y + chip_h), radius=12, fill=fill,
                        outline=GOLD if to_act else None, width=3 if to_act else 0)
    colour = team_colour(int(p.get("team") or 0))
    d.rounded_rectangle((x + 6, y + 8, x + 13, y + chip_h - 8), radius=3,
                        fill=colour if active else (110, 120, 114))
    ink = INK_LIGHT if active else (150, 160, 154)
    label = name + ("  " + say(lang, "you_mark") if name == view.get("player") else "")
    f, (label,) = fit_name(label, (21, 18), w - 100, two_lines=False)
    if not active:
        sub, sub_ink = say(lang, "table.sits_out"), (150, 160, 154)
    elif to_act:
        sub, sub_ink = ACTING.fit(_acting(view))[1][0], GOLD
    elif caption.plays_alone(view, name):
        sub, sub_ink = say(lang, "table.alone"), GOLD
    elif partners := caption.partners(view, name):
        sub, sub_ink = say(lang, "table.with", partners=" & ".join(partners)), INK_DIM
    else:
        sub, sub_ink = "", INK_DIM
    d.text((x + 22, y + (6 if sub else 14)), label, font=f, fill=ink)
    if sub:
        sf, (sub,) = fit_name(sub, (15, 13), w - 110, "regular", two_lines=False)
        d.text((x + 22, y + 32), sub, font=sf, fill=sub_ink)
    if note := foot.seat_note(view, p):
        nf, (note,) = SEAT_NOTE.fit(note)
        d.text((x + 22, y + 52), note, font=nf, fill=INK_DIM)
    if active:
        held = int(p.get("cards") or 0)
        mx = x + w - 78
        paste_card(img, assets.card("back", MINI_W), mx, y + (CHIP_H - 36) // 2, shadow=False)
        d.text((mx + MINI_W + 8, y + CHIP_H // 2), str(held), font=assets.font(24, "bold"),
               fill=ink, anchor="lm")


def _acting(view: View) -> str:
    """What the seat whose turn it is does now: ``to draw``."""
    lang = language.of(view)
    if view.get("question"):
        return say(lang, "table.acting.answer")
    phase = str(view.get("phase"))
    return say(lang, f"table.acting.{phase if phase in ('draw', 'play') else 'other'}")
