"""Legal moves with sequences and wild melds (B.2-B.7), beside the sets of ``legal``.

One representative of each kind, each checked by the planner: every new sequence of three
cards in a row the hand holds and the longest run it holds (at most a canasta's length),
each one-card extension of a side's sequence at either end and its longest extension; a new
meld of three wild cards of each mix of jokers and 2s the hand allows and of all its wild
cards; a joker and a 2 laid off on each wild meld short of a canasta. A side that has not
melded is also offered these with its best sets (``greedy``), so runs count toward the
initial minimum.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .actions import Meld, trusted
from .cards import Card, card_texts
from .errors import IllegalMove
from .melds import SEQUENCE_ORDER

if TYPE_CHECKING:
    from .game import Game

Move = tuple[list[list[Card]], dict[str, list[Card]]]


def runs(hand: list[Card], size: int) -> list[list[Card]]:
    """Every maximal run of one suit in the hand (distinct ranks in a row, 4 .. A), cut to
    ``size`` cards, and every run of three inside it."""
    by_suit: dict[str, dict[int, Card]] = {}
    for c in hand:
        if c.is_natural:
            by_suit.setdefault(c.suit, {}).setdefault(SEQUENCE_ORDER[c.rank], c)
    out: list[list[Card]] = []
    for cards in by_suit.values():
        order = sorted(cards)
        start = 0
        for i in range(1, len(order) + 1):
            if i == len(order) or order[i] != order[i - 1] + 1:
                run = [cards[k] for k in order[start:i]]
                if len(run) >= 3:
                    out.extend(run[j:j + 3] for j in range(len(run) - 2))
                    if len(run) > 3:
                        out.append(run[:size])
                start = i
    return out


def _extensions(game: Game, player: str) -> list[Move]:
    r = game.rules
    hand = game.hands[player]
    out: list[Move] = []
    for key, m in game.team_melds[game.team_of(player)].items():
        if m.shape != "sequence" or len(m.cards) >= r.canasta_size:
            continue
        have = {SEQUENCE_ORDER[c.rank]: c for c in hand if c.is_natural and c.suit == m.suit}
        low, high = SEQUENCE_ORDER[m.cards[0].rank], SEQUENCE_ORDER[m.cards[-1].rank]
        longest: list[Card] = []
        room = r.canasta_size - len(m.cards)
        i = high + 1
        while i in have and len(longest) < room:
            longest.append(have[i])
            i += 1
        i = low - 1
        while i in have and len(longest) < room:
            longest.append(have[i])
            i -= 1
        for end in (low - 1, high + 1):
            if end in have:
                out.append(([], {key: [have[end]]}))
        if len(longest) > 1:
            out.append(([], {key: longest}))
    return out


def _wild_moves(game: Game, player: str) -> list[Move]:
    r = game.rules
    hand = game.hands[player]
    jokers = [c for c in hand if c.is_joker]
    deuces = [c for c in hand if c.is_wild and not c.is_joker]
    out: list[Move] = []
    for j in range(min(3, len(jokers)) + 1):
        if 3 - j <= len(deuces):
            out.append(([jokers[:j] + deuces[:3 - j]], {}))
    if len(jokers) + len(deuces) > 3:
        out.append(([(jokers + deuces)[:r.canasta_size]], {}))
    for key, m in game.team_melds[game.team_of(player)].items():
        if m.shape == "wild" and len(m.cards) < r.canasta_size:
            for c in (jokers[:1], deuces[:1]):
                if c:
                    out.append(([], {key: c}))
    return out


def shape_moves(game: Game, player: str, greedy: Move | None) -> list[Meld]:
    """Sequence and wild-meld moves (``greedy``: the hand's best sets, for a side that has
    not melded, so that runs count toward the initial minimum)."""
    r = game.rules
    hand = game.hands[player]
    moves: list[Move] = []
    found = runs(hand, r.canasta_size) if r.sequences else []
    moves += [([run], {}) for run in found]
    moves += _extensions(game, player)
    if r.wild_melds:
        moves += _wild_moves(game, player)
    if greedy is not None and found:
        sets, _ = greedy
        rest = list(hand)
        for c in (c for g in sets for c in g):
            rest.remove(c)
        longest = _disjoint(sorted(runs(rest, r.canasta_size), key=len, reverse=True))
        moves.append((sets + longest, {}))
        moves.append((_disjoint(sorted(found, key=len, reverse=True)), {}))
    legal: list[Meld] = []
    for groups, adds in moves:
        try:
            game._plan(player, groups, list(adds.items()))
        except IllegalMove:
            continue
        legal.append(trusted(Meld, groups=[card_texts(g) for g in groups],
                             add={k: card_texts(v) for k, v in adds.items()}))
    return legal


def _disjoint(groups: list[list[Card]]) -> list[list[Card]]:
    """Runs that share no card (a run holds one card of each rank of its suit)."""
    used: set[Card] = set()
    out: list[list[Card]] = []
    for g in groups:
        if not used.intersection(g):
            out.append(g)
            used.update(g)
    return out
