"""What a match that ended gives the ratings (see bot/store/ratings.py): who sat on which
side, each side's final score, and who is rated.

- partners are one side; in cut-throat and individual play each player is a side;
- a computer's own seat is rated as its level ("level:hard"), one identity per level (a
  level seated twice in one match plays its part but is not rated in it);
- a person a computer stood in for during more than half of their turns is not rated in
  that match. A turn is a run of moves of one seat in the log; it counts as the computer's
  when a computer made any move of it (the timer ran out, or the seat was handed over).
"""

from __future__ import annotations

from collections import Counter

from bot.engine import Game
from bot.store import MatchEntry, MatchResult, Seat, family_of
from bot.store.rating_model import COMPUTER_PREFIX


def computer_actor(level: str) -> str:
    """Who made a move a computer made for a person's seat (the actions' `actor`)."""
    return f"{COMPUTER_PREFIX}{level}"


def turns(actors: list[tuple[str, str]]) -> dict[str, tuple[int, int]]:
    """Per seat: (turns, turns a computer played) from the log's (seat, actor) pairs."""
    counted: dict[str, list[int]] = {}
    previous: str | None = None
    computer_turn = False
    for seat, actor in actors:
        tally = counted.setdefault(seat, [0, 0])
        if seat != previous:
            tally[0] += 1
            computer_turn = False
        if actor != seat and not computer_turn:
            tally[1] += 1
            computer_turn = True
        previous = seat
    return {seat: (t[0], t[1]) for seat, t in counted.items()}


def match_result(variant: str, seats: list[Seat], game: Game,
                 actors: list[tuple[str, str]]) -> MatchResult | None:
    """The match as the ratings see it (None: fewer than two sides)."""
    played = turns(actors)
    ids = {s.player: _identity(s) for s in seats}
    twice = {i for i, n in Counter(ids.values()).items() if n > 1}
    entries = []
    for seat in seats:
        side = game.team_of(seat.player)
        identity = ids[seat.player]
        if seat.computer:
            rated = identity not in twice
            name = seat.level or "normal"
        else:
            total, by_computer = played.get(seat.player, (0, 0))
            rated = 2 * by_computer <= total
            name = seat.name
        entries.append(MatchEntry(seat.seat, identity, name, side, int(game.scores[side]),
                                  rated))
    if len({e.side for e in entries}) < 2:
        return None
    return MatchResult(family_of(variant), entries)


def _identity(seat: Seat) -> str:
    return computer_actor(seat.level or "normal") if seat.computer else seat.player
