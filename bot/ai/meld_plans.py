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


def _wild_room(t: Table, naturals: int, wilds: int) -> int:
    r = t.rules
    room = r.max_wilds - wilds
    if r.wilds_at_most_naturals:
        room = min(room, naturals - wilds)
    return max(0, room)


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
            plan.adds[rank] = list(cs)
            sizes[rank] = [melds[rank].naturals + len(cs), melds[rank].wilds]
        elif len(cs) >= max(3, r.min_naturals):
            new_group[rank] = list(cs)
            sizes[rank] = [len(cs), 0]
        elif len(cs) == 2 and r.min_naturals <= 2:
            pairs.append(list(cs))
        else:
            leftover.extend(cs)
    pairs.sort(key=lambda cs: -cs[0].points)
    for cs in pairs:
        if pairs_with_wilds and wilds and _wild_room(t, 2, 0) > 0:
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
        if 0 < need <= min(len(wilds), _wild_room(t, n, w)):
            for _ in range(need):
                place(rank, wilds.pop(0))
    if wilds_anywhere:
        for rank in sorted(sizes, key=lambda k: -sum(sizes[k])):
            while wilds and _wild_room(t, *sizes[rank]) > 0:
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
    used = sum(len(g) for g in groups)
    if len(hand) - used < keep:
        return None
    plan = Plan(groups=groups, points=points)
    plan.canastas_after = sum(1 for g in groups if len(g) >= t.rules.canasta_size)
    return plan
