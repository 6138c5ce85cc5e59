"""Arena for the computer players: seeded duplicate matches between two levels.

    python -m bench.ai --a normal --b random --hands 400

Each deal is played twice with the partnerships swapped (same cards, same seats, the levels
exchanged), so the luck of the deal cancels. Prints the average points per hand difference
(a minus b) with a 95% confidence interval over deals, the share of hands each level won, and
the median, 95th percentile and maximum time per decision of each level (CPU time of the
deciding thread, i.e. on one core, and wall clock). Level ``random`` plays uniformly
among ``game.legal_actions``.

    python -m bench.ai --rollout-speed 40

measures the hard level's rollouts instead: moves per second (CPU) from positions of
normal self-play, each seat reading its table from a memory kept move by move (as the
search does) and, for comparison, from a fresh view and its whole history at every move.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor, TimeoutError, as_completed
from typing import Any

from bot.ai import computer_player, evaluate, policy
from bot.ai.knowledge import Memory, read_history
from bot.ai.players import first_legal
from bot.ai.table import read_table
from bot.ai.world import build_game
from bot.engine import Action, Game, variant
from bot.engine.variants import PLAYER_COUNTS


class RandomPlayer:
    level = "random"

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def pick(self, game: Game, player: str) -> Action:
        return self.rng.choice(game.legal_actions(player))


SETTINGS: dict[str, float] = {}   # --set name=value: the hard level's knobs, for tuning


def make(level: str, seed: int, budget: float | None) -> Any:
    if level == "random":
        return RandomPlayer(seed)
    player = computer_player(level, seed)
    if budget is not None and hasattr(player, "budget"):
        player.budget = budget
    if level == "hard":
        for name, value in SETTINGS.items():
            if name.isupper():   # a constant of bot.ai.evaluate (PROGRESS, HAND_COST...)
                setattr(evaluate, name, value)
                continue
            if not hasattr(player, name):
                raise SystemExit(f"the hard level has no setting {name!r}")
            setattr(player, name, type(getattr(player, name) or 0.0)(value))
    return player


def play_hand(levels: list[str], seed: int, players: int, rules_name: str,
              budget: float | None) -> tuple[list[int], dict[str, dict[str, list[float]]]]:
    """One hand (hand 1 of the match seeded ``seed``); seat i plays ``levels[i % 2]``.
    Returns each seat's points (its side's: in cut-throat, each player's own)."""
    rules = variant(rules_name, players)
    names = [f"s{i}" for i in range(players)]
    game = Game.new(rules, names, seed)
    bots = {p: make(levels[i % 2], seed * 100 + i, budget) for i, p in enumerate(names)}
    times: dict[str, list[float]] = {lv: [] for lv in levels}
    cpu: dict[str, list[float]] = {lv: [] for lv in levels}
    steps = 0
    while not game.results:
        p = game.turn
        assert p is not None
        bot = bots[p]
        start, start_cpu = time.perf_counter(), time.thread_time()
        if isinstance(bot, RandomPlayer):
            action = bot.pick(game, p)
        else:
            action = bot.choose(game.view(p))
        times[bot.level].append(time.perf_counter() - start)
        cpu[bot.level].append(time.thread_time() - start_cpu)
        game.apply(p, action)
        steps += 1
        if steps > 5000:
            raise RuntimeError(f"hand of seed {seed} does not end")
    worlds = [n for bot in bots.values() for n in getattr(bot, "worlds", [])]
    cpu["worlds"] = [float(n) for n in worlds]
    total = game.results[0].total
    return [total[i % rules.teams] for i in range(players)], {"wall": times, "cpu": cpu}


def _margin(seats: list[int], a: int) -> float:
    """Level a's average points per seat minus level b's (a plays the seats of parity a)."""
    mine = [x for i, x in enumerate(seats) if i % 2 == a]
    theirs = [x for i, x in enumerate(seats) if i % 2 != a]
    return statistics.fmean(mine) - statistics.fmean(theirs)


