"""Running the bot until it stops: the log on stdout (the token never in it), and the one
sentence that says what stopped a start and what to check."""

from __future__ import annotations

import asyncio
import logging
import sys

import aiohttp
import discord

from bot.discord_ui.client import bot_for
from bot.discord_ui.config import Settings
from bot.store.backends import database_failure
from bot.store.database import redacted


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


def run(settings: Settings, token: str) -> int:
    """Run the bot with these settings until it stops; 1 when the start failed (said in
    one sentence on stderr), else 0."""
    setup_logging(settings.log_level, token)

    bot = bot_for(settings)
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


def start_failure(exc: BaseException, database: str) -> str | None:
    """The one sentence that says what stopped the start and what to check; None for a
    failure nobody foresaw (its traceback is worth having)."""
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
