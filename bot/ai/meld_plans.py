"""Meld plans of the easy and normal players: meld as much of a hand as the rules allow, and
the smallest initial meld worth the minimum."""

from __future__ import annotations

from dataclasses import dataclass, field

from bot.engine import Card, Meld

from .table import Table


@dataclass
class Plan:
    groups: list[list[Card]] = field(default_factory=list)
    adds: dict[str, list[Card]] = field(default_factory=dict)
    leftover: list[Card] = field(default_factory=list)
    canastas_after: int = 0
    points: int = 0

    @property
    def used(self) -> int:
        return sum(len(g) for g in self.groups) + sum(len(v) for v in self.adds.values())

    def action(self) -> Meld:
        return Meld(groups=[[c.text for c in g] for g in self.groups],
                    add={k: [c.text for c in v] for k, v in self.adds.items()})


def split_hand(hand: list[Card]) -> tuple[dict[str, list[Card]], list[Card], list[Card]]:
    naturals: dict[str, list[Card]] = {}
    wilds: list[Card] = []
    blacks: list[Card] = []
    for c in hand:
        if c.is_wild:
            wilds.append(c)
        elif c.is_black_three:
            blacks.append(c)
        elif c.is_natural:
            naturals.setdefault(c.rank, []).append(c)
    wilds.sort(key=lambda c: c.points)  # deuces before jokers
    return naturals, wilds, blacks


def _wild_room(t: Table, naturals: int, wilds: int, rank: str = "") -> int:
    r = t.rules
    room = r.max_wilds - wilds
    if r.wilds_at_most_naturals:
        room = min(room, naturals - wilds)
    if r.max_meld_size is not None:
        room = min(room, r.max_meld_size - naturals - wilds)
    initial = not t.melded[t.team]
    if rank in r.wildless_ranks and not wilds and not (initial and rank in r.initial_wild_ranks):
        return 0   # Modern American: no wild cards on sevens (aces: only in the initial meld)
    if r.meld_base and not initial and naturals < r.meld_base:
        return 0   # Modern American: the rule of five
    return max(0, room)


def _cap(t: Table, cards: list[Card], size: int) -> tuple[list[Card], list[Card]]:
    """The cards that fit a meld of ``size`` cards (capped melds), and the rest."""
    most = t.rules.max_meld_size
    if most is None:
        return cards, []
    room = max(0, most - size)
    return cards[:room], cards[room:]


def meld_all(t: Table, hand: list[Card], *, pairs_with_wilds: bool = True,
             wilds_anywhere: bool = True, black_threes: bool = True) -> Plan:
    """Meld as much of ``hand`` as the rules allow (the shape of going out)."""
    r = t.rules
    melds = t.my_melds
    naturals, wilds, blacks = split_hand(hand)
    wilds = list(wilds)
    plan = Plan()
    sizes: dict[str, list[int]] = {}   # rank -> [naturals, wilds] after the plan
    new_group: dict[str, list[Card]] = {}
    leftover: list[Card] = []
    pairs: list[list[Card]] = []
    for rank, cs in naturals.items():
        if rank in melds:
            fit, rest = _cap(t, list(cs), melds[rank].size)
            leftover.extend(rest)
            if fit:
                plan.adds[rank] = fit
            sizes[rank] = [melds[rank].naturals + len(fit), melds[rank].wilds]
        elif len(cs) >= max(3, r.min_naturals):
            fit, rest = _cap(t, list(cs), 0)
            leftover.extend(rest)
            new_group[rank] = fit
            sizes[rank] = [len(fit), 0]
        elif len(cs) == 2 and r.min_naturals <= 2:
            pairs.append(list(cs))
        else:
            leftover.extend(cs)
    pairs.sort(key=lambda cs: -cs[0].points)
    for cs in pairs:
        if pairs_with_wilds and wilds and _wild_room(t, 2, 0, cs[0].rank) > 0:
            new_group[cs[0].rank] = [*cs, wilds.pop(0)]
            sizes[cs[0].rank] = [2, 1]
        else:
            leftover.extend(cs)
    # Wild cards: complete canastas first, then wherever there is room.
    for rank in list(melds):
        sizes.setdefault(rank, [melds[rank].naturals, melds[rank].wilds])

    def place(rank: str, w: Card) -> None:
        if rank in new_group:
            new_group[rank].append(w)
        else:
            plan.adds.setdefault(rank, []).append(w)
        sizes[rank][1] += 1

    by_need = sorted(sizes, key=lambda k: r.canasta_size - sum(sizes[k]))
    for rank in by_need:
        n, w = sizes[rank]
        need = r.canasta_size - n - w
        if 0 < need <= min(len(wilds), _wild_room(t, n, w, rank)):
            for _ in range(need):
                place(rank, wilds.pop(0))
    if wilds_anywhere:
        for rank in sorted(sizes, key=lambda k: -sum(sizes[k])):
            while wilds and _wild_room(t, sizes[rank][0], sizes[rank][1], rank) > 0:
                place(rank, wilds.pop(0))
    leftover.extend(wilds)
    if black_threes and len(blacks) >= 3:
        new_group["3"] = list(blacks)
    else:
        leftover.extend(blacks)
    plan.groups = list(new_group.values())
    plan.leftover = leftover
    plan.canastas_after = sum(1 for k, (n, w) in sizes.items() if n + w >= r.canasta_size)
    plan.points = sum(c.points for g in plan.groups for c in g) + sum(
        c.points for v in plan.adds.values() for c in v)
    return plan


