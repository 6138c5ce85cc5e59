"""Modern American's bonus cards on the table picture (issue 12, RULES.md B.15): the bonus
piles still waiting (4 to the first side to meld, 3 to the second) and whether the turn card
(9th from the bottom of the stock), after which nobody gets them, has been drawn.

The engine's view gives ``view["bonus_piles"]`` (sizes, e.g. ``[4, 3]``, ``[3]``, ``[]``)
and ``view["turn_card_drawn"]``; the piles are told in tags under the discard pile.
"""

from __future__ import annotations

from typing import Any

from bot.render import language
from bot.render.language import say

View = dict[str, Any]

TAGS = ("bonus_piles", "turn_card_waiting", "turn_card_drawn")  # picture.table.<tag>


def tags(view: View) -> list[str]:
    """``bonus cards: 4 · 3`` and ``until the turn card is drawn``; once the turn card is
    drawn before every side has melded, that the bonus is over; else nothing."""
    lang = language.of(view)
    if view.get("turn_card_drawn"):
        unmelded = any(not t.get("has_melded") for t in view.get("teams") or [])
        played = bool((view.get("rules") or {}).get("bonus_piles"))
        return [say(lang, "table.turn_card_drawn")] if played and unmelded else []
    piles = [int(n) for n in view.get("bonus_piles") or [] if int(n) > 0]
    if not piles:
        return []
    sizes = " \u00b7 ".join(language.number(lang, n) for n in piles)
    return [say(lang, "table.bonus_piles", piles=sizes), say(lang, "table.turn_card_waiting")]


__all__ = ["TAGS", "tags"]
