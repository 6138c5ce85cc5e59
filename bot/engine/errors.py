"""The engine's one exception."""


class IllegalMove(ValueError):
    """A move the rules forbid; the message says which rule and what would fix it."""
