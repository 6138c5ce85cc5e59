"""`/canasta new`, the lobby buttons (Join, Leave, Add computer, Start, Cancel), the
computer's level picker, Rematch. The lobby message itself is `bot/discord_ui/lobby_message.py`."""

from __future__ import annotations

import logging
import re
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot import i18n
from bot.discord_ui import custom_ids
from bot.discord_ui.channel_rights import bot_lacks, host_lacks
from bot.discord_ui.client import CanastaBot
from bot.discord_ui.command_words import about, choice, name
from bot.discord_ui.control_errors import answers_errors
from bot.discord_ui.discord_limits import (
    choices,
    edit_clicked,
    respond,
    send_private,
)
from bot.discord_ui.lobby_message import (
    BUTTONS,
    lobby_text,
    lobby_view,
    open_thread,
    refresh_lobby,
    rematch_lead,
)
from bot.discord_ui.names import shown
from bot.discord_ui.presenter import Presenter
from bot.discord_ui.slow_down import refund, too_soon
from bot.discord_ui.table_end import EndButton, close_table, confirm_view, is_moderator
from bot.engine import VARIANT_DESCRIPTIONS, VARIANTS
from bot.engine.variants import PLAYER_COUNTS
from bot.i18n.rules_text import variant_name
from bot.i18n.speech import card_text
from bot.service import (
    DEFAULT_HINTS,
    DEFAULT_TIMER,
    HINTS,
    LEVELS,
    TIMER_CHOICES,
    Refused,
    refused,
)
from bot.service.crashpoints import crash_point
from bot.service.ending import NOT_OPEN
from cogs.language import language_choices

log = logging.getLogger(__name__)

NEW_OPTIONS = ("variant", "players", "teams", "target", "seating", "timer", "hints")

ButtonItem = discord.ui.Button[discord.ui.View]  # a persistent button, any view


def level_picker(game_id: int, lang: str) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for level in LEVELS:
        view.add_item(discord.ui.Button(label=i18n.text(lang, f"level.{level}").capitalize(),
                                        style=discord.ButtonStyle.secondary,
                                        custom_id=custom_ids.level(game_id, level)))
    return view


class LobbyButton(discord.ui.DynamicItem[ButtonItem], template=custom_ids.LOBBY):
    """Join / Leave / Add computer / Start / Cancel on a lobby message; works across
    restarts."""

    def __init__(self, game_id: int, verb: str) -> None:
        super().__init__(discord.ui.Button(label=i18n.text("en", f"button.{verb}"),
                                           style=BUTTONS[verb],
                                           custom_id=custom_ids.lobby(game_id, verb)))
        self.game_id = game_id
        self.verb = verb

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> LobbyButton:
        return cls(int(match["game"]), match["verb"])

    @answers_errors
    async def callback(self, interaction: discord.Interaction) -> None:
        bot = interaction.client
        assert isinstance(bot, CanastaBot)
        if await too_soon(bot, interaction, "click"):
            return
        service = bot.service
        user = str(interaction.user.id)
        mine = await bot.languages.of(interaction)
        try:
            if self.verb == "join":
                lobby = await service.join(self.game_id, user, interaction.user.display_name)
            elif self.verb == "leave":
                lobby = await service.leave(self.game_id, user)
            elif self.verb == "computer":
                lobby = await service.lobby(self.game_id)
                if user != lobby.host:
                    raise refused("reply.host_adds_computer")
                if lobby.status != "lobby" or lobby.full:
                    raise refused("reply.table_full" if lobby.status == "lobby"
                                  else "reply.already_started")
                await respond(interaction, i18n.text(mine, "lobby.which_level"),
                              view=level_picker(self.game_id, mine), private=True)
                return
            elif self.verb == "cancel":  # the host, or a moderator
                ended = await service.cancel(self.game_id, user,
                                             moderator=is_moderator(interaction))
                lobby = ended.lobby
            else:
                lobby, outcome, draws = await service.start(self.game_id, user)
        except Refused as exc:
            await send_private(interaction, exc.said(mine))
            return
        lang = await bot.languages.server(interaction.guild_id)
        await edit_clicked(interaction, lobby_text(lobby, lang), view=lobby_view(lobby, lang))
        if self.verb == "cancel":
            await close_table(bot, ended, lobby_shown=True)
        if self.verb == "start":
            lead = i18n.text(lang, "lobby.begins")
            if draws:
                names = {s.player: shown(s.name) for s in lobby.seats}
                lead = i18n.text(lang, "lobby.seats_drawn_were", draws=", ".join(
                    f"{names[d.player]} {card_text(lang, d.card)}" for d in draws))
            try:
                await Presenter(bot).deliver(interaction, outcome, lead=lead)
            finally:
                bot.kick(self.game_id)


