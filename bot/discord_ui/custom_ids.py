"""Custom ids of the persistent buttons. They carry the game id, so a click finds its game
after a restart without any in-memory state; the cogs register `DynamicItem`s whose
templates are the patterns below."""

from __future__ import annotations

LOBBY = r"canasta:lobby:(?P<game>[0-9]+):(?P<verb>join|leave|computer|start|cancel)"
ANSWER = r"canasta:answer:(?P<game>[0-9]+):(?P<answer>yes|no)"
REMATCH = r"canasta:rematch:(?P<game>[0-9]+)"
LEVEL = r"canasta:computer:(?P<game>[0-9]+):(?P<level>easy|normal|hard)"
END = r"canasta:end:(?P<game>[0-9]+)"
PRIVACY = r"canasta:privacy:(?P<player>[0-9]+)"
REPLAY = r"canasta:replay:(?P<key>[0-9a-f]+):(?P<verb>back|next|menu)"
HINT = r"canasta:hint:(?P<game>[0-9]+)"


def lobby(game_id: int, verb: str) -> str:
    return f"canasta:lobby:{game_id}:{verb}"


def answer(game_id: int, yes: bool) -> str:
    return f"canasta:answer:{game_id}:{'yes' if yes else 'no'}"


def rematch(game_id: int) -> str:
    return f"canasta:rematch:{game_id}"


def level(game_id: int, level: str) -> str:
    return f"canasta:computer:{game_id}:{level}"


def replay(key: str, verb: str) -> str:
    """A control of an open replay (its key: see replay_desk.py)."""
    return f"canasta:replay:{key}:{verb}"


def hint(game_id: int) -> str:
    """/hint's button (the turn panel, the partner's "may I go out?" prompt): a hint for
    the clicker now, whichever turn the button was shown at."""
    return f"canasta:hint:{game_id}"


def end(game_id: int) -> str:
    """A moderator's confirmation that a table is to be cancelled."""
    return f"canasta:end:{game_id}"

def privacy(player: int) -> str:
    """/privacy's "Delete my data", for this person only."""
    return f"canasta:privacy:{player}"


# The turn panel (the hand message's controls). `verb` is the move; a select's chosen
# option carries the rest. The game id finds the game after a restart; whose turn it is
# and whether this panel is the current one are checked at the click.
_MOVE = r"canasta:move:(?P<game>[0-9]+):(?P<turn>[0-9]+\.[0-9]+):"
MOVE_BUTTON = _MOVE + r"(?P<verb>draw|take|ask)"
MOVE_MENU = _MOVE + r"(?P<verb>takes|meld|discard)"


def move(game_id: int, turn: str, verb: str) -> str:
    return f"canasta:move:{game_id}:{turn}:{verb}"
