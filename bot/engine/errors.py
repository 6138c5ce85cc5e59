"""The engine's one exception, and how its messages quote what a player typed."""

QUOTE_LIMIT = 40


class IllegalMove(ValueError):
    """A move the rules forbid; the message says which rule and what would fix it."""


def quoted(text: str, limit: int = QUOTE_LIMIT) -> str:
    """What a player typed, quoted in a message: on one line and at most `limit` characters,
    with "…" where it was cut. Every message that repeats player input quotes it with this."""
    line = " ".join(str(text).split())
    if len(line) > limit:
        line = line[:limit] + "…"
    return repr(line)
