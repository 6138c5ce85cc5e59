"""The heuristics of the easy and normal players (and of the hard level's rollouts).

Each decision returns a list of actions, best first; the caller plays the first one the rules
accept (``players.first_legal``), so a heuristic that misjudges a rule costs a little strength,
never an illegal move. What the heuristics weigh is a ``Style`` (``style.py``); the parts live
by the game's words: ``taking`` (draw or take the pile), ``discarding``, ``going_out``, and
here melding while building and the decisions themselves.
"""

from __future__ import annotations

from bot.engine import Action, AnswerGoOut, AskToGoOut, Card, Meld, discard_of, special_hand

from .discarding import danger, discard_order, keep_value
from .going_out import (
    answer,
    go_out_plan,
    going_out_urgent,
    risky_wildless,
    should_go_out,
    unfinished_wildless,
)
from .meld_plans import Plan, initial_plan, meld_all
from .stage import endgame, p_at_least, threat
from .style import EASY, NORMAL, STRONG, Style
from .table import Table
from .taking import draw_options, take_options


# ---------------------------------------------------------------------------- building
def build_plan(t: Table, hand: list[Card], style: Style) -> Plan | None:
    """Melds to make this turn without going out (leaving at least two cards)."""
    if not t.melded[t.team]:
        return initial_plan(t, hand, t.minimum)
    late = t.stock < style.meld_late
    if not style.keep_pairs:
        plan = meld_all(t, hand, black_threes=False)
    else:
        plan = meld_all(t, hand, pairs_with_wilds=style.meld_pairs_wild or late,
                        wilds_anywhere=late, black_threes=False)
    # Modern American: a natural meld of sevens or aces not finished by the end costs 2 500,
    # so one is started only with five of them.
    plan.groups = [g for g in plan.groups if not risky_wildless(t, g, style)]
    if style.hold_sets and endgame(t, style) < 1.0 and not late:
        # A set of three or four of a rank the side has not melded stays in hand: it takes a
        # frozen pile as a natural pair, and it is melded when going out or when the end nears.
        plan.groups = [g for g in plan.groups
                       if sum(1 for c in g if not c.is_wild) >= style.hold_below]
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
                and not going_out_urgent(t, out, style)
                and max(t.counts[p] for p in t.partners) >= style.ask_hand):
            options.append(AskToGoOut())
        elif out.used:
            options.append(out.action())
        elif out.leftover:
            options.append(discard_of(out.leftover[0].text))
    build = build_plan(t, hand, style)
    if build is not None:
        options.append(build.action())
    for _, c in discard_order(t, hand, style):
        options.append(discard_of(c.text))
    return options


def decide(t: Table, style: Style) -> list[Action]:
    if t.phase == "permission":
        answered: AnswerGoOut = answer(t, style)
        return [answered]
    if t.phase == "draw":
        return draw_options(t, style)
    return play_options(t, style)


__all__ = ["EASY", "NORMAL", "STRONG", "Style", "answer", "build_plan", "danger", "decide",
           "discard_order", "draw_options", "endgame", "go_out_plan", "going_out_urgent",
           "keep_value", "p_at_least", "play_options", "should_go_out", "take_options",
           "threat", "unfinished_wildless"]
