"""A person's turn by DM: one new message when the turn starts (the hand picture, "Your
turn" and the controls), edited while the turn lasts, its controls removed when it ends.

The picture is the hand as it is whenever its owner has a decision to make: drawn when the
turn starts, and drawn again after every draw, take, meld and lay-off (the cards just
arrived marked, as the words say), replacing the picture of this same message by an edit.
A question to the partner and its answer leave the hand as it was: they edit the words and
the menus only. `bench.bot` measures the bytes this uploads.

Its id is stored (messages kind `turn:<player>`), so the edits find it after a restart.
A person whose DMs are closed hears once in the thread, at the start of the turn, that
/hand shows the same privately.
"""

from __future__ import annotations

import logging
from collections import Counter
from typing import TYPE_CHECKING, Any

import discord

from bot import i18n
from bot.discord_ui.discord_limits import edit, edit_clicked, post
from bot.discord_ui.names import shown_names
from bot.discord_ui.pictures import as_file, picture
from bot.discord_ui.table_bot import TableBot
from bot.discord_ui.turn_panel import panel
from bot.i18n.speech import say
from bot.service.views import named_view

if TYPE_CHECKING:
    from bot.service import LiveGame

log = logging.getLogger(__name__)

def kind(player: str) -> str:
    return f"turn:{player}"


def still_held(arrived: list[str], hand: list[str]) -> list[str]:
    """The cards just arrived that are still in the hand (a meld or discard since may have
    taken some of them away)."""
    left = Counter(hand)
    out = []
    for card in arrived:
        if left[card] > 0:
            left[card] -= 1
            out.append(card)
    return out


def pile_words(pile: dict[str, Any], lang: str) -> str:
    top = pile.get("top")
    if not top:
        return ""
    if pile.get("frozen_all"):
        return say(lang, "caption.pile_frozen", card=top)
    if pile.get("frozen"):
        return say(lang, "caption.pile_frozen_side", card=top)
    return say(lang, "caption.pile_top", card=top)


def caption(view: dict[str, Any], game_id: int, lang: str = i18n.BASE_LANGUAGE) -> str:
    """What the hand's owner may do now, in one or two lines of their language."""
    me = view.get("player")
    hand = view.get("hand") or []
    head = say(lang, "caption.head", game=str(game_id), hand=str(view.get("hand_number")),
               n=len(hand))
    arrived = still_held(view.get("just_arrived") or [], hand)
    if arrived:
        head += say(lang, "caption.new", cards=arrived)
    phase, turn = view.get("phase"), view.get("turn")
    question = view.get("question") or {}
    if phase == "over":
        todo = say(lang, "caption.over")
    elif phase == "permission" and me in (question.get("partners") or []):
        todo = say(lang, "caption.asks_you", player=question.get("asker"))
    elif phase == "permission" and turn == me:
        todo = say(lang, "caption.waiting_answer")
    elif turn != me:
        todo = say(lang, "caption.waiting_for", player=turn)
    elif phase == "draw":
        pile = view.get("pile") or {}
        todo = (say(lang, "caption.draw_or_take", pile=pile_words(pile, lang))
                if pile.get("top") else say(lang, "caption.draw"))
    else:
        rules = view.get("rules", {})
        partners = rules.get("teams", 0) < rules.get("players", 0)
        todo = say(lang, "caption.play_partner" if partners else "caption.play")
    return f"{head}\n{todo}"


class TurnMessages:
    def __init__(self, bot: TableBot) -> None:
        self.bot = bot

    async def compose(self, live: LiveGame, player: str, *, render: bool = True
                      ) -> tuple[str, bytes, discord.ui.View | None]:
        """The turn message in the player's own language (the picture too)."""
        lang = await self.bot.languages.player(player, live.record.guild_id)
        view = named_view(live.game.view(player), live.names)
        view["language"] = lang
        png = await picture("hand", view) if render else b""
        said = named_view(live.game.view(player), shown_names(live.names))
        text = caption(said, live.record.id, lang)
        if not render:
            text += "\n" + say(lang, "caption.in_hand", cards=list(said.get("hand") or []))
        return text, png, panel(live, player, lang=lang)

    async def start(self, live: LiveGame, player: str) -> bool:
        """A new DM for the turn that starts now. False when it could not be sent."""
        text, png, controls = await self.compose(live, player)
        try:
            user = self.bot.get_user(int(player)) or await self.bot.fetch_user(int(player))
            kwargs: dict[str, Any] = {"file": as_file(png, "hand")}
            if controls is not None:
                kwargs["view"] = controls
            message = await post(user, text, **kwargs)
        except (discord.HTTPException, ValueError) as exc:
            log.info("DM to %s failed (%s)", player, getattr(exc, "code", exc))
            return False
        await self.bot.store.set_message(live.record.id, kind(player), message.channel.id,
                                         message.id)
        return True

    async def refresh(self, live: LiveGame, player: str,
                      clicked: discord.Interaction | None = None, *, picture_too: bool = False
                      ) -> bool:
        """Edit the turn's message to show the hand and controls now. `clicked`: the click
        on that very message, answered by the edit; `picture_too`: the hand changed, so its
        picture is drawn again and replaces the old one. False when there is no message to
        edit."""
        text, png, controls = await self.compose(live, player, render=picture_too)
        kwargs: dict[str, Any] = {"view": controls}
        if picture_too:
            kwargs["attachments"] = [as_file(png, "hand")]
        if clicked is not None and not clicked.response.is_done():
            await edit_clicked(clicked, text, **kwargs)
            return True
        where = await self.bot.store.message(live.record.id, kind(player))
        if where is None:
            return False
        message = self.bot.get_partial_messageable(where[0]).get_partial_message(where[1])
        try:
            await edit(message, text, **kwargs)
        except discord.HTTPException:
            log.info("could not edit the turn message of %s", player)
            return False
        return True

    async def finish(self, live: LiveGame, player: str, note: str,
                     clicked: discord.Interaction | None = None) -> None:
        """The turn is over: the message keeps its picture, says so, and loses its controls."""
        where = await self.bot.store.message(live.record.id, kind(player))
        if clicked is not None and not clicked.response.is_done():
            await edit_clicked(clicked, note, view=None)
        elif where is not None:
            message = self.bot.get_partial_messageable(where[0]).get_partial_message(where[1])
            try:
                await edit(message, note, view=None)
            except discord.HTTPException:
                log.info("could not close the turn message of %s", player)
        if where is not None:
            await self.bot.store.forget_message(live.record.id, kind(player))

    async def closed_dms(self, live: LiveGame, player: str,
                         thread: discord.abc.Messageable | None) -> None:
        """The one mention, at the start of the turn, for a person the bot cannot DM."""
        first_time = await self.bot.store.note_dm_closed(player)
        if thread is None:
            return
        lang = await self.bot.languages.server(live.record.guild_id)
        text = say(lang, "dm.closed", player=player)
        if first_time:
            text += " " + say(lang, "dm.open")
        await post(thread, text, ping=[player])
