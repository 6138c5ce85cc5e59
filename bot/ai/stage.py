"""The hand's stage as the heuristics see it: is an opposing side close to going out, and how
much do the points left in hand weigh now."""

from __future__ import annotations

import math

from .style import NORMAL, Style
from .table import Table


def p_at_least(k: int, n: int, q: float) -> float:
    """The chance of at least ``k`` successes in ``n`` draws of chance ``q`` each."""
    if k <= 0:
        return 1.0
    if n < k or q <= 0:
        return 0.0
    q = min(q, 1.0)
    below = sum(math.comb(n, i) * q**i * (1 - q) ** (n - i) for i in range(k))
    return max(0.0, 1.0 - below)


def threat(t: Table, style: Style = NORMAL) -> bool:
    """Could an opposing side go out soon? (Worked out once a table and ``threat_cards``:
    a table is not changed once read.)"""
    known = t.memo("_threat")
    answer: bool | None = known.get(style.threat_cards)
    if answer is None:
        answer = known[style.threat_cards] = _threat(t, style)
    return answer


def _threat(t: Table, style: Style) -> bool:
    need = t.rules.canastas_to_go_out
    for team in t.opp_teams():
        close = any(m.size >= t.rules.canasta_size - 1 for m in t.melds[team].values())
        if t.canastas[team] >= need or (t.canastas[team] == need - 1 and close):
            if min(t.counts[p] for p in t.opponents
                   if t.teams_of[p] == team) <= style.threat_cards:
                return True
    return False


def endgame(t: Table, style: Style = NORMAL) -> float:
    """How much the points left in hand weigh now (early .. 1.0 when the end is near)."""
    if threat(t, style) or t.stock <= style.endgame_stock:
        return 1.0
    return style.endgame_early


__all__ = ["endgame", "p_at_least", "threat"]
