"""Tables that open: the first deal, a rematch in one transaction, and the start-up's view
of set-ups a crash interrupted (see `bot/store/table_setup.py` for the intent they leave behind).

A mixin of `GameService` (the game's lock, the cache, the store).
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import TYPE_CHECKING

from bot.engine import Game
from bot.service.crashpoints import crash_point
from bot.service.lobby import table_rules
from bot.service.outcome import LobbyState, Outcome, refused
from bot.store import GameRecord, Opening, Seat, Shards, Store, StoreError

if TYPE_CHECKING:
    from bot.service.game_locks import GameLock


class TableOpening:
    store: Store
    seed: int | None

    if TYPE_CHECKING:  # provided by GameService
        def lock(self, game_id: int) -> GameLock: ...
        async def _record(self, game_id: int) -> GameRecord: ...
        async def lobby(self, game_id: int) -> LobbyState: ...
        async def room_to_play(self, record: GameRecord) -> None: ...
        async def _in_play(self, game_id: int, game: Game, seats: list[Seat],
                           host: str) -> Outcome: ...

    async def opened(self, game_id: int, thread_id: int) -> None:
        """`/canasta new` is done: the lobby message is posted and the thread made."""
        await self.store.opened(game_id, thread_id)

    async def rematch(self, game_id: int, player: str) -> tuple[LobbyState, Outcome]:
        """The same table plays again in the same thread, with the same seats: the new
        game, its seats, its thread and its first deal are one transaction."""
        async with self.lock(game_id):
            record = await self._record(game_id)
            if record.status != "over":
                raise refused("reply.not_over")
            seats = await self.store.seats(game_id)
            if player not in {s.player for s in seats}:
                raise refused("reply.rematch_players")
            await self.room_to_play(record)
            seed = self.seed if self.seed is not None else random.SystemRandom().randrange(2**62)
            order = [s.player for s in seats]
            game, dealt = self._first_deal(replace(record, seed=seed), order, seats)
            try:
                new_id = await self.store.create_rematch(
                    previous=record, host=player, seed=seed, seats=dealt,
                    snapshot=game.to_dict())
            except StoreError:
                raise refused("reply.rematch_started") from None
            crash_point("rematch.committed")
            outcome = await self._in_play(new_id, game, dealt, player)
            return await self.lobby(new_id), outcome

    async def _deal(self, record: GameRecord, order: list[str], joined: list[Seat]) -> Outcome:
        """Deal the first hand of a game in the lobby; it is in play from now on."""
        game, seats = self._first_deal(record, order, joined)
        try:
            await self.store.start_game(record.id, seats, game.to_dict())
        except StoreError as exc:
            raise refused("reply.already_started") from exc
        return await self._in_play(record.id, game, seats, record.host)

    def _first_deal(self, record: GameRecord, order: list[str], joined: list[Seat]
                    ) -> tuple[Game, list[Seat]]:
        """The first hand dealt to `order`. Computer seats keep their level; the computers'
        first moves are the autopilot's (after the deal has been shown), never the dealer's."""
        options = record.options
        rules = table_rules(record.variant, options["players"], options.get("teams"),
                       options.get("target"))
        game = Game.new(rules, order, record.seed)
        by_player = {s.player: s for s in joined}
        seats = [Seat(i, p, by_player[p].name, game.team_of(p), by_player[p].computer,
                      (by_player[p].level or "normal") if by_player[p].computer else None)
                 for i, p in enumerate(order)]
        return game, seats

    async def openings(self, shards: Shards | None = None) -> list[Opening]:
        """Set-ups a crash interrupted (for the start-up to complete or drop); with `shards`,
        only those of the guilds this process serves."""
        return await self.store.openings(shards)

    async def drop_opening(self, game_id: int) -> None:
        """A table whose set-up cannot be completed goes, without a trace."""
        await self.store.drop_game(game_id)

    async def opening_done(self, game_id: int) -> None:
        """The last step of a set-up happened (a rematch's deal was shown)."""
        await self.store.finish_opening(game_id)
