"""Telling moves apart, for ``legal_candidates``: the same move twice is offered once.

Moves are told apart by their cards (``key_of``, whatever the order of the cards and
groups). Only moves of one shape (``Seen``) can be the same move, so a key is worked out
only when another move of its shape comes.
"""

from __future__ import annotations

from collections.abc import Callable

from .actions import Meld
from .legal_melds import Part

Key = tuple[object, ...]
# moves of fewer cards are told apart by their keys alone (their shapes cost more than
# their keys save)
_SHAPED = 12
Lazy = Callable[[bool], Key]   # a move's shape (False) or key (True), when asked


class Seen:
    """The moves offered so far, by their number of cards and then by their shape (the
    number of groups and the sum of their sizes' squares, the lay-offs' sizes): only moves
    of as many cards and of one shape can be the same move (moves of fewer than ``_SHAPED``
    cards: of one shape, ``()``). The shapes of a size are worked out only when a second
    move of it comes, and the keys of a shape only when a second move of it comes."""

    def __init__(self) -> None:
        self.waiting: dict[int, list[Lazy]] = {}
        self.shapes: dict[int, dict[Key, Same]] = {}

    def _shapes(self, size: int) -> dict[Key, Same] | None:
        shapes = self.shapes.get(size)
        if shapes is None:
            waiting = self.waiting.get(size)
            if waiting is None:
                return None
            shapes = self.shapes[size] = {}
            for move in waiting:
                _file(shapes, size, move)
        return shapes

    def holds(self, size: int) -> bool:
        """Was a move of ``size`` cards seen?"""
        return size in self.waiting or size in self.shapes

    def has(self, size: int, move: Lazy) -> bool:
        shapes = self._shapes(size)
        if shapes is None:
            return False
        same = shapes.get(move(False) if size >= _SHAPED else ())
        return same is not None and same.has(move)

    def put(self, size: int, move: Lazy) -> None:
        """A move seen (not compared with those before it)."""
        shapes = self.shapes.get(size)
        if shapes is None:
            self.waiting.setdefault(size, []).append(move)
        else:
            _file(shapes, size, move)

    def add(self, size: int, move: Lazy) -> bool:
        """Was this move seen? (Then it is now.)"""
        shapes = self._shapes(size)
        if shapes is None:
            self.waiting[size] = [move]
            return False
        shape = move(False) if size >= _SHAPED else ()
        same = shapes.get(shape)
        if same is None:
            shapes[shape] = Same(move)
            return False
        return same.add(move)


class Same:
    """The moves seen of one size and shape, their keys worked out when a second comes."""

    def __init__(self, move: Lazy) -> None:
        self.waiting = [move]
        self.keys: set[Key] | None = None

    def _keys(self) -> set[Key]:
        keys = self.keys
        if keys is None:
            keys = self.keys = {move(True) for move in self.waiting}
        return keys

    def has(self, move: Lazy) -> bool:
        return move(True) in self._keys()

    def put(self, move: Lazy) -> None:
        if self.keys is None:
            self.waiting.append(move)
        else:
            self.keys.add(move(True))

    def add(self, move: Lazy) -> bool:
        keys = self._keys()
        k = move(True)
        if k in keys:
            return True
        keys.add(k)
        return False


NOTHING_SEEN = Seen()   # read only (``_plain_melded``), where nothing was offered before


def of_parts(parts: list[Part], add_parts: list[Part]) -> Lazy:
    """The shape or ``key_of`` a candidate, its groups and lay-offs worked out, when asked."""
    def lazy(full: bool) -> Key:
        if not full:
            return (len(parts), sum([p[3] * p[3] for p in parts]),
                    tuple(sorted([(p[1], p[3]) for p in add_parts])))
        return (tuple(sorted([tuple(sorted(p[8])) for p in parts])),
                tuple(sorted([(p[1], tuple(sorted(p[8]))) for p in add_parts])))
    return lazy


def of_move(action: Meld) -> Lazy:
    """The shape or ``key_of`` a move, when asked."""
    def lazy(full: bool) -> Key:
        groups, add = action.groups, action.add
        if not full:
            return (len(groups), sum([len(g) * len(g) for g in groups]),
                    tuple(sorted([(str(k), len(v)) for k, v in add.items()])) if add else ())
        return key_of(groups, add)
    return lazy


def key_of(groups: list[list[str]], add: dict[str, list[str]]) -> Key:
    """The same move whatever the order of its cards and groups."""
    return (tuple(sorted(tuple(sorted(g)) for g in groups)),
            tuple(sorted((str(k), tuple(sorted(v))) for k, v in add.items())))


def _file(shapes: dict[Key, Same], size: int, move: Lazy) -> None:
    """A move of ``size`` cards among the moves seen of its shape (not compared with them)."""
    shape = move(False) if size >= _SHAPED else ()
    same = shapes.get(shape)
    if same is None:
        shapes[shape] = Same(move)
    else:
        same.put(move)
