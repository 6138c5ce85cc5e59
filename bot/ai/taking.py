"""Draw or take the pile, and which way to take it: what the pile's cards are worth."""

from __future__ import annotations

from collections import Counter

from bot.engine import Action, Card, Draw, TakePile

from .meld_plans import initial_plan
from .stage import endgame
from .style import Style
from .table import Table


def draw_options(t: Table, style: Style) -> list[Action]:
    takes = take_options(t, style)
    takes.sort(key=lambda x: -x[0])
    if takes and takes[0][0] > style.draw_value:
        return [a for _, a in takes] + [Draw()]
    return [Draw()] + [a for _, a in takes]


def pile_gain(t: Table, hand_after: list[Card], melded_ranks: set[str], style: Style) -> float:
    if not style.value_pile:
        return 4.0 * max(0, t.pile_size - 1)
    ranks = Counter(c.rank for c in hand_after if c.is_natural)
    late = endgame(t, style) - style.endgame_early
    gain = 0.0
    for c in t.pile[:-1]:
        if c.is_red_three:
            gain += style.pile_red_three
        elif c.is_wild:
            gain += style.pile_wild
        elif c.is_black_three:
            gain += style.pile_black_three
        elif c.rank in melded_ranks:
            gain += style.pile_melded
        elif ranks[c.rank] >= 1:
            gain += style.pile_match
        else:
            gain += style.pile_other - c.points * 0.5 * late
        ranks[c.rank] += 1
    return gain


def take_options(t: Table, style: Style) -> list[tuple[float, Action]]:
    if t.top is None or t.blocked or t.pile_size == 0:
        return []
    options = _take_options(t, t.top, style)
    if t.rules.lone_hand and t.view.get("partnership") is None:
        # cut-throat: the first take makes the taker the lone hand against two, who pool
        # their melds and each score the pair's total; only a rich pile is worth that
        options = [(g - style.lone_hand, a) for g, a in options]
    return options


def _take_options(t: Table, top: Card, style: Style) -> list[tuple[float, Action]]:
    hand = t.hand
    naturals = [c for c in hand if c.rank == top.rank and c.is_natural]
    wilds = sorted((c for c in hand if c.is_wild), key=lambda c: c.points)
    melded_ranks = set(t.my_melds)
    options: list[tuple[float, Action]] = []

    def after(used: list[Card]) -> list[Card]:
        rest = list(hand)
        for c in used:
            rest.remove(c)
        return rest

    if (top.rank in t.rules.wildless_ranks and top.rank not in melded_ranks
            and len(naturals) + 1 + sum(1 for c in t.pile[:-1] if c.rank == top.rank)
            < style.wildless_from):
        return []   # Modern American: a short natural sevens (aces) meld costs 2 500
    if not t.melded[t.team]:
        if len(naturals) < 2:
            return []
        base = naturals[:]
        rest = after(base)
        extra = (top.points if t.rules.initial_top_counts else 0) + sum(c.points for c in base)
        groups: list[list[Card]] = []
        if extra < t.minimum:
            plan = initial_plan(t, [c for c in rest if c.rank != top.rank], t.minimum,
                                keep=0, extra_points=extra)
            if plan is None:
                return []
            groups = plan.groups
        used = base + [c for g in groups for c in g]
        ranks = melded_ranks | {top.rank} | {g[0].rank for g in groups}
        gain = pile_gain(t, after(used), ranks, style) + style.pile_first_take
        options.append((gain, TakePile(cards=[c.text for c in base],
                                       melds=[[c.text for c in g] for g in groups])))
        return options
    gain_lay = pile_gain(t, hand, melded_ranks, style) + style.pile_take
    if top.rank in melded_ranks and not t.frozen_for_me:
        options.append((gain_lay, TakePile()))
    if len(naturals) >= 2:
        options.append((gain_lay + (style.pile_pair_new if top.rank not in melded_ranks
                                    else -1.0),
                        TakePile(cards=[c.text for c in naturals[:2]])))
    if naturals and wilds and not t.frozen_for_me and top.rank not in melded_ranks:
        w = wilds[0]
        options.append((gain_lay - (style.keep_joker if w.is_joker else style.keep_two),
                        TakePile(cards=[naturals[0].text, w.text])))
    return options


__all__ = ["draw_options", "pile_gain", "take_options"]
