"""Engine benchmark: random play (hands and decisions per second) for classic and every name
in the variant registry, ``legal_actions`` per call on hands of 16, 40 and 80 cards, and the
JSON snapshot size in the middle of a hand. Prints figures; not a timed test.

    python -m bench.engine [--against PATH] [--variants NAME,...] [--seconds 6]

``--against PATH``: another checkout of the project (e.g. a ``git worktree`` of an earlier
commit). Both are the package ``bot``, so each engine runs in a subprocess of its own
(``bench/engine_worker.py``, with the checkout as its working directory), both pinned to
the same core where the OS allows it; the rounds are interleaved, and within a round the
engines take turns in slices of a quarter of a second (this, that, that, this, ...), so a
busy machine weighs on both alike. Printed: each engine's hands/s and decisions/s (medians
of the rounds) and the median of the rounds' ratios, with the bars: classic at least 2.0x,
no name below 0.97x.

Random play: hand 1 of the matches seeded from the round's first seed on, played by
uniformly random legal moves at 4 players (or the variant's own table where 4 is not one:
Pennies 6, cut-throat 3), whole hands until the round's seconds have passed; a decision is
one ``legal_actions`` call and the ``apply`` of its choice. Both engines play the same
games (the pinned games of ``tests/engine/test_pinned_games.py`` say they decide alike),
each variant's rules made once, as a process's games share them.

``legal_actions`` per call: the first call on each of ``--positions`` fresh positions
(``Game.from_position``: the player in turn holds 16, 40 or 80 cards; draw and play phase,
with and without melds), median of the rounds per position, mean over the positions; the
bar is 80 cards at most 5x 16 cards in every variant.

``--hard N``: the worlds (samples) the hard computer player searches per decision at its
default budget, over its first N searched decisions in classic games the normal level
plays (the same positions for both engines), rounds interleaved.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
WORKER = Path(__file__).resolve().parent / "engine_worker.py"
BAR_CLASSIC = 2.0
BAR_VARIANT = 0.97
BAR_SIZES = 5.0
SIZES = (16, 40, 80)
# Run the worker with the checkout's root first on sys.path (``-c`` puts the working
# directory there), so ``import bot`` finds that checkout's package.
BOOT = "import runpy, sys; sys.argv = [{worker!r}] + sys.argv[1:]; " \
       "runpy.run_path({worker!r}, run_name='__main__')"


class Engine:
    """One checkout's engine in a subprocess of its own."""

    def __init__(self, label: str, root: Path, core: int | None) -> None:
        self.label = label
        self.root = root
        env = dict(os.environ, PYTHONHASHSEED="0")
        env.pop("PYTHONPATH", None)
        args = [sys.executable, "-c", BOOT.format(worker=str(WORKER))]
        if core is not None:
            args.append(str(core))
        self.proc = subprocess.Popen(args, cwd=root, env=env, stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, text=True)
        where = Path(self.ask({"cmd": "where"})["bot"]).resolve()
        if not where.is_relative_to(root.resolve()):
            raise SystemExit(f"{label}: imported bot from {where}, not from {root}")

    def ask(self, request: dict[str, Any]) -> Any:
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(json.dumps(request) + "\n")
        self.proc.stdin.flush()
        line = self.proc.stdout.readline()
        if not line:
            raise SystemExit(f"{self.label}: the engine's subprocess stopped")
        return json.loads(line)

    def close(self) -> None:
        if self.proc.stdin is not None:
            self.proc.stdin.close()
        self.proc.wait()


def core_to_use(asked: int | None) -> int | None:
    if asked is not None:
        return asked
    try:
        return sorted(os.sched_getaffinity(0))[-1]
    except (AttributeError, OSError):
        return None


def interleaved(engines: list[Engine], rounds: int, request: dict[str, Any],
                seeds: list[int]) -> list[list[Any]]:
    """Each engine's answer to ``request`` in each round (round ``r`` with seed
    ``seeds[r]``), the engines' order alternating from round to round."""
    answers: list[list[Any]] = [[] for _ in engines]
    for r in range(rounds):
        order = list(range(len(engines)))
        if r % 2:
            order.reverse()
        for i in order:
            answers[i].append(engines[i].ask({**request, "seed": seeds[r]}))
    return answers


