"""Loading the PO catalogs: read with Babel, compiled in memory to `gettext` translations.

Each language falls back to English for a key its catalog lacks (the catalog test makes sure
none does); English falls back to the key itself, so a missing key is visible, never a crash.
"""

from __future__ import annotations

import gettext
from functools import cache
from io import BytesIO
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

LANGUAGES: tuple[str, ...] = ("en", "bg", "lt", "ru")
BASE_LANGUAGE = "en"  # the language of the slash commands' base names and of the logs

FOLDER = Path(__file__).parent / "catalogs"


def supported(lang: str | None) -> str | None:
    """The catalog language for a language or locale code ("ru", "en-US", "bg"), or None."""
    if not lang:
        return None
    code = str(lang).replace("_", "-").split("-")[0].lower()
    return code if code in LANGUAGES else None


@cache
def po_catalog(lang: str) -> Catalog:
    """The Babel catalog of one language, as written in `catalogs/<lang>.po`."""
    with open(FOLDER / f"{lang}.po", "rb") as f:
        return read_po(f, locale=lang)


@cache
def catalog(lang: str) -> gettext.GNUTranslations:
    """One language's messages as `gettext` translations (English behind every other)."""
    lang = supported(lang) or BASE_LANGUAGE
    buffer = BytesIO()
    write_mo(buffer, po_catalog(lang))
    buffer.seek(0)
    translations = gettext.GNUTranslations(buffer)
    if lang != BASE_LANGUAGE:
        translations.add_fallback(catalog(BASE_LANGUAGE))
    return translations


@cache
def keys(lang: str = BASE_LANGUAGE) -> frozenset[str]:
    """Every message key of one catalog."""
    out: set[str] = set()
    for message in po_catalog(lang):
        if message.id:
            out.add(str(message.id[0] if isinstance(message.id, tuple) else message.id))
    return frozenset(out)


def has_key(key: str) -> bool:
    return key in keys(BASE_LANGUAGE)


@cache
def plural_keys() -> frozenset[str]:
    """The keys the English catalog holds as plural messages (the test keeps the others
    alike)."""
    return frozenset(m.id[0] for m in po_catalog(BASE_LANGUAGE) if isinstance(m.id, tuple))


def is_plural(key: str) -> bool:
    return key in plural_keys()


__all__ = ["BASE_LANGUAGE", "LANGUAGES", "catalog", "has_key", "is_plural", "keys", "plural_keys",
           "po_catalog", "supported"]
