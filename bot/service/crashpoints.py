"""Named instants where a crash test may kill the bot, to prove that no table is left half
set up. `CANASTA_CRASH_AT=<name>` (read once, at import) or `arm(name)` picks one; then
`crash_point(name)` ends the process at once, like a power cut: no clean-up, no rollback,
no flush. Unarmed, a crash point is one comparison with None.

Crash points in the code: new.created, new.after_lobby_post, new.after_lobby_recorded,
new.after_thread_created, new.opened; rematch.committed, rematch.after_button_edit,
rematch.announced; goout.committed, goout.after_prompt_post; timer.after_move,
timer.after_turn, timer.after_control.
"""

from __future__ import annotations

import os

CRASH_EXIT_CODE = 77

_armed: str | None = os.environ.get("CANASTA_CRASH_AT") or None


def arm(name: str | None) -> None:
    """Crash at `name` from now on (None: never)."""
    global _armed
    _armed = name


def crash_point(name: str) -> None:
    if _armed is not None and name == _armed:
        die(name)


def die(name: str) -> None:
    """End the process now (a test may wrap this to keep the simulated Discord's state)."""
    os._exit(CRASH_EXIT_CODE)
