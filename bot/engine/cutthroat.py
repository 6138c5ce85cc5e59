"""Cut-throat Canasta for three (RULES.md B.1; pagat, Bicycle, rummy-games): the lone hand.

Each player starts the hand on his own side. The first player to take the discard pile
becomes the *lone hand*; the other two become partners for the rest of the hand: the later
seat's melds join the earlier seat's side (a meld of a rank both hold becomes one meld, or
stays a second meld of that rank when together they would break the law of melds), and from
then on they meld, take the pile and go out as one side. A player who goes out before
anyone took the pile is the lone hand too. Scores stay one per player: each partner scores
the partnership's total, and every red three counts for the player who laid it out (plus
when his side has melded, minus when not), so the red threes stay on the holder's own side
(``red3[home side]``). The initial minimum is each player's own (from his own score). If
nobody ever took the pile, everyone scores for himself.

A mixin of ``Game`` (the state lives on the game).
"""

from __future__ import annotations

from typing import Any

from .melds import add_meld, meld_problem
from .table_state import TableState

Event = dict[str, Any]


class LoneHand(TableState):
    """The cut-throat partnership of a hand, and the seat helpers every variant uses."""

    lone: str | None

    def home_side(self, player: str) -> int:
        """The side a seat belongs to when the hand starts."""
        return self.players.index(player) % self.rules.teams

    def red_three_side(self, player: str) -> int:
        """Where a player's red threes are laid out (cut-throat: always his own)."""
        return self.home_side(player) if self.rules.lone_hand else self._team[player]

    def minimum_of(self, player: str) -> int:
        """The initial-meld minimum that applies to ``player`` (cut-throat: his own score's)."""
        return self.minimums[self.red_three_side(player)]

    def partnership(self) -> dict[str, Any] | None:
        """Cut-throat: ``{"lone": name, "partners": [name, name]}`` once the pile was taken."""
        if self.lone is None:
            return None
        return {"lone": self.lone, "partners": [p for p in self.players if p != self.lone]}

    def _seat_sides(self) -> None:
        """A new hand: every player back on his own side."""
        self.lone = None
        self._team = {p: self.home_side(p) for p in self.players}

    def _set_partnership(self, lone: str) -> int:
        """Put the two others on one side (the earlier seat's); returns that side."""
        if lone not in self.players:
            raise ValueError(f"{lone} does not play at this table")
        partners = [p for p in self.players if p != lone]
        side = self.home_side(partners[0])
        for p in partners:
            self._team[p] = side
        self.lone = lone
        return side

    def _form_partnership(self, lone: str) -> list[Event]:
        """The first take of the pile (or a going out before any): ``lone`` plays alone, the
        other two join their melds and penalties into one side."""
        side = self._set_partnership(lone)
        partners = [p for p in self.players if p != lone]
        other = self.home_side(partners[1])
        melds = self.team_melds[side]
        for m in self.team_melds[other].values():
            old = melds.get(m.rank) if m.shape == "set" else None
            if old is not None and meld_problem(self.rules, m.rank, old.naturals + m.naturals,
                                                old.wilds + m.wilds, going_out=True) is None:
                old.extend(m.cards)
            else:
                add_meld(melds, m)
        self.team_melds[other] = {}
        self.penalties[side] += self.penalties[other]
        self.penalties[other] = 0
        ev = {"type": "lone_hand", "player": lone, "partners": partners}
        self.history.append(ev)
        return [ev]

    def _per_player(self, breakdowns: list[dict[str, int]]) -> list[dict[str, int]]:
        """Cut-throat scores: each player gets his side's breakdown, with his own red threes
        (plus if his side melded, minus if not)."""
        r = self.rules
        out: list[dict[str, int]] = []
        for p in self.players:
            side = self._team[p]
            b = dict(breakdowns[side])
            n = len(self.red3[self.home_side(p)])
            value = r.red_three_value(n) if n else 0
            b["red_threes"] = value if self.team_melds[side] else -value
            out.append(b)
        return out
