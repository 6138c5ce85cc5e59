"""Modern American's limits on melds beyond their counts (B.15), asked by the planner:

- sevens (and aces) take no wild cards, but aces may take them in the side's initial meld and
  are an ordinary meld from then on;
- the rule of five: after the initial meld, a wild card joins a meld only when the meld holds
  five naturals;
- the initial meld holds a clean triple (three naturals of a rank, no wild card); the pile's
  top card does not count toward the minimum; a natural canasta made from the hand (the
  Splash) meets the minimum whatever its count.
"""

from __future__ import annotations

from .cards import Card
from .errors import IllegalMove
from .melds import TableMeld, rank_name
from .rules import Rules


def set_problem(rules: Rules, rank: str, old: TableMeld | None, cards: list[Card],
                naturals: int, initial: bool, has_wild: bool | None = None) -> IllegalMove | None:
    """Why ``cards`` may not join (or start) the side's set of ``rank``, beyond its counts
    (``has_wild``: whether a wild card is among them, where the caller knows)."""
    if not (any(c.is_wild for c in cards) if has_wild is None else has_wild):
        return None
    if rank in rules.wildless_ranks and not (old is not None and old.wilds):
        if not (initial and rank in rules.initial_wild_ranks):
            return IllegalMove(f"no wild cards on a meld of {rank_name(rank)}",
                               code="wildless_rank", rank=rank)
    if rules.meld_base and not initial and naturals < rules.meld_base:
        return IllegalMove(f"a wild card joins a meld only once it holds {rules.meld_base} "
                           f"naturals; the {rank_name(rank)} would hold {naturals}",
                           code="meld_base", n=rules.meld_base, rank=rank, have=naturals)
    return None


def onto_short_meld(rules: Rules, melds: dict[str, TableMeld], top: Card) -> bool:
    """PG's option: may the pile's top card go alone onto the side's meld of its rank (a
    meld of 3 or 4 cards), though the pile is frozen?"""
    m = melds.get(top.rank)
    return rules.take_onto_short_meld and m is not None and 3 <= len(m.cards) <= 4


def initial_problem(rules: Rules, additions: dict[str, list[Card]], top: Card | None,
                    points: int, minimum: int) -> IllegalMove | None:
    """A side's first meld: the clean triple and the Splash (the minimum itself is the
    planner's); ``points`` is its count without the top card where that does not count."""
    sets = [cards for key, cards in additions.items() if key != "wild" and not
            key.startswith("wild#") and any(not c.is_wild for c in cards)]
    from_hand = []
    for cards in sets:
        own = list(cards)
        if top is not None and top in own:
            own.remove(top)
        from_hand.append(own)
    splash = rules.splash and any(len(cards) >= rules.canasta_size
                                  and not any(c.is_wild for c in cards) for cards in from_hand)
    if rules.initial_clean_triple and not any(
            len(cards) >= 3 and not any(c.is_wild for c in cards) for cards in sets):
        return IllegalMove("your side's first meld must hold a clean triple: three natural "
                           "cards of a rank with no wild card", code="initial_clean_triple")
    if points < minimum and not splash:
        return IllegalMove(f"your side's first meld must count at least {minimum} points "
                           f"(this counts {points}); put more melds in the same move",
                           code="first_meld_minimum", minimum=minimum, points=points)
    return None


def initial_points(rules: Rules, additions: dict[str, list[Card]], top: Card | None) -> int:
    points = sum(c.points for cards in additions.values() for c in cards)
    if top is not None and not rules.initial_top_counts:
        points -= top.points
    return points
