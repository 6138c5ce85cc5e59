"""Hand-made engine views in the exact schema of ``game.view(player)``.

Used by the tests, the benchmark and the docs pictures, so the renderer can be exercised
on positions that are rare in play (six players, a 60-card hand, two kinds of canasta)
without driving the engine there.  Deterministic: the same arguments give the same view.
"""

from __future__ import annotations

import random
from typing import Any

from bot.render.notation import SUITS

View = dict[str, Any]
NAMES = ("Ana", "Bo", "Cy", "Di", "Ed", "Flo")
_VALUES = {"JK": 50, "2": 20, "A": 20, "K": 10, "Q": 10, "J": 10, "10": 10, "9": 10, "8": 10,
           "7": 5, "6": 5, "5": 5, "4": 5, "3": 5}
_NATURALS = ("4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")


def card_value(code: str) -> int:
    return _VALUES["JK" if code == "JK" else code[:-1]]


def meld(rank: str, naturals: int, wilds: tuple[str, ...] = (), offset: int = 0) -> dict[str, Any]:
    """A meld dict as the engine writes it; suits cycle so the cards look dealt."""
    suits: tuple[str, ...] = ("H", "S", "D", "C")
    if rank == "3":
        suits = ("C", "S")
    cards = [f"{rank}{suits[(i + offset) % len(suits)]}" for i in range(naturals)]
    cards += list(wilds)
    count = len(cards)
    canasta = None
    if count >= 7:
        canasta = "mixed" if wilds else "natural"
    return {"rank": rank, "cards": cards, "count": count, "wilds": len(wilds),
            "points": sum(card_value(c) for c in cards), "canasta": canasta}


def team_layouts(n_players: int, six_as_three_teams: bool = True) -> list[list[int]]:
    """Seat indexes of each team, seats alternating between the teams."""
    if n_players in (2, 3):
        return [[i] for i in range(n_players)]
    if n_players == 4:
        return [[0, 2], [1, 3]]
    if n_players == 5:
        return [[0, 2, 4], [1, 3]]
    if six_as_three_teams:
        return [[0, 3], [1, 4], [2, 5]]
    return [[0, 2, 4], [1, 3, 5]]


def random_hand(size: int, seed: int = 1) -> list[str]:
    """``size`` cards as two decks would deal them (duplicates possible)."""
    rng = random.Random(seed)
    deck = [f"{r}{s}" for r in (*_NATURALS, "2", "3") for s in SUITS] * 2 + ["JK"] * 4
    deck = [c for c in deck if c not in ("3H", "3D")]  # red threes never stay in a hand
    while len(deck) < size:
        deck += deck
    rng.shuffle(deck)
    return deck[:size]


MELD_SETS: dict[str, list[dict[str, Any]]] = {
    "none": [],
    "early": [meld("K", 3), meld("7", 2, ("2C",))],
    "mid": [meld("A", 4, ("JK",)), meld("9", 3), meld("5", 3, ("2D",)), meld("Q", 5, (), 1)],
    "canastas": [meld("K", 7), meld("8", 5, ("2S", "JK"), 2), meld("J", 3), meld("4", 4, ("2H",))],
    "big": [meld("A", 8), meld("K", 6, ("2C",)), meld("Q", 3), meld("J", 4, ("JK",)),
            meld("10", 5), meld("9", 3), meld("8", 4, ("2D", "2S")), meld("7", 3),
            meld("6", 5), meld("5", 3, ("JK",)), meld("4", 4)],
}


