"""`canasta-bot` / `python -m bot`: read the settings, log to stdout, run until stopped."""

from __future__ import annotations

import logging
import sys

from bot.config import MissingToken, load_settings


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


def main() -> int:
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
    )
    logging.getLogger("bot").info("starting with database %s", settings.database)
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


def start_failure(exc: BaseException, database: str) -> str | None:
    """The one sentence that says what stopped the start and what to check; None for a
    failure nobody foresaw (its traceback is worth having)."""
    import asyncio
    import sqlite3

    import aiohttp
    import discord

    reason = " ".join(str(exc).split()) or type(exc).__name__
    if isinstance(exc, discord.LoginFailure):
        return ("Discord refused the token: check DISCORD_TOKEN in .env or the environment "
                "(Developer Portal > your application > Bot > Reset Token gives a new one).")
    if isinstance(exc, sqlite3.Error):
        return (f"Could not open the database {database} ({reason}): check DATABASE and that "
                "its folder exists and is writable.")
    if isinstance(exc, aiohttp.ClientError | OSError | asyncio.TimeoutError
                  | discord.GatewayNotFound):
        return (f"Could not reach Discord ({reason}): check this machine's network connection "
                "(and any firewall or proxy), then start the bot again.")
    if isinstance(exc, discord.HTTPException):
        return (f"Discord answered the start-up with an error ({reason}): check "
                "https://discordstatus.com and try again in a few minutes.")
    return None


if __name__ == "__main__":
    sys.exit(main())
