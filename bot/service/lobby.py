"""Tables in the lobby: open one, take and leave seats, add computer players, cancel, and
start (seats drawn or in join order, then the first deal).

A mixin of `GameService` (the game's lock, the store).
"""

from __future__ import annotations

import asyncio
import random
from typing import TYPE_CHECKING, Any

from bot.engine import VARIANTS, Rules, variant
from bot.engine.variants import PLAYER_COUNTS
from bot.service.crashpoints import crash_point
from bot.service.hints import DEFAULT_HINTS, HINTS, hints_setting
from bot.service.limits import TableLimits
from bot.service.names import clean_name
from bot.service.outcome import LobbyState, Outcome, Refused, refused
from bot.service.seating import SeatDraw, draw_for_seats
from bot.service.timer import DEFAULT_TIMER, TIMER_CHOICES, turn_minutes
from bot.store import GameRecord, Seat, Store

if TYPE_CHECKING:
    from bot.service.game_locks import GameLock

SEATINGS = ("drawn", "join")
AI_PREFIX = "ai:"
LEVELS = ("easy", "normal", "hard")


class LobbyTables:
    store: Store
    seed: int | None
    default_variant: str
    limits: TableLimits
    _opening: asyncio.Lock  # one new table at a time in this process (its limits' counts)

    if TYPE_CHECKING:  # provided by GameService and TableOpening
        def lock(self, game_id: int) -> GameLock: ...
        def _opened(self, limit: float) -> None: ...
        async def _record(self, game_id: int) -> GameRecord: ...
        async def _deal(self, record: GameRecord, order: list[str], joined: list[Seat]
                        ) -> Outcome: ...

    async def new_lobby(
        self,
        *,
        guild_id: int | None,
        channel_id: int,
        host: str,
        host_name: str,
        variant_name: str | None = None,
        players: int = 4,
        teams: int | None = None,
        target: int | None = None,
        seating: str = "drawn",
        timer: int = DEFAULT_TIMER,
        hints: str = DEFAULT_HINTS,
    ) -> LobbyState:
        host_name = clean_name(host_name)
        name = (variant_name or self.default_variant).strip().lower()
        rules = table_rules(name, players, teams, target)
        if seating not in SEATINGS:
            raise refused("reply.seating_choices", choices=", ".join(SEATINGS))
        if timer not in TIMER_CHOICES:
            raise refused("reply.timer_choices")
        if hints not in HINTS:
            raise refused("reply.hints_choices", choices=", ".join(HINTS))
        options = {"players": players, "teams": teams, "target": target, "seating": seating,
                   "timer": timer, "hints": hints}
        seed = self.seed if self.seed is not None else random.SystemRandom().randrange(2**62)
        async with self._opening:  # the counts and the new table, one opening at a time
            await self._room_for_lobby(host, channel_id, guild_id)
            game_id = await self.store.create_game(
                guild_id=guild_id,
                channel_id=channel_id,
                host=host,
                host_name=host_name,
                variant=rules.name,
                options=options,
                seed=seed,
                opening=True,
            )
        crash_point("new.created")
        self._opened(self.limits.lobby_seconds)
        return await self.lobby(game_id)

    async def lobby(self, game_id: int) -> LobbyState:
        record = await self._record(game_id)
        rules = table_rules(record.variant, record.options["players"], record.options.get("teams"),
                       record.options.get("target"))
        return LobbyState(
            game_id=record.id,
            host=record.host,
            status=record.status,
            variant=record.variant,
            players=rules.players,
            teams=rules.teams,
            target=rules.target,
            seating=record.options.get("seating", "drawn"),
            seats=await self.store.seats(game_id),
            thread_id=record.thread_id,
            timer=turn_minutes(record.options),
            hints=hints_setting(record.options),
            ended_by=record.ended_by,
            guild_id=record.guild_id,
        )

    async def join(self, game_id: int, player: str, name: str) -> LobbyState:
        async with self.lock(game_id):
            lobby = await self._open_lobby(game_id)
            if any(s.player == player for s in lobby.seats):
                raise refused("reply.already_seated")
            if lobby.full:
                raise refused("reply.table_full")
            await self.store.add_seat(game_id, player, clean_name(name))
            return await self.lobby(game_id)

    async def add_computer(self, game_id: int, player: str, level: str = "normal",
                           name: str = "Computer {n}") -> LobbyState:
        """The host fills a seat with a computer player of `level`, called `name` with its
        number for `{n}` (the front end gives the words of the table's language)."""
        level = level.strip().lower()
        if level not in LEVELS:
            raise refused("reply.level_choices", choices=", ".join(LEVELS))
        async with self.lock(game_id):
            lobby = await self._open_lobby(game_id)
            if player != lobby.host:
                raise refused("reply.host_adds_computer")
            if lobby.full:
                raise refused("reply.table_full")
            taken = {s.player for s in lobby.seats}
            number = next(n for n in range(1, 8) if f"{AI_PREFIX}{n}" not in taken)
            await self.store.add_seat(game_id, f"{AI_PREFIX}{number}", name.format(n=number),
                                      is_ai=True, level=level)
            return await self.lobby(game_id)

    async def leave(self, game_id: int, player: str) -> LobbyState:
        async with self.lock(game_id):
            lobby = await self._open_lobby(game_id)
            if not any(s.player == player for s in lobby.seats):
                raise refused("reply.no_seat")
            if player == lobby.host:
                raise refused("reply.host_cannot_leave")
            await self.store.remove_seat(game_id, player)
            return await self.lobby(game_id)

    async def start(self, game_id: int, player: str) -> tuple[LobbyState, Outcome, list[SeatDraw]]:
        """Seat the players (drawn or in join order) and deal the first hand."""
        async with self.lock(game_id):
            lobby = await self._open_lobby(game_id)
            if player != lobby.host:
                raise refused("reply.host_starts")
            if not lobby.full:
                raise refused("reply.wait_for_seats", seats=lobby.players, taken=len(lobby.seats))
            record = await self._record(game_id)
            await self.room_to_play(record)
            joined = [s.player for s in lobby.seats]
            draws: list[SeatDraw] = []
            order = joined
            if lobby.seating == "drawn":
                order, draws = draw_for_seats(joined, lobby.teams, random.Random(record.seed))
            outcome = await self._deal(record, order, lobby.seats)
            return await self.lobby(game_id), outcome, draws

    async def _room_for_lobby(self, host: str, channel_id: int, guild_id: int | None
                              ) -> None:
        """Refused when the host, the channel or the server has as many tables as the
        limits allow (see limits.py)."""
        limits = self.limits
        if not (limits.lobbies_per_host or limits.lobbies_per_channel
                or limits.tables_per_server):
            return
        open_now = await self.store.open_tables(host, channel_id, guild_id)
        if limits.lobbies_per_host and open_now.host_lobbies >= limits.lobbies_per_host:
            raise refused("reply.limit_host_lobbies", n=limits.lobbies_per_host)
        if limits.lobbies_per_channel and open_now.channel_lobbies >= limits.lobbies_per_channel:
            raise refused("reply.limit_channel_lobbies", n=limits.lobbies_per_channel)
        if limits.tables_per_server and open_now.server_tables >= limits.tables_per_server:
            raise refused("reply.limit_server_tables", n=limits.tables_per_server)

    async def room_to_play(self, record: GameRecord) -> None:
        """Refused when the server has as many tables in play as the limit allows."""
        limit = self.limits.tables_per_server
        if limit and (await self.store.open_tables(record.host, record.channel_id,
                                                   record.guild_id)).server_tables >= limit:
            raise refused("reply.limit_server_tables", n=limit)

    async def _open_lobby(self, game_id: int) -> LobbyState:
        lobby = await self.lobby(game_id)
        if lobby.status != "lobby":
            raise refused({"active": "reply.already_started", "over": "reply.game_over",
                           "cancelled": "reply.cancelled"}.get(lobby.status, "reply.closed"))
        return lobby


def table_rules(name: str, players: int, teams: int | None, target: int | None) -> Rules:
    """The rules of a table: a variant with the table's options; Refused if they clash."""
    options: dict[str, Any] = {}
    if teams is not None:
        options["teams"] = teams
    if target is not None:
        options["target"] = target
    if name not in VARIANTS:
        raise refused("reply.unknown_variant", text=name, choices=", ".join(VARIANTS))
    if players not in PLAYER_COUNTS[name]:
        raise refused("reply.variant_players", variant=name, players=players,
                      counts=", ".join(map(str, PLAYER_COUNTS[name])))
    try:
        return variant(name, players, **options)
    except ValueError as exc:
        if players == 6 and teams not in (None, 2, 3):
            raise refused("reply.teams_of_six") from None
        fixed = variant(name, players).teams if 2 <= players <= 6 and teams is not None else None
        if fixed is not None and teams != fixed:
            raise refused("reply.sides_fixed", players=players, teams=fixed) from None
        raise Refused(str(exc)) from None  # the engine's English words (a rare clash)
