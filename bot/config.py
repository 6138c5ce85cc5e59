"""Settings from the environment (and a `.env` file), with the defaults `.env.example` lists."""

from __future__ import annotations

import os
from dataclasses import dataclass, field, fields
from pathlib import Path

from dotenv import load_dotenv

TOKEN_HELP = (
    "No DISCORD_TOKEN set: create an application at https://discord.com/developers/applications, "
    "copy its bot token (Bot > Reset Token) and put DISCORD_TOKEN=<token> in .env "
    "(see .env.example) or in the environment."
)


class MissingToken(RuntimeError):
    """The run command cannot log in without a bot token."""


@dataclass(frozen=True)
class Settings:
    """Everything the bot reads from its environment. The token never appears in `repr`."""

    token: str | None = field(default=None, repr=False)
    database: str = "./canasta.sqlite3"
    dev_guild_id: int | None = None
    log_level: str = "INFO"
    default_variant: str = "classic"
    default_language: str = "en"
    ai_delay: float = 1.5  # seconds a computer player "thinks" before each turn in Discord

    def require_token(self) -> str:
        if not self.token:
            raise MissingToken(TOKEN_HELP)
        return self.token


_ENV_NAMES = {
    "token": "DISCORD_TOKEN",
    "database": "DATABASE",
    "dev_guild_id": "DEV_GUILD_ID",
    "log_level": "LOG_LEVEL",
    "default_variant": "DEFAULT_VARIANT",
    "default_language": "DEFAULT_LANGUAGE",
    "ai_delay": "AI_DELAY",
}


def load_settings(env_file: str | Path | None = ".env") -> Settings:
    """Read settings: real environment variables win over the `.env` file."""
    if env_file is not None and Path(env_file).is_file():
        load_dotenv(env_file, override=False)
    values: dict[str, object] = {}
    for f in fields(Settings):
        raw = os.environ.get(_ENV_NAMES[f.name], "").strip()
        if not raw:
            continue
        if f.name == "dev_guild_id":
            if not raw.isdigit():
                raise ValueError(f"DEV_GUILD_ID must be a server id (digits), not {raw!r}")
            values[f.name] = int(raw)
        elif f.name == "ai_delay":
            try:
                delay = float(raw)
            except ValueError:
                delay = -1.0
            if not 0 <= delay <= 60:
                raise ValueError(f"AI_DELAY must be seconds between 0 and 60, not {raw!r}")
            values[f.name] = delay
        elif f.name == "log_level":
            values[f.name] = raw.upper()
        else:
            values[f.name] = raw
    return Settings(**values)  # type: ignore[arg-type]
