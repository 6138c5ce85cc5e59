"""English words that change with a count: the one place to swap for translation catalogs.

Every sentence of the bot that carries a number ("1 card", "3 games") or whose verb follows
its subject ("Mara wins", "Ana & Bo win") asks here, so that moving to gettext later means
replacing these two functions with ``ngettext`` and nothing else.
"""

from __future__ import annotations


def word(n: int, one: str, many: str | None = None) -> str:
    """``one`` for a count of one, else ``many`` (default: ``one`` + "s"); ngettext's shape.

    Also picks a verb for its subject: ``word(len(members), "wins", "win")``."""
    if n == 1:
        return one
    return many if many is not None else one + "s"


def plural(n: int, one: str, many: str | None = None) -> str:
    """The count and its noun: ``plural(1, "card")`` is "1 card", ``plural(3, "card")``
    is "3 cards"."""
    return f"{n} {word(n, one, many)}"


__all__ = ["plural", "word"]
