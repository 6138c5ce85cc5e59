"""Which card to discard: what each card is worth keeping, and what it costs if the next
player takes the pile with it."""

from __future__ import annotations

from collections import Counter

from bot.engine import Card

from .stage import endgame, p_at_least
from .style import Style
from .table import Table


def keep_value(t: Table, c: Card, hand_ranks: Counter[str], style: Style) -> float:
    end = endgame(t, style)
    if c.is_wild:
        return (style.keep_joker if c.is_joker else style.keep_two) \
            - c.points * end * style.keep_wild_points
    if c.is_black_three:
        return style.keep_black_three - style.black_three_late * end
    n = hand_ranks[c.rank]
    if c.rank in t.my_melds:
        value = style.keep_melded
    elif n >= 3:
        value = style.keep_set
    elif n == 2:
        value = style.keep_pair if style.keep_pairs else 12.0
    else:
        value = style.keep_single + (style.keep_unseen * t.unseen_rank(c.rank)
                                     if style.count_cards else 2.0)
    return value - c.points * end


def take_chance(t: Table, player: str, rank: str, style: Style) -> float:
    """The chance that ``player`` (an opponent) takes the pile if ``rank`` is discarded
    (worked out once a table, player, rank and the style's numbers it weighs: a table is
    not changed once read)."""
    known = t.memo("_take_chance")
    key = (player, rank, style.count_cards, style.danger_unmelded, style.danger_discarded,
           style.pile_law)
    chance: float | None = known.get(key)
    if chance is None:
        chance = known[key] = _take_chance(t, player, rank, style)
    return chance


def _take_chance(t: Table, player: str, rank: str, style: Style) -> float:
    team = t.teams_of[player]
    frozen = t.frozen_for(team)
    if not style.count_cards:
        return 1.0 if rank in t.melds[team] and not frozen else 0.0
    ranks, kw, h = _known_of(t, player)
    k = ranks.get(rank, 0)
    q = t.unseen_rank(rank) / t.unseen_total
    qw = t.unseen_wilds() / t.unseen_total
    pair = p_at_least(2 - k, h, q)
    if _alone_takes(t, team, rank, style):
        p = 1.0
    elif frozen or _by_pile_law(t, style):
        p = pair * (1.0 if t.melded[team] else style.danger_unmelded)
    else:
        one = p_at_least(1 - k, h, q)
        wild = 1.0 if kw else p_at_least(1, h, qw)
        p = max(pair, one * wild)
    if rank in t.know.discarded.get(player, set()) and k < 2:
        p *= style.danger_discarded
    return p


def danger(t: Table, c: Card, style: Style) -> float:
    """Expected loss if the next player takes the pile because of this discard."""
    if c.is_wild or c.is_black_three or c.rank in t.rules.blocking_ranks:
        return 0.0   # (Mexican: a seven blocks the pile like a black three)
    nxt = t.next_player
    team = t.teams_of[nxt]
    if team == t.team:
        return 0.0
    frozen = t.frozen_for(team)
    size = 0 if t.rules.unfrozen_take_top_only and not frozen else t.pile_size  # Slavic
    value = (size + 1) * style.danger_per_card + style.danger_base
    if style.danger_rich and size:
        # (new) wild cards and red threes in the pile make the take worth more to them
        value += style.danger_rich * sum(1 for c in t.pile if c.is_wild or c.is_red_three)
    return take_chance(t, nxt, c.rank, style) * value


def _by_pile_law(t: Table, style: Style) -> bool:
    """Does ``style`` judge takes by the variant's own law of the pile here (``pile_law``,
    where the rules ask a natural pair for every take)?"""
    return style.pile_law and t.rules.take_needs_pair


def _onto_short_meld(t: Table, team: int, rank: str) -> bool:
    """May ``team`` take the pile by putting a top card of ``rank`` alone on its meld of that
    rank (Samba: a meld that is not yet a canasta, the pile not frozen for it)?"""
    meld = t.melds[team].get(rank)
    return (meld is not None and t.rules.take_below_canasta
            and meld.size < t.rules.canasta_size)


def _alone_takes(t: Table, team: int, rank: str, style: Style) -> bool:
    """Can ``team``'s player take the pile with a top card of ``rank`` alone, laying it off
    on the side's meld of that rank? Never on a pile frozen for the side; by the law of the
    pile (``pile_law``) only on a meld not yet a canasta."""
    if t.frozen_for(team):
        return False
    if _by_pile_law(t, style):
        return _onto_short_meld(t, team, rank)
    return rank in t.melds[team]


def _lays_off(t: Table, team: int, rank: str, style: Style) -> bool:
    """Does a discard of ``rank``, which the next player's side (``team``) has melded, cost
    the lay-off? Where the style knows when the discard alone takes the pile
    (``pile_law``, ``frozen_lay_off``), only then (``_alone_takes``); else always."""
    if style.frozen_lay_off or _by_pile_law(t, style):
        return _alone_takes(t, team, rank, style)
    return True


def _known_of(t: Table, player: str) -> tuple[dict[str, int], int, int]:
    """What ``player``'s hand is known to hold (picked up with the pile and not played):
    its cards by rank, its wild cards, and how many of its cards are unknown (once a
    table and player)."""
    cache = t.memo("_known_of")
    facts: tuple[dict[str, int], int, int] | None = cache.get(player)
    if facts is None:
        known = t.know.known.get(player, Counter())
        ranks: dict[str, int] = {}
        wilds = total = 0
        for card_, n in known.items():
            total += n
            ranks[card_.rank] = ranks.get(card_.rank, 0) + n
            if card_.is_wild:
                wilds += n
        facts = cache[player] = (ranks, wilds, max(0, t.counts[player] - total))
    return facts


def discard_order(t: Table, hand: list[Card], style: Style) -> list[tuple[float, Card]]:
    """Every distinct card of the hand with the cost of discarding it, cheapest first."""
    ranks = Counter(c.rank for c in hand if c.is_natural)
    nxt_team = t.teams_of[t.next_player]
    out: list[tuple[float, Card]] = []
    seen: set[Card] = set()
    freeze_bonus = 0.0
    if (style.freeze and not t.frozen_all and nxt_team != t.team and t.melded[nxt_team]
            and t.pile_size >= style.freeze_pile
            and t.counts[t.next_player] >= style.freeze_hand):
        freeze_bonus = style.freeze_per_card * t.pile_size
    for c in sorted(hand, key=lambda c: c.order):
        if c in seen:
            continue
        seen.add(c)
        cost = keep_value(t, c, ranks, style) + danger(t, c, style)
        if (c.is_natural and nxt_team != t.team and c.rank in t.melds[nxt_team]
                and _lays_off(t, nxt_team, c.rank, style)):
            cost += style.lay_off_cost   # the next opponent lays it off: only if nothing is safe
        if c.is_wild:
            cost -= freeze_bonus
        out.append((cost, c))
    out.sort(key=lambda x: (x[0], x[1].order))
    return out


__all__ = ["danger", "discard_order", "keep_value", "take_chance"]
