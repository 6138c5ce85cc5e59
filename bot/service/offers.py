"""The whole legal moves autocomplete offers a player (melds and lay-offs for /meld, the ways
to take the pile for /pickup), computed once per game version and player, away from the
event loop (see thinking.py), and kept in a small cache: each keystroke then only filters
the list. A keystroke that comes while the list is still being computed waits for it a
moment at most (`OFFER_WAIT`), then answers without it; the next one finds it ready.

A mixin of `GameService`.
"""

from __future__ import annotations

import asyncio
import logging
from collections import OrderedDict
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from bot.service.live_game import LiveGame

log = logging.getLogger(__name__)

OFFERS_KEPT = 256  # (game, version, player, phase) lists kept
OFFER_WAIT = 1.5  # seconds a keystroke waits for a list being computed (Discord allows 3)

OfferKey = tuple[int, int, str, str]


class MoveOffers:
    _offers: OrderedDict[OfferKey, asyncio.Task[list[str]]]

    if TYPE_CHECKING:  # provided by GameService
        async def live(self, game_id: int, *, check: bool = False) -> LiveGame: ...
        async def think(self, name: str, *args: Any) -> Any: ...

    async def offered_moves(self, game_id: int, player: str) -> list[str]:
        """The whole legal moves `player` may make now (the most cards first), or none when
        it is not their turn to meld or take the pile."""
        live = await self.live(game_id)
        game = live.game
        if live.status != "active" or game.turn != player or game.phase not in ("draw", "play"):
            return []
        key = (game_id, live.version, player, game.phase)
        task = self._offers.get(key)
        if task is None:
            task = asyncio.get_running_loop().create_task(
                self.think("offered_moves", game.to_dict(), player),
                name=f"offers-{game_id}-{live.version}")
            task.add_done_callback(self._offer_done(key))
            self._offers[key] = task
            while len(self._offers) > OFFERS_KEPT:
                self._offers.popitem(last=False)
        else:
            self._offers.move_to_end(key)
        try:
            return list(await asyncio.wait_for(asyncio.shield(task), OFFER_WAIT))
        except TimeoutError:
            return []  # still thinking: this keystroke does without
        except Exception:
            return []

    def _offer_done(self, key: OfferKey) -> Any:
        def done(task: asyncio.Task[list[str]]) -> None:
            if task.cancelled() or task.exception() is not None:
                if not task.cancelled():
                    log.warning("the moves offered in game %s could not be listed", key[0],
                                exc_info=task.exception())
                if self._offers.get(key) is task:
                    del self._offers[key]  # the next keystroke tries again
        return done

    def _forget_offers(self, game_id: int) -> None:
        for key in [k for k in self._offers if k[0] == game_id]:
            del self._offers[key]
