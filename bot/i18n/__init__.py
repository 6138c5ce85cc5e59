"""The bot's words in every language it speaks: one gettext catalog per language.

Discord-free and engine-free. Messages are named by stable keys ("refusal.not_your_turn");
each language's catalog (`catalogs/<lang>.po`) holds its sentences, with str.format
placeholders (`{player}`) and the plural forms its `Plural-Forms` header asks for (Russian and
Lithuanian: three, Bulgarian and English: two). A new language is one new catalog file plus its
code in `LANGUAGES`.
"""

from __future__ import annotations

from bot.i18n.catalog import (
    BASE_LANGUAGE,
    LANGUAGES,
    catalog,
    has_key,
    is_plural,
    keys,
    supported,
)
from bot.i18n.words import decimal, number, plural, rank_letters, text

__all__ = [
    "BASE_LANGUAGE",
    "LANGUAGES",
    "catalog",
    "decimal",
    "has_key",
    "is_plural",
    "keys",
    "number",
    "plural",
    "rank_letters",
    "supported",
    "text",
]
