"""What the Discord layer asks of the bot: a `commands.Bot` that runs the games.

The presenter, the live table, the turn messages, the lobby message and the start-up check
work on a `TableBot`; `client.CanastaBot` is the one that runs. They import this module, not
the client, so the client can import them without an import circle.
"""

from __future__ import annotations

from discord.ext import commands

from bot.discord_ui.config import Settings
from bot.discord_ui.languages import Languages
from bot.service import GameService
from bot.service.limits import Cooldowns
from bot.store import Shards, Store


class TableBot(commands.Bot):
    """The bot's own parts, beside discord.py's: the settings, the store, the service, the
    language chooser, and when each game's table picture was last uploaded."""

    settings: Settings
    languages: Languages
    cooldowns: Cooldowns  # how soon a member may ask again (see slow_down.py)

    @property
    def store(self) -> Store:
        raise NotImplementedError

    @property
    def service(self) -> GameService:
        raise NotImplementedError

    @property
    def own_shards(self) -> Shards | None:
        """The shards this process serves (None: unsharded)."""
        raise NotImplementedError

    def kick(self, game_id: int) -> None:
        """After any change to a game: let its computers and its timer carry on."""
        raise NotImplementedError
