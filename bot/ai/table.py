"""One seat's picture of the table, distilled from its view for the heuristics."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from bot.engine import Card, Game, Rules, card, partnership, side_now

from .knowledge import Knowledge, Memory, parse_cards, read_history


@dataclass
class MeldInfo:
    rank: str | None   # None for a sequence or a wild meld
    naturals: int
    wilds: int

    @property
    def size(self) -> int:
        return self.naturals + self.wilds


@dataclass
class Table:
    view: dict[str, Any]
    know: Knowledge
    rules: Rules
    me: str
    team: int
    hand: list[Card]
    order: list[str]
    teams_of: dict[str, int]
    counts: dict[str, int]
    melds: list[dict[str, MeldInfo]]
    canastas: list[int]
    melded: list[bool]
    red_threes: list[int]
    minimum: int
    pile: list[Card]
    top: Card | None
    pile_size: int
    frozen_for_me: bool
    frozen_all: bool
    blocked: bool
    stock: int
    phase: str
    scores: list[int]
    meld_points: list[int]          # each side's melds' points with their canasta bonuses

    # ------------------------------------------------------------------ seats
    @property
    def next_player(self) -> str:
        cached = self.__dict__.get("_next_player")
        if cached is None:
            i = self.order.index(self.me) if self.me in self.order else 0
            cached = self.__dict__["_next_player"] = self.order[(i + 1) % len(self.order)]
        return cached

    @property
    def partners(self) -> list[str]:
        return [p for p in self.order if p != self.me and self.teams_of[p] == self.team]

    @property
    def opponents(self) -> list[str]:
        return [p for p in self.order if self.teams_of[p] != self.team]

    def opp_teams(self) -> list[int]:
        cached = self.__dict__.get("_opp_teams")
        if cached is None:
            cached = self.__dict__["_opp_teams"] = sorted(
                {self.teams_of[p] for p in self.opponents})
        return cached

    @property
    def my_melds(self) -> dict[str, MeldInfo]:
        return self.melds[self.team]

    def frozen_for(self, team: int) -> bool:
        return self.frozen_all or not self.melded[team]

    def memo(self, name: str) -> dict[Any, Any]:
        """A dict kept on this table under ``name``, for answers worked out from it (a table
        is not changed once read, so an answer holds as long as the table)."""
        found: dict[Any, Any] | None = self.__dict__.get(name)
        if found is None:
            found = self.__dict__[name] = {}
        return found

    # ------------------------------------------------------------------ counting
    def _unseen_ranks(self) -> Counter[str]:
        return self.know.by_rank()

    def unseen_rank(self, rank: str) -> int:
        return self._unseen_ranks()[rank]

    @property
    def unseen_total(self) -> int:
        cached = self.__dict__.get("_unseen_total")
        if cached is None:
            cached = self.__dict__["_unseen_total"] = max(1, sum(self._unseen_ranks().values()))
        return cached

    def unseen_wilds(self) -> int:
        return self._unseen_ranks()["wild"]

    def tally(self, team: int) -> int:
        """The side's hand score so far, before cards in hand (melds, bonuses, red threes)."""
        pts = self.meld_points[team]
        n = self.red_threes[team]
        if n:
            value = self.rules.red_three_value(n)
            pts += value if self.melded[team] else -value
        return pts

    def hand_cards(self, team: int) -> int:
        return sum(self.counts[p] for p in self.order if self.teams_of[p] == team)


def _meld_points(rules: Rules, points: int, kind: str | None) -> int:
    if kind == "natural":
        return points + rules.natural_canasta
    if kind == "mixed":
        return points + rules.mixed_canasta
    return points


