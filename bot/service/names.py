"""Players' names as we keep them: a Discord display name, cleaned where it enters (a seat
taken, a table opened, a statistic), so that what is stored, drawn and said is plain text.

Cleaning removes what a reader cannot see or what reorders a line: control characters,
zero-width and other format characters (Unicode category Cf, which holds the bidirectional
overrides and isolates), line and paragraph separators; runs of spaces become one; the
name is capped at `NAME_LENGTH` characters. Escaping for Discord's markdown and mentions is
the Discord layer's job, where text is sent (`bot/discord_ui/names.py`); pictures show the
cleaned name as it is.
"""

from __future__ import annotations

import unicodedata

NAME_LENGTH = 32
_DROPPED = {"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"}


def clean_name(raw: str, fallback: str = "?") -> str:
    """`raw` as a one-line name of at most `NAME_LENGTH` characters (`fallback` when
    nothing visible is left)."""
    kept = []
    for char in unicodedata.normalize("NFC", raw or ""):
        category = unicodedata.category(char)
        if category in _DROPPED:
            if char in "\t\n\r":
                kept.append(" ")
            continue
        kept.append(" " if category == "Zs" else char)
    name = " ".join("".join(kept).split())
    if len(name) > NAME_LENGTH:
        name = name[:NAME_LENGTH].rstrip()
    return name or fallback
