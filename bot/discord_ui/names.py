"""Players' names in the text the bot sends: Discord's markdown and mentions escaped, so a
name reads as the name (`[FREE NITRO](https://…)` is no masked link, `**x**` no bold,
`<@&id>` no role pill, `@everyone` no ping). Pictures are drawn from the cleaned name as it
is (`bot/service/names.py`), never from these."""

from __future__ import annotations

import re
from collections.abc import Mapping

# Every character Discord's markdown gives a meaning to is escaped by a backslash (Discord
# reads a backslash before any ASCII punctuation as "this character as it is").
_MARKDOWN = re.compile(r"[\\*_~`|>#\-\[\]()<:]")
_MENTION = re.compile(r"@(?=everyone|here)")
CODE_QUOTE = "ˋ"  # stands for a backtick inside a code block, which no escape can hold


def shown(name: str) -> str:
    """A name as text in a message."""
    return _MENTION.sub("@\u200b", _MARKDOWN.sub(r"\\\g<0>", name))


def shown_names(names: Mapping[str, str]) -> dict[str, str]:
    """Every name of a game (player id -> name) as text in a message."""
    return {player: shown(name) for player, name in names.items()}


def in_code(name: str) -> str:
    """A name inside a code block (the leaderboard): a backtick would end the block, and
    markdown is not read there, so only the backticks change."""
    return name.replace("`", CODE_QUOTE)
