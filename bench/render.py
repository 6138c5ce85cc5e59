"""Picture benchmark: ``python -m bench.render [--runs N] [--pin CORE] [--language L ...]``.

Median milliseconds to render an 11-card hand, a 40-card hand, a mid-game 4-player table
and a score sheet, single-threaded, after a warm-up (the card art is loaded once per
process), plus the size of each PNG, in every language the bot speaks.  Each picture's CPU
time is also given as a ratio to the English one (steadier than wall time on a busy
machine).  Every timed render draws the picture from nothing: the team panels and PNG bands
the renderer remembers between pictures (``bot.render.panels``, ``bot.render.png``) are
forgotten before each run, so a figure is the cost of a picture whose every part changed;
"again ms" is the same picture drawn a second time (what a move that leaves the sides'
panels alone costs).  Bars (issues "Card art and Pillow pictures" and "Four languages"): every
median under 30 ms and every PNG under 400 KB, in every language.  A few bigger pictures are timed
too, for information.  Exits 1 when a barred figure misses its bar.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

from bot.i18n import LANGUAGES
from bot.render import panels, png, render_hand, render_scores, render_table
from bot.render.samples import hand_view, results_sample, table_view

BAR_MS = 30.0
BAR_KB = 400.0

Case = tuple[str, Callable[[dict[str, Any]], bytes], dict[str, Any], bool]


def cases() -> list[Case]:
    """(name, renderer, view, barred)."""
    return [
        ("hand, 11 cards", render_hand, hand_view(11, just_arrived=1, phase="play"), True),
        ("hand, 40 cards", render_hand, hand_view(40, just_arrived=14, phase="play"), True),
        ("table, 4 players mid-game", render_table,
         table_view(4, melds=("mid", "canastas"), red_threes=(("3H",), ("3D",))), True),
        ("score sheet, 4 hands", render_scores,
         table_view(4, results=results_sample(4), winner=0, phase="over"), True),
        ("hand, 60 cards", render_hand, hand_view(60, just_arrived=20, phase="play"), False),
        ("table, 6 players, 3 teams", render_table,
         table_view(6, melds=("canastas", "mid", "early"), frozen_all=True), False),
        ("table, 4 players late (22 melds)", render_table,
         table_view(4, melds=("big", "big")), False),
        ("score sheet, 12 hands", render_scores,
         table_view(4, results=results_sample(12)), False),
    ]


def measure(render: Callable[[dict[str, Any]], bytes], view: dict[str, Any],
            runs: int) -> tuple[float, float, float, int, float]:
    """(median wall ms, 90th percentile wall ms, median CPU ms, PNG bytes, median wall ms of
    the same picture drawn again with what the renderer remembers).

    CPU time is printed beside wall time because this machine is shared: when other jobs
    compete for the core, wall time grows while the work done stays the same."""
    data = render(view)  # warm-up: art, fonts and felt enter their caches
    wall, cpu, again = [], [], []
    for _ in range(runs):
        panels.forget()
        png.forget()
        start, start_cpu = time.perf_counter(), time.process_time()
        data = render(view)
        cpu.append((time.process_time() - start_cpu) * 1000)
        wall.append((time.perf_counter() - start) * 1000)
        start = time.perf_counter()
        render(view)
        again.append((time.perf_counter() - start) * 1000)
    wall.sort()
    return (statistics.median(wall), wall[int(0.9 * (len(wall) - 1))], statistics.median(cpu),
            len(data), statistics.median(again))


def pin(core: int | None) -> str:
    """Optionally keep the process on one core (rendering is single-threaded either way)."""
    if core is None:
        return "single thread"
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {core})
        return f"single thread pinned to core {core}"
    return "single thread (pinning unsupported here)"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.render", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=60, help="timed renders per picture")
    parser.add_argument("--pin", type=int, default=None, metavar="CORE",
                        help="pin the process to this core")
    parser.add_argument("--language", action="append", choices=LANGUAGES, dest="languages",
                        help="only this language (repeat for several; default: all)")
    args = parser.parse_args(sys.argv[1:] if argv is None else argv)
    languages = args.languages or list(LANGUAGES)
    load = " ".join(f"{x:.2f}" for x in os.getloadavg()) if hasattr(os, "getloadavg") else "?"
    print(f"render benchmark: {args.runs} runs per picture, {pin(args.pin)}, load average {load}")
    print(f"bars: median wall time < {BAR_MS:.0f} ms, PNG < {BAR_KB:.0f} KB\n")
    print(f"{'picture':34} {'lang':4} {'median ms':>9} {'p90 ms':>7} {'cpu ms':>7} "
          f"{'PNG KB':>7} {'cpu/en':>6} {'again ms':>8}  bar")
    failed = False
    for name, render, view, barred in cases():
        english: float | None = None
        for lang in languages:
            median, p90, cpu, size, again = measure(render, {**view, "language": lang},
                                                    args.runs)
            english = cpu if lang == "en" else english
            ratio = f"{cpu / english:6.2f}" if english else f"{'':6}"
            kb = size / 1024
            if barred:
                ok = median < BAR_MS and kb < BAR_KB
                failed |= not ok
                verdict = "ok" if ok else "MISSED"
            else:
                verdict = "(info)"
            print(f"{name:34} {lang:4} {median:9.1f} {p90:7.1f} {cpu:7.1f} {kb:7.0f} {ratio} "
                  f"{again:8.1f}  {verdict}")
    print("\nall bars met" if not failed else "\nA BAR WAS MISSED")
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
