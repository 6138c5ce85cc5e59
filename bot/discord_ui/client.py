"""The Discord client: opens the store, loads the cogs and syncs the commands at start-up."""

from __future__ import annotations

import asyncio
import logging

import discord
from discord import app_commands
from discord.ext import commands

from bot import i18n
from bot.discord_ui import pictures
from bot.discord_ui.command_words import CatalogTranslator
from bot.discord_ui.config import Settings
from bot.discord_ui.discord_limits import NO_PINGS, send_private
from bot.discord_ui.languages import Languages
from bot.discord_ui.membership import Membership
from bot.discord_ui.sweeper import Sweeper
from bot.discord_ui.table_bot import TableBot
from bot.service import Autopilot, GameService, Notice, Refused
from bot.service.limits import Cooldowns, TableLimits
from bot.service.thinking import Thinker
from bot.store import Shards, Store
from bot.store.database import redacted

log = logging.getLogger(__name__)

EXTENSIONS = ("cogs.lobby", "cogs.play", "cogs.hints", "cogs.seats", "cogs.scores",
              "cogs.language", "cogs.privacy", "cogs.replay")


class CanastaBot(TableBot):
    """A `commands.Bot` whose `service` runs the games; cogs reach it as `bot.service`."""

    def __init__(self, settings: Settings, *, seed: int | None = None) -> None:
        sharding: dict[str, object] = {}
        if settings.shard_count is not None:
            sharding["shard_count"] = settings.shard_count
            sharding["shard_ids"] = list(settings.shard_ids or range(settings.shard_count))
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=discord.Intents.default(),
            help_command=None,
            allowed_mentions=NO_PINGS,  # a message that pings says whom (discord_limits)
            **sharding,  # type: ignore[arg-type]
        )
        self.settings = settings
        self.languages = Languages(self)
        self.cooldowns = Cooldowns(_now)
        self.membership = Membership(self, _now)
        self.seed = seed
        self._store: Store | None = None
        self._service: GameService | None = None
        self._autopilot: Autopilot | None = None
        self._resumed = False
        self._warming: asyncio.Task[None] | None = None
        self.sweeper = Sweeper(self)
        self.tree.error(self.on_app_command_error)

    @property
    def own_shards(self) -> Shards | None:
        """The shards this process serves (None: unsharded, every guild is its own). Discord
        sends it its own guilds' interactions, and shard 0's process every direct
        message's too (the turn messages' controls, whatever game they play); the turn
        timers and computer turns of its own guilds' games run here, and only those."""
        count = self.settings.shard_count
        if count is None:
            return None
        return Shards(count, frozenset(self.settings.shard_ids or range(count)))

    @property
    def store(self) -> Store:
        if self._store is None:
            raise RuntimeError("the store opens in setup_hook")
        return self._store

    @property
    def service(self) -> GameService:
        if self._service is None:
            raise RuntimeError("the service starts in setup_hook")
        return self._service

    @property
    def autopilot(self) -> Autopilot:
        """Computer players' turns and the turn timers, in the background."""
        if self._autopilot is None:
            raise RuntimeError("the autopilot starts in setup_hook")
        return self._autopilot

    def kick(self, game_id: int) -> None:
        """After any change to a game: let its computers and its timer carry on."""
        if self._autopilot is not None:
            self._autopilot.kick(game_id)

    async def setup_hook(self) -> None:
        self._store = await Store.open(self.settings.database, clock=_now)
        self._service = GameService(
            self._store, seed=self.seed, default_variant=self.settings.default_variant,
            clock=_now, shards=self.own_shards,
            thinker=Thinker(self.settings.computer_processes, self.settings.computer_queue),
            limits=table_limits(self.settings),
        )
        # What the front end keeps for a game goes when the game ends or leaves memory.
        self._service.on_open(self.sweeper.opened)
        self._autopilot = Autopilot(self._service, self._announce,
                                    ai_delay=self.settings.ai_delay)
        await self.tree.set_translator(CatalogTranslator())
        for extension in EXTENSIONS:
            await self.load_extension(extension)
        await pictures.warm()
        if self.settings.dev_guild_id:
            guild = discord.Object(self.settings.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            await self.tree.sync(guild=guild)
        else:
            await self.tree.sync()
        log.info("ready: database %s, %d commands", redacted(self.settings.database),
                 len(self.tree.get_commands()))

    async def on_message(self, message: discord.Message, /) -> None:
        """The bot has no text commands (everything is a slash command, a button or a menu):
        a message, even one that mentions the bot, is not read, nor logged."""

    async def on_ready(self) -> None:
        """The first time: every game in play resumes (its timer, its computers' turns),
        and the start-up check makes every table whole (or removes it): see tables_check."""
        if self._resumed or self._autopilot is None:
            return
        self._resumed = True
        from bot.discord_ui.tables_check import check_tables

        # The thinking processes start now, in the background, so no computer waits on
        # their start later.
        self._warming = asyncio.get_running_loop().create_task(self._warm(), name="warm")

        try:
            await self._autopilot.follow()  # moves other processes make to our games
        except Exception:
            log.exception("cannot hear of the moves other processes make")
        try:
            # Games the database shows whole resume at once; the others once checked.
            count = await check_tables(self)
        except Exception:
            log.exception("the start-up check of the tables failed")
            count = await self._autopilot.resume(self.own_shards)
        log.info("resumed %d game(s) in play", count)
        self.sweeper.start()  # lobbies and tables that fall due (see sweeper.py)

    # ------------------------------------------------------------------ deletions

    async def on_raw_message_delete(self, payload: discord.RawMessageDeleteEvent) -> None:
        """A lobby message deleted (by a moderator: it is the bot's) cancels its table,
        when the table is still in the lobby. Quiet, and harmless twice."""
        if payload.guild_id is not None:
            await self._lobbies_deleted([payload.message_id])

    async def on_raw_bulk_message_delete(
        self, payload: discord.RawBulkMessageDeleteEvent
    ) -> None:
        if payload.guild_id is not None:
            await self._lobbies_deleted(sorted(payload.message_ids))

    async def on_raw_thread_delete(self, payload: discord.RawThreadDeleteEvent) -> None:
        """A table's thread deleted cancels the table (nobody can play there any more)."""
        from bot.discord_ui.table_end import close_table

        try:
            for ended in await self.service.thread_deleted(payload.thread_id):
                await close_table(self, ended, thread_gone=True)
                log.info("game %s cancelled: its thread was deleted", ended.game_id)
        except Exception:
            log.exception("could not cancel the tables of deleted thread %s",
                          payload.thread_id)

    # ------------------------------------------------------------------ servers

    async def on_guild_remove(self, guild: discord.Guild) -> None:
        """The bot was removed from a server (kicked, or the server deleted): its open
        tables are cancelled (unrated), and its data is deleted after GUILD_DATA_DAYS
        unless the bot is added back meanwhile. Its channels are out of reach: only the
        players' turn messages (in their DMs) are closed."""
        from bot.discord_ui.table_end import close_table

        try:
            ended = await self.service.guild_removed(guild.id)
        except Exception:
            log.exception("could not end the tables of removed server %s", guild.id)
            return
        for table in ended:
            try:
                await close_table(self, table, lobby_gone=True, thread_gone=True)
            except Exception:
                log.exception("could not close the turn messages of game %s", table.game_id)
        log.info("removed from server %s: %d table(s) cancelled", guild.id, len(ended))

    async def on_guild_join(self, guild: discord.Guild) -> None:
        """Added to a server: if it had removed the bot, nothing of it is deleted now."""
        try:
            if await self.service.guild_joined(guild.id):
                log.info("back in server %s: its data is kept", guild.id)
        except Exception:
            log.exception("could not note that server %s added the bot back", guild.id)

    async def _lobbies_deleted(self, message_ids: list[int]) -> None:
        from bot.discord_ui.table_end import close_table

        for message_id in message_ids:
            try:
                ended = await self.service.lobby_deleted(message_id)
                if ended is not None:
                    await close_table(self, ended, lobby_gone=True)
                    log.info("game %s cancelled: its lobby message was deleted",
                             ended.game_id)
            except Exception:
                log.exception("could not cancel the table of deleted message %s", message_id)

    async def _warm(self) -> None:
        try:
            await self.service.thinker.warm()
        except Exception:
            log.exception("the thinking processes could not start")

    async def _announce(self, notice: Notice) -> None:
        from bot.discord_ui.presenter import Presenter

        await Presenter(self).announce(notice)

    async def close(self) -> None:
        try:
            await self.sweeper.close()
            if self._warming is not None and not self._warming.done():
                self._warming.cancel()
                await asyncio.gather(self._warming, return_exceptions=True)
            if self._autopilot is not None:
                await self._autopilot.close()
            await super().close()
        finally:
            await self.close_store()

    async def close_store(self) -> None:
        """Close the database (an open aiosqlite connection keeps a thread alive) and stop
        the thinking processes."""
        if self._service is not None:
            self._service.close()
        if self._store is not None:
            store, self._store = self._store, None
            await store.close()

    async def on_app_command_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError
    ) -> None:
        """Last line of defence: the player hears something, the log gets the details."""
        original = getattr(error, "original", error)
        try:
            lang = await self.languages.of(interaction)
        except Exception:  # the store itself may be what failed
            lang = self.languages.default
        if isinstance(original, Refused):
            text = original.said(lang)
        elif isinstance(error, app_commands.CheckFailure):
            text = i18n.text(lang, "reply.cannot_here")
        else:
            log.error("command %s failed", getattr(interaction.command, "qualified_name", "?"),
                      exc_info=original)
            text = i18n.text(lang, "reply.something_wrong")
        await reply_privately(interaction, text)


