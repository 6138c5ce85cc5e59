"""Sentences, counted nouns, numbers and rank letters in one language."""

from __future__ import annotations

from functools import cache
from typing import Any

from babel.numbers import format_decimal

from bot.i18n.catalog import catalog, supported

RANKS = ("A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2", "JK")


class _Values(dict[str, object]):
    """Format values; a placeholder without a value stays as written instead of failing."""

    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def _fill(template: str, values: dict[str, Any]) -> str:
    return template.format_map(_Values(values)) if values else template


def text(lang: str, key: str, **values: Any) -> str:
    """The message `key` in language `lang`, its `{placeholders}` filled from `values`."""
    return _fill(catalog(lang).gettext(key), values)


def plural(lang: str, key: str, n: int, **values: Any) -> str:
    """The message `key` in the plural form `n` asks for in `lang`; `{n}` is the count."""
    return _fill(catalog(lang).ngettext(key, key, n), {"n": number(lang, n), **values})


def number(lang: str, n: int) -> str:
    """`n` grouped as the language writes it: en "1,500"; bg, lt, ru "1 500" (no-break space,
    as Babel's CLDR data has it)."""
    return format_decimal(n, locale=supported(lang) or "en")


def decimal(lang: str, x: float) -> str:
    """`x` with one decimal, as the language writes it: en "-1.8", bg/lt/ru "-1,8"."""
    return format_decimal(round(x, 1), format="0.0", locale=supported(lang) or "en")


@cache
def rank_letters(lang: str) -> dict[str, str]:
    """Engine rank ("A", "K", ..., "2", "JK") -> the index players of `lang` write for it
    (catalog keys `rank.<R>`): Russian Т К Д В, Bulgarian А П Д В, Lithuanian T K D V."""
    return {rank: catalog(lang).gettext(f"rank.{rank}") for rank in RANKS}


__all__ = ["RANKS", "decimal", "number", "plural", "rank_letters", "text"]