def duplicate(args: tuple[str, str, int, int, str, float | None, dict[str, float]]
              ) -> dict[str, Any]:
    a, b, seed, players, rules_name, budget, settings = args
    SETTINGS.update(settings)
    first, t1 = play_hand([a, b], seed, players, rules_name, budget)    # a in even seats
    second, t2 = play_hand([b, a], seed, players, rules_name, budget)   # a in odd seats
    diffs = [_margin(first, 0), _margin(second, 1)]
    times: dict[str, dict[str, list[float]]] = {"wall": {}, "cpu": {}}
    for t in (t1, t2):
        for kind, by_level in t.items():
            for lv, xs in by_level.items():
                times[kind].setdefault(lv, []).extend(xs)
    return {"diff": sum(diffs) / 2, "won": [d > 0 for d in diffs],
            "lost": [d < 0 for d in diffs], "times": times}


def run(work: list[Any], jobs: int, minutes: float | None) -> list[dict[str, Any]]:
    """The deals' results in order; with ``minutes``, those of the first deals finished by
    then (the rest are cancelled)."""
    start = time.time()
    deadline = None if minutes is None else start + minutes * 60
    if jobs <= 1 and deadline is None:
        results = []
        for i, w in enumerate(work, 1):
            results.append(duplicate(w))
            if i % 50 == 0:
                print(f"  {i}/{len(work)} deals, {time.time() - start:.0f}s", file=sys.stderr)
        return results
    done: dict[int, dict[str, Any]] = {}
    pool = ProcessPoolExecutor(max(1, jobs))
    futures = {pool.submit(duplicate, w): i for i, w in enumerate(work)}
    try:
        left = None if deadline is None else max(0.0, deadline - time.time())
        for future in as_completed(futures, timeout=left):
            done[futures[future]] = future.result()
            if len(done) % 50 == 0:
                print(f"  {len(done)}/{len(work)} deals, {time.time() - start:.0f}s",
                      file=sys.stderr)
    except TimeoutError:
        print(f"  time is up: {len(done)}/{len(work)} deals finished", file=sys.stderr)
    pool.shutdown(wait=False, cancel_futures=True)
    results = []
    while len(results) in done:
        results.append(done[len(results)])
    return results


def _fresh_step(game: Game, player: str, style: policy.Style, memory: Memory) -> None:
    """A rollout move read from a fresh view and its whole history (the old way)."""
    view = game.view(player)
    table = read_table(view, read_history(view, game.rules))
    first_legal(game, player, policy.decide(table, style))


