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

from .actions import Meld, meld_of, trusted
from .cards import Card, card_texts
from .errors import accepted
from .going_out import meld_everything
from .melds import (
    SEQUENCE_ORDER,
    TableMeld,
    judge_shape,
    other_canastas,
    set_melds,
    shape_problem,
)
from .planning import plan_meld
from .rules import CANASTA_MINIMUM, NATURAL_CANASTA_MINIMUM, Rules
from .table_state import TableState

Move = tuple[list[list[Card]], dict[str, list[Card]]]


def runs(hand: list[Card], size: int) -> list[list[Card]]:
    """Every maximal run of one suit in the hand (distinct ranks in a row, 4 .. A), cut to
    ``size`` cards, and every run of three inside it."""
    by_suit: dict[str, dict[int, Card]] = {}
    for c in hand:
        if c.is_natural:
            suit = by_suit.get(c.suit)
            if suit is None:
                suit = by_suit[c.suit] = {}
            place = SEQUENCE_ORDER[c.rank]
            if place not in suit:
                suit[place] = c
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


def _suit_ranks(m: TableMeld, cards: list[Card]) -> dict[int, Card]:
    """The naturals of the sequence's suit among ``cards``, by their place in the run."""
    return {SEQUENCE_ORDER[c.rank]: c for c in cards if c.is_natural and c.suit == m.suit}


def _extension(r: Rules, m: TableMeld, have: dict[int, Card]) -> list[Card]:
    """The most of ``have`` that extend the sequence ``m``: upwards, then downwards, up to a
    canasta's size."""
    low, high = SEQUENCE_ORDER[m.cards[0].rank], SEQUENCE_ORDER[m.cards[-1].rank]
    room = r.canasta_size - len(m.cards)
    got: list[Card] = []
    while high + 1 in have and len(got) < room:
        high += 1
        got.append(have[high])
    while low - 1 in have and len(got) < room:
        low -= 1
        got.append(have[low])
    return got


def _extensions(game: TableState, player: str) -> list[Move]:
    r = game.rules
    hand = game.hands[player]
    out: list[Move] = []
    for key, m in game.team_melds[game.team_of(player)].items():
        if m.shape != "sequence" or len(m.cards) >= r.canasta_size:
            continue
        have = _suit_ranks(m, hand)
        longest = _extension(r, m, have)
        low, high = SEQUENCE_ORDER[m.cards[0].rank], SEQUENCE_ORDER[m.cards[-1].rank]
        for end in (low - 1, high + 1):
            if end in have:
                out.append(([], {key: [have[end]]}))
        if len(longest) > 1:
            out.append(([], {key: longest}))
    return out


def _wild_moves(game: TableState, player: str) -> list[Move]:
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


def shape_moves(game: TableState, player: str, greedy: Move | None) -> list[Meld]:
    """Sequence and wild-meld moves (``greedy``: the hand's best sets, for a side that has
    not melded, so that runs count toward the initial minimum)."""
    r = game.rules
    hand = game.hands[player]
    moves: list[Move] = []
    found = runs(hand, r.canasta_size) if r.sequences else []
    moves += [([run], {}) for run in found]
    # a run of ``runs`` is a lawful sequence (naturals of one suit in a row, 3 .. a
    # canasta's length: ``sequence_problem`` finds nothing)
    lawful = len(moves)
    moves += _extensions(game, player)
    if r.wild_melds:
        moves += _wild_moves(game, player)
    if greedy is not None and found:
        sets, _ = greedy
        rest = _without(hand, [c for g in sets for c in g])
        longest = _disjoint(sorted(runs(rest, r.canasta_size), key=len, reverse=True))
        moves.append((sets + longest, {}))
        moves.append((_disjoint(sorted(found, key=len, reverse=True)), {}))
    legal: list[Meld] = []
    if r.duplicate_melds:
        legal += _combinations(game, player)
    table = game.team_melds[game.side_of[player]]
    # a move keeping two cards, under rules that judge a meld by its cards: the planner asks
    # only the law of sequences and wild melds (B.2, B.3) and, a side's first meld, the
    # initial minimum by its points
    # (rules that look beyond a meld's cards look only at its wild cards: Italian's natural
    # first meld and reserved 2s, Modern American's wild cards; a move without any is
    # judged so too)
    minimum = _points_minimum(game, player, table)
    quick = bool(table) or minimum is not None
    lenient = not r.strict_melds and (bool(table) or not r.initial_meld_natural)
    keeps = len(hand) - 2
    for i, (groups, adds) in enumerate(moves):
        if i < lawful:
            holds = True if quick and len(groups[0]) <= keeps else None
        else:
            holds = (_shapes_hold(r, table, groups, adds)
                     if quick and sum(map(len, groups)) + sum(map(len, adds.values())) <= keeps
                     and (lenient or not any(c.is_wild for g in groups for c in g)
                          and not any(c.is_wild for v in adds.values() for c in v))
                     else None)
        if holds is False:
            continue
        if holds and minimum is not None and sum(c.points for g in groups
                                                 for c in g) < minimum:
            continue
        if holds is None:   # cards of the hand, none twice (``runs``, ``_disjoint``)
            if not accepted(plan_meld, game, player, groups, list(adds.items()),
                            check_held=False):
                continue
        legal.append(meld_of([card_texts(g) for g in groups],
                             {k: card_texts(v) for k, v in adds.items()}))
    return legal


