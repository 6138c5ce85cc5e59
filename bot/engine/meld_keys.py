"""Which meld a move's cards make or join (A.6, B.2-B.7): meld keys, the pile's top card's
meld, two melds of one rank combined, and Italian's rules for wild cards: the planner's
helpers."""

from __future__ import annotations

from typing import Any

from .cards import Card, format_cards, rank_key
from .errors import IllegalMove
from .melds import (
    TableMeld,
    judge_shape,
    key_base,
    meld_key,
    rank_name,
    sequence_problem,
)
from .rules import Rules
from .table_state import TableState


def resolve_key(state: TableState, team: int, key: Any) -> str:
    """The meld key that ``key`` names: an index into ``game.melds(team)``, a meld key, or
    a rank (the first meld of that rank; ``"2"``: the first wild meld)."""
    melds = state.team_melds[team]
    if isinstance(key, int) and not isinstance(key, bool):
        keys = list(melds)
        if not 0 <= key < len(keys):
            raise IllegalMove(f"your side has no meld number {key}", code="no_meld_number",
                              number=key)
        return keys[key]
    if isinstance(key, str) and key in melds:
        return key
    try:
        rank = rank_key(str(key))
    except ValueError as e:
        raise IllegalMove(str(e), code="not_a_rank", text=str(key)) from None
    if rank in melds:
        return rank
    if rank == "2" and "wild" in melds:
        return "wild"
    raise IllegalMove(f"your side has no meld of {rank_name(rank)} to add to; "
                      "start one with at least two naturals", code="no_meld_to_add",
                      rank=rank)


def group_key(r: Rules, melds: dict[str, TableMeld], additions: dict[str, list[Card]],
              fresh: dict[str, TableMeld], g: list[Card], ranks: set[str] | None = None) -> str:
    """The meld a new group makes (or, classic, the meld of its rank it joins);
    ``ranks``: its naturals' ranks, where the caller has them (the set is used up)."""
    if ranks is None:
        ranks = {c.rank for c in g if not c.is_wild}
    if len(ranks) == 1:
        rank = ranks.pop()
        if not r.duplicate_melds or (rank not in melds and rank not in additions):
            return rank
        key = meld_key(melds, additions, rank)
        fresh[key] = TableMeld(rank)
        return key
    shape, rank, suit = judge_shape(g)
    if shape == "wild" and not r.wild_melds:
        raise IllegalMove(f"{format_cards(g)} is all wild cards: a meld needs at least "
                          f"{r.min_naturals} natural cards of one rank",
                          code="all_wild", cards=[c.text for c in g], n=r.min_naturals)
    if shape != "wild" and not r.sequences:
        raise IllegalMove(f"{format_cards(g)} mixes ranks: a meld is one rank "
                          "(no sequences; suits don't matter)", code="mixed_ranks",
                          cards=[c.text for c in g])
    if shape is None:
        problem = sequence_problem(r, g)
        assert problem is not None
        raise problem
    key = meld_key(melds, additions, key_base(shape, rank))
    fresh[key] = TableMeld(rank, shape=shape, suit=suit)
    return key


def take_key(state: TableState, team: int, top: Card, with_cards: bool,
             additions: dict[str, list[Card]], fresh: dict[str, TableMeld]) -> str:
    """The meld the pile's top card joins: its rank's meld (two melds of a rank: the first
    below a canasta, or a new one when hand cards come with it)."""
    melds = state.team_melds[team]
    if not state.rules.duplicate_melds or top.rank not in melds:
        return top.rank
    for key, m in melds.items():
        if m.shape == "set" and m.rank == top.rank and not m.is_canasta(state.rules):
            return key
    if not with_cards:
        return top.rank
    key = meld_key(melds, additions, top.rank)
    fresh[key] = TableMeld(top.rank)
    return key


def merge_pairs(state: TableState, team: int, combine: list[list[Any]],
                additions: dict[str, list[Card]]) -> list[tuple[str, str]]:
    """Two melds of one rank combined (B.2): the later one's cards (and what this move
    adds to it) join the earlier one, judged as one meld."""
    melds = state.team_melds[team]
    order = list(melds)
    pairs: list[tuple[str, str]] = []
    for a, b in combine:
        ka, kb = resolve_key(state, team, a), resolve_key(state, team, b)
        ma, mb = melds[ka], melds[kb]
        if (not state.rules.duplicate_melds or ka == kb or ma.shape != "set"
                or mb.shape != "set" or ma.rank != mb.rank
                or any(ka in pair or kb in pair for pair in pairs)):
            raise IllegalMove("only two different melds of the same rank can be combined",
                              code="combine_same_rank")
        keep, drop = (ka, kb) if order.index(ka) < order.index(kb) else (kb, ka)
        additions.setdefault(keep, []).extend(melds[drop].cards + additions.pop(drop, []))
        pairs.append((keep, drop))
    return pairs


def check_wild_use(state: TableState, team: int, additions: dict[str, list[Card]],
                   fresh: dict[str, TableMeld]) -> None:
    """Italian (B.7): the initial meld is natural, and while the side has a wild meld short
    of a canasta no 2 may be a wild card elsewhere."""
    r = state.rules
    melds = state.team_melds[team]
    if r.initial_meld_natural and not melds:
        for cards in additions.values():
            if any(c.is_wild for c in cards):
                raise IllegalMove("your side's first meld must be natural: no wild cards in "
                                  "it", code="initial_meld_wild")
    if not (r.deuces_reserved or r.wilds_reserved):
        return
    def shape_of(key: str) -> str:
        m = melds.get(key) or fresh.get(key)
        return m.shape if m is not None else "set"
    open_wild = any(m.shape == "wild" and not m.is_canasta(r) and key not in additions
                    for key, m in melds.items())
    for key, cards in additions.items():
        if shape_of(key) == "wild":
            size = len(cards) + (len(melds[key].cards) if key in melds else 0)
            open_wild = open_wild or size < r.canasta_size
    if not open_wild:
        return
    for key, cards in additions.items():
        if r.wilds_reserved and shape_of(key) != "wild" and any(c.is_wild for c in cards):
            raise IllegalMove("your side has a meld of wild cards short of a canasta: until "
                              "it is complete, no wild card goes on another meld",
                              code="wilds_reserved")
        if shape_of(key) != "wild" and any(c.is_wild and not c.is_joker for c in cards):
            raise IllegalMove("your side has a meld of wild cards short of a canasta: until "
                              "it is complete, 2s are not wild cards elsewhere",
                              code="deuces_reserved")
