"""How much one member, one channel or one server may ask of the bot: limits on open tables
(checked by the service when a table opens or starts), and cooldowns on the interactions
that cost the most (checked by the front end before it calls the service).

The cooldowns are kept in this process's memory: a sharded bot keeps them per process,
which is per server (a server's interactions all reach its shard's process), except for
the turn messages' controls in DMs, which none of these limit.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

PRUNE_AT = 10_000  # remembered members before the ones whose cooldown is over are dropped


@dataclass(frozen=True)
class TableLimits:
    """The service's limits (0: none) and expiry (0: never)."""

    lobbies_per_host: int = 0  # open lobbies one member hosts
    lobbies_per_channel: int = 0  # open lobbies in one channel
    tables_per_server: int = 0  # tables in play in one server
    lobby_seconds: float = 0.0  # a lobby older than this is cancelled
    idle_seconds: float = 0.0  # a table where no person moved for this long is abandoned


class Cooldowns:
    """Per member (or any key), how soon an interaction may come again. Each check either
    lets the interaction through (None) or says when it may come again (seconds since the
    epoch, rounded up to a whole second, as Discord's relative timestamps show them)."""

    def __init__(self, clock: Callable[[], float]) -> None:
        self.clock = clock
        self._next: dict[tuple[str, object], float] = {}  # (kind, key) -> when allowed
        self._buckets: dict[tuple[str, object], tuple[float, float]] = {}  # tokens, at

    def once_per(self, kind: str, key: object, seconds: float) -> float | None:
        """At most once per `seconds` (0: always). A call let through counts from now; if
        it then fails, `refund` takes it back."""
        if seconds <= 0:
            return None
        now = self.clock()
        allowed = self._next.get((kind, key), 0.0)
        if now < allowed:
            return math.ceil(allowed)
        self._prune(self._next, now)
        self._next[(kind, key)] = now + seconds
        return None

    def refund(self, kind: str, key: object) -> None:
        """The call let through did nothing (it was refused): it does not count."""
        self._next.pop((kind, key), None)

    def per_second(self, kind: str, key: object, rate: float, burst: float) -> float | None:
        """At most `rate` a second on average, `burst` at once (0: always)."""
        if rate <= 0:
            return None
        now = self.clock()
        tokens, at = self._buckets.get((kind, key), (burst, now))
        tokens = min(burst, tokens + (now - at) * rate)
        if tokens < 1:
            return math.ceil(now + (1 - tokens) / rate)
        if len(self._buckets) > PRUNE_AT:
            self._buckets = {k: v for k, v in self._buckets.items()
                             if v[0] + (now - v[1]) * rate < burst}
        self._buckets[(kind, key)] = (tokens - 1, now)
        return None

    def __len__(self) -> int:
        return len(self._next) + len(self._buckets)

    @staticmethod
    def _prune(times: dict[tuple[str, object], float], now: float) -> None:
        if len(times) > PRUNE_AT:
            for key in [k for k, allowed in times.items() if allowed <= now]:
                del times[key]
