"""Players' data: what is stored about a person and forgetting it (`/privacy`); a server
that removed the bot (its open tables cancelled, its data deleted after a grace period);
finished games' snapshots and logs pruned after a while.

A mixin of `GameService`. The store does the work in single transactions (see
`bot/store/privacy.py`, `bot/store/retention.py`); this decides when, and what is refused.
"""

from __future__ import annotations

import hashlib
from collections import OrderedDict
from collections.abc import Callable
from typing import TYPE_CHECKING

from bot.service.limits import TableLimits
from bot.service.outcome import refused
from bot.store import Store, StoredAbout

if TYPE_CHECKING:
    from bot.service.ending import Ended
    from bot.service.live_game import LiveGame

REMOVED = "removed"  # what ended the tables of a server that removed the bot


def pseudonym(player: str) -> tuple[str, str]:
    """The id and name a forgotten person has in stored games: derived from their id, so
    the same every time (a later recomputation over the games, such as a rating, stays
    stable). The id is negative, which no Discord user's is; the name reads
    "Player 4F2A"."""
    digest = hashlib.sha256(f"canasta-player:{player}".encode()).hexdigest()
    return f"-{int(digest[:15], 16)}", f"Player {digest[:4].upper()}"


class PlayerDataDesk:
    store: Store
    limits: TableLimits
    clock: Callable[[], float]
    _cache: OrderedDict[int, LiveGame]

    if TYPE_CHECKING:  # provided by TableEnding and HeldGames
        def owns(self, guild_id: int | None) -> bool: ...
        async def end_table(self, game_id: int, status: str, ended_by: str, *,
                            lobby_only: bool = False) -> Ended | None: ...

    async def about_player(self, player: str) -> StoredAbout:
        return await self.store.stored_about(player)

    async def forget_player(self, player: str) -> None:
        """Delete a person's settings and statistics and put a pseudonym for them in every
        stored game. Refused while they have a seat at (or host) an open table: a lobby
        they leave first; a game in play must end first (the other players' game needs
        the seat)."""
        seated = await self.store.open_seat(player)
        if seated is not None:
            game_id, status = seated
            raise refused("privacy.in_lobby" if status == "lobby" else "privacy.in_play",
                          game=game_id)
        pseudo_id, pseudo_name = pseudonym(player)
        await self.store.forget_player(player, pseudo_id, pseudo_name)
        for game_id, live in list(self._cache.items()):  # copies that still name them
            if player in live.names:
                self._cache.pop(game_id, None)

    async def guild_removed(self, guild_id: int) -> list[Ended]:
        """The bot was removed from a server: its open tables are cancelled (unrated) and
        the time is recorded; its data goes after the grace period (`sweep_data`)."""
        await self.store.left_guild(guild_id, self.clock())
        ended = []
        for game_id in await self.store.open_games_of_guild(guild_id):
            done = await self.end_table(game_id, "cancelled", REMOVED)
            if done is not None:
                ended.append(done)
        return ended

    async def guild_joined(self, guild_id: int) -> bool:
        """The bot is in this server (again): nothing of it is deleted. True when it had
        been removed and came back within the grace period."""
        return await self.store.rejoined_guild(guild_id)

    async def sweep_data(self, here: Callable[[int], bool]) -> tuple[int, int]:
        """Delete the data of the servers whose grace period ran out (this process's own
        servers; `here`: whether the bot is in a server now, back without our hearing of
        it while it was down: nothing of it goes), and prune the finished games older
        than the log's time; (servers deleted, games pruned)."""
        now = self.clock()
        servers = 0
        if self.limits.guild_data_seconds > 0:
            for guild_id in await self.store.guild_data_due(
                    now - self.limits.guild_data_seconds):
                if not self.owns(guild_id):
                    continue
                if here(guild_id):
                    await self.store.rejoined_guild(guild_id)
                    continue
                await self.store.delete_guild_data(guild_id)
                servers += 1
        pruned: list[int] = []
        if self.limits.game_log_seconds > 0:
            pruned = await self.store.prune_finished(now - self.limits.game_log_seconds, now)
            for game_id in pruned:
                self._cache.pop(game_id, None)
        return servers, len(pruned)
