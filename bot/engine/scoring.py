"""Scoring a finished hand (A.11) and the result record."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .melds import TableMeld, canasta_bonus, count_bonus
from .rules import Rules

BREAKDOWN_KEYS = ("melded", "canastas", "red_threes", "going_out", "in_hand", "penalties")


@dataclass
class HandResult:
    """One hand's score: ``total[team]`` and its ``breakdown[team]`` by the keys above."""

    hand: int
    total: list[int]
    breakdown: list[dict[str, int]]
    went_out: str | None = None
    concealed: bool = False
    reason: str = "went_out"   # went_out | stock | red_three | concession
    extra: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {"hand": self.hand, "total": list(self.total),
                "breakdown": [dict(b) for b in self.breakdown], "went_out": self.went_out,
                "concealed": self.concealed, "reason": self.reason, "extra": dict(self.extra)}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> HandResult:
        return cls(hand=d["hand"], total=list(d["total"]),
                   breakdown=[dict(b) for b in d["breakdown"]], went_out=d.get("went_out"),
                   concealed=d.get("concealed", False), reason=d.get("reason", "went_out"),
                   extra=dict(d.get("extra", {})))


def red_threes_plus(rules: Rules, melds: list[TableMeld], done: list[TableMeld],
                    red_threes: int) -> bool:
    """Do a side's ``red_threes`` count plus, with these ``melds`` (``done``: those that are
    canastas)? The rules' own condition: a meld (the Laws), canastas (Vienna, Samba: those
    ``red_threes_ignores`` leaves out don't count), a canasta of a kind (Pennies), always
    (Hand and Foot), never all four without a canasta (Slavic)."""
    plus = bool(melds)
    if rules.red_threes_need_canasta:
        counted = [m for m in done if m.kind(rules) not in rules.red_threes_ignores]
        plus = len(counted) >= rules.red_threes_canastas
    if rules.red_threes_need_kind:   # Pennies: plus only with a sevens canasta
        plus = any(m.kind(rules) == rules.red_threes_need_kind for m in melds)
    if rules.red_threes_as_is:       # Hand and Foot: the value as it is (-300 each)
        plus = True
    if rules.red_threes_all_need_canasta and red_threes >= 4 and not done:
        plus = False   # Slavic: all four red threes without a canasta count minus
    return plus


def team_breakdown(rules: Rules, melds: list[TableMeld], red_threes: int, going_out: int,
                   hand_points: int, red_threes_in_hand: int, penalties: int,
                   removed: int = 0, canasta_extra: int = 0) -> dict[str, int]:
    """The six parts of one side's hand score (``removed``: Cuban black threes taken out of
    play with a pile, counted with the melded cards; ``canasta_extra``: South American
    hand canastas of eight, beyond a natural canasta's bonus). ``canastas`` also holds the
    bonuses for the number of canastas (Italian); red threes needing canastas leave out
    the kinds ``red_threes_ignores`` names (Italian: wild ones)."""
    canastas = canasta_extra
    done: list[TableMeld] = []
    short = 0
    for m in melds:
        if m.is_canasta(rules):
            done.append(m)
            canastas += canasta_bonus(rules, m)
        elif m.shape == "sequence" and len(m.cards) <= rules.short_sequence_size:
            short += 1
    canastas += count_bonus(rules, done)
    red = rules.red_three_value(red_threes) if red_threes else 0
    plus = red_threes_plus(rules, melds, done, red_threes)
    penalties += short * rules.short_sequence_penalty
    return {
        "melded": sum(m.points for m in melds) + (
            rules.removed_black_threes_all if removed == 4 and rules.removed_black_threes_all
            else removed * rules.removed_black_three),
        "canastas": canastas,
        "red_threes": red if plus else -red,
        "going_out": going_out,
        "in_hand": -hand_points,
        "penalties": -(penalties + red_threes_in_hand * rules.red_three_in_hand_penalty),
    }
