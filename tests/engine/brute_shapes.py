"""A brute-force reference for going out in the Samba family: every way to put each card of a
small hand on one of the side's melds or into new groups, judged by the planner.

Going out is where ``legal_actions`` searches hardest with sequences and wild melds (runs,
wild melds and sets together); the reference knows nothing of that search. A line is sorted
by the card left to discard, as in ``brute.py``: ("out", its rank) or ("out", None).
"""

from __future__ import annotations

from collections.abc import Iterator

from bot.engine import Card, Game, IllegalMove
from bot.engine.melds import TableMeld

Kind = tuple[object, ...]


def _fits(meld: TableMeld, c: Card) -> bool:
    """Could ``c`` ever join ``meld``? (A set: its rank or a wild card; a sequence: its
    suit; a wild meld: a wild card.) Anything else the planner refuses anyway."""
    if meld.shape == "set":
        return c.rank == meld.rank or (c.is_wild and meld.rank != "3")
    if meld.shape == "sequence":
        return c.is_natural and c.suit == meld.suit
    return c.is_wild


def _assignments(cards: list[Card], melds: dict[str, TableMeld]
                 ) -> Iterator[tuple[list[list[Card]], dict[str, list[Card]]]]:
    """Every assignment of ``cards`` to existing melds (by key) or new groups (numbered in
    order of opening, so each partition comes once)."""
    groups: list[list[Card]] = []
    adds: dict[str, list[Card]] = {}

    def place(i: int) -> Iterator[tuple[list[list[Card]], dict[str, list[Card]]]]:
        if i == len(cards):
            yield [list(g) for g in groups], {k: list(v) for k, v in adds.items() if v}
            return
        c = cards[i]
        for key, meld in melds.items():
            if not _fits(meld, c):
                continue
            adds.setdefault(key, []).append(c)
            yield from place(i + 1)
            adds[key].pop()
        for g in groups:
            g.append(c)
            yield from place(i + 1)
            g.pop()
        groups.append([c])
        yield from place(i + 1)
        groups.pop()

    yield from place(0)


def reference_out_kinds(game: Game, player: str) -> set[Kind]:
    """The kinds of every legal going out by melding (hands of a few cards only)."""
    hand = game.hands[player]
    melds = game.team_melds[game.team_of(player)]
    kinds: set[Kind] = set()
    for spare in [None, *dict.fromkeys(hand)]:
        cards = list(hand)
        if spare is not None:
            cards.remove(spare)
        if not cards:
            continue
        kind = ("out", spare.rank if spare is not None else None)
        if kind in kinds:
            continue
        for groups, adds in _assignments(cards, melds):
            if any(len(g) < 3 for g in groups):
                continue
            try:
                game._plan(player, groups, list(adds.items()))
            except IllegalMove:
                continue
            kinds.add(kind)
            break
    return kinds
