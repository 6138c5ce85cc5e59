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

from .cards import Card
from .errors import quoted

NEGATIVE = -(10**9)  # threshold standing for "any negative score"

CLASSIC_MINIMUMS: tuple[tuple[int, int], ...] = ((NEGATIVE, 15), (0, 50), (1500, 90), (3000, 120))
SAMBA_MINIMUMS = CLASSIC_MINIMUMS + ((7000, 150),)
# Initial minimums that are not points (Brazilian, B.4): the first meld must hold a canasta.
CANASTA_MINIMUM = -1
NATURAL_CANASTA_MINIMUM = -2


def _as_json(value: object) -> object:
    if isinstance(value, tuple):
        return [list(x) if isinstance(x, tuple) else x for x in value]
    return value


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
    # --- the Samba family (B.2-B.7)
    sequences: bool = False            # runs of one suit, 4 low .. A high, no wild cards
    duplicate_melds: bool = False      # a side may hold two melds of one rank
    wild_melds: bool = False           # melds of 2s and jokers only (at most a canasta)
    sequence_canasta: int = 1500
    sequence_canasta_name: str = "samba"     # Bolivia: "escalera"
    wild_canasta: int = 2000
    wild_canasta_name: str = "wild"          # Bolivia: "bolivia"
    wild_canasta_values: tuple[tuple[int, int, int], ...] = ()   # (deuces, jokers, bonus)
    going_out_needs: tuple[str, ...] = ()    # canasta kinds going out needs (Bolivia: escalera)
    going_out_ignores: tuple[str, ...] = ()  # canasta kinds that don't count (Italian: wild)
    red_threes_canastas: int = 1       # with red_threes_need_canasta: how many canastas
    take_needs_pair: bool = False      # Samba: a take shows a natural pair, frozen or not
    take_below_canasta: bool = False   # Samba: the top card alone goes on a meld < a canasta
    in_hand_values: tuple[tuple[str, int], ...] = ()   # rank -> value left in hand (Bolivia)
    short_sequence_size: int = 0       # Brazilian: a sequence this short at the end costs
    short_sequence_penalty: int = 0
    initial_meld_natural: bool = False  # Italian: no wild card in the initial meld
    deuces_reserved: bool = False      # Italian: an unfinished wild meld keeps the 2s
    upcard_packet: bool = False        # Italian: the upcard's value in cards goes under it
    black_three_first_round: bool = False   # Cuban: no black-three discard in the first round
    removed_black_three: int = 0       # Cuban: black threes from a taken pile, each
    removed_black_threes_all: int = 0  # Cuban: ... all four
    black_threes_any_time: bool = False     # Kombo: 3 or 4 black threes melded any time
    rank_canastas: tuple[tuple[str, int, int], ...] = ()  # rank, natural, mixed (Kombo: 7s)
    play_to_stock_end: bool = False    # Kombo: no going out; the last card is never discarded
    first_canasta_cards: int = 0       # Kombo: the hand's first canasta draws 11 more cards
    deals: int = 0                     # Kombo: a match of 4 deals (0: play to the target)
    description: str = "Classic Canasta by the Official Canasta Laws"
    extra: dict[str, object] = field(default_factory=dict, compare=False, hash=False)

    @property
    def individual(self) -> bool:
        return self.teams == self.players

    @property
    def deck_size(self) -> int:
        return self.packs * 52 + self.jokers

    def in_hand_value(self, card: Card) -> int:
        """What a card left in hand costs (A.11; Bolivia's black threes: 100)."""
        for rank, value in self.in_hand_values:
            if card.rank == rank and not card.is_red_three:
                return value
        return card.points

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
            ("No going out: the hand is played until the stock is gone; the last card is "
             "melded, never discarded." if self.play_to_stock_end else
             f"Going out needs {self.canastas_to_go_out} canasta"
             f"{'s' if self.canastas_to_go_out > 1 else ''}; bonus {self.going_out}, "
             f"concealed {self.concealed_going_out}."),
            "Initial meld: " + ", ".join(
                (f"{_minimum_text(m)} below 0" if t == NEGATIVE
                 else f"{_minimum_text(m)} from {t}")
                for t, m in self.initial_minimums) + ".",
            f"Red threes {self.red_three} each ("
            + ", ".join(f"{n} = {v}" for n, v in self.red_three_sets) + "), plus with "
            + ("a canasta" if self.red_threes_need_canasta else "a meld") + ", else minus.",
            f"A match of {self.deals} deals." if self.deals else f"Game to {self.target}.",
        ]
        if self.sequences:
            lines.append(f"Sequences: 3+ naturals of one suit in a row (4 low, ace high, no "
                         f"wild cards), at most {self.canasta_size}; a "
                         f"{self.sequence_canasta_name} of {self.canasta_size} scores "
                         f"{self.sequence_canasta}.")
        if self.wild_melds:
            values = ", ".join(f"{d} deuces and {j} jokers {v}"
                               for d, j, v in self.wild_canasta_values)
            lines.append(f"Wild melds: 3+ wild cards; a {self.wild_canasta_name} canasta of "
                         f"{self.canasta_size} scores {self.wild_canasta}"
                         + (f" ({values})" if values else "") + ".")
        if self.duplicate_melds:
            lines.append("A side may hold two melds of the same rank.")
        if self.going_out_needs or self.going_out_ignores:
            lines.append("Going out: " + "; ".join(
                [f"one canasta must be a {k}" for k in self.going_out_needs]
                + [f"a {k} canasta does not count" for k in self.going_out_ignores]) + ".")
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
        """Every field, tuples as lists (the shape JSON gives back). Worked out once per
        Rules, since they are frozen (every view carries them); each call gets its own copy."""
        fields = self.__dict__.get("_fields_as_json")
        if fields is None:
            fields = {f.name: _as_json(getattr(self, f.name)) for f in dataclasses.fields(self)}
            object.__setattr__(self, "_fields_as_json", fields)
        return {name: ([list(x) if isinstance(x, list) else x for x in value]
                       if isinstance(value, list) else value) for name, value in fields.items()}

    @classmethod
    def from_dict(cls, d: dict[str, object]) -> Rules:
        """The rules of a snapshot (fields added since it was written keep their defaults)."""
        d = dict(d)
        for name, value in d.items():
            if isinstance(value, list):
                d[name] = tuple(tuple(x) if isinstance(x, list) else x for x in value)
        return cls(**d)  # type: ignore[arg-type]


