"""One seat's picture of the table, distilled from its view for the heuristics."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from bot.engine import Card, Rules, card

from .knowledge import Knowledge, parse_cards, read_history


@dataclass
class MeldInfo:
    rank: str
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

    # ------------------------------------------------------------------ seats
    @property
    def next_player(self) -> str:
        i = self.order.index(self.me) if self.me in self.order else 0
        return self.order[(i + 1) % len(self.order)]

    @property
    def partners(self) -> list[str]:
        return [p for p in self.order if p != self.me and self.teams_of[p] == self.team]

    @property
    def opponents(self) -> list[str]:
        return [p for p in self.order if self.teams_of[p] != self.team]

    def opp_teams(self) -> list[int]:
        return sorted({self.teams_of[p] for p in self.opponents})

    @property
    def my_melds(self) -> dict[str, MeldInfo]:
        return self.melds[self.team]

    def frozen_for(self, team: int) -> bool:
        return self.frozen_all or not self.melded[team]

    # ------------------------------------------------------------------ counting
    def _unseen_ranks(self) -> Counter[str]:
        cached = self.__dict__.get("_ranks")
        if cached is None:
            cached = Counter()
            for c, n in self.know.unseen.items():
                cached["wild" if c.is_wild else c.rank] += n
            self.__dict__["_ranks"] = cached
        return cached

    def unseen_rank(self, rank: str) -> int:
        return self._unseen_ranks()[rank]

    @property
    def unseen_total(self) -> int:
        return max(1, sum(self._unseen_ranks().values()))

    def unseen_wilds(self) -> int:
        return self._unseen_ranks()["wild"]

    def tally(self, team: int) -> int:
        """The side's hand score so far, before cards in hand (melds, bonuses, red threes)."""
        pts = 0
        for m in self.view["teams"][team]["melds"]:
            pts += m["points"]
            if m["canasta"] == "natural":
                pts += self.rules.natural_canasta
            elif m["canasta"] == "mixed":
                pts += self.rules.mixed_canasta
        n = self.red_threes[team]
        if n:
            value = self.rules.red_three_value(n)
            pts += value if self.melded[team] else -value
        return pts

    def hand_cards(self, team: int) -> int:
        return sum(self.counts[p] for p in self.order if self.teams_of[p] == team)


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
    for t in view["teams"]:
        d: dict[str, MeldInfo] = {}
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
        stock=view["stock"], phase=view["phase"], scores=list(view["scores"]))


def rank_counts(cards: list[Card]) -> Counter[str]:
    return Counter(c.rank for c in cards if c.is_natural)