def table_view(n_players: int = 4, *, melds: tuple[str, ...] = ("mid", "canastas"),
               viewer: int | None = 0, hand_size: int = 11, phase: str = "draw",
               turn: int = 0, frozen_all: bool = False, blocked: str | None = None,
               pile_top: str | None = "8H", pile_size: int = 12, stock: int = 41,
               six_as_three_teams: bool = True, red_threes: tuple[tuple[str, ...], ...] = (),
               question: dict[str, Any] | None = None, hand: list[str] | None = None,
               just_arrived: list[str] | None = None, hand_number: int = 3,
               results: list[dict[str, Any]] | None = None, winner: int | None = None) -> View:
    """A whole view; ``melds`` names one entry of MELD_SETS per team (cycled)."""
    layout = team_layouts(n_players, six_as_three_teams)
    team_of = {seat: t for t, seats in enumerate(layout) for seat in seats}
    sitting_out = {4} if n_players == 5 else set()
    names = list(NAMES[:n_players])
    my_hand = hand if hand is not None else (random_hand(hand_size, seed=hand_size)
                                             if viewer is not None else [])
    players = []
    for seat, name in enumerate(names):
        active = seat not in sitting_out
        count = len(my_hand) if seat == viewer else (0 if not active else 11 - seat % 3 * 2)
        players.append({"name": name, "seat": seat, "team": team_of[seat], "cards": count,
                        "active": active})
    teams = []
    scores = [1250, 900, 2010][: len(layout)]
    minimums = {1250: 90, 900: 90, 2010: 120}
    for t, seats in enumerate(layout):
        team_melds = [dict(m) for m in MELD_SETS[melds[t % len(melds)]]]
        threes = list(red_threes[t]) if t < len(red_threes) else []
        teams.append({
            "index": t, "members": [names[s] for s in seats], "score": scores[t],
            "minimum": minimums[scores[t]], "has_melded": bool(team_melds),
            "canastas": sum(1 for m in team_melds if m["canasta"]),
            "melds": team_melds,
            "red_threes": threes,
            "pile_frozen": frozen_all or not team_melds,
            "running_points": _running_points(team_melds, len(threes)),
        })
    viewer_name = names[viewer] if viewer is not None else None
    return {
        "variant": "classic",
        "rules": {"players": n_players, "teams": len(layout), "target": 5000,
                  "canastas_to_go_out": 2 if n_players == 2 else 1,
                  "draw": 2 if n_players == 2 else 1},
        "player": viewer_name,
        "team": team_of[viewer] if viewer is not None else None,
        "hand_number": hand_number,
        "phase": phase,
        "turn": names[turn],
        "hand": list(my_hand),
        "just_arrived": list(just_arrived or []),
        "players": players,
        "teams": teams,
        "pile": {"size": pile_size if pile_top else 0, "top": pile_top,
                 "frozen": (teams[team_of[viewer]]["pile_frozen"] if viewer is not None
                            else all(t["pile_frozen"] for t in teams)),
                 "frozen_all": frozen_all, "blocked": blocked},
        "stock": stock,
        "scores": scores,
        "question": question,
        "history": _history(names[(turn - 1) % n_players], pile_top),
        "results": results if results is not None else [],
        "winner": winner,
        "team_names": [" & ".join(names[s] for s in seats) for seats in layout],
    }


def _running_points(melds: list[dict[str, Any]], red_threes: int) -> int:
    """Classic scoring of what lies on the table (the engine's ``running_points``)."""
    bonus = sum(500 if m["canasta"] == "natural" else 300 for m in melds if m["canasta"])
    threes = 100 * red_threes * (2 if red_threes == 4 else 1)
    points: int = sum(m["points"] for m in melds)
    return points + bonus + (threes if melds else -threes)


def _history(previous: str, pile_top: str | None) -> list[dict[str, Any]]:
    """The previous player's turn: a draw, then the discard now on top of the pile."""
    events: list[dict[str, Any]] = [{"type": "draw", "player": previous, "count": 1}]
    if pile_top:
        events.append({"type": "discard", "player": previous, "card": pile_top})
    return events


def hand_view(size: int, *, seed: int | None = None, just_arrived: int = 0, **kw: Any) -> View:
    """The viewer Ana holding ``size`` cards, the last ``just_arrived`` of them new."""
    cards = random_hand(size, seed=size if seed is None else seed)
    arrived = cards[len(cards) - just_arrived:] if just_arrived else []
    return table_view(hand=cards, just_arrived=arrived, **kw)


def results_sample(hands: int = 3, teams: int = 2, seed: int = 5) -> list[dict[str, Any]]:
    """Finished-hand records as the engine writes them."""
    rng = random.Random(seed)
    out = []
    members = [["Ana", "Cy"], ["Bo", "Di"], ["Ed", "Flo"]]
    for h in range(1, hands + 1):
        goer = rng.randrange(teams)
        breakdown, total = [], []
        for t in range(teams):
            row = {"melded": rng.randrange(8, 60) * 5,
                   "canastas": rng.choice([0, 300, 500, 800, 1000]) if t == goer else
                   rng.choice([0, 0, 300, 500]),
                   "red_threes": rng.choice([0, 0, 100, 200]),
                   "going_out": rng.choice([100, 200]) if t == goer else 0,
                   "in_hand": 0 if t == goer else -rng.randrange(2, 40) * 5,
                   "penalties": -100 if (h == 2 and t != goer) else 0}
            breakdown.append(row)
            total.append(sum(row.values()))
        out.append({"hand": h, "went_out": members[goer][h % len(members[goer])],
                    "concealed": h == 3, "total": total, "breakdown": breakdown})
    return out


# --- the Samba family: sequences, wild melds, two melds of one rank (issue 11) -------------

def sequence(suit: str, ranks: tuple[str, ...], canasta: str | None = None) -> dict[str, Any]:
    """A sequence as the engine writes it (no rank; `kind` "sequence")."""
    cards = [f"{rank}{suit}" for rank in ranks]
    return {"rank": None, "kind": "sequence", "cards": cards, "count": len(cards), "wilds": 0,
            "points": sum(card_value(c) for c in cards), "canasta": canasta}


def wild_meld(cards: tuple[str, ...], canasta: str | None = None) -> dict[str, Any]:
    return {"rank": None, "kind": "wild", "cards": list(cards), "count": len(cards),
            "wilds": len(cards), "points": sum(card_value(c) for c in cards),
            "canasta": canasta}


def _set(rank: str, naturals: int, wilds: tuple[str, ...] = (), offset: int = 0) -> dict[str, Any]:
    return {**meld(rank, naturals, wilds, offset), "kind": "set"}


