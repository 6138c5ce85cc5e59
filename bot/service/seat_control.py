"""Who plays a seat: a person leaves (a computer takes over), the host replaces an idle
player, a person comes back (`/rejoin`). The seat's engine id never changes, so the hand,
the melds and the score stay with the seat and nobody is dealt a new hand.

A mixin of `GameService` (the game's lock, the cache, the store).
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from bot.service.outcome import Notice, refused
from bot.service.timer import STAND_IN_LEVEL
from bot.store import Seat

if TYPE_CHECKING:
    from bot.service.game_locks import GameLock
    from bot.service.live_game import LiveGame


class SeatControl:
    if TYPE_CHECKING:  # provided by GameService and TableSteps
        def lock(self, game_id: int) -> GameLock: ...
        async def _live(self, game_id: int, *, check: bool = False) -> LiveGame: ...
        async def _set_control(self, live: LiveGame, seat: Seat) -> None: ...
        async def _sync_deadline(self, live: LiveGame) -> None: ...

    async def leave_table(self, game_id: int, player: str) -> Notice:
        """A person leaves a game in play: a computer player takes the seat."""
        async with self.lock(game_id):
            live = await self._playing(game_id)
            seat = _person(live, player, "reply.not_playing")
            if seat.away:
                raise refused("reply.computer_already_yours")
            await self._hand_over(live, seat)
            return Notice(game_id, "left", player, handed_over=True,
                          paused=not live.people_playing)

    async def replace_player(self, game_id: int, host: str, player: str) -> Notice:
        """The host gives an idle player's seat to a computer player."""
        async with self.lock(game_id):
            live = await self._playing(game_id)
            if host != live.record.host:
                raise refused("reply.host_replaces")
            if player == host:
                raise refused("reply.replace_yourself")
            seat = _person(live, player, "reply.not_their_game")
            if seat.away:
                raise refused("reply.computer_already_there", player=seat.name)
            await self._hand_over(live, seat)
            return Notice(game_id, "replaced", player, handed_over=True, by=host,
                          paused=not live.people_playing)

    async def rejoin(self, game_id: int, player: str) -> Notice:
        """A person takes their seat back from the computer, with the hand it holds now."""
        async with self.lock(game_id):
            live = await self._playing(game_id)
            seat = _person(live, player, "reply.no_seat_in_game")
            if not seat.away:
                raise refused("reply.already_yours")
            await self._set_control(live, replace(seat, is_ai=False, level=None, missed=0))
            await self._sync_deadline(live)
            return Notice(game_id, "back", player)

    async def _playing(self, game_id: int) -> LiveGame:
        live = await self._live(game_id, check=True)  # who plays a seat: as stored
        if live.status != "active":
            raise refused("reply.game_over" if live.status == "over"
                          else "reply.game_not_played")
        return live

    async def _hand_over(self, live: LiveGame, seat: Seat) -> None:
        await self._set_control(live, replace(seat, is_ai=True, level=STAND_IN_LEVEL, missed=0))
        await self._sync_deadline(live)


def _person(live: LiveGame, player: str, refusal: str) -> Seat:
    """The seat a person plays; `refusal` is the catalog key said when there is none."""
    seat = live.seat(player)
    if seat is None or seat.computer:
        raise refused(refusal)
    return seat
