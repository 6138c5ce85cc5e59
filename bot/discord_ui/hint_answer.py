"""/hint and the turn panel's Hint button: two doors to one private answer, the move the hard
level would make now and one short reason, in the asker's language.

The move is worded as the player's own controls word it (the turn panel's buttons and menu
options: "Take the pile (with 8♥ 8♠, then meld K♥ K♠ K♦)", "Meld (9♥ on nines)", the
prompt's Yes and No), so the player finds the control to press; the reason is the hint's
`hint.<reason>` sentence. Asking changes nothing at the table.
"""

from __future__ import annotations

import logging

import discord

from bot import i18n
from bot.discord_ui.discord_limits import send_private
from bot.discord_ui.slow_down import too_soon
from bot.discord_ui.table_bot import TableBot
from bot.discord_ui.turn_panel import meld_choices, take_choices
from bot.engine import Action, AnswerGoOut, AskToGoOut, Discard, Draw, Game, Meld, TakePile
from bot.i18n.speech import card_text, say, sentence
from bot.service import HintAnswer, Refused

log = logging.getLogger(__name__)


def move_words(game: Game, player: str, action: Action, lang: str) -> str:
    """The move as the player's controls name it, in `lang`."""
    if isinstance(action, Draw):
        return i18n.text(lang, "panel.draw")
    if isinstance(action, TakePile):
        labels = take_choices(game, player, [action], lang)
        take = i18n.text(lang, "panel.take")
        return f"{take} ({labels[0][0]})" if labels else take
    if isinstance(action, Meld):
        labels = meld_choices(game, player, [action], lang)
        title = i18n.text(lang, "panel.meld_title")
        return f"{title} ({labels[0][0]})" if labels else title
    if isinstance(action, Discard):
        verb = i18n.text(lang, "panel.discard_menu").rstrip("…. ")
        return f"{verb} {card_text(lang, action.card)}"
    if isinstance(action, AskToGoOut):
        return i18n.text(lang, "panel.ask")
    if isinstance(action, AnswerGoOut):
        return i18n.text(lang, "button.yes" if action.yes else "button.no")
    return str(action)


def hint_text(answer: HintAnswer, lang: str) -> str:
    """The private answer: the move, then why."""
    move = move_words(answer.game, answer.player, answer.action, lang)
    reason = sentence(say(lang, f"hint.{answer.reason}", **answer.values))
    return i18n.text(lang, "hint.answer", move=move, reason=reason)


async def give_hint(bot: TableBot, interaction: discord.Interaction, game_id: int) -> None:
    """Answer a /hint or a Hint click privately: the hint, or why there is none now."""
    if await too_soon(bot, interaction, "click"):  # a hint is a search: not a free click
        return
    lang = await bot.languages.of(interaction)
    await interaction.response.defer(ephemeral=True, thinking=True)
    try:
        answer = await bot.service.hint(game_id, str(interaction.user.id))
    except Refused as exc:
        await send_private(interaction, exc.said(lang))
        return
    except Exception:  # a search that failed (a thinking process died): nothing changed
        log.exception("no hint for %s in game %s", interaction.user.id, game_id)
        await send_private(interaction, i18n.text(lang, "reply.something_wrong"))
        return
    await send_private(interaction, hint_text(answer, lang))
