"""The bot's pictures (PNG, see `bot.render.encode`), from named engine views, rendered off
the event loop, and their attachments' names."""

from __future__ import annotations

import asyncio
import io
from collections.abc import Callable
from typing import Any

import discord


def _renderer(name: str) -> Callable[[dict[str, Any]], bytes]:
    try:
        import bot.render as render

        draw = getattr(render, name)
    except (ImportError, AttributeError):
        return _plain
    return lambda view: _fallback_on_missing(draw, view)


def _fallback_on_missing(draw: Callable[[dict[str, Any]], bytes], view: dict[str, Any]) -> bytes:
    try:
        return draw(view)
    except ImportError:  # a picture module not installed: a plain picture still informs
        return _plain(view)


def _plain(view: dict[str, Any]) -> bytes:
    """A text-only picture, used only when bot.render is unavailable."""
    from PIL import Image, ImageDraw

    lines = [f"hand {view.get('hand_number')} - {view.get('turn')} to play"]
    if view.get("hand"):
        lines.append(" ".join(view["hand"]))
    for team in view.get("teams") or []:
        melds = "  ".join(" ".join(m.get("cards", [])) for m in team.get("melds") or [])
        lines.append(f"{' & '.join(team.get('members') or [])}: {team.get('score')}  {melds}")
    pile = view.get("pile") or {}
    lines.append(f"pile {pile.get('size')} top {pile.get('top')}  stock {view.get('stock')}")
    image = Image.new("RGB", (900, 20 + 18 * len(lines)), "darkgreen")
    pen = ImageDraw.Draw(image)
    for i, line in enumerate(lines):
        pen.text((10, 10 + 18 * i), line, fill="white")
    out = io.BytesIO()
    image.save(out, "PNG")
    return out.getvalue()


async def picture(kind: str, view: dict[str, Any]) -> bytes:
    """`kind` is "hand", "table" or "scores"; the work runs in a worker thread."""
    draw = _renderer(f"render_{kind}")
    return await asyncio.to_thread(draw, view)


async def warm() -> None:
    """Prepare the card art in a worker thread (see `bot.render.warm`)."""
    try:
        from bot.render import warm as prepare
    except ImportError:
        return
    await asyncio.to_thread(prepare)


EXTENSION = "png"  # as `bot.render.encode.EXTENSION`, without importing Pillow's side


def file_name(kind: str) -> str:
    """`hand.png`, `table.png`, `scores.png`: what Discord shows the picture as."""
    return f"{kind}.{EXTENSION}"


def as_file(data: bytes, kind: str) -> discord.File:
    """The picture of `kind` ("hand", "table", "scores") as an attachment."""
    return discord.File(io.BytesIO(data), filename=file_name(kind))
