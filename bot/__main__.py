"""`canasta-bot` / `python -m bot`: read the settings, log to stdout, run until stopped.

`canasta-bot copy-database FROM TO` copies a whole database (SQLite file or PostgreSQL URL)
into an empty one instead (see bot/store/copy.py).
"""

from __future__ import annotations

import logging
import sys

from bot.discord_ui.config import MissingToken, load_settings
from bot.store.database import MissingDriver, is_postgres, redacted


class _Redact(logging.Filter):
    """Belt and braces: a log line that somehow contains the token shows it masked."""

    def __init__(self, secret: str) -> None:
        super().__init__()
        self.secret = secret

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        if self.secret and self.secret in message:
            record.msg = message.replace(self.secret, "[token]")
            record.args = None
        return True


class _NoVoiceWarnings(logging.Filter):
    """The bot never joins a voice channel: discord.py's warnings that voice support
    (PyNaCl, davey) is not installed are noise in its log."""

    def filter(self, record: logging.LogRecord) -> bool:
        return not (record.name.startswith("discord")
                    and "voice will NOT be supported" in record.getMessage())


def setup_logging(level: str, secret: str) -> None:
    handler = logging.StreamHandler(sys.stdout)
    handler.setFormatter(logging.Formatter(
        "%(asctime)s %(levelname)-8s %(name)s: %(message)s", "%Y-%m-%d %H:%M:%S"
    ))
    handler.addFilter(_Redact(secret))
    handler.addFilter(_NoVoiceWarnings())
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(getattr(logging, level.upper(), logging.INFO))


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if args[:1] == ["copy-database"]:
        return copy_database(args[1:])
    if args:
        print("usage: canasta-bot (runs the bot) | canasta-bot copy-database FROM TO",
              file=sys.stderr)
        return 2
    try:
        settings = load_settings()
        token = settings.require_token()
    except (MissingToken, ValueError) as exc:
        print(exc, file=sys.stderr)
        return 2
    setup_logging(settings.log_level, token)

    from bot import create_bot

    bot = create_bot(
        settings.database,
        dev_guild_id=settings.dev_guild_id,
        log_level=settings.log_level,
        default_variant=settings.default_variant,
        default_language=settings.default_language,
        ai_delay=settings.ai_delay,
        shard_count=settings.shard_count,
        shard_ids=settings.shard_ids,
    )
    logging.getLogger("bot").info("starting with database %s%s", redacted(settings.database),
                                  _shards_line(settings.shard_count, settings.shard_ids))
    try:
        bot.run(token, log_handler=None)
    except KeyboardInterrupt:
        pass
    except Exception as exc:  # a refused token, no network, no database: one line
        failure = start_failure(exc, settings.database)
        if failure is None:
            raise
        print(failure, file=sys.stderr)
        return 1
    return 0


def _shards_line(count: int | None, ids: tuple[int, ...] | None) -> str:
    if count is None:
        return ""
    shown = ",".join(str(i) for i in (ids or range(count)))
    return f", shards {shown} of {count}"


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


def database_failure(exc: BaseException, database: str) -> str | None:
    import sqlite3

    reason = " ".join(str(exc).split()) or type(exc).__name__
    if isinstance(exc, sqlite3.Error):
        return (f"Could not open the database {database} ({reason}): check DATABASE and that "
                "its folder exists and is writable.")
    if isinstance(exc, MissingDriver):
        return str(exc)
    if is_postgres(database):
        import asyncpg

        if isinstance(exc, asyncpg.PostgresError | asyncpg.InterfaceError | OSError):
            return (f"Could not use the PostgreSQL database {redacted(database)} ({reason}): "
                    "check DATABASE (user, password, host, database name) and that the "
                    "server is running.")
    return None


def start_failure(exc: BaseException, database: str) -> str | None:
    """The one sentence that says what stopped the start and what to check; None for a
    failure nobody foresaw (its traceback is worth having)."""
    import asyncio

    import aiohttp
    import discord

    reason = " ".join(str(exc).split()) or type(exc).__name__
    if isinstance(exc, discord.LoginFailure):
        return ("Discord refused the token: check DISCORD_TOKEN in .env or the environment "
                "(Developer Portal > your application > Bot > Reset Token gives a new one).")
    if isinstance(exc, aiohttp.ClientError):  # before OSError: some of them are OSErrors
        return (f"Could not reach Discord ({reason}): check this machine's network connection "
                "(and any firewall or proxy), then start the bot again.")
    failure = database_failure(exc, database)
    if failure is not None:
        return failure
    if isinstance(exc, OSError | asyncio.TimeoutError
                  | discord.GatewayNotFound):
        return (f"Could not reach Discord ({reason}): check this machine's network connection "
                "(and any firewall or proxy), then start the bot again.")
    if isinstance(exc, discord.HTTPException):
        return (f"Discord answered the start-up with an error ({reason}): check "
                "https://discordstatus.com and try again in a few minutes.")
    return None


if __name__ == "__main__":
    sys.exit(main())