def read_table(view: dict[str, Any], know: Knowledge | None = None) -> Table:
    know = know or read_history(view)
    rules = know.rules
    me = view["player"]
    # the side each seat plays for now (cut-throat: the partnership, once formed)
    teams_of = {p["name"]: p.get("side", p["team"]) for p in view["players"]}
    melds: list[dict[str, MeldInfo]] = []
    canastas: list[int] = []
    melded: list[bool] = []
    reds: list[int] = []
    points: list[int] = []
    for t in view["teams"]:
        d: dict[str, MeldInfo] = {}
        points.append(sum(_meld_points(rules, m["points"], m["canasta"]) for m in t["melds"]))
        for m in t["melds"]:
            # sets by rank (what the heuristics ask: "do we have kings down?"); sequences and
            # wild melds each under their own key, not all under one rank of None
            key = m["rank"] if m["rank"] is not None else f"{m.get('kind')}:{m.get('key')}"
            d[key] = MeldInfo(m["rank"], m["count"] - m["wilds"], m["wilds"])
        melds.append(d)
        canastas.append(t["canastas"])
        melded.append(t["has_melded"])
        reds.append(len(t["red_threes"]))
    pile = view["pile"]
    top = card(pile["top"]) if pile["top"] else None
    team = view["team"]
    return Table(
        view=view, know=know, rules=rules, me=me, team=team, hand=parse_cards(view["hand"]),
        order=list(view["order"]), teams_of=teams_of,
        counts={p["name"]: p["cards"] for p in view["players"]}, melds=melds,
        canastas=canastas, melded=melded, red_threes=reds,
        minimum=view["teams"][team]["minimum"], pile=list(know.pile), top=top,
        pile_size=pile["size"], frozen_for_me=bool(pile["frozen"]),
        frozen_all=bool(pile["frozen_all"]), blocked=pile["blocked"] is not None,
        stock=view["stock"], phase=view["phase"], scores=list(view["scores"]),
        meld_points=points)


class SeatView(dict):  # type: ignore[type-arg]
    """The few view fields the heuristics read (phase, asked, permission, partnership);
    any other is looked up in the full view, built the first time one is asked for."""

    def __init__(self, game: Game, player: str) -> None:
        super().__init__(
            player=player, phase=game.phase, turn=game.turn, asked=game.asked,
            permission=None if game.permission is None else ("yes" if game.permission
                                                             else "no"),
            partnership=partnership(game))
        self._game = game
        self._full: dict[str, Any] | None = None

    def _view(self) -> dict[str, Any]:
        if self._full is None:
            self._full = self._game.view(self["player"])
        return self._full

    def __missing__(self, key: str) -> Any:
        return self._view()[key]

    def get(self, key: str, default: Any = None) -> Any:
        if dict.__contains__(self, key):
            return dict.__getitem__(self, key)
        return self._view().get(key, default)


def table_of(game: Game, player: str, memory: Memory) -> Table:
    """``player``'s table read straight from ``game`` and the hand's public ``memory`` (kept
    up to date with ``memory.catch_up(game.history)``): the same as
    ``read_table(game.view(player))`` without building the view, for the rollouts. Only
    what the view shows is read, and of the hands only the player's own."""
    rules = game.rules
    know = memory.knowledge(game, player)
    teams_of = dict(game.side_of)
    melds: list[dict[str, MeldInfo]] = []
    canastas: list[int] = []
    melded: list[bool] = []
    reds: list[int] = []
    points: list[int] = []
    for t in range(rules.teams):
        d: dict[str, MeldInfo] = {}
        pts = 0
        n_canastas = 0
        for key, m in game.team_melds[t].items():
            kind = m.kind(rules)
            n_canastas += kind is not None
            pts += _meld_points(rules, m.points, kind)
            set_ = m.shape == "set"
            d[m.rank if set_ else f"{m.shape}:{key}"] = MeldInfo(
                m.rank if set_ else None, len(m.cards) - m.wilds, m.wilds)
        melds.append(d)
        canastas.append(n_canastas)
        points.append(pts)
        melded.append(bool(game.team_melds[side_now(game, t)]))
        reds.append(len(game.red3[t]))
    team = game.side_of[player]
    pile = game.pile
    block = game.pile_block(team)
    return Table(
        view=SeatView(game, player), know=know, rules=rules, me=player, team=team,
        hand=list(game.hands[player]), order=list(game.order), teams_of=teams_of,
        counts={p: len(game.hands[p]) for p in game.players}, melds=melds,
        canastas=canastas, melded=melded, red_threes=reds, minimum=game.minimums[team],
        pile=list(know.pile), top=pile[-1] if pile else None, pile_size=len(pile),
        frozen_for_me=game.pile_frozen_for(team),
        frozen_all=game.pile_wilds > 0 or game.start_frozen or rules.pile_always_frozen,
        blocked=block in ("wild", "black_three", "canasta", "blocking_rank"),
        stock=len(game.stock), phase=game.phase, scores=list(game.scores),
        meld_points=points)


def rank_counts(cards: list[Card]) -> Counter[str]:
    return Counter(c.rank for c in cards if c.is_natural)
