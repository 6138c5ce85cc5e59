"""The one live table message in a game's thread: the table picture and a short log of the
last moves, edited as the game moves. A new one is posted for each new hand; its id is
stored (messages kind `table`), so edits find it after a restart.

The picture is uploaded again only when it matters (a person's turn starts, a hand ends);
other moves edit the log under the picture as it was.
"""

from __future__ import annotations

import logging
from collections import deque
from typing import TYPE_CHECKING

import discord

from bot.discord_limits import edit, post
from bot.pictures import as_file, picture
from bot.service.views import named_view

if TYPE_CHECKING:
    from bot.client import CanastaBot
    from bot.service import LiveGame

log = logging.getLogger(__name__)

LOG_LINES = 5


class LiveTable:
    def __init__(self, bot: CanastaBot) -> None:
        self.bot = bot

    def _log(self, game_id: int) -> deque[str]:
        logs = self.bot.table_logs
        if game_id not in logs:
            logs[game_id] = deque(maxlen=LOG_LINES)
        return logs[game_id]

    def note(self, game_id: int, line: str) -> None:
        if line:
            self._log(game_id).append(line)

    def text(self, live: LiveGame, lead: str = "") -> str:
        game = live.game
        if live.status == "over":
            head = f"**Canasta #{live.record.id}**: the game is over."
        else:
            turn = live.names.get(game.turn, game.turn)
            head = (f"**Canasta #{live.record.id}, hand {game.hand_number}**: "
                    f"{turn} to play.")
        lines = [lead] if lead else []
        lines.append(head)
        lines += [f"• {line}" for line in self._log(live.record.id)]
        return "\n".join(lines)

    async def _png(self, live: LiveGame) -> bytes:
        return await picture("table", named_view(live.game.view(None), live.names))

    async def post_new(self, live: LiveGame, thread: discord.abc.Messageable,
                       lead: str = "") -> None:
        """A new live message (a new hand, or the old one is gone)."""
        png = await self._png(live)
        message = await post(thread, self.text(live, lead), file=as_file(png, "table.png"))
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
        kwargs = {}
        if with_picture:
            kwargs["attachments"] = [as_file(await self._png(live), "table.png")]
        try:
            await edit(message, self.text(live), **kwargs)
        except discord.NotFound:
            if thread is not None:
                await self.post_new(live, thread)
        except discord.HTTPException:
            log.warning("could not edit the table message of game %s", live.record.id)

    def clear(self, game_id: int) -> None:
        self._log(game_id).clear()
