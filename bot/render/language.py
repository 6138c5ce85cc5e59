"""The pictures' words: every label, caption and number in the view's language.

A thin door onto the bot's catalogs (``bot.i18n``): the pictures' keys live there under
``picture.``, below the pictures' line of each catalog.  A view names its language in
``view["language"]`` (set by the bot: the player's for a hand, the server's for the table);
a view without one, or with a language the bot does not speak, is drawn in English.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from bot import i18n

DEFAULT = "en"
PREFIX = "picture."


def of(view: Mapping[str, Any]) -> str:
    """The language a picture of ``view`` is drawn in."""
    lang = str(view.get("language") or DEFAULT)
    return lang if lang in i18n.LANGUAGES else DEFAULT


def say(lang: str, key: str, **values: Any) -> str:
    """The picture text ``picture.<key>`` in ``lang``, its ``{placeholders}`` filled."""
    return i18n.text(lang, PREFIX + key, **values)


@lru_cache(maxsize=4096)
def count(lang: str, key: str, n: int, **values: Any) -> str:
    """The plural text ``picture.<key>`` for ``n`` (``{n}`` is the count as the language
    writes numbers: ``1 500 карт``, ``1,500 cards``)."""
    return i18n.plural(lang, PREFIX + key, n, **values)


@lru_cache(maxsize=1024)
def cards(lang: str, n: int) -> str:
    """``1 card``, ``5 карт``, ``21 korta``: the bot's one counted noun for cards."""
    return i18n.plural(lang, "count.cards", n)


@lru_cache(maxsize=4096)
def number(lang: str, n: int) -> str:
    """``n`` grouped as the language writes it: ``1,500`` / ``1 500`` (no-break space).

    Cached: Babel takes a few dozen microseconds a number, and a score sheet writes
    hundreds of them, mostly the same ones again."""
    return i18n.number(lang, n)


def rank_letter(lang: str, rank: str) -> str:
    """The index letter players of ``lang`` write for an engine rank (``Q`` is ``Д`` in
    Russian); ranks without a letter of their own (``7``, ``10``) come back unchanged."""
    return i18n.rank_letters(lang).get(rank, rank)


__all__ = ["DEFAULT", "cards", "count", "number", "of", "rank_letter", "say"]