class ShardedCanastaBot(CanastaBot, commands.AutoShardedBot):
    """The same bot as an `AutoShardedBot` running the shards SHARD_IDS of SHARD_COUNT:
    several such processes, over one PostgreSQL database, serve the bot at scale."""


def bot_for(settings: Settings, *, seed: int | None = None) -> CanastaBot:
    """The bot these settings ask for: sharded when SHARD_COUNT is set, else one process."""
    if settings.shard_count is not None:
        return ShardedCanastaBot(settings, seed=seed)
    return CanastaBot(settings, seed=seed)


def table_limits(settings: Settings) -> TableLimits:
    """The service's limits and expiry, from the settings."""
    return TableLimits(
        lobbies_per_host=settings.lobbies_per_host,
        lobbies_per_channel=settings.lobbies_per_channel,
        tables_per_server=settings.tables_per_server,
        lobby_seconds=settings.lobby_minutes * 60,
        idle_seconds=settings.abandon_days * 86400,
        guild_data_seconds=settings.guild_data_days * 86400,
        game_log_seconds=settings.game_log_days * 86400,
    )


def _now() -> float:
    """Wall-clock seconds, as discord.py sees them (a simulated Discord moves this clock)."""
    return discord.utils.utcnow().timestamp()


async def reply_privately(interaction: discord.Interaction, text: str) -> None:
    try:
        await send_private(interaction, text)
    except discord.HTTPException:
        log.warning("could not answer interaction %s", interaction.id)
