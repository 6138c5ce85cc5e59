"""Going out: whether the hand can go out now, whether it should, and the partner's answer
to "may I go out?"."""

from __future__ import annotations

from bot.engine import AnswerGoOut, Card

from .meld_plans import Plan, meld_all, split_hand
from .stage import threat
from .style import Style
from .table import Table


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


def risky_wildless(t: Table, group: list[Card], style: Style) -> bool:
    """A new natural meld of sevens or aces (Modern American) too short to finish safely."""
    return (bool(group) and group[0].rank in t.rules.wildless_ranks
            and not any(c.is_wild for c in group) and len(group) < style.wildless_from)


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


def going_out_urgent(t: Table, plan: Plan, style: Style) -> bool:
    need = t.rules.canastas_to_go_out
    if t.stock <= style.urgent_stock or threat(t, style):
        return True
    ours = (t.tally(t.team) + plan.points + style.out_bonus
            - style.hand_card * sum(t.counts[p] for p in t.partners))
    theirs = max((t.tally(team) - style.hand_card * t.hand_cards(team)
                  for team in t.opp_teams()), default=0)
    if ours < 0 or ours <= theirs + style.out_lead:
        return True      # a minus hand, or not ahead: end it now
    close = any(m.size >= style.build_from and m.size < t.rules.canasta_size
                for m in t.my_melds.values())
    return not close or plan.canastas_after >= need + style.out_extra


def should_go_out(t: Table, plan: Plan, style: Style) -> bool:
    if not style.time_going_out or t.view.get("permission") == "yes":
        return True
    return going_out_urgent(t, plan, style)


def answer(t: Table, style: Style) -> AnswerGoOut:
    """Partner asks "may I go out?": answer by our own hand."""
    hand = t.hand
    if not style.time_going_out or t.stock <= style.urgent_stock or threat(t, style):
        return AnswerGoOut(yes=True)
    points = sum(c.points for c in hand)
    naturals, wilds, _ = split_hand(hand)
    meldable = sum(len(cs) for rank, cs in naturals.items()
                   if rank in t.my_melds or len(cs) >= 2) + len(wilds)
    return AnswerGoOut(yes=not (points >= style.refuse_points
                                and meldable >= style.refuse_meldable))


__all__ = ["answer", "go_out_plan", "going_out_urgent", "risky_wildless", "should_go_out",
           "unfinished_wildless"]
