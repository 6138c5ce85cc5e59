"""Cooldowns as members meet them (the counts are `bot.service.limits.Cooldowns`, kept in this
process's memory): a call that comes too soon is refused privately, saying when to try again
as a Discord timestamp, which each client shows in its own words ("in 8 seconds").

- "new": `/canasta new`, once per NEW_TABLE_COOLDOWN seconds per member (a refused call
  does not count: see `refund`);
- "picture": `/table` and `/scores`, once per PICTURE_COOLDOWN seconds per member and
  thread;
- "click": the lobby's buttons, `/language` and `/canasta language`, CLICKS_PER_SECOND per
  member on average, in bursts of three seconds' worth (the level picker that follows "Add
  computer" is the same click's second half: it is not counted).
"""

from __future__ import annotations

import discord

from bot import i18n
from bot.discord_ui.discord_limits import send_private
from bot.discord_ui.table_bot import TableBot

BURST_SECONDS = 3  # clicks: a burst of this many seconds' worth is let through at once


async def too_soon(bot: TableBot, interaction: discord.Interaction, kind: str) -> bool:
    """True when this member must wait (and has been told so, privately)."""
    settings = bot.settings
    member = interaction.user.id
    if kind == "new":
        at = bot.cooldowns.once_per(kind, member, settings.new_table_cooldown)
    elif kind == "picture":
        at = bot.cooldowns.once_per(kind, (member, interaction.channel_id),
                                    settings.picture_cooldown)
    else:
        rate = settings.clicks_per_second
        at = bot.cooldowns.per_second(kind, member, rate, BURST_SECONDS * rate)
    if at is None:
        return False
    lang = await bot.languages.of(interaction)
    await send_private(interaction, i18n.text(lang, "reply.slow_down", when=f"<t:{int(at)}:R>"))
    return True


def refund(bot: TableBot, interaction: discord.Interaction, kind: str) -> None:
    """The call let through was refused: it does not count against the member."""
    bot.cooldowns.refund(kind, interaction.user.id)