class LevelButton(discord.ui.DynamicItem[ButtonItem], template=custom_ids.LEVEL):
    """The host's choice of level for a computer player; fills the next seat."""

    def __init__(self, game_id: int, level: str) -> None:
        super().__init__(discord.ui.Button(label=i18n.text("en", f"level.{level}").capitalize(),
                                           style=discord.ButtonStyle.secondary,
                                           custom_id=custom_ids.level(game_id, level)))
        self.game_id = game_id
        self.level = level

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> LevelButton:
        return cls(int(match["game"]), match["level"])

    @answers_errors
    async def callback(self, interaction: discord.Interaction) -> None:
        bot = interaction.client
        assert isinstance(bot, CanastaBot)
        try:
            lang = await bot.languages.server(interaction.guild_id)
            lobby = await bot.service.add_computer(self.game_id, str(interaction.user.id),
                                                   self.level,
                                                   i18n.text(lang, "seat.computer_name"))
        except Refused as exc:
            await send_private(interaction, exc.said(await bot.languages.of(interaction)))
            return
        seat = lobby.seats[-1]
        mine = await bot.languages.of(interaction)
        await edit_clicked(interaction, i18n.text(
            mine, "lobby.computer_sits", name=shown(seat.name),
            level=i18n.text(mine, f"level.{self.level}"), seat=len(lobby.seats)), view=None)
        await refresh_lobby(bot, lobby)


class RematchButton(discord.ui.DynamicItem[ButtonItem], template=custom_ids.REMATCH):
    def __init__(self, game_id: int) -> None:
        super().__init__(discord.ui.Button(label=i18n.text("en", "button.rematch"),
                                           style=discord.ButtonStyle.primary,
                                           custom_id=custom_ids.rematch(game_id)))
        self.game_id = game_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> RematchButton:
        return cls(int(match["game"]))

    @answers_errors
    async def callback(self, interaction: discord.Interaction) -> None:
        bot = interaction.client
        assert isinstance(bot, CanastaBot)
        try:
            lobby, outcome = await bot.service.rematch(self.game_id, str(interaction.user.id))
        except Refused as exc:
            await send_private(interaction, exc.said(await bot.languages.of(interaction)))
            return
        lang = await bot.languages.server(interaction.guild_id)
        done = discord.ui.View(timeout=None)
        done.add_item(discord.ui.Button(label=i18n.text(lang, "button.rematch"), disabled=True,
                                        custom_id=custom_ids.rematch(self.game_id)))
        await edit_clicked(interaction, view=done)
        crash_point("rematch.after_button_edit")
        try:
            await Presenter(bot).deliver(interaction, outcome,
                                         lead=rematch_lead(lobby.game_id, lang))
            crash_point("rematch.announced")
            await bot.service.opening_done(lobby.game_id)
        finally:
            bot.kick(lobby.game_id)


