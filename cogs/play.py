"""Playing in the game's thread: /draw /pickup /meld /discard /goout /acaba /hand /table
/rules, and the partner's Yes/No buttons."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot import i18n
from bot.discord_ui import custom_ids
from bot.discord_ui.client import CanastaBot
from bot.discord_ui.command_words import about, name
from bot.discord_ui.discord_limits import CONTENT, choices, edit_clicked, respond, send_private
from bot.discord_ui.panel_moves import MoveButton, MoveMenu
from bot.discord_ui.pictures import as_file, picture
from bot.discord_ui.presenter import Presenter, answer_note, answered_view
from bot.discord_ui.slow_down import too_soon
from bot.engine import AnswerGoOut, AskToGoOut, Concede, Discard, Draw, Meld, TakePile
from bot.i18n.rules_text import rules_messages
from bot.i18n.speech import card_text
from bot.service import Refused, refused
from bot.service.card_input import (
    complete,
    own_letters,
    parse_cards_from_hand,
    parse_groups,
    parse_meld,
    suggest_melds,
)
from bot.store import GameRecord

ButtonItem = discord.ui.Button[discord.ui.View]  # a persistent button, any view


async def game_here(bot: CanastaBot, interaction: discord.Interaction) -> GameRecord:
    """The game played in the thread this interaction comes from: one indexed read. Outside
    a game's thread, the refusal points to the user's own tables in this channel (one more
    indexed read, by their seats), so a stranger's command anywhere costs two small reads."""
    if interaction.channel_id is None:
        raise refused("reply.no_game_here")
    record = await bot.service.game_in_thread(interaction.channel_id)
    if record is None:
        mine = await bot.store.tables_of(str(interaction.user.id), interaction.channel_id)
        if mine:
            threads = ", ".join(f"<#{thread}> (#{game})" for game, thread in reversed(mine))
            raise refused("reply.play_in_threads", threads=threads)
        raise refused("reply.no_game_here")
    if record.status == "lobby":
        raise refused("reply.press_start")
    if record.status in ("cancelled", "abandoned"):
        raise refused(f"reply.{record.status}")
    return record


class AnswerButton(discord.ui.DynamicItem[ButtonItem], template=custom_ids.ANSWER):
    """The partner's binding Yes/No to "may I go out?"; only that partner may press."""

    def __init__(self, game_id: int, yes: bool) -> None:
        super().__init__(discord.ui.Button(
            label="Yes" if yes else "No",
            style=discord.ButtonStyle.success if yes else discord.ButtonStyle.danger,
            custom_id=custom_ids.answer(game_id, yes),
        ))
        self.game_id = game_id
        self.yes = yes

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> AnswerButton:
        return cls(int(match["game"]), match["answer"] == "yes")

    async def callback(self, interaction: discord.Interaction) -> None:
        bot = interaction.client
        assert isinstance(bot, CanastaBot)
        user = str(interaction.user.id)
        try:
            live = await bot.service.live(self.game_id)
            question = live.game.view(live.players[0]).get("question") or {}
            partners = list(question.get("partners") or [])
            if not partners:
                raise refused("reply.question_answered")
            if user not in partners:
                raise refused("reply.only_partners_answer",
                              players=[live.names.get(p, p) for p in partners])
            outcome = await bot.service.act(self.game_id, user, AnswerGoOut(yes=self.yes))
        except Refused as exc:
            await send_private(interaction, exc.said(await bot.languages.of(interaction)))
            return
        original = interaction.message.content if interaction.message else ""
        lang = await bot.languages.server(interaction.guild_id)
        note = answer_note(live.names.get(user, user), self.yes, lang)
        await edit_clicked(interaction, f"{original}\n{note}",
                           view=answered_view(self.game_id, lang))
        try:
            await Presenter(bot).deliver(interaction, outcome)
        finally:
            bot.kick(self.game_id)