def _points_minimum(game: TableState, player: str, table: dict[str, TableMeld]) -> int | None:
    """A side that has not melded, where the planner asks of a first meld of sequences and
    wild melds only its points beside the law of melds (and, Italian, that it holds no wild
    card): the minimum (``None`` elsewhere: the side has melded, or the rules ask more of a
    first meld, or it must make a canasta)."""
    r = game.rules
    if (table or r.initial_clean_triple or r.splash or not r.initial_top_counts
            or r.blocking_canasta):
        return None
    minimum = game.minimum_of(player)
    return None if minimum in (CANASTA_MINIMUM, NATURAL_CANASTA_MINIMUM) else minimum


def _shapes_hold(r: Rules, table: dict[str, TableMeld], groups: list[list[Card]],
                 adds: dict[str, list[Card]]) -> bool | None:
    """Is each new group (a run, or wild cards) and each sequence or wild meld grown by
    ``adds`` a meld the rules allow? (The candidates of ``shape_moves``: cards of the hand,
    none twice.) ``None`` where a set is among them: the planner judges."""
    shapes = [judge_shape(g)[0] for g in groups]
    if any(shape in ("set", None) for shape in shapes) or any(
            table[key].shape == "set" for key in adds):
        return None
    return (all(shape_problem(r, shape, g) is None
                for shape, g in zip(shapes, groups, strict=True) if shape is not None)
            and all(shape_problem(r, table[key].shape, table[key].cards + cards) is None
                    for key, cards in adds.items()))


def _combinations(game: TableState, player: str) -> list[Meld]:
    """Each pair of the side's melds of one rank, combined (where the result is legal)."""
    out: list[Meld] = []
    first: dict[str, int] = {}
    for i, m in enumerate(game.team_melds[game.team_of(player)].values()):
        if m.shape != "set":
            continue
        if m.rank not in first:
            first[m.rank] = i
            continue
        if not accepted(plan_meld, game, player, [], [], combine=[[first[m.rank], i]]):
            continue
        out.append(trusted(Meld, groups=[], add={}, combine=[[first[m.rank], i]]))
    return out


def _trimmed(run: list[Card], rest: list[Card], table: dict[str, TableMeld]) -> list[Card]:
    """The run less an end card whose rank's other naturals in hand (one or two) could make
    a set with it and have no set on the table to go to."""
    sets = {m.rank for m in table.values() if m.shape == "set"}
    changed = True
    while changed and len(run) > 3:
        changed = False
        for end in (-1, 0):
            c = run[end]
            others = sum(1 for x in rest if x.rank == c.rank) - 1
            if c.rank not in sets and others in (1, 2):
                run = run[:-1] if end == -1 else run[1:]
                changed = True
                break
    return run


def _disjoint(groups: list[list[Card]]) -> list[list[Card]]:
    """Runs that share no card (a run holds one card of each rank of its suit)."""
    used: set[int] = set()   # the cards' codes (a card hashes to its code, in Python)
    out: list[list[Card]] = []
    for g in groups:
        codes = [c.code for c in g]
        if used.isdisjoint(codes):
            out.append(g)
            used.update(codes)
    return out


