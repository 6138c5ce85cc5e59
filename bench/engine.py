"""Engine benchmark: random legal 4-player hands per second, legal_actions calls per second
(and the time per call against the legal moves of an earlier commit), and the JSON snapshot
size in the middle of a hand. Prints figures; not a timed test.

    python -m bench.engine [--variant NAME] [--hands 300] [--before REV]

``--variant`` names the rules (default classic; played by 4, or by the variant's own table
size where 4 is not one: cut-throat 3); the bar of 200 hands/s is classic's (a Samba
hand is longer: three packs, draw 2).

``--before`` names the commit whose ``bot/engine/legal.py`` is timed on the same positions
(read with ``git show``; default: the last commit before legal moves became complete by kind).
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

from bot.engine import Game, variant
from bot.engine.variants import PLAYER_COUNTS

PLAYERS = ["Ana", "Bo", "Cy", "Di"]
BEFORE = "dc18142"   # legal moves before issue 8 (a compact list, not complete by kind)


def legal_before(rev: str) -> ModuleType | None:
    """``bot/engine/legal.py`` as it was at ``rev``, loaded beside today's engine."""
    root = Path(__file__).resolve().parent.parent
    try:
        source = subprocess.run(["git", "show", f"{rev}:bot/engine/legal.py"], cwd=root,
                                capture_output=True, text=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError):
        return None
    name = "bot.engine._legal_before"
    spec = importlib.util.spec_from_loader(name, loader=None)
    assert spec is not None
    module = importlib.util.module_from_spec(spec)
    module.__package__ = "bot.engine"
    sys.modules[name] = module
    exec(compile(source, f"{rev}:bot/engine/legal.py", "exec"), module.__dict__)
    return module


def per_call(positions: list[tuple[Game, str]], legal: list[Callable[[Game, str], object]],
             rounds: int) -> list[float]:
    """Median seconds per call of each function in ``legal`` over ``positions`` (their rounds
    interleaved, so a busy machine weighs on each alike)."""
    times: list[list[float]] = [[] for _ in legal]
    for _ in range(rounds):
        for i, fn in enumerate(legal):
            start = time.perf_counter()
            for g, p in positions:
                fn(g, p)
            times[i].append((time.perf_counter() - start) / len(positions))
    return [statistics.median(t) for t in times]


def seats(name: str) -> list[str]:
    """Four seats where the variant has them, else its first table size (Pennies: 6,
    cut-throat: 3)."""
    counts = PLAYER_COUNTS.get(name, (4,))
    return PLAYERS if 4 in counts else [f"p{i}" for i in range(counts[0])]


def new_game(name: str, seed: int) -> Game:
    """Hand 1 of a match of ``name`` at its table size (``seats``)."""
    players = seats(name)
    return Game.new(variant(name, len(players)), players, seed)


def random_hand(seed: int, name: str = "classic") -> tuple[Game, int, int]:
    """Play one hand by uniformly random legal moves; returns (game, moves, legal calls)."""
    g = new_game(name, seed)
    rng = random.Random(seed)
    moves = calls = 0
    while not g.results:
        p = g.turn
        assert p is not None
        actions = g.legal_actions(p)
        calls += 1
        g.apply(p, rng.choice(actions))
        moves += 1
    return g, moves, calls


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--variant", default="classic", help="the rules to play")
    parser.add_argument("--hands", type=int, default=300)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--before", default=BEFORE, help="commit to compare legal moves with")
    args = parser.parse_args()

    rates, moves_per_hand = [], []
    for r in range(args.rounds):
        start = time.perf_counter()
        for seed in range(r * args.hands, (r + 1) * args.hands):
            _, moves, _ = random_hand(seed, args.variant)
            moves_per_hand.append(moves)
        rates.append(args.hands / (time.perf_counter() - start))
    bar = "bar >= 200" if args.variant == "classic" else "no bar: classic's is 200"
    size = len(seats(args.variant))
    print(f"{args.variant}: random {size}-player hands/s: median {statistics.median(rates):.0f} "
          f"(rounds: {', '.join(f'{x:.0f}' for x in rates)}; {bar})")
    print(f"moves per hand: median {statistics.median(moves_per_hand):.0f}")

    # legal_actions on positions met in real random play (draw and play phases mixed)
    positions: list[tuple[Game, str]] = []
    for seed in range(40):
        g = new_game(args.variant, 10_000 + seed)
        rng = random.Random(seed)
        while not g.results:
            p = g.turn
            assert p is not None
            if rng.random() < 0.1:
                positions.append((g.copy(), p))
            g.apply(p, rng.choice(g.legal_actions(p)))
    # the legal moves of an earlier commit know only classic melds
    old_module = legal_before(args.before) if args.variant == "classic" else None
    fns: list[Callable[[Game, str], object]] = [Game.legal_actions]
    if old_module is not None:
        fns.append(old_module.legal_actions)
    timed = per_call(positions, fns, args.rounds)
    new = timed[0]
    print(f"legal_actions calls/s: median {1 / new:.0f} over {len(positions)} positions "
          f"({new * 1e6:.0f} us a call)")
    if args.variant != "classic":
        print("legal_actions before: not compared (the earlier legal moves know only classic)")
    elif old_module is None:
        print(f"legal_actions before ({args.before}): not available (needs git history)")
    else:
        old = timed[1]
        print(f"legal_actions before ({args.before}): {old * 1e6:.0f} us a call; "
              f"new/old time ratio {new / old:.2f}")

    sizes = []
    for seed in range(50):
        g = new_game(args.variant, 20_000 + seed)
        rng = random.Random(seed)
        total = random_hand(20_000 + seed, args.variant)[1]
        for _ in range(total // 2):
            p = g.turn
            assert p is not None
            g.apply(p, rng.choice(g.legal_actions(p)))
            if g.results:
                break
        sizes.append(len(json.dumps(g.to_dict(), separators=(",", ":")).encode()))
    print(f"snapshot JSON mid-hand: median {statistics.median(sizes) / 1024:.1f} KB, "
          f"max {max(sizes) / 1024:.1f} KB (bar < 16 KB)")


if __name__ == "__main__":
    main()
