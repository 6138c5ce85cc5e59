"""The named variants: each a function giving the ``Rules`` fields that differ from the
Official Laws, the player counts it supports, and ``variant(name, players, **options)``."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

from .errors import quoted
from .rules import (
    CANASTA_MINIMUM,
    CLASSIC_MINIMUMS,
    CLASSIC_RED_THREES,
    NATURAL_CANASTA_MINIMUM,
    NEGATIVE,
    SAMBA_MINIMUMS,
    THREE_PACK_RED_THREES,
    Rules,
)


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
                "canastas_to_go_out": 2, "target": 10000 if teams == 2 else 7500,
                "initial_minimums": CLASSIC_MINIMUMS + ((7500, 150),)}
    raise ValueError(f"Canasta is for 2 to 6 players, not {players}")


def _red_threes_for_deck(values: dict[str, object]) -> None:
    """B.12's DEFAULT: a game scoring red threes as Classic (all four 800) with more than
    four in its deck (6 players, Mexican, a ``packs=`` option) takes the three-pack scale
    of B.1 instead (100 each up to four, five 1 000, six 1 200), whatever the number of
    players: a scale where five score less than four is never right."""
    packs = int(values.get("packs", 2))  # type: ignore[call-overload]
    if packs > 2 and values.get("red_three_sets", CLASSIC_RED_THREES) == CLASSIC_RED_THREES:
        values["red_three_sets"] = THREE_PACK_RED_THREES


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


# B.7's bonuses for the number of canastas, as (canastas, of them natural, bonus): for each
# number the first row met pays, and the numbers add up. RG (the DEFAULT): 5 natural 2 000,
# or else 4 natural and at least one mixed 1 000; 10 of any kind a further 2 000. LT (the
# option italian_bonuses="lt"), read the same way: 5 natural 20 000, or else 5 of any kind
# 10 000; 10 of any kind a further 25 000.
ITALIAN_BONUSES: dict[str, tuple[tuple[int, int, int], ...]] = {
    "rg": ((5, 5, 2000), (5, 4, 1000), (10, 0, 2000)),
    "lt": ((5, 5, 20000), (5, 0, 10000), (10, 0, 25000)),
}


def _italian() -> dict[str, object]:
    """B.7 (RG): Samba with an always-frozen pile over a packet as big as the upcard, 2s
    melded as a rank of their own, a natural initial meld, two canastas (not wild) to go
    out for 300 and for red threes to count plus, RG's bonuses for 5 and 10 canastas."""
    return _samba() | {
        "wild_melds": True, "wild_canasta": 2000, "wild_canasta_name": "wild",
        "wild_canasta_values": ((7, 0, 3000),), "pile_always_frozen": True,
        "upcard_packet": True, "deuces_reserved": True, "initial_meld_natural": True,
        "initial_minimums": CLASSIC_MINIMUMS + ((5000, 160), (7500, 180), (10000, 200)),
        "going_out": 300, "concealed_going_out": 300, "going_out_ignores": ("wild",),
        "red_three_sets": ((4, 800), (5, 1000), (6, 1200)), "red_threes_ignores": ("wild",),
        "canasta_count_bonuses": ITALIAN_BONUSES["rg"], "target": 12000,
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


def _cutthroat() -> dict[str, object]:
    """B.1 cut-throat (RG, Bicycle, pagat): three players, draw 2, the first to take the pile
    plays alone against the other two for the hand; 2 canastas to go out; game 7 500."""
    return {"draw": 2, "canastas_to_go_out": 2, "target": 7500, "lone_hand": True,
            "description": "Cut-throat: three players; the first to take the pile plays alone"}


def _hand_and_foot() -> dict[str, object]:
    """B.16 (WP): an 11-card hand and an 11-card foot, draw 2, the pile's top 5 cards taken
    with a natural pair, threes never melded (red -300 each), fewer wild cards than
    naturals, the initial meld by deal (50/90/120/150), a match of 4 deals."""
    return {"hand_size": 11, "foot_size": 11, "foot_on": "hand_empty", "draw": 2,
            "pile_always_frozen": True, "pile_take_limit": 5, "black_threes_meldable": False,
            "red_three": -300, "red_three_sets": (), "red_threes_as_is": True,
            "wilds_fewer_than_naturals": True, "max_wilds": 3,
            "deal_minimums": (50, 90, 120, 150), "deals": 4, "target": 10**9,
            "going_out": 100, "concealed_going_out": 100,
            "description": "Hand and Foot: a hand and a foot of 11 cards each, 4 deals"}


def _hand_and_foot_table(players: int, teams: int) -> dict[str, object]:
    """One more deck than players (with jokers); going out needs 3 natural and 4 mixed
    canastas in partnerships, 1 natural and 2 mixed in individual play (WP)."""
    packs = players + 1
    kinds = ((("natural", 1), ("mixed", 2)) if teams == players
             else (("natural", 3), ("mixed", 4)))
    return {"packs": packs, "jokers": 2 * packs, "going_out_kinds": kinds,
            "canastas_to_go_out": sum(n for _, n in kinds)}


PENNIES_MINIMUMS = ((NEGATIVE, 15), (0, 50), (500, 90), (1000, 120), (1500, 150))


def _pennies() -> dict[str, object]:
    """B.13 (PG, LT, RG): 216 cards, 13 cards and an 11-card packet picked up on completing a
    canasta, draw 2, canastas of exactly 7 (wild ones too), the sevens rules, going out with
    a natural, a mixed, a sevens and a wild canasta; game 20 000."""
    return {"packs": 4, "jokers": 8, "hand_size": 13, "foot_size": 11, "foot_on": "canasta",
            "draw": 2, "max_meld_size": 7, "wild_melds": True, "wild_canasta": 1000,
            "wild_canasta_name": "wild", "rank_canasta_kinds": (("7", "sevens"),),
            "rank_canastas": (("7", 1500, 1500),), "red_three_sets": ((8, 1000),),
            "red_threes_need_kind": "sevens", "sevens_held": True,
            "initial_minimums": PENNIES_MINIMUMS, "canastas_to_go_out": 4,
            "going_out_kinds": (("natural", 1), ("mixed", 1), ("sevens", 1), ("wild", 1)),
            "target": 20000,
            "description": "Pennies from Heaven: 6 players, packets of 11, four canastas out"}


def _slavic() -> dict[str, object]:
    """B.11 (LT): an unfrozen pile gives its top card only; going out melds every card; a
    canasta's rank freezes the pile for its side; the partner of the player going out melds
    his whole hand or nothing; a wild canasta (1000) is melded whole; all four red threes
    without a canasta count minus; at the stock's end hands count the difference."""
    return {"unfrozen_take_top_only": True, "going_out_by_discard": False,
            "canasta_rank_freezes": True, "partner_melds_after_out": True,
            "red_threes_all_need_canasta": True, "wild_melds": True, "wild_canasta": 1000,
            "wild_canasta_name": "wild", "wild_canasta_whole": True,
            "stock_end_difference": True,
            "description": "Slavic: the top card only, no going out by a discard"}


def _mexican() -> dict[str, object]:
    """B.12 (LT): three packs, 13 cards; the player making his side's first meld draws 13
    more; sevens block the pile and make a 1000 canasta; going out needs 2 canastas and 2
    red threes."""
    return {"packs": 3, "jokers": 6, "hand_size": 13, "first_meld_cards": 13,
            "blocking_ranks": ("7",), "rank_canastas": (("7", 1000, 1000),),
            "canastas_to_go_out": 2, "red_threes_to_go_out": 2,
            "description": "Mexican: three packs, 13 more cards with the first meld"}


def _south_american() -> dict[str, object]:
    """B.14 (LT): the blocking canasta (four black threes and three matching wild cards,
    1500, ends the hand and cancels the opponents' melds); mixed canastas by their wild
    cards (1: 400, 2: 300, 3: 200); a natural canasta of 8 from the hand 750; initial meld
    60 / 90 from 1 500 / 120 from 3 000."""
    return {"blocking_canasta": 1500, "mixed_canasta_by_wilds": ((1, 400), (2, 300), (3, 200)),
            "hand_canasta_eight": 750,
            "initial_minimums": ((NEGATIVE, 60), (1500, 90), (3000, 120)),
            "description": "South American: the blocking canasta ends the hand for 1500"}


def _modern_american() -> dict[str, object]:
    """B.15 (CLA, PG, WP): 13 cards, no upcard, bonus cards, threes laid out, melds of 3 to 7,
    sevens and aces canastas, wild canastas, special hands; game 8 500."""
    return {"hand_size": 13, "upcard": False, "max_meld_size": 7, "max_wilds": 2,
            "pile_always_frozen": True, "take_needs_pair": True,
            "wild_melds": True, "wild_canasta": 2000, "wild_canasta_name": "wild",
            "wild_canasta_values": ((7, 0, 3000), (3, 4, 2500)),
            "rank_canastas": (("7", 2500, 300), ("A", 2500, 300)),
            "canastas_to_go_out": 2, "going_out": 100, "concealed_going_out": 100,
            "red_threes_need_canasta": True, "red_threes_canastas": 2,
            "red_three_in_hand_penalty": 0,
            "initial_minimums": ((NEGATIVE, 125), (3000, 155), (5000, 180)), "target": 8500,
            "threes_laid_out": True, "keep_three": True, "bonus_piles": (4, 3), "turn_card": 9,
            "discard_limits": True, "meld_base": 5, "wildless_ranks": ("7", "A"),
            "initial_wild_ranks": ("A",), "unfinished_rank_penalty": 2500,
            "rank_in_hand_penalty": 1500, "wilds_reserved": True,
            "unfinished_wild_penalty": 2000, "initial_clean_triple": True,
            "initial_top_counts": False, "splash": True,
            "threes_by_colour": ((1, 100), (2, 300), (3, 500), (4, 1000)),
            "melds_minus_without_canasta": True, "going_out_discards": True,
            "ask_once_a_hand": True,
            "special_hands": (("straight", 3000), ("pairs", 2500), ("wild_pairs", 2000),
                              ("garbage", 2000)),
            "description": "Modern American Canasta (CLA standard)"}


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
    "cutthroat": _cutthroat,
    "hand_and_foot": _hand_and_foot,
    "pennies": _pennies,
    "slavic": _slavic,
    "mexican": _mexican,
    "south_american": _south_american,
    "modern_american": _modern_american,
}
# Variants whose fields depend on the table size: (players, teams) -> fields.
TABLE_FIELDS: dict[str, Callable[[int, int], dict[str, object]]] = {
    "hand_and_foot": _hand_and_foot_table,
}
# Options that name a documented alternative rather than set a field: variant -> option ->
# (the field it sets, its value for each name the option takes).
NAMED_OPTIONS: dict[str, dict[str, tuple[str, dict[str, object]]]] = {
    "italian": {"italian_bonuses": ("canasta_count_bonuses", dict(ITALIAN_BONUSES))},
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
    "cutthroat": "Three players, draw 2: the first to take the pile plays alone; game 7500",
    "hand_and_foot": "A hand and a foot of 11 cards each; 3 natural + 4 mixed canastas go out",
    "pennies": "Six players, 216 cards, packets of 11; sevens 1500, wild canastas 1000",
    "slavic": "Top card only from an unfrozen pile, no going out by a discard; wild canasta 1000",
    "mexican": "Three packs; 13 more cards with the first meld; sevens block the pile",
    "south_american": "The blocking canasta (four black threes, three matching wilds) ends it",
    "modern_american": "13 cards, bonus cards, sevens and aces 2500, special hands; game 8500",
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
    "cutthroat": (3,),
    "hand_and_foot": (2, 3, 4, 6),
    "pennies": (6,),
    "slavic": (2, 3, 4, 5, 6),
    "mexican": (2, 3, 4, 5, 6),
    "south_american": (2, 3, 4, 5, 6),
    "modern_american": (4,),
}