class Play(commands.Cog):
    def __init__(self, bot: CanastaBot) -> None:
        self.bot = bot
        self.presenter = Presenter(bot)

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(AnswerButton, MoveButton, MoveMenu)

    async def cog_unload(self) -> None:
        self.bot.remove_dynamic_items(AnswerButton, MoveButton, MoveMenu)

    async def _act(
        self, interaction: discord.Interaction, build: Callable[[list[str]], Any]
    ) -> None:
        """The shape of every move: find the game, build the action from the player's own
        hand, let the service apply and commit it, then present the outcome."""
        player = str(interaction.user.id)
        try:
            record = await game_here(self.bot, interaction)
            # The move is built from the hand as stored (another process may have moved).
            live = await self.bot.service.live(record.id, check=True)
            if player not in live.names:
                raise refused("reply.not_playing")
            hand = [c.text for c in live.game.hand(player)]
            try:
                action = build(hand)
            except Refused:
                raise
            except ValueError as exc:
                raise Refused(str(exc)) from None
            outcome = await self.bot.service.act(record.id, player, action)
        except Refused as exc:
            lang = await self.bot.languages.of(interaction)
            await send_private(interaction, exc.not_allowed(lang))
            return
        try:
            await interaction.response.defer(ephemeral=True, thinking=True)
            await self.presenter.deliver(interaction, outcome)
        finally:
            self.bot.kick(record.id)  # computers and the timer go on, after the reply

    async def _hand_choices(
        self, interaction: discord.Interaction, current: str, *, single: bool
    ) -> list[app_commands.Choice[str]]:
        try:
            record = await game_here(self.bot, interaction)
            hand = await self.bot.service.hand(record.id, str(interaction.user.id))
        except Refused:
            return []
        if single:
            lang = await self.bot.languages.of(interaction)
            stem = own_letters(current, lang).strip().upper()
            options = sorted({c for c in hand if c.startswith(stem)} or set(hand))
            return choices(app_commands.Choice(name=f"{c} ({card_text(lang, c)})", value=c)
                           for c in options)
        # The whole legal moves: listed once per game version and player, away from the
        # event loop; each keystroke only filters them.
        offered = await self.bot.service.offered_moves(record.id, str(interaction.user.id))
        whole = suggest_melds(current, offered) if offered else []
        typed = complete(current, hand)
        return choices(app_commands.Choice(name=text, value=text)
                       for text in dict.fromkeys(whole + typed))

    # ------------------------------------------------------------------ moves

    @app_commands.command(name=name("draw"), description=about("draw"))
    @app_commands.guild_only()
    async def draw(self, interaction: discord.Interaction) -> None:
        await self._act(interaction, lambda hand: Draw())

    @app_commands.command(name=name("pickup"), description=about("pickup"))
    @app_commands.rename(cards=name("pickup.cards"), melds=name("pickup.melds"))
    @app_commands.describe(cards=about("pickup.cards"), melds=about("pickup.melds"))
    @app_commands.guild_only()
    async def pickup(
        self, interaction: discord.Interaction, cards: str = "", melds: str = ""
    ) -> None:
        lang = await self.bot.languages.of(interaction)
        cards, melds = own_letters(cards, lang), own_letters(melds, lang)

        def build(hand: list[str]) -> TakePile:
            with_top = parse_cards_from_hand(cards, hand) if cards.strip() else []
            rest = [c for c in hand]
            for c in with_top:
                if c in rest:
                    rest.remove(c)
            groups: list[list[str]] = []
            if melds.strip():
                groups, add = parse_groups(melds, rest)
                if add:
                    raise refused("reply.lay_off_after")
            return TakePile(cards=with_top, melds=groups)

        await self._act(interaction, build)

    @app_commands.command(name=name("meld"), description=about("meld"))
    @app_commands.rename(groups=name("meld.groups"))
    @app_commands.describe(groups=about("meld.groups"))
    @app_commands.guild_only()
    async def meld(self, interaction: discord.Interaction, groups: str) -> None:
        groups = own_letters(groups, await self.bot.languages.of(interaction))

        def build(hand: list[str]) -> Meld:
            new, add, combine = parse_meld(groups, hand)
            return Meld(groups=new, add=add, combine=combine)

        await self._act(interaction, build)

    @app_commands.command(name=name("discard"), description=about("discard"))
    @app_commands.rename(card=name("discard.card"))
    @app_commands.describe(card=about("discard.card"))
    @app_commands.guild_only()
    async def discard(self, interaction: discord.Interaction, card: str) -> None:
        card = own_letters(card, await self.bot.languages.of(interaction))
        await self._act(interaction, lambda hand: Discard(card))

    @app_commands.command(name=name("goout"), description=about("goout"))
    @app_commands.guild_only()
    async def goout(self, interaction: discord.Interaction) -> None:
        await self._act(interaction, lambda hand: AskToGoOut())

    @app_commands.command(name=name("acaba"), description=about("acaba"))
    @app_commands.guild_only()
    async def acaba(self, interaction: discord.Interaction) -> None:
        await self._act(interaction, lambda hand: Concede())

    @pickup.autocomplete("cards")
    @pickup.autocomplete("melds")
    @meld.autocomplete("groups")
    async def cards_from_hand(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return await self._hand_choices(interaction, current, single=False)

    @discard.autocomplete("card")
    async def card_from_hand(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return await self._hand_choices(interaction, current, single=True)

    # ------------------------------------------------------------------ looking

    @app_commands.command(name=name("hand"), description=about("hand"))
    @app_commands.guild_only()
    async def hand(self, interaction: discord.Interaction) -> None:
        try:
            record = await game_here(self.bot, interaction)
            live = await self.bot.service.live(record.id)
            if str(interaction.user.id) not in live.names:
                raise refused("reply.not_playing")
        except Refused as exc:
            await send_private(interaction, exc.said(await self.bot.languages.of(interaction)))
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        await self.presenter.private_hand(live, str(interaction.user.id), interaction)

    @app_commands.command(name=name("table"), description=about("table"))
    @app_commands.guild_only()
    async def table(self, interaction: discord.Interaction) -> None:
        try:
            record = await game_here(self.bot, interaction)
        except Refused as exc:
            await send_private(interaction, exc.said(await self.bot.languages.of(interaction)))
            return
        if await too_soon(self.bot, interaction, "picture"):  # a picture is dear
            return
        await interaction.response.defer(thinking=True)
        lang = await self.bot.languages.server(interaction.guild_id)
        view = await self.bot.service.view(record.id, None)
        view["language"] = lang
        png = await picture("table", view)
        hand = str(view.get("hand_number"))
        text = (i18n.text(lang, "table.again", game=record.id, hand=hand, player=view.get("turn"),
                          phase=i18n.text(lang, f"phase.{view.get('phase')}"))
                if record.status == "active" else
                i18n.text(lang, "table.again_over", game=record.id, hand=hand))
        message = await respond(interaction, text, private=False,
                                file=as_file(png, "table"))
        assert message is not None  # a follow-up, after the defer
        await self.bot.store.set_message(record.id, "table", message.channel.id, message.id)

    @app_commands.command(name=name("rules"), description=about("rules"))
    async def rules(self, interaction: discord.Interaction) -> None:
        game_id = None
        if interaction.channel_id is not None:
            record = await self.bot.service.game_in_thread(interaction.channel_id)
            if record is not None and record.status in ("active", "over"):
                game_id = record.id
        rules = await self.bot.service.rules_of(game_id)
        lang = await self.bot.languages.of(interaction)
        for message in rules_messages(rules, lang, CONTENT, at_table=game_id is not None):
            await send_private(interaction, message)


async def setup(bot: CanastaBot) -> None:
    await bot.add_cog(Play(bot))
