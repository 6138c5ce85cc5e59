"""The one live table message in a game's thread: the table picture and a short log of the
last moves, edited as the game moves. A new one is posted for each new hand; its id is
stored (messages kind `table`), so edits find it after a restart. The log is stored too
(`Store.table_lines`): whichever process of a sharded bot applied a move, every process
edits the table with the same last moves.

The picture is uploaded again at most once a round (when a person's turn starts and a
round of turns has passed since the last one; a new hand posts a new message); other moves
edit the log under the picture as it was, so Discord sees few uploads.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import discord

from bot import i18n
from bot.discord_ui.discord_limits import edit, post
from bot.discord_ui.pictures import as_file, picture
from bot.discord_ui.table_bot import TableBot
from bot.service.views import named_view

if TYPE_CHECKING:
    from bot.service import LiveGame

log = logging.getLogger(__name__)


class LiveTable:
    def __init__(self, bot: TableBot) -> None:
        self.bot = bot

    def picture_due(self, live: LiveGame) -> bool:
        """Has a round of turns passed since the picture was last uploaded?"""
        last = self.bot.table_pictured.get(live.record.id)
        return last is None or _turns(live) - last >= len(live.players)

    async def note(self, game_id: int, version: int, line: str) -> None:
        """The log's line for the move that made the game's `version`."""
        if line:
            await self.bot.store.add_table_line(game_id, version, line)

    async def text(self, live: LiveGame, lead: str = "", lang: str = i18n.BASE_LANGUAGE
                   ) -> str:
        game = live.game
        if live.status == "over":
            head = i18n.text(lang, "table.over", game=live.record.id)
        else:
            head = i18n.text(lang, "table.head", game=live.record.id, hand=game.hand_number,
                             player=live.names.get(game.turn or "", game.turn or ""))
        lines = [lead] if lead else []
        lines.append(head)
        lines += [f"• {line}" for line in await self.bot.store.table_lines(live.record.id)]
        return "\n".join(lines)

    async def _png(self, live: LiveGame, lang: str) -> bytes:
        """The table picture, in the thread's (the server's) language."""
        view = named_view(live.game.view(None), live.names)
        view["language"] = lang
        return await picture("table", view)

    async def post_new(self, live: LiveGame, thread: discord.abc.Messageable,
                       lead: str = "") -> None:
        """A new live message (a new hand, or the old one is gone)."""
        lang = await self.bot.languages.server(live.record.guild_id)
        png = await self._png(live, lang)
        message = await post(thread, await self.text(live, lead, lang),
                             file=as_file(png, "table.png"))
        self.bot.table_pictured[live.record.id] = _turns(live)
        await self.bot.store.set_message(live.record.id, "table", message.channel.id,
                                         message.id)

    async def show(self, live: LiveGame, thread: discord.abc.Messageable | None, *,
                   with_picture: bool) -> None:
        """Edit the live message to the table now; post it again when it is missing."""
        where = await self.bot.store.message(live.record.id, "table")
        if where is None:
            if thread is not None:
                await self.post_new(live, thread)
            return
        message = self.bot.get_partial_messageable(where[0]).get_partial_message(where[1])
        lang = await self.bot.languages.server(live.record.guild_id)
        kwargs = {}
        if with_picture:
            kwargs["attachments"] = [as_file(await self._png(live, lang), "table.png")]
            self.bot.table_pictured[live.record.id] = _turns(live)
        try:
            await edit(message, await self.text(live, lang=lang), **kwargs)
        except discord.NotFound:
            if thread is not None:
                await self.post_new(live, thread)
        except discord.HTTPException:
            log.warning("could not edit the table message of game %s", live.record.id)

    async def clear(self, game_id: int) -> None:
        await self.bot.store.clear_table_lines(game_id)


def _turns(live: LiveGame) -> int:
    """Turns played so far (discards seen), the clock of the picture's rounds."""
    return sum(1 for e in live.game.history if e.get("type") == "discard")
