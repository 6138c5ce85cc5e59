"""What a position is worth to a side, for the hard level's search.

A rollout lets every seat play on by the heuristics (the hard level's style), each from what
it could know of the game (``rollout_step``: its own hand, the table, and the hand's public
history kept move by move in a ``Memory`` rather than read again from a fresh view). Where
the hand ends inside the rollout the engine's own score sheet is the outcome; where the
rollout stops first, ``side_value`` estimates the side's hand score
from the table: its melds' points and canasta bonuses (the engine's ``canasta_bonus``, so
every variant's kinds count), progress toward a canasta, red threes (plus or minus by the
variant's rule), and the cards still in its hands, which cost their points at the end unless
they can still be laid off (on the side's own melds, or wild cards).
"""

from __future__ import annotations

from bot.engine import Game, canasta_bonus, red_threes_plus

from . import policy
from .knowledge import Memory
from .players import first_legal
from .table import table_of

PROGRESS = 40.0       # points per card a meld of four or more has toward a canasta
HAND_COST = 0.7       # share of a dead card's points the side loses by holding it
LAYABLE_GAIN = 0.3    # share of a layable card's points the side gains by holding it
OUT_CHANCE = 0.25     # share of the going-out bonus a side able to go out is credited with


def rollout_step(game: Game, player: str, style: policy.Style = policy.NORMAL,
                 memory: Memory | None = None) -> None:
    """One move of ``player`` by the heuristics of ``style``, from what it could know of
    ``game``: its own hand and the table as its view shows them, and the hand's public
    history as ``memory`` has kept it (``None``: read from the game's history now)."""
    if memory is None:
        memory = Memory(game.players)
    memory.catch_up(game.history)
    first_legal(game, player, policy.decide(table_of(game, player, memory), style))


def play_out(game: Game, start: int, depth: int, style: policy.Style = policy.NORMAL,
             memory: Memory | None = None) -> int:
    """Let the heuristics of ``style`` play on for ``depth`` moves (0: to the end of the
    hand), stopping only before a draw; returns the moves played. ``memory``: the hand's
    public history so far, kept up to date move by move."""
    if memory is None:
        memory = Memory(game.players)
    moves = 0
    while len(game.results) == start and game.phase != "over":
        if depth and moves >= depth and game.phase == "draw":
            break
        player = game.turn
        if player is None:
            break
        rollout_step(game, player, style, memory)
        moves += 1
    return moves


def side_value(game: Game, team: int) -> float:
    """A static estimate of a side's hand score if the hand went on from here."""
    r = game.rules
    value = 0.0
    canastas = 0
    for m in game.team_melds[team].values():
        n = len(m.cards)
        value += m.points
        if n >= r.canasta_size:
            canastas += 1
            value += canasta_bonus(r, m)
        elif n >= 4:
            value += PROGRESS * (n - 3)
    reds = len(game.red_threes(team))
    if reds:
        rv = r.red_three_value(reds)
        melds = list(game.team_melds[team].values())
        done = [m for m in melds if m.is_canasta(r)]
        value += rv if red_threes_plus(r, melds, done, reds) else -rv
    ranks = {m.rank for m in game.team_melds[team].values() if m.shape == "set"}
    melded = bool(game.team_melds[team])
    fewest = None
    for p in game.players:
        if game.team_of(p) != team or p not in game.hands:
            continue
        hand = game.hands[p]
        fewest = len(hand) if fewest is None else min(fewest, len(hand))
        for c in hand:
            if melded and (c.is_wild or (c.is_natural and c.rank in ranks)):
                value += LAYABLE_GAIN * c.points
            else:
                value -= HAND_COST * c.points
    if canastas >= r.canastas_to_go_out and fewest is not None and fewest <= 4:
        value += OUT_CHANCE * r.going_out
    return value


def outcome(game: Game, start_results: int, team: int) -> float:
    """My side's score minus the others' (their mean with three sides)."""
    if len(game.results) > start_results:
        totals = [float(x) for x in game.results[start_results].total]
    else:
        totals = [side_value(game, t) for t in range(game.rules.teams)]
    others = [v for t, v in enumerate(totals) if t != team]
    return totals[team] - sum(others) / len(others)


__all__ = ["outcome", "play_out", "rollout_step", "side_value"]
