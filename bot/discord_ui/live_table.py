"""The one live table message in a game's thread: the table picture and a short log of the
last moves, edited as the game moves. A new one is posted for each new hand; its id is
stored (messages kind `table`), so edits find it after a restart. The log is stored too
(`Store.table_lines`): whichever process of a sharded bot applied a move, every process
edits the table with the same last moves.

The picture is the table as it is when each person's turn starts: that edit uploads it
anew (one edit of this message, never a new post). While only computers play, it waits
for the next person's turn; moves within a turn edit the log under it. When a hand ends,
the message shows that hand's final table (the cards as they lay when it ended) before the
new hand's message is posted under it.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

import discord

from bot import i18n
from bot.discord_ui.discord_limits import edit, post
from bot.discord_ui.names import shown
from bot.discord_ui.pictures import as_file, picture
from bot.discord_ui.table_bot import TableBot
from bot.service.views import named_view

if TYPE_CHECKING:
    from bot.service import LiveGame

log = logging.getLogger(__name__)


class LiveTable:
    def __init__(self, bot: TableBot) -> None:
        self.bot = bot

    async def note(self, game_id: int, version: int, line: str) -> None:
        """The log's line for the move that made the game's `version`."""
        if line:
            await self.bot.store.add_table_line(game_id, version, line)

    async def text(self, live: LiveGame, lead: str = "", lang: str = i18n.BASE_LANGUAGE,
                   hand_over: int | None = None) -> str:
        """The message's words: its head, then the last moves. `hand_over`: the number of
        the hand that just ended, whose final table the message shows."""
        game = live.game
        if hand_over is not None:
            head = i18n.text(lang, "table.hand_over", game=live.record.id, hand=hand_over)
        elif live.status == "over":
            head = i18n.text(lang, "table.over", game=live.record.id)
        else:
            head = i18n.text(lang, "table.head", game=live.record.id, hand=game.hand_number,
                             player=shown(live.names.get(game.turn or "", game.turn or "")))
        lines = [lead] if lead else []
        lines.append(head)
        lines += [f"• {line}" for line in await self.bot.store.table_lines(live.record.id)]
        return "\n".join(lines)

    async def _picture(self, live: LiveGame, lang: str,
                       public: dict[str, Any] | None = None) -> bytes:
        """The table picture, in the thread's (the server's) language: the table now, or
        `public` (a view of nobody, such as the final table of the hand that ended)."""
        view = named_view(public if public is not None else live.game.view(None), live.names)
        view["language"] = lang
        return await picture("table", view)

    async def post_new(self, live: LiveGame, thread: discord.abc.Messageable,
                       lead: str = "") -> None:
        """A new live message (a new hand, or the old one is gone)."""
        lang = await self.bot.languages.server(live.record.guild_id)
        png = await self._picture(live, lang)
        message = await post(thread, await self.text(live, lead, lang),
                             file=as_file(png, "table"))
        await self.bot.store.set_message(live.record.id, "table", message.channel.id,
                                         message.id)

    async def show(self, live: LiveGame, thread: discord.abc.Messageable | None, *,
                   with_picture: bool, public: dict[str, Any] | None = None,
                   hand_over: int | None = None) -> None:
        """Edit the live message to the table now (`with_picture`: its picture too); post it
        again when it is missing. `public` and `hand_over`: the final table of the hand of
        that number, which just ended (drawn instead of the table now)."""
        where = await self.bot.store.message(live.record.id, "table")
        if where is None:
            if thread is not None:
                await self.post_new(live, thread)
            return
        message = self.bot.get_partial_messageable(where[0]).get_partial_message(where[1])
        lang = await self.bot.languages.server(live.record.guild_id)
        kwargs = {}
        if with_picture:
            kwargs["attachments"] = [as_file(await self._picture(live, lang, public), "table")]
        try:
            await edit(message, await self.text(live, lang=lang, hand_over=hand_over), **kwargs)
        except discord.NotFound:
            if thread is not None:
                await self.post_new(live, thread)
        except discord.HTTPException:
            log.warning("could not edit the table message of game %s", live.record.id)

    async def clear(self, game_id: int) -> None:
        await self.bot.store.clear_table_lines(game_id)
