"""Canasta for Discord.

`create_bot` is the entry point other code (the run command, the tests, the benchmark) uses.
Imports of discord stay inside the function so that `import bot.engine` never drags the
Discord library in: the engine is a library of its own.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from bot.discord_ui.client import CanastaBot


def create_bot(database: str, *, seed: int | None = None, **settings: Any) -> CanastaBot:
    """Build the bot: cogs are loaded and the store opened in `setup_hook`.

    `seed`: when set, every new game is dealt from exactly this seed (and seats are drawn
    from it), so a test knows the cards. `settings` override `bot.discord_ui.config.Settings` fields
    (`dev_guild_id`, `default_variant`, `default_language`, `log_level`, `ai_delay`: the
    seconds a computer player waits before each turn, 0 in tests; `shard_count` and
    `shard_ids`: an `AutoShardedBot` running those shards).
    """
    from bot.discord_ui.client import bot_for
    from bot.discord_ui.config import Settings

    return bot_for(Settings(database=database, **settings), seed=seed)
