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


def setup_logging(level: str, secret: str) -> None:
    handler = logging.StreamHandler(sys.stdout)
    handler.setFormatter(logging.Formatter(
        "%(asctime)s %(levelname)-8s %(name)s: %(message)s", "%Y-%m-%d %H:%M:%S"
    ))
    handler.addFilter(_Redact(secret))
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
    except Exception as exc:  # a bad token, no network: one line, not a traceback
        import discord

        if isinstance(exc, discord.LoginFailure):
            print("Discord refused the token: check DISCORD_TOKEN (Bot > Reset Token).",
                  file=sys.stderr)
            return 2
        raise
    return 0


if __name__ == "__main__":
    sys.exit(main())
