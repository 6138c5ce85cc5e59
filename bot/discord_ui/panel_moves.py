"""The turn panel's buttons and menus as persistent items: a click finds its game by the id
in its custom id (after a restart too), checks that the clicker plays this seat and that
the panel is the current turn's, and plays the move through the same service call as the
slash commands. A click on a direct message reaches shard 0's process whichever server the
game is in: the service judges it on the game as stored and tells the game's owner."""

from __future__ import annotations

import re
from typing import Any

import discord

from bot import i18n
from bot.discord_ui import custom_ids
from bot.discord_ui.control_errors import answers_errors
from bot.discord_ui.discord_limits import send_private
from bot.discord_ui.names import shown
from bot.discord_ui.presenter import Presenter
from bot.discord_ui.table_bot import TableBot
from bot.discord_ui.turn_panel import TYPE_IT, parse_take, take_choices, turn_is, values
from bot.engine import AskToGoOut, Draw, Meld, TakePile
from bot.engine import Discard as DiscardCard
from bot.service import LiveGame, Refused, refused
from bot.service.card_input import own_letters, parse_cards_from_hand, parse_groups, parse_meld

ButtonItem = discord.ui.Button[discord.ui.View]  # a persistent button, any view
SelectItem = discord.ui.Select[discord.ui.View]  # a persistent menu, any view
MENUS = ("takes", "meld", "discard")


def build(verb: str, chosen: list[str], hand: list[str], takes: list[str]) -> Any:
    """The engine action for a click (`chosen`: the menu's picked values)."""
    if verb == "draw":
        return Draw()
    if verb == "ask":
        return AskToGoOut()
    if verb == "take":
        if len(takes) != 1:
            raise refused("reply.pick_take")
        chosen = takes
    if verb in ("take", "takes"):
        cards, melds = parse_take(chosen[0])
        rest = list(hand)
        for card in cards:
            if card in rest:
                rest.remove(card)
        groups = parse_groups(melds, rest)[0] if melds else []
        return TakePile(cards=parse_cards_from_hand(" ".join(cards), hand) if cards else [],
                        melds=groups)
    if verb == "meld":
        groups, add, combine = parse_meld(chosen[0], hand)
        return Meld(groups=groups, add=add, combine=combine)
    return DiscardCard(chosen[0])


async def still_member(bot: TableBot, interaction: discord.Interaction,
                       live: LiveGame) -> bool:
    """A click in DMs on a server's table: is the clicker still a member of that server?
    (A click in the server itself comes from a member.)"""
    guild_id = live.record.guild_id
    if interaction.guild_id is not None or guild_id is None:
        return True
    return await bot.membership.present(guild_id, interaction.user.id)


async def hand_to_computer(bot: TableBot, game_id: int, player: str) -> None:
    """A player who left the server: a computer plays their seat from now on (the same
    hand-over as /leave; they may /rejoin if they come back)."""
    try:
        notice = await bot.service.leave_table(game_id, player)
    except Refused:
        return  # a computer has the seat already, or the game is over
    try:
        await Presenter(bot).announce(notice)
    finally:
        bot.kick(game_id)


async def play_click(interaction: discord.Interaction, game_id: int, token: str,
                     verb: str) -> None:
    bot: TableBot = interaction.client  # type: ignore[assignment]
    player = str(interaction.user.id)
    chosen = values(interaction)
    try:
        if verb in MENUS and not chosen:  # Discord may send a menu's choice empty
            raise refused("reply.nothing_chosen")
        live = await bot.service.live(game_id, check=True)  # the game as stored
        if player not in live.names:
            raise refused("reply.not_your_controls")
        if live.status != "active":
            raise refused("reply.game_over")
        if not await still_member(bot, interaction, live):
            await send_private(interaction, i18n.text(await bot.languages.of(interaction),
                                                      "reply.left_server"))
            await hand_to_computer(bot, game_id, player)
            return
        if not turn_is(live.game, token):
            raise refused("reply.old_panel")
        if live.game.turn != player:
            turn = live.game.turn or ""
            raise refused("reply.their_turn", player=shown(live.names.get(turn, turn)))
        if verb == "meld" and chosen == [TYPE_IT]:
            await interaction.response.send_modal(
                MeldModal(game_id, await bot.languages.of(interaction), token))
            return
        hand = [c.text for c in live.game.hand(player)]
        takes = [v for _, v in take_choices(live.game, player)] if verb == "take" else []
        try:
            action = build(verb, chosen, hand, takes)
        except Refused:
            raise
        except ValueError as exc:
            raise Refused(str(exc)) from None
        outcome = await bot.service.act(game_id, player, action, turn=token)
    except Refused as exc:
        await send_private(interaction, exc.not_allowed(await bot.languages.of(interaction)))
        return
    try:
        await Presenter(bot).deliver(interaction, outcome, clicked=True)
    finally:
        bot.kick(game_id)


class MeldModal(discord.ui.Modal, title="Meld"):
    """"Type it": any meld or lay-off, written as for /meld."""

    def __init__(self, game_id: int, lang: str = i18n.BASE_LANGUAGE,
                 turn: str | None = None) -> None:
        super().__init__(timeout=600, title=i18n.text(lang, "panel.meld_title"))
        self.groups: discord.ui.TextInput[MeldModal] = discord.ui.TextInput(
            label=i18n.text(lang, "panel.meld_label"), max_length=400, custom_id="groups")
        self.add_item(self.groups)
        self.game_id = game_id
        self.turn = turn  # the turn marker of the controls it was opened from

    @answers_errors
    async def on_submit(self, interaction: discord.Interaction) -> None:
        bot: TableBot = interaction.client  # type: ignore[assignment]
        player = str(interaction.user.id)
        try:
            hand = await bot.service.hand(self.game_id, player, check=True)
            typed = own_letters(str(self.groups.value), await bot.languages.of(interaction))
            try:
                groups, add, combine = parse_meld(typed, hand)
            except Refused:
                raise
            except ValueError as exc:
                raise Refused(str(exc)) from None
            outcome = await bot.service.act(self.game_id, player,
                                            Meld(groups=groups, add=add, combine=combine),
                                            turn=self.turn)
        except Refused as exc:
            await send_private(interaction, exc.not_allowed(await bot.languages.of(interaction)))
            return
        try:
            await interaction.response.defer(ephemeral=True, thinking=True)
            await Presenter(bot).deliver(interaction, outcome)
        finally:
            bot.kick(self.game_id)


class MoveButton(discord.ui.DynamicItem[ButtonItem], template=custom_ids.MOVE_BUTTON):
    def __init__(self, game_id: int, token: str, verb: str) -> None:
        super().__init__(discord.ui.Button(custom_id=custom_ids.move(game_id, token, verb)))
        self.game_id, self.token, self.verb = game_id, token, verb

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> MoveButton:
        return cls(int(match["game"]), match["turn"], match["verb"])

    @answers_errors
    async def callback(self, interaction: discord.Interaction) -> None:
        await play_click(interaction, self.game_id, self.token, self.verb)


class MoveMenu(discord.ui.DynamicItem[SelectItem], template=custom_ids.MOVE_MENU):
    def __init__(self, game_id: int, token: str, verb: str) -> None:
        super().__init__(discord.ui.Select(custom_id=custom_ids.move(game_id, token, verb)))
        self.game_id, self.token, self.verb = game_id, token, verb

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> MoveMenu:
        return cls(int(match["game"]), match["turn"], match["verb"])

    @answers_errors
    async def callback(self, interaction: discord.Interaction) -> None:
        await play_click(interaction, self.game_id, self.token, self.verb)
