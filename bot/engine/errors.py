"""The engine's one exception, and how its messages quote what a player typed."""

from collections.abc import Callable
from typing import Any, ParamSpec

P = ParamSpec("P")

QUOTE_LIMIT = 40


class IllegalMove(ValueError):
    """A move the rules forbid; the message says which rule and what would fix it.

    `message` is the English sentence kept for logs and tests. `code` is a stable reason code
    (e.g. "not_your_turn") and `values` what the sentence names (players, cards, ranks,
    counts), so the bot can say the same thing in the player's own language."""

    def __init__(self, message: str, *, code: str = "", **values: Any) -> None:
        super().__init__(message)
        self.code = code
        self.values = values


def accepted(judge: Callable[P, object], *args: P.args, **kwargs: P.kwargs) -> bool:
    """Does ``judge`` (the planner, or a check of it) accept the move, raising no
    ``IllegalMove``? For the search of legal moves: a refusal is forgotten with where it
    was raised (its traceback holds the frames of the planner and of the search, and a frame
    that named the error holds it: a cycle only the garbage collector would free)."""
    try:
        judge(*args, **kwargs)
    except IllegalMove as refused:
        refused.__traceback__ = None
        return False
    return True


def quoted(text: str, limit: int = QUOTE_LIMIT) -> str:
    """What a player typed, quoted in a message: on one line and at most `limit` characters,
    with "…" where it was cut. Every message that repeats player input quotes it with this."""
    line = " ".join(str(text).split())
    if len(line) > limit:
        line = line[:limit] + "…"
    return repr(line)
