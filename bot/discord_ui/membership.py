"""Is a player still a member of the server their table is in? Asked when they click the
controls of a turn message in their DMs (a DM click comes from no server, so Discord says
nothing about it): one REST look-up of the member (no privileged intent needed), its answer
remembered for `REMEMBERED` seconds, so a turn's clicks ask once."""

from __future__ import annotations

import logging
from collections.abc import Callable

import discord

log = logging.getLogger(__name__)

REMEMBERED = 60.0
KEPT = 10_000  # answers remembered at most (the oldest go first)


class Membership:
    def __init__(self, client: discord.Client, clock: Callable[[], float]) -> None:
        self.client = client
        self.clock = clock
        self._known: dict[tuple[int, int], tuple[float, bool]] = {}

    async def present(self, guild_id: int, user_id: int) -> bool:
        """False only when Discord says the user is not a member; any other failure to ask
        counts as present (a player is never put out because Discord did not answer)."""
        key = (guild_id, user_id)
        now = self.clock()
        known = self._known.get(key)
        if known is not None and now - known[0] < REMEMBERED:
            return known[1]
        try:
            await self.client.http.get_member(guild_id, user_id)
            present = True
        except discord.NotFound:
            present = False
        except discord.HTTPException as exc:
            log.info("could not look up a member of guild %s (%s)", guild_id, exc.status)
            return True
        if len(self._known) >= KEPT:
            for old in list(self._known)[: KEPT // 10]:
                del self._known[old]
        self._known[key] = (now, present)
        return present

    def forget(self, guild_id: int, user_id: int) -> None:
        self._known.pop((guild_id, user_id), None)
