"""Settings from the environment (and a `.env` file), with the defaults `.env.example` lists."""

from __future__ import annotations

import os
from dataclasses import dataclass, field, fields
from pathlib import Path

from dotenv import load_dotenv

from bot import i18n
from bot.service.thinking import default_processes
from bot.store.database import redacted

TOKEN_HELP = (
    "No DISCORD_TOKEN set: create an application at https://discord.com/developers/applications, "
    "copy its bot token (Bot > Reset Token) and put DISCORD_TOKEN=<token> in .env "
    "(see .env.example) or in the environment."
)


class MissingToken(RuntimeError):
    """The run command cannot log in without a bot token."""


@dataclass(frozen=True)
class Settings:
    """Everything the bot reads from its environment. The token never appears in `repr`,
    nor the database's password."""

    token: str | None = field(default=None, repr=False)
    database: str = "./canasta.sqlite3"
    dev_guild_id: int | None = None
    log_level: str = "INFO"
    default_variant: str = "classic"
    default_language: str = "en"
    ai_delay: float = 1.5  # seconds a computer player "thinks" before each turn in Discord
    shard_count: int | None = None  # None: one unsharded process (the default)
    shard_ids: tuple[int, ...] | None = None  # the shards this process runs (None: all)
    # Computers think in a pool of processes (0: in a thread); at most computer_queue
    # searches are with the pool at once (None: twice the processes).
    computer_processes: int = field(default_factory=default_processes)
    computer_queue: int | None = None
    # Limits (0: none): open lobbies per host and per channel, tables in play per server.
    lobbies_per_host: int = 2
    lobbies_per_channel: int = 5
    tables_per_server: int = 50
    # Cooldowns, per member (0: none): /canasta new; /table and /scores in a thread; lobby
    # buttons and /language (clicks per second, in bursts of three seconds' worth).
    new_table_cooldown: float = 30.0
    picture_cooldown: float = 10.0
    clicks_per_second: float = 3.0
    # Expiry (0: never): a lobby after so many minutes; a table where no person moved
    # for so many days ends as abandoned.
    lobby_minutes: float = 60.0
    abandon_days: float = 7.0

    def __repr__(self) -> str:
        """The settings as a log line may show them: no token, the database's secrets
        masked."""
        values = {f.name: getattr(self, f.name) for f in fields(self) if f.repr}
        values["database"] = redacted(self.database)
        return "Settings(" + ", ".join(f"{k}={v!r}" for k, v in values.items()) + ")"

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
    "shard_count": "SHARD_COUNT",
    "shard_ids": "SHARD_IDS",
    "computer_processes": "COMPUTER_PROCESSES",
    "computer_queue": "COMPUTER_QUEUE",
    "lobbies_per_host": "LOBBIES_PER_HOST",
    "lobbies_per_channel": "LOBBIES_PER_CHANNEL",
    "tables_per_server": "TABLES_PER_SERVER",
    "new_table_cooldown": "NEW_TABLE_COOLDOWN",
    "picture_cooldown": "PICTURE_COOLDOWN",
    "clicks_per_second": "CLICKS_PER_SECOND",
    "lobby_minutes": "LOBBY_MINUTES",
    "abandon_days": "ABANDON_DAYS",
}
# Numbers read from the environment: the lowest and highest value each may take.
_COUNTS = {"computer_processes": (0, 64), "computer_queue": (1, 1024),
           "lobbies_per_host": (0, 1000), "lobbies_per_channel": (0, 1000),
           "tables_per_server": (0, 100000)}
_AMOUNTS = {"new_table_cooldown": (0.0, 3600.0), "picture_cooldown": (0.0, 3600.0),
            "clicks_per_second": (0.0, 100.0), "lobby_minutes": (0.0, 10080.0),
            "abandon_days": (0.0, 365.0)}


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
        elif f.name == "shard_count":
            if not raw.isdigit() or int(raw) < 1:
                raise ValueError(f"SHARD_COUNT must be a number of shards (1 or more), not {raw!r}")
            values[f.name] = int(raw)
        elif f.name == "shard_ids":
            values[f.name] = parse_shard_ids(raw)
        elif f.name in _COUNTS:
            low, high = _COUNTS[f.name]
            if not raw.isdigit() or not low <= int(raw) <= high:
                raise ValueError(f"{_ENV_NAMES[f.name]} must be a whole number from {low} to "
                                 f"{high}, not {raw!r}")
            values[f.name] = int(raw)
        elif f.name in _AMOUNTS:
            lowest, highest = _AMOUNTS[f.name]
            try:
                amount = float(raw)
            except ValueError:
                amount = -1.0
            if not lowest <= amount <= highest:
                raise ValueError(f"{_ENV_NAMES[f.name]} must be a number from {lowest:g} to "
                                 f"{highest:g}, not {raw!r}")
            values[f.name] = amount
        elif f.name == "log_level":
            values[f.name] = raw.upper()
        elif f.name == "default_language":
            if i18n.supported(raw) != raw.lower():
                raise ValueError(f"DEFAULT_LANGUAGE must be one of {', '.join(i18n.LANGUAGES)}, "
                                 f"not {raw!r}")
            values[f.name] = raw.lower()
        else:
            values[f.name] = raw
    count, ids = values.get("shard_count"), values.get("shard_ids")
    if ids is not None and count is None:
        raise ValueError("SHARD_IDS needs SHARD_COUNT (the number of shards of the whole bot)")
    if isinstance(ids, tuple) and isinstance(count, int) and max(ids) >= count:
        raise ValueError(f"SHARD_IDS must be shard numbers 0 to {count - 1}, not {max(ids)}")
    return Settings(**values)  # type: ignore[arg-type]


def parse_shard_ids(raw: str) -> tuple[int, ...]:
    """"0-3", "4,5", "0-1,6": the shards one process runs, in order, each once."""
    ids: set[int] = set()
    for part in raw.replace(" ", "").split(","):
        first, dash, last = part.partition("-")
        if not first.isdigit() or (dash and not last.isdigit()):
            raise ValueError(f"SHARD_IDS must look like 0-3 or 0,1,2 (shard numbers), not {raw!r}")
        low, high = int(first), int(last) if dash else int(first)
        if high < low:
            raise ValueError(f"SHARD_IDS range {part!r} runs backwards")
        ids.update(range(low, high + 1))
    return tuple(sorted(ids))
