"""Slash commands in every language: names, descriptions, options and choices are written
as `locale_str`s carrying their catalog key, and `CatalogTranslator` gives Discord each
language's words (English is the base Discord falls back to).

Keys: `command.<path>.name` and `command.<path>.about` for a command (`canasta.new`) or an
option of it (`canasta.new.players`); `choice.<option>.<value>` for a choice.
"""

from __future__ import annotations

import discord
from discord import app_commands
from discord.app_commands import locale_str

from bot import i18n


def _english(key: str) -> str:
    return i18n.text(i18n.BASE_LANGUAGE, key)


def name(path: str) -> locale_str:
    """A command's or an option's name (English base, translated per client)."""
    key = f"command.{path}.name"
    return locale_str(_english(key), key=key)


def about(path: str) -> locale_str:
    """A command's or an option's description."""
    key = f"command.{path}.about"
    return locale_str(_english(key), key=key)


def choice(key: str) -> locale_str:
    """A choice's name (its catalog key: `choice.timer.2`, or any catalog key)."""
    return locale_str(_english(key), key=key)


class CatalogTranslator(app_commands.Translator):
    """Discord asks once per language and string when the commands sync."""

    async def translate(self, string: locale_str, locale: discord.Locale,
                        context: app_commands.TranslationContextTypes) -> str | None:
        lang = i18n.supported(locale.value)
        key = string.extras.get("key")
        if lang is None or lang == i18n.BASE_LANGUAGE or not key or not i18n.has_key(key):
            return None
        return i18n.text(lang, key)


__all__ = ["CatalogTranslator", "about", "choice", "name"]