def _minimum_text(minimum: int) -> str:
    if minimum == CANASTA_MINIMUM:
        return "a canasta"
    if minimum == NATURAL_CANASTA_MINIMUM:
        return "a natural canasta"
    return str(minimum)


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


def _samba() -> dict[str, object]:
    """B.2: three packs, 15 cards, draw 2, sequences and two melds of one rank."""
    return {"packs": 3, "jokers": 6, "hand_size": 15, "draw": 2, "max_wilds": 2,
            "sequences": True, "duplicate_melds": True, "canastas_to_go_out": 2,
            "going_out": 200, "concealed_going_out": 200, "red_three_sets": ((6, 1000),),
            "red_threes_need_canasta": True, "red_threes_canastas": 2, "take_needs_pair": True,
            "take_below_canasta": True, "initial_minimums": SAMBA_MINIMUMS, "target": 10000,
            "sequence_canasta": 1500, "sequence_canasta_name": "samba",
            "description": "Samba: three packs, sequences, sambas of 7 for 1500"}


def _bolivia() -> dict[str, object]:
    """B.3 (BIC/RG/bright.net): Samba with wild melds (a bolivia of 7 for 2500); going out
    needs an escalera (a 7-card sequence)."""
    return _samba() | {
        "wild_melds": True, "wild_canasta": 2500, "wild_canasta_name": "bolivia",
        "sequence_canasta_name": "escalera", "going_out_needs": ("escalera",),
        "in_hand_values": (("3", 100),), "target": 15000,
        "description": "Bolivia: Samba with wild melds; bolivias 2500, escaleras 1500"}


def _brazilian() -> dict[str, object]:
    """B.4 (WP/RU): Bolivia to 10 000, wild canastas 2000, a canasta as the initial meld from
    7 000, red threes 1000 for five and 1200 for six, short sequences cost 1000."""
    return _bolivia() | {
        "target": 10000, "wild_canasta": 2000, "red_three_sets": ((5, 1000), (6, 1200)),
        "initial_minimums": CLASSIC_MINIMUMS + ((5000, 150), (7000, CANASTA_MINIMUM),
                                                (8000, 200), (9000, NATURAL_CANASTA_MINIMUM)),
        "short_sequence_size": 5, "short_sequence_penalty": 1000,
        "description": "Brazilian: Bolivia to 10 000; a short sequence at the end costs 1000"}


def _chilean() -> dict[str, object]:
    """B.5 (WP/RU): sambas and bolivias, 3 packs (``packs=4``: 216 cards); the sources say
    no more, so the rest is Bolivia's, but any two canastas go out."""
    return _bolivia() | {
        "going_out_needs": (),
        "description": "Chilean: sambas and bolivias, 3 or 4 packs; any 2 canastas go out"}


def _cuban() -> dict[str, object]:
    """B.6 (RG): 108 cards, 13 each, an always-frozen pile, melds of at most 7, wild melds
    (seven 2s 4000, four jokers and three 2s 3000, any other 2000)."""
    return {"hand_size": 13, "pile_always_frozen": True, "max_meld_size": 7,
            "wild_melds": True, "wild_canasta": 2000, "wild_canasta_name": "wild",
            "wild_canasta_values": ((7, 0, 4000), (3, 4, 3000)),
            "red_three_sets": ((1, 100), (2, 300), (3, 500), (4, 1000)),
            "red_threes_need_canasta": True, "red_threes_canastas": 1,
            "black_three_first_round": True, "removed_black_three": 5,
            "removed_black_threes_all": 100, "going_out": 100, "concealed_going_out": 100,
            "initial_minimums": CLASSIC_MINIMUMS + ((5000, 150),), "target": 7500,
            "description": "Cuban: frozen pile, melds of 7 at most, wild canastas 2000-4000"}


