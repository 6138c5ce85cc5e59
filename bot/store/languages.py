"""Languages people chose: a player's own (`/language`) and a server's (`/canasta language`)."""

from __future__ import annotations

from bot.store.sql import Connected


class LanguageChoices(Connected):
    async def set_player_language(self, player: str, language: str | None) -> None:
        """Remember the language a player chose for their private replies; None forgets it."""
        async with self._transaction() as tx:
            if language is None:
                await tx.execute("DELETE FROM player_languages WHERE player = ?", (player,))
                return
            await tx.execute(
                "INSERT INTO player_languages (player, language) VALUES (?, ?)"
                " ON CONFLICT (player) DO UPDATE SET language = excluded.language",
                (player, language),
            )

    async def player_language(self, player: str) -> str | None:
        row = await self._fetchone(
            "SELECT language FROM player_languages WHERE player = ?", (player,))
        return row["language"] if row else None

    async def set_server_language(self, guild_id: int, language: str | None) -> None:
        """Remember the language a server's admins chose for its tables; None forgets it."""
        async with self._transaction() as tx:
            if language is None:
                await tx.execute("DELETE FROM server_languages WHERE guild_id = ?", (guild_id,))
                return
            await tx.execute(
                "INSERT INTO server_languages (guild_id, language) VALUES (?, ?)"
                " ON CONFLICT (guild_id) DO UPDATE SET language = excluded.language",
                (guild_id, language),
            )

    async def server_language(self, guild_id: int) -> str | None:
        row = await self._fetchone(
            "SELECT language FROM server_languages WHERE guild_id = ?", (guild_id,))
        return row["language"] if row else None
