"""Pillow pictures of a Canasta game, drawn from engine views (``game.view(player)``).

Pure functions: the same view gives the same bytes (``bot.render.encode``).
The art comes from ``card_images/`` (drawn by ``python -m bot.render.cards``) and is loaded
once per process.
"""

from __future__ import annotations

import threading
from typing import Any

from bot.render import hand as _hand

# The bot renders in worker threads; the shared font faces and card caches are used by one
# picture at a time (a picture takes milliseconds, so nobody waits long).
_LOCK = threading.Lock()

__all__ = ["render_hand", "render_rating", "render_replay", "render_scores", "render_table",
           "warm"]


def render_hand(view: dict[str, Any]) -> bytes:
    """The viewer's hand with a caption: name, hand size, what to do now."""
    with _LOCK:
        return _hand.render(view)


def render_table(view: dict[str, Any]) -> bytes:
    """The table: melds per team, red threes, pile, stock, players, scores."""
    from bot.render import table

    with _LOCK:
        return table.render(view)


def render_scores(view: dict[str, Any]) -> bytes:
    """The score sheet of ``view["results"]``: breakdown per hand, running totals, winner."""
    from bot.render import scores

    with _LOCK:
        return scores.render(view)


def render_rating(view: dict[str, Any]) -> bytes:
    """A person's rating over their last rated matches (see rating_chart.py)."""
    from bot.render import rating_chart

    with _LOCK:
        return rating_chart.render(view)


def render_replay(view: dict[str, Any]) -> bytes:
    """The table of a replayed hand with every hand face up (see replay.py)."""
    from bot.render import replay

    with _LOCK:
        return replay.render(view)


def warm() -> None:
    """Scale every card to the sizes the pictures use, once per process (about 1.5 s on a
    slow machine), so that no player's move waits for it: the common faces, and each
    language's own (its lettered aces, court cards and joker)."""
    from bot.i18n import LANGUAGES
    from bot.render import assets, melds, table
    from bot.render.notation import RANKS, SUITS

    codes = ["back", "JK"] + [rank + suit for rank in RANKS for suit in SUITS]
    with _LOCK:
        for lang in LANGUAGES:
            for code in codes:
                for width in (_hand.CARD_W, melds.CARD_W, table.PILE_W, table.MINI_W):
                    assets.card(code, width, lang)  # a shared face is scaled once
