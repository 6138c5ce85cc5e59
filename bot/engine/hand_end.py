"""The end of a hand (A.9, A.11, A.12): the going-out bonus, the score sheet, the next deal or
the end of the match."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .american_scoring import american_breakdown
from .scoring import HandResult, team_breakdown
from .slavic import in_hand_difference
from .table_state import TableState

Event = dict[str, Any]


class HandEnd(TableState):
    """The scoring half of ``Game`` (a mixin: the state lives on the game)."""

    if TYPE_CHECKING:
        from .cards import Card

        feet: dict[str, list[Card]]

        def view(self, player: str | None) -> dict[str, Any]:
            ...

        def _deal(self, hand: int) -> list[Event]:
            ...

        def _form_partnership(self, lone: str) -> list[Event]:
            ...

        def _per_player(self, breakdowns: list[dict[str, int]]) -> list[dict[str, int]]:
            ...

        def partnership(self) -> dict[str, Any] | None:
            ...

        def _partners_meld_out(self, went_out: str) -> list[Event]:
            ...

        def blocked_by(self) -> int | None:
            ...

        def hand_canasta_bonus(self, team: int) -> int:
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
        events: list[Event] = []
        if r.lone_hand and went_out and self.lone is None:
            events += self._form_partnership(went_out)   # going out before any take: alone
        if r.partner_melds_after_out and went_out:
            events += self._partners_meld_out(went_out)
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
            cards += [c for p in active for c in self.feet.get(p, []) if not c.is_red_three]
            cancelled = reason == "blocking" and self.blocked_by() != t
            breakdowns.append(team_breakdown(
                r, [] if cancelled else list(self.team_melds[t].values()), len(self.red3[t]),
                bonus if went_out and self._team[went_out] == t else 0,
                sum(r.in_hand_value(c) for c in cards) if r.in_hand_values
                else sum(c.points for c in cards), sum(1 for c in cards if c.is_red_three),
                self.penalties[t], removed=len(self.removed[t]),
                canasta_extra=0 if cancelled else self.hand_canasta_bonus(t)))
        if r.stock_end_difference and went_out is None and conceder is None:
            in_hand_difference(breakdowns, sorted({self._team[p] for p in self.order}))
        if r.lone_hand:
            breakdowns = self._per_player(breakdowns)
        totals = [sum(b.values()) for b in breakdowns]
        result = HandResult(hand=self.hand_number, total=totals, breakdown=breakdowns,
                            went_out=went_out, concealed=concealed, reason=reason,
                            extra={**({"partnership": p} if (p := self.partnership()) else {}),
                                   **({"special_hand": special[0]} if special else {})})
        self._results.append(result)
        self._scores = [s + t for s, t in zip(self._scores, totals, strict=True)]
        events.append({"type": "hand_end", "hand": self.hand_number, "reason": reason,
                       "went_out": went_out, "concealed": concealed,
                       "total": totals, "scores": list(self._scores)})
        self.history.append(events[-1])
        self.ended_hand_table = {**self.view(None), "phase": "over", "turn": None,
                                 "winner": None}
        best = max(self._scores)
        done = self.hand_number >= r.deals if r.deals else best >= r.target
        if done and self._scores.count(best) == 1:
            self._winner = self._scores.index(best)
            self._phase = "over"
            events.append({"type": "match_end", "winner": self._winner,
                           "scores": list(self._scores)})
            return events
        return events + self._deal(self.hand_number + 1)
