"""What the service hands back to a front end: plain data, no Discord objects."""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from typing import Any

from bot import i18n
from bot.i18n.speech import say, sentence
from bot.store import Seat

log = logging.getLogger(__name__)


class Refused(ValueError):
    """A request a player made that cannot be done; the message says why, in plain words.

    Nothing changed. Front ends show the message to that player only, in their language:
    `key` names the catalog message and `values` what it names (see bot/i18n/speech.py); the
    English sentence (`str`) is for logs, and for a refusal without a key.
    """

    def __init__(self, message: str, *, key: str = "", **values: Any) -> None:
        super().__init__(message)
        self.key = key
        self.values = values

    def said(self, lang: str) -> str:
        """The reason in `lang` (the English sentence when the catalogs lack its key)."""
        if self.key and i18n.has_key(self.key):
            return say(lang, self.key, **self.values)
        if self.key:
            log.warning("no catalog message %r: refusal shown in English", self.key)
        return str(self)

    def not_allowed(self, lang: str) -> str:
        """"Not allowed: <the reason>." in `lang`: the reply to a refused move."""
        reason = sentence(self.said(lang)) or i18n.text(lang, "reply.move_not_possible")
        return i18n.text(lang, "reply.not_allowed", reason=reason)


class MovedOn(Refused):
    """Another process committed a move on the game while this one was judged (the commit's
    version check found it): nothing was applied, and the game in memory was dropped."""


def refused(key: str, **values: Any) -> Refused:
    """A refusal named by its catalog key (its English sentence from the English catalog)."""
    return Refused(say(i18n.BASE_LANGUAGE, key, **values), key=key, **values)


@dataclass(frozen=True)
class Question:
    """A pending "Partner, may I go out?": who asked, and who may answer."""

    asker: str
    partners: list[str]


@dataclass(frozen=True)
class HandEnd:
    hand: int
    totals: list[int]
    breakdown: list[dict[str, int]]
    went_out: str | None


@dataclass
class Outcome:
    """The result of one accepted action (or of a start/rematch, which deals)."""

    game_id: int
    player: str
    events: list[dict[str, Any]] = field(default_factory=list)
    hands_changed: list[str] = field(default_factory=list)
    question: Question | None = None
    answered: bool | None = None  # set when this action answered a question
    hands_ended: list[HandEnd] = field(default_factory=list)
    game_over: bool = False
    winner: int | None = None
    new_deal: bool = False
    version: int = 0
    # The public view of the last hand ended, as its table lay before the next deal (the
    # engine's `ended_hand_table`): the old hand's live table shows it before the new one.
    ended_table: dict[str, Any] | None = None


@dataclass(frozen=True)
class Step:
    """What a table waits for next when no person is acting: a computer's move, or the
    turn timer's reminder or expiry. `at` is when (the service's clock; None: right away,
    after the computer's thinking delay). `version` pins the game state it was planned on."""

    kind: str  # "computer" | "remind" | "expire"
    player: str
    version: int
    at: float | None = None


@dataclass
class Notice:
    """Something that happened at a table without a person's interaction (a computer moved,
    the timer reminded or ran out) or to a seat (handed to a computer, taken back).

    kinds: "computer", "reminder", "expired", "left", "replaced", "back".
    """

    game_id: int
    kind: str
    player: str
    outcome: Outcome | None = None
    seconds_left: float = 0.0
    missed: int = 0
    handed_over: bool = False  # the seat went to a computer player (until /rejoin)
    by: str | None = None  # who replaced the player
    paused: bool = False  # nobody plays at the table any more: it waits for a /rejoin


@dataclass(frozen=True)
class LobbyState:
    game_id: int
    host: str
    status: str
    variant: str
    players: int
    teams: int
    target: int
    seating: str  # "drawn" or "join"
    seats: list[Seat]
    thread_id: int | None = None
    timer: int = 2  # turn timer in minutes, 0 = off
    hints: str = "auto"  # may players ask /hint: "on", "off", "auto" (when a computer plays)
    ended_by: str | None = None  # what ended a table that did not finish (see ending.py)
    guild_id: int | None = None

    @property
    def full(self) -> bool:
        return len(self.seats) >= self.players

    def name_of(self, player: str) -> str:
        for seat in self.seats:
            if seat.player == player:
                return seat.name
        return player