def variant(name: str, players: int = 4, **options: object) -> Rules:
    """The rules called ``name`` for ``players`` players.

    Options: ``teams`` (6 players: 2 or 3), ``target``, any other ``Rules`` field to
    switch a documented alternative (e.g. ``one_card_rule=False``), and the variant's
    ``NAMED_OPTIONS`` (Italian: ``italian_bonuses="lt"``).
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
    values = _table_size(players, teams)
    if teams is not None and teams != values["teams"]:
        raise ValueError(f"{players} players always play as {values['teams']} sides")
    values.update(VARIANTS[key]())
    if key in TABLE_FIELDS:
        values.update(TABLE_FIELDS[key](players, int(values["teams"])))  # type: ignore[call-overload]
    known = {f.name for f in dataclasses.fields(Rules)} - {"name", "players", "teams", "extra"}
    named = NAMED_OPTIONS.get(key, {})
    for option, value in options.items():
        if option in named:
            field_name, choices = named[option]
            if not isinstance(value, str) or value not in choices:
                raise ValueError(f"{option} is one of {', '.join(choices)}, not "
                                 f"{quoted(str(value))}")
            values[field_name] = choices[value]
            continue
        if option not in known:
            raise ValueError(f"unknown option {quoted(option)} for variant {quoted(name)}")
        values[option] = value
    if "packs" in options and "jokers" not in options:
        values["jokers"] = 2 * int(options["packs"])  # type: ignore[call-overload]
    if "red_three_sets" not in options:
        _red_threes_for_deck(values)
    target = values.get("target", 5000)
    if not isinstance(target, int) or isinstance(target, bool) or target <= 0:
        raise ValueError("target must be a positive whole number of points")
    return Rules(name=key, players=players, **values)  # type: ignore[arg-type]
