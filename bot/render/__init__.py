"""Pillow pictures of a Canasta game, drawn from engine views (``game.view(player)``).

Pure functions: the same view gives the same PNG bytes.  The art comes from ``card_images/``
(drawn by ``python -m bot.render.cards``) and is loaded once per process.
"""

from __future__ import annotations

import threading
from typing import Any

from bot.render import hand as _hand

# The bot renders in worker threads; the shared font faces and card caches are used by one
# picture at a time (a picture takes milliseconds, so nobody waits long).
_LOCK = threading.Lock()

__all__ = ["render_hand", "render_scores", "render_table"]


def render_hand(view: dict[str, Any]) -> bytes:
    """PNG of the viewer's hand with a caption: name, hand size, what to do now."""
    with _LOCK:
        return _hand.render(view)


def render_table(view: dict[str, Any]) -> bytes:
    """PNG of the table: melds per team, red threes, pile, stock, players, scores."""
    from bot.render import table

    with _LOCK:
        return table.render(view)


def render_scores(view: dict[str, Any]) -> bytes:
    """PNG score sheet of ``view["results"]``: breakdown per hand, running totals, winner."""
    from bot.render import scores

    with _LOCK:
        return scores.render(view)
