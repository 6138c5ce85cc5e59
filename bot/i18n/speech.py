"""The bot's sentences in one language: catalog keys with the game's values made readable.

Values are named the same way everywhere (the engine's reason codes, its events and the
bot's own messages use these names), and each kind is shown in the reader's language:

- ``player`` (a name) as it is; ``players`` (names) joined with that language's "or";
- ``card``/``top`` (engine card text, "QH") with the language's rank letter ("Д♥" in
  Russian); ``cards`` (a list of them) joined by spaces;
- ``rank`` ("Q") as ``{rank}`` (the rank named after "a meld of": "queens", "дам") and
  ``{a_rank}`` (one card of it: "queen", "дама");
- ``kind``/``canasta`` (a kind of canasta: "natural", "samba", "bolivia") by its name;
- ``action`` (the engine's English verb, "take the pile") as the language's words;
- ``text`` (what a player typed) quoted; other numbers grouped as the language writes them.

A key the catalogs hold as a plural message takes its form from the value ``n``.
"""

from __future__ import annotations

import logging
from typing import Any

from bot import i18n
from bot.engine import card as engine_card
from bot.engine import quoted
from bot.engine.cards import SUIT_SIGNS

log = logging.getLogger(__name__)


def card_text(lang: str, text: str) -> str:
    """"QH" -> "Q♥" in English, "Д♥" in Russian; the joker by its name."""
    try:
        c = engine_card(text)
    except ValueError:
        return str(text)
    if c.is_joker:
        return i18n.text(lang, "card.joker")
    return i18n.rank_letters(lang).get(c.rank, c.rank) + SUIT_SIGNS[c.suit]


def cards_text(lang: str, cards: list[str]) -> str:
    return " ".join(card_text(lang, c) for c in cards)


def either(lang: str, names: list[str]) -> str:
    """"Ana or Bo" in the reader's language."""
    return i18n.text(lang, "word.or").join(names)


def shown(lang: str, values: dict[str, Any]) -> dict[str, Any]:
    """The values a message names, written for a reader of `lang` (see the module doc)."""
    out: dict[str, Any] = {}
    for name, value in values.items():
        if name == "players" and isinstance(value, (list, tuple)):
            out[name] = either(lang, [str(v) for v in value])
        elif name in ("card", "top") and isinstance(value, str):
            out[name] = card_text(lang, value)
        elif name == "cards" and isinstance(value, (list, tuple)):
            out[name] = cards_text(lang, list(value))
        elif name == "rank":
            out["rank"] = i18n.text(lang, f"rank_name.{value}")
            out["a_rank"] = i18n.text(lang, f"rank_one.{value}")
        elif name in ("kind", "canasta") and isinstance(value, str):
            out[name] = i18n.text(lang, f"canasta_kind.{value}")
        elif name == "variant" and i18n.has_key(f"variant.{value}"):
            out[name] = i18n.text(lang, f"variant.{value}")
        elif name == "action":
            out[name] = i18n.text(lang, "action." + str(value).replace(" ", "_"))
        elif name == "text":
            out[name] = quoted(str(value))
        elif isinstance(value, int) and not isinstance(value, bool):
            out[name] = i18n.number(lang, value)
        else:
            out[name] = value
    return out


def say(lang: str, key: str, **values: Any) -> str:
    """The message `key` in `lang`, its values shown for that reader."""
    if i18n.is_plural(key):
        n = values.get("n", 0)
        return i18n.plural(lang, key, n if isinstance(n, int) else 0,
                           **{k: v for k, v in shown(lang, values).items() if k != "n"})
    return i18n.text(lang, key, **shown(lang, values))


def sentence(text: str) -> str:
    """A reason as the end of a sentence: with its full stop."""
    text = text.strip()
    if not text:
        return text
    return text if text.endswith((".", "!", "?", "…")) else text + "."


__all__ = ["card_text", "cards_text", "either", "log", "say", "sentence", "shown"]