def rollout_speed(positions: int, rules_name: str, players: int, seed: int) -> None:
    """Rollout moves per CPU second, from worlds sampled in positions of normal self-play."""
    rules = variant(rules_name, players)
    names = [f"s{i}" for i in range(players)]
    worlds: list[tuple[Game, Memory]] = []
    rng = random.Random(seed)
    for i in range(positions):
        game = Game.new(rules, names, seed + i)
        bots = {p: computer_player("normal", j) for j, p in enumerate(names)}
        for _ in range(rng.randrange(8, 60)):
            if game.results:
                break
            p = game.turn
            assert p is not None
            game.apply(p, bots[p].choose(game.view(p)))
        if game.results or game.turn is None:
            continue
        view = game.view(game.turn)
        know = read_history(view)
        world = build_game(view, know, random.Random(i))
        worlds.append((world, Memory.of(know, world)))
    fresh = evaluate.rollout_step
    for label, step in (("memory kept move by move", None), ("fresh view every move",
                                                              _fresh_step)):
        evaluate.rollout_step = step or fresh   # type: ignore[assignment]
        moves, start = 0, time.thread_time()
        try:
            for world, memory in worlds:
                for _ in range(3):
                    game = world.copy()
                    moves += evaluate.play_out(game, len(game.results), 24, policy.NORMAL,
                                               memory.copy())
        finally:
            evaluate.rollout_step = fresh
        spent = time.thread_time() - start
        print(f"  rollouts, {label}: {moves} moves in {spent:.2f} s CPU, "
              f"{moves / spent:.0f} moves/s ({len(worlds)} positions, {rules_name})")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m bench.ai", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--a", default="normal", help="level of side A (easy/normal/hard/random)")
    ap.add_argument("--b", default="random", help="level of side B")
    ap.add_argument("--hands", type=int, default=100, help="deals, each played twice")
    ap.add_argument("--players", type=int, default=None, choices=(2, 3, 4, 5, 6),
                    help="table size (default 4, or the variant's own: Pennies 6, cutthroat 3)")
    ap.add_argument("--variant", default="classic")
    ap.add_argument("--seed", type=int, default=1, help="first deal's seed")
    ap.add_argument("--jobs", type=int, default=1, help="worker processes")
    ap.add_argument("--budget", type=float, default=None,
                    help="seconds per decision for the hard level (default: its own)")
    ap.add_argument("--set", action="append", default=[], metavar="NAME=VALUE",
                    help="a hard-level setting for tuning (e.g. depth=16, search_discards=1)")
    ap.add_argument("--minutes", type=float, default=None,
                    help="stop after this many minutes of wall clock and report the deals "
                         "finished so far (the first ones, in order)")
    ap.add_argument("--rollout-speed", type=int, default=0, metavar="POSITIONS",
                    help="measure the hard level's rollout moves per second instead")
    opts = ap.parse_args(argv)
    if opts.rollout_speed:
        rollout_speed(opts.rollout_speed, opts.variant, opts.players or 4, opts.seed)
        return 0
    settings = {k: float(v) for k, v in (kv.split("=", 1) for kv in opts.set)}
    if opts.a == opts.b:
        ap.error("pick two different levels")
    if opts.players is None:
        counts = PLAYER_COUNTS.get(opts.variant, (4,))
        opts.players = 4 if 4 in counts else counts[0]
    work = [(opts.a, opts.b, opts.seed + i, opts.players, opts.variant, opts.budget,
             settings) for i in range(opts.hands)]
    start = time.time()
    results = run(work, opts.jobs, opts.minutes)
    if not results:
        print("no deal finished in time", file=sys.stderr)
        return 1
    diffs = [r["diff"] for r in results]
    mean = statistics.fmean(diffs)
    half = 1.96 * statistics.stdev(diffs) / math.sqrt(len(diffs)) if len(diffs) > 1 else 0.0
    won = sum(sum(r["won"]) for r in results)
    lost = sum(sum(r["lost"]) for r in results)
    plays = 2 * len(results)
    print(f"{opts.a} vs {opts.b}: {opts.players} players, {opts.variant}, {len(results)} deals "
          f"x 2 (duplicate), {time.time() - start:.0f}s")
    print(f"  points per hand, {opts.a} minus {opts.b}: {mean:+.0f} "
          f"(95% CI {mean - half:+.0f} .. {mean + half:+.0f})")
    print(f"  hands won: {opts.a} {won / plays:.1%}, {opts.b} {lost / plays:.1%}, "
          f"tied {(plays - won - lost) / plays:.1%}")
    for lv in (opts.a, opts.b):
        for kind, label in (("cpu", "CPU time (one core)"), ("wall", "wall clock")):
            xs = sorted(x for r in results for x in r["times"][kind].get(lv, []))
            if xs:
                p95 = xs[int(0.95 * (len(xs) - 1))]
                print(f"  {lv}, {label}: {len(xs)} decisions, median "
                      f"{statistics.median(xs) * 1000:.2f} ms, 95th percentile "
                      f"{p95 * 1000:.1f} ms, max {xs[-1] * 1000:.1f} ms")
    worlds = [x for r in results for x in r["times"]["cpu"].get("worlds", [])]
    if worlds:
        print(f"  hard: {len(worlds)} searched decisions, sampled worlds per decision: median "
              f"{statistics.median(worlds):.0f}, mean {statistics.fmean(worlds):.1f}, "
              f"min {min(worlds):.0f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
