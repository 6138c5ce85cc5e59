"""The rating model: openskill's Plackett–Luce with its defaults (μ 25, σ 25/3, β 25/6,
τ 25/300), and the variant families a rating belongs to. Pure: no database, no clock.

One match is one `rate` call: its sides are openskill's teams (partners together; in
cut-throat and individual play every player is a side of their own), ranked by final score
(equal scores share a rank). A seat that is not rated still plays its part with the rating
it had, but keeps it. See docs/ratings.md for why Plackett–Luce.
"""

from __future__ import annotations

from dataclasses import dataclass

from openskill.models import PlackettLuce

from bot.store.records import MatchEntry

FAMILIES: dict[str, tuple[str, ...]] = {
    "official": ("classic", "vienna", "british", "uruguayan", "slavic", "mexican",
                 "south_american", "cutthroat", "pennies"),
    "samba": ("samba", "bolivia", "brazilian", "chilean", "cuban", "italian", "kombo"),
    "american": ("modern_american", "hand_and_foot"),
}
FAMILY_OF = {variant: family for family, variants in FAMILIES.items() for variant in variants}
COMPUTER_PREFIX = "level:"  # a computer level's identity: "level:hard"

MODEL = PlackettLuce()


def family_of(variant: str) -> str:
    """The family a variant's matches are rated in (an unknown one: the Official Laws)."""
    return FAMILY_OF.get(variant, "official")


@dataclass(frozen=True)
class Rating:
    mu: float
    sigma: float

    @property
    def ordinal(self) -> float:
        """openskill's conservative rating, μ − 3σ."""
        return float(MODEL.rating(mu=self.mu, sigma=self.sigma).ordinal())


NEW = Rating(MODEL.mu, MODEL.sigma)


def ranks(scores: list[int]) -> list[int]:
    """Each score's place (0 = best); equal scores share the better place."""
    return [sum(1 for other in scores if other > score) for score in scores]


def rate(entries: list[MatchEntry], before: dict[str, Rating]) -> list[Rating]:
    """The rating of every entry after the match (in `entries`' order): the rated ones as
    the model moves them, the others as they were. `before`: the ratings now (absent: new)."""
    sides = sorted({e.side for e in entries})
    teams = [[e for e in entries if e.side == side] for side in sides]
    olds = [before.get(e.player, NEW) for e in entries]
    if len(teams) < 2:
        return olds
    scores = [next(e.score for e in team) for team in teams]
    rated = MODEL.rate(
        [[MODEL.rating(mu=olds[entries.index(e)].mu, sigma=olds[entries.index(e)].sigma)
          for e in team] for team in teams],
        ranks=[float(r) for r in ranks(scores)])
    after: dict[int, Rating] = {}
    for team, new_team in zip(teams, rated, strict=True):
        for entry, new in zip(team, new_team, strict=True):
            after[entry.seat] = Rating(float(new.mu), float(new.sigma))
    return [after[e.seat] if e.rated else old for e, old in zip(entries, olds, strict=True)]
