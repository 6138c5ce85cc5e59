"""A game as JSON and back: the snapshot the store keeps after every move (``to_dict``) and
the state read back from it (``Game.from_dict`` builds the game, ``_restore`` fills it).
Keys added by later variants are written only where the variant has them and read with a
default, so older snapshots keep loading."""

from __future__ import annotations

from typing import Any

from .bonus_cards import restore, snapshot
from .cards import format_cards, parse_cards
from .melds import TableMeld, add_meld
from .scoring import HandResult
from .table_state import TableState


class Snapshots(TableState):
    """``Game``'s snapshot in JSON and back (``_set_partnership``: cut-throat, ``_feet_*``:
    the feet, ``bonus_cards``: Modern American)."""

    def to_dict(self) -> dict[str, Any]:
        return {
            "version": 1,
            "rules": self.rules.to_dict(), "players": list(self.players), "seed": self.seed,
            "hand_number": self.hand_number, "scores": list(self._scores),
            "results": [x.to_dict() for x in self._results], "winner": self._winner,
            "order": list(self.order), "turn_idx": self.turn_idx, "phase": self._phase,
            "hands": {p: format_cards(h) for p, h in self.hands.items()},
            "stock": format_cards(self.stock), "pile": format_cards(self.pile),
            "start_frozen": self.start_frozen,
            "melds": [[m.to_text() for m in t.values()] for t in self.team_melds],
            "red_threes": [format_cards(x) for x in self.red3],
            **({"removed": [format_cards(x) for x in self.removed]}
               if any(self.removed) else {}),
            **({"lone": self.lone} if self.lone else {}),
            **snapshot(self),
            "minimums": list(self.minimums), "penalties": list(self.penalties),
            "melded_players": sorted(self.melded_players),
            "history": self.history,
            **self._feet_to_dict(),
            "just_arrived": {p: format_cards(c) for p, c in self.just_arrived.items()},
            "turn": {"asked": self.asked, "permission": self.permission,
                     "question": self.question, "took_pile": self.took_pile,
                     "pile_rank": self.pile_rank, "touched_old": self.touched_old,
                     "new_ranks": sorted(self.turn_new_ranks),
                     "start_ranks": sorted(self.turn_start_ranks),
                     "melded_before": self.melded_before},
        }

    def _restore(self, d: dict[str, Any]) -> None:
        """Everything ``to_dict`` wrote, into a game just built for its rules and seats."""
        self.hand_number = d["hand_number"]
        self._scores = list(d["scores"])
        self._results = [HandResult.from_dict(x) for x in d["results"]]
        self._winner = d["winner"]
        self.order = list(d["order"])
        self.turn_idx = d["turn_idx"]
        self._phase = d["phase"]
        self.hands = {p: parse_cards(h) for p, h in d["hands"].items()}
        self.stock = parse_cards(d["stock"])
        self.pile = parse_cards(d["pile"])
        self.pile_wilds = sum(1 for c in self.pile if c.is_wild)
        self.start_frozen = d["start_frozen"]
        self.team_melds = []
        for texts in d["melds"]:
            melds: dict[str, TableMeld] = {}
            for text in texts:
                add_meld(melds, TableMeld.from_text(text))
            self.team_melds.append(melds)
        if d.get("lone"):
            self._set_partnership(d["lone"])
        self.red3 = [parse_cards(x) for x in d["red_threes"]]
        self.removed = [parse_cards(x) for x in d.get("removed", [""] * len(self.red3))]
        restore(self, d)
        self.minimums = list(d["minimums"])
        self.penalties = list(d["penalties"])
        self.melded_players = set(d["melded_players"])
        self.history = [dict(e) for e in d["history"]]
        self._feet_from_dict(d)
        self.just_arrived = {p: parse_cards(c) for p, c in d["just_arrived"].items()}
        t = d["turn"]
        self.asked = t["asked"]
        self.permission = t["permission"]
        self.question = t["question"]
        self.took_pile = t["took_pile"]
        self.pile_rank = t["pile_rank"]
        self.touched_old = t["touched_old"]
        self.turn_new_ranks = set(t["new_ranks"])
        self.turn_start_ranks = set(t["start_ranks"])
        self.melded_before = t["melded_before"]
