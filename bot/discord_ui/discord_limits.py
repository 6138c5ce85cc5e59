"""Discord's limits on what a bot sends, and the one door every message goes out by.

Discord refuses a message whose content is over 2 000 characters, a button label over 80, an
autocomplete list of more than 25 choices or a choice over 100 characters (error 50035), and
the player would see only "Something went wrong". Player input is quoted short where it is
refused (`bot.engine.quoted`); this module is the final clamp: the cogs and the presenter send,
reply and edit only through the functions below, which cut what is too long.

Mentions: the bot's default is to ping nobody (`CanastaBot` sets `NO_PINGS`); a message that
means to ping a player names them with `ping=[...]`, and only those players are pinged,
never someone mentioned in text a player typed, never @everyone or a role.

Controls: every button and menu the bot sends is answered by a `DynamicItem` registered at
start-up (so it works after a restart). The `View` that carries them is only their layout:
it is sent finished, so discord.py does not keep it in its view store for as long as the
process lives (one per message sent: memory that only grows, and a second, empty callback
on every click).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, TypeVar

import discord
from discord import app_commands

ChoiceT = TypeVar("ChoiceT", str, int, float)
CONTENT = 2000
BUTTON_LABEL = 80
CHOICES = 25
CHOICE_TEXT = 100
THREAD_NAME = 100
ELLIPSIS = "…"

NO_PINGS = discord.AllowedMentions.none()


def fit(text: str, limit: int = CONTENT) -> str:
    """`text`, cut to `limit` characters with "…" at the cut."""
    return text if len(text) <= limit else text[: limit - len(ELLIPSIS)] + ELLIPSIS


def pinging(players: Iterable[str]) -> discord.AllowedMentions:
    """Mentions that ping exactly these players (Discord user ids) and nobody else."""
    users = [discord.Object(int(p)) for p in dict.fromkeys(players) if p.isdigit()]
    return discord.AllowedMentions(everyone=False, roles=False, users=users,
                                   replied_user=False)


def choices(options: Iterable[app_commands.Choice[ChoiceT]]
            ) -> list[app_commands.Choice[ChoiceT]]:
    """At most 25 autocomplete choices; a long name is cut, a long value (which would no
    longer be what it stands for) drops its choice."""
    out: list[app_commands.Choice[ChoiceT]] = []
    for option in options:
        if len(out) == CHOICES:
            break
        if not 1 <= len(str(option.value)) <= CHOICE_TEXT:
            continue
        out.append(app_commands.Choice(name=fit(option.name, CHOICE_TEXT) or str(option.value),
                                       value=option.value))
    return out


def _layout_only(kwargs: dict[str, Any]) -> dict[str, Any]:
    """Send a `view` as components only (see the module's note on controls)."""
    view = kwargs.get("view")
    if isinstance(view, discord.ui.View) and not view.is_finished():
        view.stop()
    return kwargs


async def post(
    target: discord.abc.Messageable, text: str, *, ping: Sequence[str] = (), **kwargs: Any
) -> discord.Message:
    """A new message in a channel, thread or DM."""
    _layout_only(kwargs)
    return await target.send(fit(text), allowed_mentions=pinging(ping), **kwargs)


async def respond(
    interaction: discord.Interaction, text: str, *, private: bool, **kwargs: Any
) -> discord.Message | None:
    """The reply to an interaction, whether or not it was answered (or deferred) already.
    Returns the message when it is a follow-up."""
    kwargs["allowed_mentions"] = NO_PINGS
    _layout_only(kwargs)
    if interaction.response.is_done():
        return await interaction.followup.send(fit(text), ephemeral=private, wait=True,
                                               **kwargs)
    await interaction.response.send_message(fit(text), ephemeral=private, **kwargs)
    return None


async def send_private(
    interaction: discord.Interaction, text: str, *, file: discord.File | None = None
) -> None:
    """An ephemeral reply, whether or not the interaction was answered already."""
    kwargs: dict[str, Any] = {} if file is None else {"file": file}
    await respond(interaction, text, private=True, **kwargs)


async def edit_clicked(interaction: discord.Interaction, text: str | None = None,
                       **kwargs: Any) -> None:
    """Answer a button click by editing the message it is on."""
    if text is not None:
        kwargs["content"] = fit(text)
    _layout_only(kwargs)
    await interaction.response.edit_message(allowed_mentions=NO_PINGS, **kwargs)


async def edit(message: discord.PartialMessage | discord.Message, text: str,
               **kwargs: Any) -> None:
    """Edit a message the bot posted earlier."""
    _layout_only(kwargs)
    await message.edit(content=fit(text), allowed_mentions=NO_PINGS, **kwargs)
