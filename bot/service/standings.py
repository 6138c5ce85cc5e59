"""A server's standings: the statistics of /stats and the ratings of /leaderboard (see
bot/store/ratings.py). Reads only; a mixin of `GameService`."""

from __future__ import annotations

from bot.store import PlayerStats, RatingRecord, Store


class Standings:
    store: Store

    async def leaderboard(self, guild_id: int | None, variant_name: str | None = None
                          ) -> list[PlayerStats]:
        return await self.store.leaderboard(guild_id, variant_name)

    async def player_stats(self, guild_id: int | None, player: str) -> PlayerStats | None:
        return await self.store.player_stats(guild_id, player)

    async def rating_board(self, guild_id: int | None, family: str, limit: int = 10
                           ) -> list[RatingRecord]:
        """The family's rated players and computer levels, by conservative rating."""
        return await self.store.rating_board(guild_id, family, limit)

    async def player_ratings(self, guild_id: int | None, player: str
                             ) -> list[tuple[RatingRecord, list[RatingRecord]]]:
        """A person's rating in each family, with its last 20 rated matches."""
        return [(now, await self.store.rating_history(guild_id, player, now.family))
                for now in await self.store.player_ratings(guild_id, player)]
