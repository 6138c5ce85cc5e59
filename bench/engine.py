"""Engine benchmark: random legal 4-player hands per second, legal_actions calls per second,
and the JSON snapshot size in the middle of a hand. Prints figures; not a timed test.

    python -m bench.engine [--hands 300]
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time

from bot.engine import Game, variant

PLAYERS = ["Ana", "Bo", "Cy", "Di"]


def random_hand(seed: int) -> tuple[Game, int, int]:
    """Play one hand by uniformly random legal moves; returns (game, moves, legal calls)."""
    g = Game.new(variant("classic"), PLAYERS, seed)
    rng = random.Random(seed)
    moves = calls = 0
    while not g.results:
        p = g.turn
        actions = g.legal_actions(p)
        calls += 1
        g.apply(p, rng.choice(actions))
        moves += 1
    return g, moves, calls


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=300)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()

    rates, moves_per_hand = [], []
    for r in range(args.rounds):
        start = time.perf_counter()
        for seed in range(r * args.hands, (r + 1) * args.hands):
            _, moves, _ = random_hand(seed)
            moves_per_hand.append(moves)
        rates.append(args.hands / (time.perf_counter() - start))
    print(f"random 4-player hands/s: median {statistics.median(rates):.0f} "
          f"(rounds: {', '.join(f'{x:.0f}' for x in rates)}; bar >= 200)")
    print(f"moves per hand: median {statistics.median(moves_per_hand):.0f}")

    # legal_actions on positions met in real random play (draw and play phases mixed)
    positions: list[tuple[Game, str]] = []
    for seed in range(40):
        g = Game.new(variant("classic"), PLAYERS, 10_000 + seed)
        rng = random.Random(seed)
        while not g.results:
            p = g.turn
            if rng.random() < 0.1:
                positions.append((g.copy(), p))
            g.apply(p, rng.choice(g.legal_actions(p)))
    call_rates = []
    for _ in range(args.rounds):
        start = time.perf_counter()
        for g, p in positions:
            g.legal_actions(p)
        call_rates.append(len(positions) / (time.perf_counter() - start))
    print(f"legal_actions calls/s: median {statistics.median(call_rates):.0f} "
          f"over {len(positions)} positions")

    sizes = []
    for seed in range(50):
        g = Game.new(variant("classic"), PLAYERS, 20_000 + seed)
        rng = random.Random(seed)
        total = random_hand(20_000 + seed)[1]
        for _ in range(total // 2):
            p = g.turn
            g.apply(p, rng.choice(g.legal_actions(p)))
            if g.results:
                break
        sizes.append(len(json.dumps(g.to_dict(), separators=(",", ":")).encode()))
    print(f"snapshot JSON mid-hand: median {statistics.median(sizes) / 1024:.1f} KB, "
          f"max {max(sizes) / 1024:.1f} KB (bar < 16 KB)")


if __name__ == "__main__":
    main()
