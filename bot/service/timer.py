"""The turn timer of a table: the host's choice, and the deadline of one turn.

A turn gets `minutes` from the moment it becomes a person's to act; half-way through they are
reminded, and when it runs out a computer plays that turn for them. Deadlines are wall-clock
seconds (the service's clock), stored with the game so that a restart keeps them.
"""

from __future__ import annotations

from typing import Any

from bot import i18n
from bot.store import Deadline

TIMER_CHOICES = (0, 1, 2, 5)  # minutes; 0 = off
DEFAULT_TIMER = 2
MISSES_BEFORE_HANDOVER = 3
STAND_IN_LEVEL = "normal"  # the computer that plays a turn the timer took, or a seat left


def turn_minutes(options: dict[str, Any]) -> int:
    """The table's timer in minutes (tables from before the timer get the default)."""
    value = options.get("timer", DEFAULT_TIMER)
    return int(value) if value in TIMER_CHOICES else DEFAULT_TIMER


def new_deadline(game_id: int, player: str, hand: int, now: float, minutes: int) -> Deadline:
    seconds = minutes * 60.0
    return Deadline(game_id, player, hand, now, now + seconds / 2, now + seconds)


def describe(minutes: int, lang: str = i18n.BASE_LANGUAGE) -> str:
    """"2 minutes a turn", or "no turn timer", in `lang`."""
    if not minutes:
        return i18n.text(lang, "timer.off")
    return i18n.plural(lang, "timer.minutes", minutes)


def left(seconds: float, lang: str = i18n.BASE_LANGUAGE) -> str:
    """"1 minute", "30 seconds", "2 minutes 30 seconds" (in `lang`)."""
    whole = max(0, round(seconds))
    minutes, rest = divmod(whole, 60)
    parts = []
    if minutes:
        parts.append(i18n.plural(lang, "time.minutes", minutes))
    if rest or not parts:
        parts.append(i18n.plural(lang, "time.seconds", rest))
    return " ".join(parts)