def _without(hand: list[Card], used: list[Card]) -> list[Card]:
    """``hand`` less ``used`` (cards of it), in the order removing each of them from the
    front would leave it."""
    left: dict[int, int] = {}
    for c in used:
        left[c.code] = left.get(c.code, 0) + 1
    rest: list[Card] = []
    for c in hand:
        k = left.get(c.code)
        if k:
            left[c.code] = k - 1
        else:
            rest.append(c)
    return rest


def going_out_with_shapes(game: TableState, player: str) -> list[Meld]:
    """Going out with sequences and wild melds: for each card left to discard (or none),
    the hand's runs laid on the side's sequences and as new ones, its wild cards on a wild
    meld (or not), and the rest melded as sets (``meld_everything``); each checked by the
    planner. Tried on hands of at most 12 cards (going out melds them all)."""
    r = game.rules
    hand = game.hands[player]
    if game.permission is False or len(hand) > 12:
        return []
    team = game.team_of(player)
    table = game.team_melds[team]
    sets = set_melds(r, table)
    have = other_canastas(r, table)
    lines: list[Meld] = []
    seen: set[tuple[object, ...]] = set()
    spares: list[Card | None] = [None, *dict.fromkeys(hand)]
    for spare in spares:
        cards = list(hand)
        if spare is not None:
            cards.remove(spare)
        if not cards:
            continue
        for use_runs in (True, False) if r.sequences else (False,):
            for use_wild in (True, False) if r.wild_melds else (False,):
                move = _shapes_first(game, table, cards, use_runs, use_wild)
                if move is None:
                    continue
                groups, adds, rest, made = move
                plan = meld_everything(r, sets, rest, have=have + made)
                if plan is None:
                    continue
                groups = groups + [g for rank, g in plan.items() if rank not in sets]
                adds = adds | {rank: g for rank, g in plan.items() if rank in sets and g}
                key = (tuple(sorted(tuple(card_texts(g)) for g in groups)),
                       tuple(sorted((k, tuple(card_texts(v))) for k, v in adds.items())))
                if key in seen:
                    continue
                seen.add(key)
                if not accepted(plan_meld, game, player, groups, list(adds.items()),
                                check_held=False):
                    continue
                lines.append(trusted(Meld, groups=[card_texts(g) for g in groups],
                                     add={k: card_texts(v) for k, v in adds.items()}))
    return lines


def _shapes_first(game: TableState, table: dict[str, TableMeld], cards: list[Card], use_runs: bool,
                  use_wild: bool) -> tuple[list[list[Card]], dict[str, list[Card]],
                                           list[Card], int] | None:
    """Lay the runs and the wild cards first: (new groups, lay-offs, cards left, canastas
    made that count for going out)."""
    r = game.rules
    rest = list(cards)
    groups: list[list[Card]] = []
    adds: dict[str, list[Card]] = {}
    made = 0
    if use_runs:
        for key, m in table.items():
            if m.shape != "sequence" or len(m.cards) >= r.canasta_size:
                continue
            got = _extension(r, m, _suit_ranks(m, rest))
            if got:
                adds[key] = got
                for c in got:
                    rest.remove(c)
                made += len(m.cards) + len(got) >= r.canasta_size
        for run in _disjoint(sorted((g for g in runs(rest, r.canasta_size)), key=len,
                                    reverse=True)):
            run = _trimmed(run, rest, table)
            groups.append(run)
            for c in run:
                rest.remove(c)
            made += len(run) >= r.canasta_size
    if use_wild:
        wilds = [c for c in rest if c.is_wild]
        for key, m in table.items():
            if m.shape == "wild" and len(m.cards) < r.canasta_size and wilds:
                got = wilds[:r.canasta_size - len(m.cards)]
                wilds = wilds[len(got):]
                adds[key] = got
                for c in got:
                    rest.remove(c)
                made += len(m.cards) + len(got) >= r.canasta_size
        if len(wilds) >= 3:
            group = wilds[:r.canasta_size]
            groups.append(group)
            for c in group:
                rest.remove(c)
            made += len(group) >= r.canasta_size
    if not groups and not adds:
        return None
    return groups, adds, rest, made   # the planner has the last word on what counts
