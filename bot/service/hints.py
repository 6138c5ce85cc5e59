"""/hint: privately, the move the hard level would make now for the person who asks, and why.

A mixin of `GameService`. Asking changes nothing in the game: the game is read (as stored:
another process may have moved it), the asking seat's own view is sent to the computers'
pool of thinking processes, and only the person's count of hints taken is written.

The search sees that view alone (its hand, the table, the public history: the view a
computer of that seat gets), with a fixed number of sampled worlds and a seed from the
game's seed, the number of actions so far and the seat (`bot.ai.hint.hint_seed`): the same
position gives the same hint whatever the machine's load, in any process, and whoever else
sits at the table. It waits for no other search: when the pool's queue is full, the person
is told so and asked to try again (the computers' own moves keep their places).

A table's setting (`/canasta new hints:`): "on", "off", or "auto" (the default: on when a
computer has a seat). Computers' seats are fixed once the host presses Start (a person's
seat that a computer stands in for stays that person's), so "auto" reads the same at every
moment of the game as at the Start.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from bot.ai.hint import HINT_SAMPLES, can_hint, hint_seed
from bot.engine import Action, Game, action_from_dict
from bot.service.live_game import LiveGame
from bot.service.outcome import refused
from bot.service.thinking import Busy, Thinker
from bot.store import Seat, Store

HINTS = ("auto", "on", "off")
DEFAULT_HINTS = "auto"


def hints_setting(options: dict[str, Any]) -> str:
    """The table's setting ("auto" for a table opened before there was one)."""
    setting = options.get("hints")
    return setting if setting in HINTS else DEFAULT_HINTS


def hints_allowed(options: dict[str, Any], seats: Iterable[Seat]) -> bool:
    """May the players of this table ask for hints? ("auto": when a computer has a seat.)"""
    setting = hints_setting(options)
    if setting == "auto":
        return any(seat.computer for seat in seats)
    return setting == "on"


@dataclass(frozen=True)
class HintAnswer:
    """A hint given: the move, its reason (catalog key `hint.<reason>` and its values), and
    the game it was given for (to word the move as the player's controls do)."""

    game: Game
    player: str
    action: Action
    reason: str
    values: dict[str, Any] = field(default_factory=dict)


class TableHints:
    store: Store
    thinker: Thinker

    if TYPE_CHECKING:  # provided by GameService
        async def live(self, game_id: int, *, check: bool = False) -> LiveGame: ...

    async def hint(self, game_id: int, player: str) -> HintAnswer:
        """The hard level's move for `player` now; `Refused` (nothing changes) when hints are
        off at this table, when it is not this player's turn nor a question to them, or
        when the pool is busy."""
        live = await self.live(game_id, check=True)  # the game as stored, read under its lock
        seat = live.seat_in_play(player)
        if not hints_allowed(live.record.options, live.seats):
            raise refused("reply.hints_off" if hints_setting(live.record.options) == "off"
                          else "reply.hints_off_auto")
        if seat.away:
            raise refused("reply.computer_has_seat")
        game = live.game  # never changed in place: a move swaps in a new game
        view = game.view(player)  # what this seat sees, and nothing else
        if not can_hint(view):
            raise refused("reply.hint_not_now")
        seed = hint_seed(live.record.seed, live.version, game.players.index(player))
        try:
            found = await self.thinker.think_now("hint_move", view, seed, HINT_SAMPLES)
        except Busy:
            raise refused("reply.hint_busy") from None
        await self.store.count_hint(live.record.guild_id, player, live.record.variant,
                                    seat.name)
        return HintAnswer(game, player, action_from_dict(found["action"]), found["reason"],
                          dict(found["values"]))