RUN = ("4", "5", "6", "7", "8", "9", "10")
# Nine melds of one side: a natural canasta, an escalera, a bolivia, two meld of kings,
# two unfinished sequences, a wild meld, queens and aces.
SAMBA_MELDS = [
    _set("9", 7), sequence("S", RUN, "escalera"),
    wild_meld(("2C", "2D", "2S", "JK", "JK", "2H", "2C"), "bolivia"),
    _set("K", 4, ("2D",)), _set("K", 3, offset=1), sequence("C", ("J", "Q", "K", "A")),
    sequence("D", ("5", "6", "7")), _set("Q", 3), _set("A", 3, ("2S", "JK")),
]
OTHER_SAMBA_MELDS = [sequence("H", ("10", "J", "Q", "K", "A", "9", "8"), "samba"),
                     _set("7", 3), wild_meld(("2H", "JK", "2D", "2S")),
                     _set("7", 4, ("2C",), offset=2)]


def samba_view(n_players: int = 4, *, hand_size: int = 22, taken: int = 7,
               variant: str = "bolivia", **kw: Any) -> View:
    """A Samba-family table (162 cards): the viewer holds ``hand_size`` cards after taking a
    pile of ``taken``; one side has nine melds, the others four."""
    cards = random_hand(hand_size, seed=hand_size + 100)
    view = table_view(n_players, hand=cards, just_arrived=cards[hand_size - taken:],
                      phase="play", stock=63, pile_top="6D", pile_size=1, **kw)
    view["variant"] = variant
    view["rules"] = {**view["rules"], "canastas_to_go_out": 2, "draw": 2, "target": 15000}
    for team in view["teams"]:
        team_melds = [dict(m) for m in (SAMBA_MELDS if team["index"] == 0
                                        else OTHER_SAMBA_MELDS)]
        team.update(melds=team_melds, has_melded=True, pile_frozen=False,
                    canastas=sum(1 for m in team_melds if m["canasta"]),
                    running_points=sum(m["points"] for m in team_melds) + 5500)
    return view


# --- issue 12: feet and packets, Modern American's bonus piles, cut-throat --------------------

def feet_view(n_players: int = 4, *, variant: str = "hand_and_foot", hand_size: int = 9,
              **kw: Any) -> View:
    """A Hand and Foot table (or Pennies from Heaven's, ``variant="pennies"``): the viewer
    Ana still has her 11-card foot face down; every second seat has picked up its own."""
    view = table_view(n_players, hand_size=hand_size, phase="play", stock=180,
                      six_as_three_teams=False, **kw)
    view["variant"] = variant
    view["rules"] = {**view["rules"], "draw": 2, "canastas_to_go_out": 7 if variant ==
                     "hand_and_foot" else 4, "target": 20000 if variant == "pennies" else None}
    for seat, player in enumerate(view["players"]):
        picked = seat % 2 == 1
        player.update(foot=0 if picked else 11, foot_picked_up=picked)
    return view


def modern_american_view(*, bonus_piles: tuple[int, ...] = (3,), turn_card_drawn: bool = False,
                         **kw: Any) -> View:
    """Modern American: Ana & Cy have melded (and drawn the 4 bonus cards), the 3 still wait
    for Bo & Di; red and black threes laid out on both sides."""
    view = table_view(4, hand_size=13, melds=("mid", "none"), pile_top=None, stock=52, **kw)
    view["variant"] = "modern_american"
    view["rules"] = {**view["rules"], "target": 8500, "canastas_to_go_out": 2,
                     "bonus_piles": [4, 3]}
    view["bonus_piles"] = [] if turn_card_drawn else list(bonus_piles)  # as the engine says
    view["turn_card_drawn"] = turn_card_drawn
    threes = ((["3H", "3D"], ["3C", "3S", "3C"]), (["3H"], ["3S"]))
    for team, (red, black) in zip(view["teams"], threes, strict=True):
        team.update(red_threes=red, black_threes=black)
    return view


def cutthroat_view(*, lone: str | None = "Bo", **kw: Any) -> View:
    """Cut-throat: three players, each his own score; Bo took the pile first and plays alone
    against Ana and Cy."""
    view = table_view(3, hand_size=13, melds=("mid", "canastas", "early"), **kw)
    view["variant"] = "cutthroat"
    view["rules"] = {**view["rules"], "draw": 2, "target": 7500, "canastas_to_go_out": 2}
    others = [p["name"] for p in view["players"] if p["name"] != lone]
    view["partnership"] = {"lone": lone, "partners": others} if lone else None
    sides = {p["name"]: p["team"] for p in view["players"]}
    if lone:  # the partners' melds join on the earlier seat's side, as the engine does
        first, second = (sides[n] for n in others)
        view["teams"][first]["melds"] += view["teams"][second]["melds"]
        view["teams"][second].update(melds=[], canastas=0)
        sides.update(dict.fromkeys(others, first))
    for player in view["players"]:
        player["side"] = sides[player["name"]]
    return view