def play_rounds(engines: list[Engine], name: str, rounds: int, seconds: float,
                slice_seconds: float) -> list[list[dict[str, float]]]:
    """Each engine's random play in each round: the round's hands, decisions and seconds.
    Within a round the engines take turns in slices of ``slice_seconds`` (the first one
    alternating from round to round) until each has played ``seconds``, each going on from
    the seed where its last slice stopped, both from the round's first seed: a change in
    the machine's load within a round weighs on both alike."""
    out: list[list[dict[str, float]]] = [[] for _ in engines]
    for r in range(rounds):
        order = list(range(len(engines)))[::-1 if r % 2 else 1]
        totals = [{"hands": 0.0, "decisions": 0.0, "seconds": 0.0} for _ in engines]
        seeds = [1000 * r for _ in engines]
        while any(t["seconds"] < seconds for t in totals):
            for i in order:
                if totals[i]["seconds"] >= seconds:
                    continue
                got = engines[i].ask({"cmd": "play", "variant": name,
                                      "seconds": min(slice_seconds, seconds), "seed": seeds[i]})
                seeds[i] = got["next"]
                for key in ("hands", "decisions", "seconds"):
                    totals[i][key] += got[key]
        for i, total in enumerate(totals):
            out[i].append(total)
    return out


def play_table(engines: list[Engine], names: list[str], rounds: int, seconds: float,
               variant_seconds: float, slice_seconds: float) -> None:
    against = len(engines) > 1
    head = f"{'variant':16} {'hands/s':>8} {'decisions/s':>12}"
    if against:
        head += f" | {'hands/s':>8} {'decisions/s':>12} | ratio (rounds)        bar"
    print(f"\nRandom play: {engines[0].label}" + (f" | {engines[1].label}" if against else ""))
    print(head)
    for name in names:
        secs = seconds if name == "classic" else variant_seconds
        runs = play_rounds(engines, name, rounds, secs, slice_seconds)
        row = f"{name:16}"
        for runs_of in runs:
            hands = statistics.median(x["hands"] / x["seconds"] for x in runs_of)
            decisions = statistics.median(x["decisions"] / x["seconds"] for x in runs_of)
            row += f" {hands:8.0f} {decisions:12.0f}"
            if against:
                row += " |"
        if against:
            ratios = [(a["decisions"] / a["seconds"]) / (b["decisions"] / b["seconds"])
                      for a, b in zip(runs[0], runs[1], strict=True)]
            bar = BAR_CLASSIC if name == "classic" else BAR_VARIANT
            mid = statistics.median(ratios)
            row += (f" {mid:5.2f}x ({', '.join(f'{x:.2f}' for x in ratios)})"
                    f"  >= {bar:.2f}x {'ok' if mid >= bar else 'BELOW'}")
        print(row, flush=True)


def legal_table(engines: list[Engine], names: list[str], rounds: int, positions: int) -> None:
    against = len(engines) > 1
    print(f"\nlegal_actions per call (us), first call on {positions} fresh positions a size: "
          + " | ".join(e.label for e in engines))
    cols = "".join(f" {size:>8}" for size in SIZES) + f" {'80/16':>6}"
    print(f"{'variant':16}{cols}" + (f" |{cols}" if against else "") + "   bar 80/16 <= 5")
    for name in names:
        # rounds of every size on each engine, interleaved
        times: dict[tuple[int, int], list[list[float]]] = {}
        for r in range(rounds):
            order = list(range(len(engines)))[::-1 if r % 2 else 1]
            for i in order:
                for size in SIZES:
                    answer = engines[i].ask({"cmd": "legal", "variant": name, "size": size,
                                             "positions": positions, "seed": size})
                    times.setdefault((i, size), []).append(answer["times"])
        row = f"{name:16}"
        verdict = ""
        for i in range(len(engines)):
            means = [statistics.fmean(statistics.median(t) for t in
                                      zip(*times[(i, size)], strict=True)) for size in SIZES]
            ratio = means[-1] / means[0]
            row += "".join(f" {m * 1e6:8.0f}" for m in means) + f" {ratio:5.1f}x"
            if i == 0:
                verdict = "ok" if ratio <= BAR_SIZES else "ABOVE"
                if against:
                    row += " |"
        print(f"{row}   {verdict}", flush=True)


