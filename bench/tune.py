"""Tune the heuristics' ``Style`` by duplicate arenas against normal.

    python -m bench.tune --hands 400 --seed 100000                 # CLASSIC vs NORMAL
    python -m bench.tune --variant samba --hands 200 --seed 100000   # STRONG vs NORMAL
    python -m bench.tune --set keep_pair=30 --hands 200            # one field changed
    python -m bench.tune --search --hands 40 --minutes 20          # look for a better Style

Each deal is played twice with the partnerships swapped, as in ``bench.ai`` (whose hand
player this uses): side A plays a heuristic player of the candidate Style, side B normal.
The candidate is the hard level's Style for the variant (``style.strong_for``: CLASSIC,
STRONG, ...; with ``--from-normal``, NORMAL) with the fields of ``--set``. ``--search``
starts from that Style and tries each field a step up and down (switches flipped) on the
same deals over the variants of ``--variants``; the steps are raced by successive halving
(the better third plays twice as many further deals), and a winner that still beats the
current Style on all the deals it played is taken. It prints the fields that differ from
normal, ready to paste into ``bot/ai/style.py``; confirm them on fresh seeds
(``--seed 100000``) before believing the figure.
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from dataclasses import fields
from typing import Any

import bench.ai as arena
from bot.ai.players import HeuristicPlayer
from bot.ai.style import NORMAL, STRONG, Style, strong_for, style_fields, with_values
from bot.engine import variant as rules_of
from bot.engine.variants import PLAYER_COUNTS

VARIANTS = ("classic", "samba", "hand_and_foot", "modern_american")
CANDIDATE: dict[str, Style] = {"strong": STRONG}
_make = arena.make


def make(level: str, seed: int, budget: float | None) -> Any:
    """bench.ai's players, plus ``strong``: a heuristic player of the candidate Style."""
    if level == "strong":
        return HeuristicPlayer("strong", CANDIDATE["strong"], seed)
    return _make(level, seed, budget)


arena.make = make   # the arena's hands ask this module for their players


def players_for(variant: str) -> int:
    counts = PLAYER_COUNTS.get(variant, (4,))
    return 4 if 4 in counts else counts[0]


def margins(style: Style, variant: str, seeds: range) -> list[float]:
    """Style minus normal, points per hand, for each deal of ``seeds`` (duplicate)."""
    CANDIDATE["strong"] = style
    n = players_for(variant)
    out = []
    for seed in seeds:
        first, _ = arena.play_hand(["strong", "normal"], seed, n, variant, None)
        second, _ = arena.play_hand(["normal", "strong"], seed, n, variant, None)
        out.append((arena._margin(first, 0) + arena._margin(second, 1)) / 2)
    return out


def interval(xs: list[float]) -> tuple[float, float]:
    mean = statistics.fmean(xs)
    half = 1.96 * statistics.stdev(xs) / math.sqrt(len(xs)) if len(xs) > 1 else 0.0
    return mean, half


def changed(style: Style) -> dict[str, Any]:
    return {f.name: getattr(style, f.name) for f in fields(Style)
            if getattr(style, f.name) != getattr(NORMAL, f.name)}


# ---------------------------------------------------------------------------- search
def neighbours(style: Style, only: list[str] | None = None) -> list[tuple[str, Style]]:
    """Each field (of ``only``) a step each way (switches flipped), named by the step."""
    out = []
    for name, kind in style_fields().items():
        if only and name not in only:
            continue
        value = getattr(style, name)
        steps: list[bool | int | float]
        if kind is bool:
            steps = [not value]
        elif kind is int:
            step = max(1, round(value * 0.25))
            steps = [value - step, value + step]
        else:
            steps = [value * 0.6, value * 1.5] if value else [5.0, 20.0]
        for v in steps:
            if kind is not bool and v < 0:
                continue
            out.append((f"{name}={v:g}" if kind is not bool else f"{name}={v}",
                        with_values(style, {name: v})))
    return out


