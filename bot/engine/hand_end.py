"""The end of a hand (A.9, A.11, A.12): the going-out bonus, the score sheet, the next deal or
the end of the match."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .american_scoring import american_breakdown
from .scoring import HandResult, team_breakdown
from .table_state import TableState

Event = dict[str, Any]


class HandEnd(TableState):
    """The scoring half of ``Game`` (a mixin: the state lives on the game)."""

    if TYPE_CHECKING:
        def _deal(self, hand: int) -> list[Event]:
            ...

    def _going_out_bonus(self) -> tuple[int, bool]:
        """The going-out bonus of the player in turn, and whether it was concealed (A.9)."""
        r = self.rules
        if self.melded_before:
            return r.going_out, False
        team = self._team[self.order[self.turn_idx]]
        melds = self.team_melds[team]
        own = [rk for rk in self.turn_new_ranks if melds[rk].is_canasta(r)]
        if self.touched_old or (self.took_pile and not r.concealed_with_pile):
            return r.going_out, False   # a lay-off on the partner's meld is not concealed
        if r.concealed_hand_canasta is not None:
            if any(rk != self.pile_rank for rk in own):
                return r.concealed_hand_canasta, True
            return r.concealed_going_out, True
        if not own:
            return r.going_out, False
        return r.concealed_going_out, True

    def _end_hand(self, went_out: str | None, *, reason: str,
                  conceder: str | None = None,
                  special: tuple[str, int] | None = None) -> list[Event]:
        r = self.rules
        bonus, concealed = (self._going_out_bonus() if went_out and special is None
                            else (0, False))
        breakdowns: list[dict[str, int]] = []
        for t in range(r.teams):
            active = [p for p in self.order if self._team[p] == t]
            if conceder is not None:
                got = r.concession if t != self._team[conceder] else 0
                breakdowns.append({"melded": 0, "canastas": 0, "red_threes": 0,
                                   "going_out": got or 0, "in_hand": 0, "penalties": 0})
                continue
            if r.threes_by_colour:
                mine = went_out is not None and self._team[went_out] == t
                breakdowns.append(american_breakdown(
                    self, t, bonus if mine else 0,
                    special[1] if special is not None and mine else None))
                continue
            cards = [c for p in active for c in self.hands[p]]
            breakdowns.append(team_breakdown(
                r, list(self.team_melds[t].values()), len(self.red3[t]),
                bonus if went_out and self._team[went_out] == t else 0,
                sum(r.in_hand_value(c) for c in cards) if r.in_hand_values
                else sum(c.points for c in cards), sum(1 for c in cards if c.is_red_three),
                self.penalties[t], removed=len(self.removed[t])))
        totals = [sum(b.values()) for b in breakdowns]
        result = HandResult(hand=self.hand_number, total=totals, breakdown=breakdowns,
                            went_out=went_out, concealed=concealed, reason=reason,
                            extra={"special_hand": special[0]} if special else {})
        self._results.append(result)
        self._scores = [s + t for s, t in zip(self._scores, totals, strict=True)]
        events: list[Event] = [{"type": "hand_end", "hand": self.hand_number, "reason": reason,
                                "went_out": went_out, "concealed": concealed,
                                "total": totals, "scores": list(self._scores)}]
        self.history.append(events[0])
        best = max(self._scores)
        done = self.hand_number >= r.deals if r.deals else best >= r.target
        if done and self._scores.count(best) == 1:
            self._winner = self._scores.index(best)
            self._phase = "over"
            events.append({"type": "match_end", "winner": self._winner,
                           "scores": list(self._scores)})
            return events
        return events + self._deal(self.hand_number + 1)