def hard_table(engines: list[Engine], decisions: int, rounds: int) -> None:
    runs = interleaved(engines, rounds, {"cmd": "hard", "variant": "classic",
                                         "decisions": decisions}, [7] * rounds)
    print(f"\nHard level, classic, default budget: worlds searched per decision "
          f"({decisions} searched decisions a round)")
    for engine, runs_of in zip(engines, runs, strict=True):
        medians = [statistics.median(x["samples"]) for x in runs_of]
        means = [statistics.fmean(x["samples"]) for x in runs_of]
        secs = [statistics.median(x["seconds"]) for x in runs_of]
        print(f"{engine.label:24} median {statistics.median(medians):5.1f}, mean "
              f"{statistics.median(means):5.1f} (rounds' medians: "
              f"{', '.join(f'{m:.1f}' for m in medians)}); "
              f"{statistics.median(secs):.2f} s a decision")


def snapshot_sizes(name: str) -> None:
    """The JSON snapshot in the middle of a hand, for this checkout's engine."""
    from bot.engine import Game, variant

    from .engine_worker import seats

    sizes = []
    for seed in range(50):
        players = seats(name)
        g = Game.new(variant(name, len(players)), players, 20_000 + seed)
        rng = random.Random(seed)
        moves = []
        while not g.results:   # the whole hand once, to know its middle
            p = g.turn
            assert p is not None
            action = rng.choice(g.legal_actions(p))
            moves.append((p, action))
            g.apply(p, action)
        g = Game.new(variant(name, len(players)), players, 20_000 + seed)
        for p, action in moves[:len(moves) // 2]:
            g.apply(p, action)
        sizes.append(len(json.dumps(g.to_dict(), separators=(",", ":")).encode()))
    print(f"\n{name}: snapshot JSON mid-hand: median {statistics.median(sizes) / 1024:.1f} KB, "
          f"max {max(sizes) / 1024:.1f} KB (bar < 16 KB)")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.engine", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--against", type=Path, default=None,
                        help="another checkout of the project to compare with")
    parser.add_argument("--variants", default=None,
                        help="comma-separated names (default: classic and every registry name)")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=4.0,
                        help="each engine's random play in a round of classic")
    parser.add_argument("--variant-seconds", type=float, default=1.5,
                        help="... in a round of every other name")
    parser.add_argument("--slice", type=float, default=0.25,
                        help="the engines take turns within a round in slices this long")
    parser.add_argument("--positions", type=int, default=24,
                        help="legal_actions positions per size (0: skip)")
    parser.add_argument("--core", type=int, default=None, help="the core to pin both to")
    parser.add_argument("--hard", type=int, default=0, metavar="N",
                        help="the hard level's samples per decision over N decisions")
    parser.add_argument("--no-play", action="store_true", help="skip random play")
    args = parser.parse_args(argv)

    from bot.engine.variants import VARIANTS

    names = args.variants.split(",") if args.variants else list(VARIANTS)
    if "classic" in names:
        names.remove("classic")
        names.insert(0, "classic")
    core = core_to_use(args.core)
    engines = [Engine(f"this ({ROOT.name})", ROOT, core)]
    if args.against is not None:
        engines.append(Engine(f"against ({args.against.name})", args.against, core))
    pinned = f"both pinned to core {core}" if core is not None else "not pinned"
    print(f"engines: {', '.join(f'{e.label} = {e.root}' for e in engines)}; {pinned}; "
          f"{args.rounds} interleaved rounds")
    try:
        if not args.no_play:
            play_table(engines, names, args.rounds, args.seconds, args.variant_seconds,
                       args.slice)
        if args.positions:
            legal_table(engines, names, args.rounds, args.positions)
        if args.hard:
            hard_table(engines, args.hard, args.rounds)
    finally:
        for engine in engines:
            engine.close()
    snapshot_sizes("classic")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
