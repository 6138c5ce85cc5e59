"""Running the bot until it stops: the log on stdout (the token never in it), and the one
sentence that says what stopped a start and what to check."""

from __future__ import annotations

import asyncio
import logging
import sys
import traceback

import aiohttp
import discord

from bot.discord_ui.client import bot_for
from bot.discord_ui.config import Settings
from bot.store.backends import database_failure
from bot.store.database import database_secrets, masked, redacted


class _Redact(logging.Filter):
    """Belt and braces: a log line that somehow contains the token or a database secret
    shows it masked."""

    def __init__(self, token: str, secrets: tuple[str, ...] = ()) -> None:
        super().__init__()
        self.masks = [(token, "[token]")] if token else []
        self.masks += [(secret, "***") for secret in secrets if secret]

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        if any(secret in message for secret, _ in self.masks):
            for secret, mask in self.masks:
                message = message.replace(secret, mask)
            record.msg, record.args = message, None
        if record.exc_info and record.exc_info[1] is not None:
            text = logging.Formatter().formatException(record.exc_info)
            if any(secret in text for secret, _ in self.masks):
                for secret, mask in self.masks:
                    text = text.replace(secret, mask)
                record.msg, record.args = f"{message}\n{text}", None
                record.exc_info, record.exc_text = None, None
        return True


class _NoVoiceWarnings(logging.Filter):
    """The bot never joins a voice channel: discord.py's warnings that voice support
    (PyNaCl, davey) is not installed are noise in its log."""

    def filter(self, record: logging.LogRecord) -> bool:
        return not (record.name.startswith("discord")
                    and "voice will NOT be supported" in record.getMessage())


def setup_logging(level: str, token: str, *secrets: str) -> None:
    """The log on stdout, the token and the database's secrets masked in every line."""
    handler = logging.StreamHandler(sys.stdout)
    handler.setFormatter(logging.Formatter(
        "%(asctime)s %(levelname)-8s %(name)s: %(message)s", "%Y-%m-%d %H:%M:%S"
    ))
    handler.addFilter(_Redact(token, secrets))
    handler.addFilter(_NoVoiceWarnings())
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(getattr(logging, level.upper(), logging.INFO))


def run(settings: Settings, token: str) -> int:
    """Run the bot with these settings until it stops; 1 when the start failed (said in
    one sentence on stderr), else 0."""
    secrets = database_secrets(settings.database)
    setup_logging(settings.log_level, token, *secrets)

    bot = bot_for(settings)
    logging.getLogger("bot").info("starting with database %s%s", redacted(settings.database),
                                  _shards_line(settings.shard_count, settings.shard_ids))
    try:
        bot.run(token, log_handler=None)
    except KeyboardInterrupt:
        pass
    except Exception as exc:  # a refused token, no network, no database: one line
        failure = start_failure(exc, settings.database)
        if failure is None:  # nobody foresaw it: its traceback, with the secrets masked
            failure = traceback.format_exc()
            for secret in (token, *secrets):
                failure = failure.replace(secret, "***")
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
    reason = masked(" ".join(str(exc).split()) or type(exc).__name__, database)
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
