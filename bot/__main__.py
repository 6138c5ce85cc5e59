"""`canasta-bot` / `python -m bot`: read the settings, log to stdout, run until stopped.

`canasta-bot copy-database FROM TO` copies a whole database (SQLite file or PostgreSQL URL)
into an empty one instead (see bot/store/copy.py); `canasta-bot rerate [DATABASE]` computes
every rating again from the stored matches (see bot/store/ratings.py; the database: the
settings' DATABASE by default).
"""

from __future__ import annotations

import sys

from bot.discord_ui.config import MissingToken, load_settings
from bot.discord_ui.run import run
from bot.store.backends import database_failure
from bot.store.database import redacted


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if args[:1] == ["copy-database"]:
        return copy_database(args[1:])
    if args[:1] == ["rerate"]:
        return rerate(args[1:])
    if args:
        print("usage: canasta-bot (runs the bot) | canasta-bot copy-database FROM TO"
              " | canasta-bot rerate [DATABASE]", file=sys.stderr)
        return 2
    try:
        settings = load_settings()
        token = settings.require_token()
    except (MissingToken, ValueError) as exc:
        print(exc, file=sys.stderr)
        return 2
    return run(settings, token)


def copy_database(args: list[str]) -> int:
    """`copy-database FROM TO`: every table, verified; the target must be empty."""
    import asyncio

    from bot.store.copy import CopyRefused, copy_database

    if len(args) != 2:
        print("usage: canasta-bot copy-database FROM TO (a SQLite file or a postgresql:// URL "
              "each; TO must be empty)", file=sys.stderr)
        return 2
    source, target = args
    try:
        counts = asyncio.run(copy_database(source, target))
    except CopyRefused as exc:
        print(exc, file=sys.stderr)
        return 1
    except Exception as exc:
        failure = database_failure(exc, target if isinstance(exc, OSError) else source)
        if failure is None:
            raise
        print(failure, file=sys.stderr)
        return 1
    rows = ", ".join(f"{table} {count}" for table, count in counts.items())
    print(f"Copied {redacted(source)} to {redacted(target)} and verified: {rows}.")
    return 0


def rerate(args: list[str]) -> int:
    """`rerate [DATABASE]`: every rating again, from the stored matches, in their order."""
    import asyncio

    from bot.store import Store

    if len(args) > 1:
        print("usage: canasta-bot rerate [DATABASE] (the settings' DATABASE by default)",
              file=sys.stderr)
        return 2
    target = args[0] if args else load_settings().database

    async def run_it() -> str:
        store = await Store.open(target)
        try:
            done = await store.rerate()
        finally:
            await store.close()
        return (f"Rerated {done.matches} matches in {redacted(target)}:"
                f" {done.changed} stored ratings changed.")

    try:
        print(asyncio.run(run_it()))
    except Exception as exc:
        failure = database_failure(exc, target)
        if failure is None:
            raise
        print(failure, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