def _italian() -> dict[str, object]:
    """B.7 (RG): Samba with an always-frozen pile over a packet as big as the upcard, 2s
    melded as a rank of their own, a natural initial meld, two canastas (not wild) to go
    out for 300."""
    return _samba() | {
        "wild_melds": True, "wild_canasta": 2000, "wild_canasta_name": "wild",
        "wild_canasta_values": ((7, 0, 3000),), "pile_always_frozen": True,
        "upcard_packet": True, "deuces_reserved": True, "initial_meld_natural": True,
        "initial_minimums": CLASSIC_MINIMUMS + ((5000, 160), (7500, 180), (10000, 200)),
        "going_out": 300, "concealed_going_out": 300, "going_out_ignores": ("wild",),
        "red_three_sets": ((4, 800), (5, 1000), (6, 1200)), "target": 12000,
        "description": "Italian: Samba over a frozen packet, deuce canastas 2000-3000"}


def _kombo() -> dict[str, object]:
    """LT's "Bolivian canasta" (B.3, last row), called Kombo here: 4 deals played until the
    stock is gone; 11 extra cards to the first canasta; sevens and black threes cost in hand."""
    return _samba() | {
        "wild_melds": True, "wild_canasta": 2000, "wild_canasta_name": "bolivia",
        "sequence_canasta_name": "escalera", "canastas_to_go_out": 0, "going_out": 0,
        "concealed_going_out": 0, "play_to_stock_end": True, "black_threes_any_time": True,
        "in_hand_values": (("3", 200), ("7", 500)), "first_canasta_cards": 11,
        "red_three_sets": ((6, 2000),), "red_threes_canastas": 1,
        "initial_minimums": ((NEGATIVE, 60), (0, 60), (3500, 100), (7000, 140), (10500, 180)),
        "rank_canastas": (("7", 1500, 1000),), "deals": 4, "target": 10**9,
        "description": "Kombo (LT \"Bolivian canasta\"): 4 deals to the end of the stock"}


VARIANTS: dict[str, Callable[[], dict[str, object]]] = {
    "classic": _classic,
    "vienna": _vienna,
    "british": _british,
    "uruguayan": _uruguayan,
    "samba": _samba,
    "bolivia": _bolivia,
    "brazilian": _brazilian,
    "chilean": _chilean,
    "cuban": _cuban,
    "italian": _italian,
    "kombo": _kombo,
}
VARIANT_DESCRIPTIONS = {
    "classic": "Official Canasta Laws (Regency Whist Club)",
    "vienna": "Austrian rules: canasta for red threes, hand canasta 1000",
    "british": "Classic plus \"Acaba\": concede a hand for 1500 to the opponents",
    "uruguayan": "The original Laws, as played in Uruguay",
    "samba": "Three packs, draw 2, sequences of one suit: a samba of 7 scores 1500",
    "bolivia": "Samba plus wild-card melds: bolivia 2500, escalera 1500; out needs an escalera",
    "brazilian": "Bolivia to 10 000: wild canastas 2000, canasta minimums, short runs cost 1000",
    "chilean": "Sambas and bolivias with 3 or 4 packs (packs=4); any two canastas go out",
    "cuban": "Always-frozen pile, melds of 7 at most, wild canastas up to 4000; game 7500",
    "italian": "Samba over a frozen packet of cards; deuce canastas 2000 and 3000; game 12000",
    "kombo": "Lithuanian \"Bolivian canasta\": 4 deals played out to the end of the stock",
}
# The player counts a variant supports (the Samba family: 2, 3, 4 or 6; no five-player seat).
SAMBA_PLAYERS = (2, 3, 4, 6)
PLAYER_COUNTS: dict[str, tuple[int, ...]] = {
    "classic": (2, 3, 4, 5, 6), "vienna": (2, 3, 4, 5, 6), "british": (2, 3, 4, 5, 6),
    "uruguayan": (2, 3, 4, 5, 6),
    "samba": SAMBA_PLAYERS,
    "bolivia": SAMBA_PLAYERS,
    "brazilian": SAMBA_PLAYERS,
    "chilean": SAMBA_PLAYERS,
    "cuban": (4,),
    "italian": SAMBA_PLAYERS,
    "kombo": (4,),
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
    counts = PLAYER_COUNTS[key]
    if players not in counts:
        raise ValueError(f"{key} is for {', '.join(map(str, counts))} players, not {players}")
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
    if "packs" in options and "jokers" not in options:
        values["jokers"] = 2 * int(options["packs"])  # type: ignore[call-overload]
    target = values.get("target", 5000)
    if not isinstance(target, int) or isinstance(target, bool) or target <= 0:
        raise ValueError("target must be a positive whole number of points")
    return Rules(name=key, players=players, **values)  # type: ignore[arg-type]
