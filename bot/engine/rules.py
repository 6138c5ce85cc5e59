"""Rules as data: one frozen dataclass and a registry of named variants.

Every number and switch that differs between the Official Laws and the variants of RULES.md
part B is a field here, so a new variant is a function returning ``Rules`` (plus, where a
variant adds a new kind of meld or pile, a small hook in ``melds``/``game``), never an
``if name == ...`` inside the engine.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass, field

from .errors import quoted

NEGATIVE = -(10**9)  # threshold standing for "any negative score"

CLASSIC_MINIMUMS: tuple[tuple[int, int], ...] = ((NEGATIVE, 15), (0, 50), (1500, 90), (3000, 120))


@dataclass(frozen=True)
class Rules:
    """Everything the engine needs to know about one way of playing."""

    name: str = "classic"
    players: int = 4
    teams: int = 2                     # 2 or 3 sides; individual play: teams == players
    packs: int = 2
    jokers: int = 4
    hand_size: int = 11
    draw: int = 1                      # cards drawn from the stock per turn
    upcard: bool = True                # turn a card to start the pile (Modern American: no)
    target: int = 5000
    initial_minimums: tuple[tuple[int, int], ...] = CLASSIC_MINIMUMS  # (from score, minimum)
    canasta_size: int = 7
    max_meld_size: int | None = None   # capped melds (Cuban, Modern American: 7)
    min_naturals: int = 2
    max_wilds: int = 3
    wilds_at_most_naturals: bool = False   # Vienna: K-K-2-2-2 illegal
    canastas_to_go_out: int = 1
    natural_canasta: int = 500
    mixed_canasta: int = 300
    going_out: int = 100
    concealed_going_out: int = 200     # total bonus for going out concealed
    concealed_hand_canasta: int | None = None  # Vienna: 1000 with a canasta made from the hand
    concealed_with_pile: bool = True   # Vienna: taking the pile on that turn: only the plain 100
    red_three: int = 100
    red_three_sets: tuple[tuple[int, int], ...] = ((4, 800),)   # count -> total value
    red_threes_need_canasta: bool = False   # plus only with a canasta (Vienna); else with a meld
    red_three_in_hand_penalty: int = 500
    permission_penalty: int = 100
    one_card_rule: bool = True         # one card in hand may not take a one-card pile
    pile_always_frozen: bool = False   # Cuban, Italian: natural pair only
    canasta_rank_blocks: bool = False  # Vienna: a discard matching your canasta stops you
    forced_take_any: bool = False      # stock exhausted: must take "if able" (WP) vs lay-off (BG)
    concession: int | None = None      # British "Acaba": the opponents score this much
    description: str = "Classic Canasta by the Official Canasta Laws"
    extra: dict[str, object] = field(default_factory=dict, compare=False, hash=False)

    @property
    def individual(self) -> bool:
        return self.teams == self.players

    @property
    def deck_size(self) -> int:
        return self.packs * 52 + self.jokers

    def minimum_for(self, score: int) -> int:
        """The initial-meld minimum of a side whose cumulative score is ``score`` (A.7)."""
        need = self.initial_minimums[0][1]
        for threshold, minimum in self.initial_minimums:
            if score >= threshold:
                need = minimum
        return need

    def red_three_value(self, count: int) -> int:
        """Value of ``count`` red threes held by one side, before the plus/minus sign (A.4)."""
        for n, total in self.red_three_sets:
            if count == n:
                return total
        return count * self.red_three

    def summary(self) -> list[str]:
        """The rules in brief, for ``/rules``."""
        sides = ("individual" if self.individual
                 else f"{self.teams} teams of {self.players // self.teams}"
                 if self.players % self.teams == 0 else "a team of 2 against a team of 3, "
                 "one of the three sits out each hand")
        lines = [
            f"{self.description}: {self.players} players, {sides}.",
            f"{self.deck_size} cards, {self.hand_size} each; draw {self.draw} card"
            f"{'s' if self.draw > 1 else ''} a turn, discard 1.",
            "Melds: 3+ cards of one rank, at least 2 naturals, at most "
            f"{self.max_wilds} wild cards" + (" (never more wilds than naturals)"
                                              if self.wilds_at_most_naturals else "") + ".",
            f"Going out needs {self.canastas_to_go_out} canasta"
            f"{'s' if self.canastas_to_go_out > 1 else ''}; bonus {self.going_out}, "
            f"concealed {self.concealed_going_out}.",
            "Initial meld: " + ", ".join(
                (f"{m} below 0" if t == NEGATIVE else f"{m} from {t}")
                for t, m in self.initial_minimums) + ".",
            f"Red threes {self.red_three} each ("
            + ", ".join(f"{n} = {v}" for n, v in self.red_three_sets) + "), plus with "
            + ("a canasta" if self.red_threes_need_canasta else "a meld") + ", else minus.",
            f"Game to {self.target}.",
        ]
        if self.concession:
            lines.append("Acaba: a side may concede a hand; "
                         f"the opponents score {self.concession}.")
        if not self.one_card_rule:
            lines.append("A one-card hand may take a one-card pile.")
        if self.canasta_rank_blocks:
            lines.append("A discard matching your completed canasta stops you taking the pile.")
        if self.concealed_hand_canasta:
            lines.append(f"Concealed with a canasta from the hand: {self.concealed_hand_canasta}.")
        return lines

    def to_dict(self) -> dict[str, object]:
        d = dataclasses.asdict(self)
        d["initial_minimums"] = [list(x) for x in self.initial_minimums]
        d["red_three_sets"] = [list(x) for x in self.red_three_sets]
        return d

    @classmethod
    def from_dict(cls, d: dict[str, object]) -> Rules:
        d = dict(d)
        d["initial_minimums"] = tuple(tuple(x) for x in d["initial_minimums"])  # type: ignore[union-attr]
        d["red_three_sets"] = tuple(tuple(x) for x in d["red_three_sets"])  # type: ignore[union-attr]
        return cls(**d)  # type: ignore[arg-type]


def _table_size(players: int, teams: int | None) -> dict[str, object]:
    """The Official Laws' adjustments for 2, 3, 5 and 6 players (RULES.md A.1, B.1)."""
    if players == 2:
        return {"teams": 2, "hand_size": 15, "draw": 2, "canastas_to_go_out": 2}
    if players == 3:
        return {"teams": 3, "hand_size": 13}
    if players in (4, 5):
        return {"teams": 2, "hand_size": 11}
    if players == 6:
        teams = teams or 2
        if teams not in (2, 3):
            raise ValueError("6 players play as two teams of 3 or three teams of 2 (teams=2 or 3)")
        return {"teams": teams, "packs": 3, "jokers": 6, "hand_size": 13,
                "canastas_to_go_out": 2, "red_three_sets": ((5, 1000), (6, 1200)),
                "target": 10000 if teams == 2 else 7500,
                "initial_minimums": CLASSIC_MINIMUMS + ((7500, 150),)}
    raise ValueError(f"Canasta is for 2 to 6 players, not {players}")


