"""The heuristics of the easy and normal players.

Each decision returns a list of actions, best first; the caller plays the first one the rules
accept (``players.first_legal``), so a heuristic that misjudges a rule costs a little strength,
never an illegal move.
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass

from bot.engine import (
    Action,
    AnswerGoOut,
    AskToGoOut,
    Card,
    Discard,
    Draw,
    Meld,
    TakePile,
    special_hand,
)

from .meld_plans import Plan, initial_plan, meld_all, split_hand
from .table import Table

WILD_KEEP = {"2": 45.0, "JK": 70.0}
DRAW_VALUE = 8.0
BUILD_FROM = 4        # a meld this big is worth building into a canasta before going out
HOLD_BELOW = 5        # until the end nears, fewer naturals of an unmelded rank stay in hand
WILDLESS_FROM = 6     # Modern American: a natural sevens (aces) meld is started with this many
LONE_HAND = 300.0     # cut-throat: what playing alone against two costs a pile take


@dataclass
class Style:
    """What separates the levels (hard uses ``normal`` for its rollouts)."""

    keep_pairs: bool = True        # hold natural pairs to take the pile with
    value_pile: bool = True        # weigh the pile's cards before taking it
    freeze: bool = True            # freeze a big pile with a wild card
    count_cards: bool = True       # use the cards seen to judge what the next player holds
    time_going_out: bool = True    # build canastas first unless going out is urgent
    hold_sets: bool = True         # keep a small set of an unmelded rank in hand for a while
    ask_partner: bool = True


EASY = Style(keep_pairs=False, value_pile=False, freeze=False, count_cards=False,
             time_going_out=False, ask_partner=False, hold_sets=False)
NORMAL = Style()


# ---------------------------------------------------------------------------- probabilities
def p_at_least(k: int, n: int, q: float) -> float:
    if k <= 0:
        return 1.0
    if n < k or q <= 0:
        return 0.0
    q = min(q, 1.0)
    below = sum(math.comb(n, i) * q**i * (1 - q) ** (n - i) for i in range(k))
    return max(0.0, 1.0 - below)


def threat(t: Table) -> bool:
    """Could an opposing side go out soon?"""
    need = t.rules.canastas_to_go_out
    for team in t.opp_teams():
        close = any(m.size >= t.rules.canasta_size - 1 for m in t.melds[team].values())
        if t.canastas[team] >= need or (t.canastas[team] == need - 1 and close):
            if min(t.counts[p] for p in t.opponents if t.teams_of[p] == team) <= 6:
                return True
    return False


def endgame(t: Table) -> float:
    """How much the points left in hand weigh now (0.3 early .. 1.0 when the end is near)."""
    if threat(t) or t.stock <= 8:
        return 1.0
    return 0.3


# ---------------------------------------------------------------------------- discarding
def keep_value(t: Table, c: Card, hand_ranks: Counter[str], style: Style) -> float:
    if c.is_wild:
        return WILD_KEEP["JK" if c.is_joker else "2"] - c.points * endgame(t) * 0.5
    if c.is_black_three:
        return 6.0 - 5 * endgame(t)
    n = hand_ranks[c.rank]
    if c.rank in t.my_melds:
        value = 30.0
    elif n >= 3:
        value = 40.0
    elif n == 2:
        value = 22.0 if style.keep_pairs else 12.0
    else:
        value = 4.0 + (0.6 * t.unseen_rank(c.rank) if style.count_cards else 2.0)
    return value - c.points * endgame(t)


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
    value = (size + 1) * 9.0 + 25.0
    rank = c.rank
    if not style.count_cards:
        return value if rank in t.melds[team] and not frozen else 0.0
    known = t.know.known.get(nxt, Counter())
    k = sum(n for card_, n in known.items() if card_.rank == rank)
    kw = sum(n for card_, n in known.items() if card_.is_wild)
    h = max(0, t.counts[nxt] - sum(known.values()))
    q = t.unseen_rank(rank) / t.unseen_total
    qw = t.unseen_wilds() / t.unseen_total
    pair = p_at_least(2 - k, h, q)
    if rank in t.melds[team] and not frozen:
        p = 1.0
    elif frozen:
        p = pair * (1.0 if t.melded[team] else 0.4)
    else:
        one = p_at_least(1 - k, h, q)
        wild = 1.0 if kw else p_at_least(1, h, qw)
        p = max(pair, one * wild)
    if rank in t.know.discarded.get(nxt, set()) and k < 2:
        p *= 0.4
    return p * value


def discard_order(t: Table, hand: list[Card], style: Style) -> list[tuple[float, Card]]:
    """Every distinct card of the hand with the cost of discarding it, cheapest first."""
    ranks = Counter(c.rank for c in hand if c.is_natural)
    nxt_team = t.teams_of[t.next_player]
    out: list[tuple[float, Card]] = []
    seen: set[Card] = set()
    freeze_bonus = 0.0
    if (style.freeze and not t.frozen_all and nxt_team != t.team and t.melded[nxt_team]
            and t.pile_size >= 10 and t.counts[t.next_player] >= 7):
        freeze_bonus = 3.5 * t.pile_size
    for c in sorted(hand, key=lambda c: c.order):
        if c in seen:
            continue
        seen.add(c)
        cost = keep_value(t, c, ranks, style) + danger(t, c, style)
        if c.is_natural and nxt_team != t.team and c.rank in t.melds[nxt_team]:
            cost += 1000.0   # the next opponent lays it off: never while a safe card is held
        if c.is_wild:
            cost -= freeze_bonus
        out.append((cost, c))
    out.sort(key=lambda x: (x[0], x[1].order))
    return out


# ---------------------------------------------------------------------------- going out
def go_out_plan(t: Table, hand: list[Card]) -> Plan | None:
    plan = meld_all(t, hand)
    if len(plan.leftover) > 1 or plan.canastas_after < t.rules.canastas_to_go_out:
        return None
    if t.rules.going_out_discards and not plan.leftover:
        return None   # Modern American: keep a card to discard (melded down next turn)
    if unfinished_wildless(t, plan):
        return None   # an unfinished meld of sevens or aces would cost 2500
    if t.view.get("permission") == "no":
        return None
    if not t.melded[t.team] and plan.used and t.view.get("phase") == "play":
        # Concealed going out needs a canasta; otherwise the minimum applies.
        if plan.points < t.minimum and plan.canastas_after < t.rules.canastas_to_go_out:
            return None
    return plan


def risky_wildless(t: Table, group: list[Card]) -> bool:
    """A new natural meld of sevens or aces (Modern American) too short to finish safely."""
    return (bool(group) and group[0].rank in t.rules.wildless_ranks
            and not any(c.is_wild for c in group) and len(group) < WILDLESS_FROM)


def unfinished_wildless(t: Table, plan: Plan) -> bool:
    """Would the side end the hand with an unfinished natural meld of sevens or aces?"""
    r = t.rules
    for rank in r.wildless_ranks:
        m = t.my_melds.get(rank)
        added = len(plan.adds.get(rank, [])) + sum(len(g) for g in plan.groups
                                                     if g and g[0].rank == rank)
        size = (m.size if m else 0) + added
        if size and size < r.canasta_size and not (m and m.wilds):
            return True
    return False


def going_out_urgent(t: Table, plan: Plan) -> bool:
    need = t.rules.canastas_to_go_out
    if t.stock <= 12 or threat(t):
        return True
    ours = t.tally(t.team) + plan.points + 100 - 8 * sum(t.counts[p] for p in t.partners)
    theirs = max((t.tally(team) - 8 * t.hand_cards(team) for team in t.opp_teams()),
                 default=0)
    if ours < 0 or ours <= theirs + 100:
        return True      # a minus hand, or not ahead: end it now
    close = any(m.size >= BUILD_FROM and m.size < t.rules.canasta_size
                for m in t.my_melds.values())
    return not close or plan.canastas_after >= need + 2


def should_go_out(t: Table, plan: Plan, style: Style) -> bool:
    if not style.time_going_out or t.view.get("permission") == "yes":
        return True
    return going_out_urgent(t, plan)


# ---------------------------------------------------------------------------- building
def build_plan(t: Table, hand: list[Card], style: Style) -> Plan | None:
    """Melds to make this turn without going out (leaving at least two cards)."""
    if not t.melded[t.team]:
        return initial_plan(t, hand, t.minimum)
    if not style.keep_pairs:
        plan = meld_all(t, hand, black_threes=False)
    else:
        plan = meld_all(t, hand, pairs_with_wilds=False, wilds_anywhere=False,
                        black_threes=False)
    # Modern American: a natural meld of sevens or aces not finished by the end costs 2 500,
    # so one is started only with five of them.
    plan.groups = [g for g in plan.groups if not risky_wildless(t, g)]
    if style.hold_sets and endgame(t) < 1.0:
        # A set of three or four of a rank the side has not melded stays in hand: it takes a
        # frozen pile as a natural pair, and it is melded when going out or when the end nears.
        plan.groups = [g for g in plan.groups
                       if sum(1 for c in g if not c.is_wild) >= HOLD_BELOW]
    # Trim to keep two cards: drop new groups, then wild lay-offs, then natural lay-offs.
    while plan.used and len(hand) - plan.used < 2:
        if plan.groups:
            plan.groups.pop()
            continue
        for rank, cards in list(plan.adds.items()):
            wild = next((c for c in cards if c.is_wild), None)
            victim = wild or cards[-1]
            cards.remove(victim)
            if not cards:
                del plan.adds[rank]
            break
    if not plan.used:
        return None
    return plan


# ---------------------------------------------------------------------------- decisions
def draw_options(t: Table, style: Style) -> list[Action]:
    takes = take_options(t, style)
    takes.sort(key=lambda x: -x[0])
    if takes and takes[0][0] > DRAW_VALUE:
        return [a for _, a in takes] + [Draw()]
    return [Draw()] + [a for _, a in takes]


def _pile_gain(t: Table, hand_after: list[Card], melded_ranks: set[str], style: Style) -> float:
    if not style.value_pile:
        return 4.0 * max(0, t.pile_size - 1)
    ranks = Counter(c.rank for c in hand_after if c.is_natural)
    gain = 0.0
    for c in t.pile[:-1]:
        if c.is_red_three:
            gain += 100
        elif c.is_wild:
            gain += 40
        elif c.is_black_three:
            gain += 1
        elif c.rank in melded_ranks:
            gain += 14
        elif ranks[c.rank] >= 1:
            gain += 9
        else:
            gain += 3 - c.points * 0.5 * (endgame(t) - 0.3)
        ranks[c.rank] += 1
    return gain


def take_options(t: Table, style: Style) -> list[tuple[float, Action]]:
    if t.top is None or t.blocked or t.pile_size == 0:
        return []
    options = _take_options(t, t.top, style)
    if t.rules.lone_hand and t.view.get("partnership") is None:
        # cut-throat: the first take makes the taker the lone hand against two, who pool
        # their melds and each score the pair's total; only a rich pile is worth that
        options = [(g - LONE_HAND, a) for g, a in options]
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
            < WILDLESS_FROM):
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
        gain = _pile_gain(t, after(used), ranks, style) + 30.0
        options.append((gain, TakePile(cards=[c.text for c in base],
                                       melds=[[c.text for c in g] for g in groups])))
        return options
    gain_lay = _pile_gain(t, hand, melded_ranks, style) + 10.0
    if top.rank in melded_ranks and not t.frozen_for_me:
        options.append((gain_lay, TakePile()))
    if len(naturals) >= 2:
        options.append((gain_lay + (2.0 if top.rank not in melded_ranks else -1.0),
                        TakePile(cards=[c.text for c in naturals[:2]])))
    if naturals and wilds and not t.frozen_for_me and top.rank not in melded_ranks:
        w = wilds[0]
        options.append((gain_lay - WILD_KEEP["JK" if w.is_joker else "2"],
                        TakePile(cards=[naturals[0].text, w.text])))
    return options


def play_options(t: Table, style: Style) -> list[Action]:
    hand = t.hand
    options: list[Action] = []
    if t.rules.special_hands and not t.melded[t.team]:
        special = special_hand(t.rules, hand, [hand])
        if special is not None:   # Modern American: a special hand ends the hand at once
            options.append(Meld(groups=[[c.text for c in hand]]))
    out = go_out_plan(t, hand)
    if out is not None and should_go_out(t, out, style):
        asked = t.view.get("asked") or t.view.get("permission") is not None
        if (style.ask_partner and t.partners and not asked and len(hand) > 1
                and not going_out_urgent(t, out)
                and max(t.counts[p] for p in t.partners) >= 7):
            options.append(AskToGoOut())
        elif out.used:
            options.append(out.action())
        elif out.leftover:
            options.append(Discard(out.leftover[0].text))
    build = build_plan(t, hand, style)
    if build is not None:
        options.append(build.action())
    for _, c in discard_order(t, hand, style):
        options.append(Discard(c.text))
    return options


def answer(t: Table, style: Style) -> AnswerGoOut:
    """Partner asks "may I go out?": answer by our own hand."""
    hand = t.hand
    if not style.time_going_out or t.stock <= 12 or threat(t):
        return AnswerGoOut(yes=True)
    points = sum(c.points for c in hand)
    naturals, wilds, _ = split_hand(hand)
    meldable = sum(len(cs) for rank, cs in naturals.items()
                   if rank in t.my_melds or len(cs) >= 2) + len(wilds)
    return AnswerGoOut(yes=not (points >= 100 and meldable >= 4))


def decide(t: Table, style: Style) -> list[Action]:
    if t.phase == "permission":
        return [answer(t, style)]
    if t.phase == "draw":
        return draw_options(t, style)
    return play_options(t, style)