def initial_plan(t: Table, hand: list[Card], minimum: int, keep: int = 2,
                 extra_points: int = 0) -> Plan | None:
    """The smallest set of new melds from ``hand`` worth ``minimum`` (with ``extra_points``
    already counted), leaving at least ``keep`` cards; None if there is none."""
    full = meld_all(t, hand, black_threes=False)
    if full.points + extra_points < minimum:
        return None
    groups = [list(g) for g in full.groups]
    points = full.points + extra_points

    def removable(g: list[Card]) -> bool:
        return any(c.is_wild for c in g)

    # Modern American: a short natural meld of sevens or aces costs 2 500 unfinished at the
    # end: aces take a spare wild card (an ordinary meld then), else it is left out while
    # the count allows, else there is no initial meld yet.
    spare = [c for c in full.leftover if c.is_wild]
    for g in list(groups):
        if (g and g[0].rank in t.rules.wildless_ranks and not any(c.is_wild for c in g)
                and len(g) < 6):
            if g[0].rank in t.rules.initial_wild_ranks and spare:
                w = spare.pop()
                g.append(w)
                points += w.points
                continue
            value = sum(c.points for c in g)
            if len(groups) > 1 and points - value >= minimum:
                groups.remove(g)
                points -= value
            else:
                return None

    # Drop wild-card groups (cheapest first) and spare wild cards while the count allows.
    for g in sorted(groups, key=lambda g: sum(c.points for c in g)):
        if removable(g) and len(groups) > 1:
            value = sum(c.points for c in g)
            if points - value >= minimum:
                groups.remove(g)
                points -= value
    for g in groups:
        naturals = [c for c in g if not c.is_wild]
        for w in sorted((c for c in g if c.is_wild), key=lambda c: -c.points):
            if len(naturals) >= 3 or sum(1 for c in g if c.is_wild) > 1:
                if points - w.points >= minimum and len(g) > 3:
                    g.remove(w)
                    points -= w.points
    if t.rules.initial_clean_triple and not any(
            len(g) >= 3 and not any(c.is_wild for c in g) for g in groups):
        # Modern American: one group must be a clean triple (three naturals, no wild card)
        clean = [g for g in groups if sum(1 for c in g if not c.is_wild) >= 3]
        if not clean:
            return None
        g = max(clean, key=lambda g: sum(c.points for c in g if not c.is_wild))
        wild_points = sum(c.points for c in g if c.is_wild)
        if points - wild_points < minimum:
            return None
        g[:] = [c for c in g if not c.is_wild]
        points -= wild_points
    used = sum(len(g) for g in groups)
    if len(hand) - used < keep:
        return None
    plan = Plan(groups=groups, points=points)
    plan.canastas_after = sum(1 for g in groups if len(g) >= t.rules.canasta_size)
    return plan