def _classic() -> dict[str, object]:
    return {}


def _vienna() -> dict[str, object]:
    return {"red_threes_need_canasta": True, "wilds_at_most_naturals": True,
            "canasta_rank_blocks": True, "concealed_hand_canasta": 1000,
            "concealed_with_pile": False, "one_card_rule": False,
            "description": "Vienna (Austrian) Canasta"}


def _british() -> dict[str, object]:
    return {"concession": 1500, "description": "British Canasta with \"Acaba\""}


def _uruguayan() -> dict[str, object]:
    return {"description": "Uruguayan Canasta (the original Laws)"}


VARIANTS: dict[str, Callable[[], dict[str, object]]] = {
    "classic": _classic,
    "vienna": _vienna,
    "british": _british,
    "uruguayan": _uruguayan,
}
VARIANT_DESCRIPTIONS = {
    "classic": "Official Canasta Laws (Regency Whist Club)",
    "vienna": "Austrian rules: canasta for red threes, hand canasta 1000",
    "british": "Classic plus \"Acaba\": concede a hand for 1500 to the opponents",
    "uruguayan": "The original Laws, as played in Uruguay",
}


def variant(name: str, players: int = 4, **options: object) -> Rules:
    """The rules called ``name`` for ``players`` players.

    Options: ``teams`` (6 players: 2 or 3), ``target``, and any other ``Rules`` field to
    switch a documented alternative (e.g. ``one_card_rule=False``).
    """
    key = name.strip().lower()
    if key not in VARIANTS:
        raise ValueError(f"unknown variant {quoted(name)}; choose one of {', '.join(VARIANTS)}")
    if not isinstance(players, int) or isinstance(players, bool):
        raise ValueError("players must be a whole number from 2 to 6")
    teams = options.pop("teams", None)
    if teams is not None and (not isinstance(teams, int) or isinstance(teams, bool)):
        raise ValueError("teams must be a whole number")
    values = _table_size(players, teams)  # type: ignore[arg-type]
    if teams is not None and teams != values["teams"]:
        raise ValueError(f"{players} players always play as {values['teams']} sides")
    values.update(VARIANTS[key]())
    known = {f.name for f in dataclasses.fields(Rules)} - {"name", "players", "teams", "extra"}
    for option, value in options.items():
        if option not in known:
            raise ValueError(f"unknown option {quoted(option)} for variant {quoted(name)}")
        values[option] = value
    target = values.get("target", 5000)
    if not isinstance(target, int) or isinstance(target, bool) or target <= 0:
        raise ValueError("target must be a positive whole number of points")
    return Rules(name=key, players=players, **values)  # type: ignore[arg-type]