class Lobby(commands.Cog):
    canasta = app_commands.Group(name=name("canasta"), description=about("canasta"),
                                 guild_only=True)

    def __init__(self, bot: CanastaBot) -> None:
        self.bot = bot

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(LobbyButton, LevelButton, RematchButton, EndButton)

    async def cog_unload(self) -> None:
        self.bot.remove_dynamic_items(LobbyButton, LevelButton, RematchButton, EndButton)

    @canasta.command(name=name("canasta.new"), description=about("canasta.new"))
    @app_commands.rename(**{option: name(f"canasta.new.{option}") for option in NEW_OPTIONS})
    @app_commands.describe(**{option: about(f"canasta.new.{option}") for option in NEW_OPTIONS})
    @app_commands.choices(seating=[  # type: ignore[misc]  # str and int choices
        app_commands.Choice(name=choice(f"choice.seating.{value}"), value=value)
        for value in ("drawn", "join")
    ], timer=[
        app_commands.Choice(name=choice(f"choice.timer.{minutes}"), value=minutes)
        for minutes in TIMER_CHOICES
    ], hints=[
        app_commands.Choice(name=choice(f"choice.hints.{value}"), value=value)
        for value in HINTS
    ])
    async def new(
        self,
        interaction: discord.Interaction,
        variant: str | None = None,
        players: app_commands.Range[int, 2, 6] = 4,
        teams: app_commands.Range[int, 2, 3] | None = None,
        target: app_commands.Range[int, 500, 100000] | None = None,
        seating: str = "drawn",
        timer: int = DEFAULT_TIMER,
        hints: str = DEFAULT_HINTS,
    ) -> None:
        channel = interaction.channel
        if not isinstance(channel, discord.TextChannel):
            await send_private(interaction, i18n.text(await self.bot.languages.of(interaction),
                                                      "lobby.text_channel"))
            return
        if host_lacks(interaction) or bot_lacks(interaction):
            key = "reply.member_cannot_open" if host_lacks(interaction) else "reply.bot_cannot_open"
            await send_private(interaction, i18n.text(await self.bot.languages.of(interaction),
                                                      key))
            return
        if await too_soon(self.bot, interaction, "new"):
            return
        try:
            lobby = await self.bot.service.new_lobby(
                guild_id=interaction.guild_id,
                channel_id=channel.id,
                host=str(interaction.user.id),
                host_name=interaction.user.display_name,
                variant_name=variant,
                players=players,
                teams=teams,
                target=target,
                seating=seating,
                timer=timer,
                hints=hints,
            )
        except Refused as exc:
            refund(self.bot, interaction, "new")  # a table refused is not one opened
            await send_private(interaction, exc.said(await self.bot.languages.of(interaction)))
            return
        lang = await self.bot.languages.server(interaction.guild_id)
        view = lobby_view(lobby, lang)
        kwargs: dict[str, Any] = {} if view is None else {"view": view}
        await respond(interaction, lobby_text(lobby, lang), private=False, **kwargs)
        crash_point("new.after_lobby_post")
        message = await interaction.original_response()
        await self.bot.store.set_message(lobby.game_id, "lobby", message.channel.id, message.id)
        crash_point("new.after_lobby_recorded")
        await open_thread(self.bot, lobby, message)

    @canasta.command(name=name("canasta.cancel"), description=about("canasta.cancel"))
    async def cancel(self, interaction: discord.Interaction) -> None:
        """In a table's thread: a moderator cancels the table, in the lobby or in play (the
        host, in the lobby), after a private confirmation."""
        mine = await self.bot.languages.of(interaction)
        try:
            record = (await self.bot.service.game_in_thread(interaction.channel_id)
                      if interaction.channel_id is not None else None)
            if record is None:
                raise refused("reply.no_game_here")
            if not record.open:
                raise refused(NOT_OPEN.get(record.status, "reply.closed"))
            host = record.status == "lobby" and str(interaction.user.id) == record.host
            if not (host or is_moderator(interaction)):
                raise refused("reply.moderators_cancel")
        except Refused as exc:
            await send_private(interaction, exc.said(mine))
            return
        await respond(interaction, i18n.text(mine, "cancel.confirm", game=record.id),
                      private=True, view=confirm_view(record.id, mine))

    @canasta.command(name=name("canasta.language"), description=about("canasta.language"))
    @app_commands.rename(language=name("canasta.language.language"))
    @app_commands.describe(language=about("canasta.language.language"))
    @app_commands.choices(language=language_choices("language.server_auto"))
    async def language(self, interaction: discord.Interaction, language: str) -> None:
        if await too_soon(self.bot, interaction, "click"):
            return
        mine = await self.bot.languages.of(interaction)
        permissions = interaction.permissions
        if interaction.guild_id is None or not (permissions.manage_guild
                                                or permissions.administrator):
            await send_private(interaction, i18n.text(mine, "reply.admins_only"))
            return
        chosen = language if language in i18n.LANGUAGES else None
        await self.bot.languages.choose_for_server(interaction.guild_id, chosen)
        lang = await self.bot.languages.server(interaction.guild_id)
        key = "reply.server_language_set" if chosen else "reply.server_language_auto"
        await send_private(interaction, i18n.text(
            mine, key, language=i18n.text(mine, f"language.in.{lang}")))

    @new.autocomplete("players")
    async def player_counts(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[int]]:
        return player_count_choices(getattr(interaction.namespace, "variant", None) or "classic",
                                    await self.bot.languages.of(interaction))

    @new.autocomplete("variant")
    async def variant_names(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return variant_choices(current, await self.bot.languages.of(interaction))


def player_count_choices(variant_id: str, lang: str = i18n.BASE_LANGUAGE
                         ) -> list[app_commands.Choice[int]]:
    """The player counts a variant supports (every count from 2 to 6 for a name it does not
    know: the command then says so), labelled "4 players" in `lang`."""
    counts = PLAYER_COUNTS.get(variant_id.strip().lower(), tuple(range(2, 7)))
    return choices(app_commands.Choice(name=i18n.plural(lang, "lobby.players", n), value=n)
                   for n in counts)


def variant_choices(current: str, lang: str = i18n.BASE_LANGUAGE
                    ) -> list[app_commands.Choice[str]]:
    """The variants whose name or description (in English or in `lang`) contains what was
    typed (all, when nothing fits), for the `variant` option of /canasta new and
    /leaderboard; labelled in `lang`, the value is the variant's id."""
    typed = current.strip().lower()

    def about(name: str) -> str:
        return i18n.text(lang, f"variant_about.{name}")

    named = [name for name in VARIANTS
             if typed in name or typed in VARIANT_DESCRIPTIONS.get(name, "").lower()
             or typed in variant_name(lang, name).lower() or typed in about(name).lower()]
    return choices(app_commands.Choice(name=f"{name}: {about(name)}", value=name)
                   for name in named or VARIANTS)


async def setup(bot: CanastaBot) -> None:
    await bot.add_cog(Lobby(bot))