class Race:
    """Deals played so far by each entrant (and the current Style) over the variants."""

    def __init__(self, variants: list[str], seed: int, weights: dict[str, float]) -> None:
        self.variants = variants
        self.seed = seed
        self.weights = weights
        self.cache: dict[tuple[Style, str, int], float] = {}

    def score(self, style: Style, deals: int) -> float:
        """The weighted mean margin over the first ``deals`` deals of each variant."""
        total = 0.0
        for v in self.variants:
            todo = [s for s in range(self.seed, self.seed + deals)
                    if (style, v, s) not in self.cache]
            for s in todo:
                self.cache[(style, v, s)] = margins(style, v, range(s, s + 1))[0]
            xs = [self.cache[(style, v, s)] for s in range(self.seed, self.seed + deals)]
            total += self.weights.get(v, 1.0) * statistics.fmean(xs)
        return total / sum(self.weights.get(v, 1.0) for v in self.variants)


def search(start: Style, race: Race, deals: int, deadline: float,
           only: list[str] | None = None) -> Style:
    current = start
    base = race.score(current, deals)
    print(f"start {changed(current)}: {base:+.0f}", flush=True)
    while time.time() < deadline:
        entrants = neighbours(current, only)
        n = deals
        while len(entrants) > 1 and time.time() < deadline:
            scored = []
            for name, s in entrants:
                scored.append((race.score(s, n), name, s))
                print(f"    {name}: {scored[-1][0]:+.0f} ({n} deals)", flush=True)
            scored.sort(key=lambda x: -x[0])
            cur = race.score(current, n)
            print(f"  {n} deals: current {cur:+.0f}; best "
                  + ", ".join(f"{name} {sc:+.0f}" for sc, name, _ in scored[:4]), flush=True)
            entrants = [(name, s) for sc, name, s in scored[:max(1, len(scored) // 3)]
                        if sc > cur]
            n *= 2
        if not entrants:
            print("  no step beats the current Style", flush=True)
            deals *= 2
            continue
        name, best = entrants[0]
        if race.score(best, n) > race.score(current, n):
            current = best
            print(f"take {name}: {changed(current)}", flush=True)
    return current


# ---------------------------------------------------------------------------- main
def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m bench.tune", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--variant", default="classic")
    ap.add_argument("--hands", type=int, default=100, help="deals, each played twice")
    ap.add_argument("--seed", type=int, default=1, help="first deal's seed")
    ap.add_argument("--set", action="append", default=[], metavar="FIELD=VALUE",
                    help="a Style field of the candidate (default: STRONG's own)")
    ap.add_argument("--from-normal", action="store_true",
                    help="start from NORMAL, not the variant's strong Style")
    ap.add_argument("--search", action="store_true", help="search for a better Style")
    ap.add_argument("--variants", default=",".join(VARIANTS), help="variants of the search")
    ap.add_argument("--minutes", type=float, default=10.0, help="the search's time")
    ap.add_argument("--fields", default="", help="the fields the search steps (default: all)")
    opts = ap.parse_args(argv)
    first = opts.variants.split(",")[0] if opts.search else opts.variant
    start = NORMAL if opts.from_normal else strong_for(rules_of(first, players_for(first)))
    values = {k: float(v) if v not in ("True", "False") else float(v == "True")
              for k, v in (kv.split("=", 1) for kv in opts.set)}
    style = with_values(start, values)
    if opts.search:
        variants = opts.variants.split(",")
        race = Race(variants, opts.seed, {})
        only = [f for f in opts.fields.split(",") if f] or None
        best = search(style, race, opts.hands, time.time() + opts.minutes * 60, only)
        print("best:", changed(best))
        return 0
    began = time.time()
    xs = margins(style, opts.variant, range(opts.seed, opts.seed + opts.hands))
    mean, half = interval(xs)
    print(f"strong vs normal: {players_for(opts.variant)} players, {opts.variant}, "
          f"{len(xs)} deals x 2 (duplicate), seeds {opts.seed}..{opts.seed + opts.hands - 1}, "
          f"{time.time() - began:.0f}s")
    print(f"  points per hand, strong minus normal: {mean:+.0f} "
          f"(95% CI {mean - half:+.0f} .. {mean + half:+.0f})")
    print(f"  Style fields changed from normal: {changed(style)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
