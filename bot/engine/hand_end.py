"""The end of a hand (A.9, A.11, A.12): the going-out bonus, the score sheet, the next deal or
the end of the match."""

from __future__ import annotations

from typing import Any

from .american_scoring import american_breakdown
from .blocking import blocked_by, hand_canasta_bonus
from .cutthroat import form_partnership, partnership, per_player
from .dealing import deal
from .scoring import HandResult, team_breakdown
from .slavic import in_hand_difference, partners_meld_out
from .table_state import TableState
from .view import make_view

Event = dict[str, Any]


def going_out_bonus(state: TableState) -> tuple[int, bool]:
    """The going-out bonus of the player in turn, and whether it was concealed (A.9)."""
    r = state.rules
    if state.melded_before:
        return r.going_out, False
    team = state.side_of[state.order[state.turn_idx]]
    melds = state.team_melds[team]
    own = [rk for rk in state.turn_new_ranks if melds[rk].is_canasta(r)]
    if state.touched_old or (state.took_pile and not r.concealed_with_pile):
        return r.going_out, False   # a lay-off on the partner's meld is not concealed
    if r.concealed_hand_canasta is not None:
        if any(rk != state.pile_rank for rk in own):
            return r.concealed_hand_canasta, True
        return r.concealed_going_out, True
    if not own:
        return r.going_out, False
    return r.concealed_going_out, True


def end_hand(state: TableState, went_out: str | None, *, reason: str,
             conceder: str | None = None,
             special: tuple[str, int] | None = None) -> list[Event]:
    """The hand ends (``reason``): its score sheet, then the next deal or the match's end."""
    r = state.rules
    events: list[Event] = []
    if r.lone_hand and went_out and state.lone is None:
        events += form_partnership(state, went_out)   # going out before any take: alone
    if r.partner_melds_after_out and went_out:
        events += partners_meld_out(state, went_out)
    bonus, concealed = (going_out_bonus(state) if went_out and special is None
                        else (0, False))
    breakdowns: list[dict[str, int]] = []
    for t in range(r.teams):
        active = [p for p in state.order if state.side_of[p] == t]
        if conceder is not None:
            got = r.concession if t != state.side_of[conceder] else 0
            breakdowns.append({"melded": 0, "canastas": 0, "red_threes": 0,
                               "going_out": got or 0, "in_hand": 0, "penalties": 0})
            continue
        if r.threes_by_colour:
            mine = went_out is not None and state.side_of[went_out] == t
            breakdowns.append(american_breakdown(
                state, t, bonus if mine else 0,
                special[1] if special is not None and mine else None))
            continue
        cards = [c for p in active for c in state.hands[p]]
        cards += [c for p in active for c in state.feet.get(p, []) if not c.is_red_three]
        cancelled = reason == "blocking" and blocked_by(state) != t
        breakdowns.append(team_breakdown(
            r, [] if cancelled else list(state.team_melds[t].values()), len(state.red3[t]),
            bonus if went_out and state.side_of[went_out] == t else 0,
            sum(r.in_hand_value(c) for c in cards) if r.in_hand_values
            else sum(c.points for c in cards), sum(1 for c in cards if c.is_red_three),
            state.penalties[t], removed=len(state.removed[t]),
            canasta_extra=0 if cancelled else hand_canasta_bonus(state, t)))
    if r.stock_end_difference and went_out is None and conceder is None:
        in_hand_difference(breakdowns, sorted({state.side_of[p] for p in state.order}))
    if r.lone_hand:
        breakdowns = per_player(state, breakdowns)
    totals = [sum(b.values()) for b in breakdowns]
    result = HandResult(hand=state.hand_number, total=totals, breakdown=breakdowns,
                        went_out=went_out, concealed=concealed, reason=reason,
                        extra={**({"partnership": p} if (p := partnership(state)) else {}),
                               **({"special_hand": special[0]} if special else {})})
    state._results.append(result)
    state._scores = [s + t for s, t in zip(state._scores, totals, strict=True)]
    events.append({"type": "hand_end", "hand": state.hand_number, "reason": reason,
                   "went_out": went_out, "concealed": concealed,
                   "total": totals, "scores": list(state._scores)})
    state.history.append(events[-1])
    # The table as the hand ended, its view worked out when asked, with every hand face up
    # as it lay (a replay's last step shows them).
    ended = state.as_the_hand_ended()
    state.hand_ended(lambda: {**make_view(ended, None), "phase": "over", "turn": None,
                              "winner": None,
                              "hands_shown": {who: [c.text for c in ended.hands[who]]
                                              for who in ended.players}})
    best = max(state._scores)
    done = state.hand_number >= r.deals if r.deals else best >= r.target
    if done and state._scores.count(best) == 1:
        state._winner = state._scores.index(best)
        state._phase = "over"
        events.append({"type": "match_end", "winner": state._winner,
                       "scores": list(state._scores)})
        return events
    return events + deal(state, state.hand_number + 1)
