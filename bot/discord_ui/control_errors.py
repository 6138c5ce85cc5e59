"""One handler for what goes wrong behind a button, a menu or a form.

discord.py only logs an exception raised in a persistent item's callback (a `DynamicItem`
has no `View.on_error`), so the member would see Discord's "This interaction failed". Every
control's callback and every form's submission is wrapped by `@answers_errors`: a refusal is
said privately, any other error is logged once (its kind and where it happened, never its
message, which may quote what the member typed or chose) and the member hears privately
that something went wrong on our side.
"""

from __future__ import annotations

import functools
import logging
import traceback
from collections.abc import Callable, Coroutine
from typing import Any, TypeVar

import discord

from bot import i18n
from bot.discord_ui.discord_limits import send_private
from bot.service import Refused

log = logging.getLogger(__name__)

Control = TypeVar("Control")
Callback = Callable[[Control, discord.Interaction], Coroutine[Any, Any, None]]


def answers_errors(method: Callback[Control]) -> Callback[Control]:
    """Wrap a control's `callback` (or a form's `on_submit`) so that it always answers."""

    @functools.wraps(method)
    async def guarded(self: Control, interaction: discord.Interaction) -> None:
        try:
            await method(self, interaction)
        except Exception as error:  # the last line of defence for this click
            await control_failed(interaction, error, type(self).__name__)

    return guarded


async def control_failed(interaction: discord.Interaction, error: BaseException,
                         where: str) -> None:
    """Answer the click privately; log an unexpected error without its text."""
    lang = await _language(interaction)
    if isinstance(error, Refused):
        text = error.said(lang)
    else:
        frames = "".join(traceback.format_tb(error.__traceback__))
        log.error("%s failed: %s (its message is left out: it may quote the member)\n%s",
                  where, type(error).__name__, frames.rstrip())
        text = i18n.text(lang, "reply.something_wrong")
    try:
        await send_private(interaction, text)
    except discord.HTTPException:
        log.warning("could not answer interaction %s", interaction.id)


async def _language(interaction: discord.Interaction) -> str:
    bot: Any = interaction.client
    try:
        return str(await bot.languages.of(interaction))
    except Exception:  # the store itself may be what failed
        return i18n.BASE_LANGUAGE
