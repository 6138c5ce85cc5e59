"""Picture benchmark: ``python -m bench.render [--runs N] [--pin CORE] [--language L ...]``.

Median milliseconds to make an 11-card hand, a 40-card hand, a mid-game 4-player table and a
score sheet, single-threaded, after a warm-up (the card art is loaded once per process): the
drawing and the encoding (``bot.render.encode``: a PNG of 256 colours) each, and the two
together, which is what the bar holds; plus the encoded size, in every language the bot
speaks.  Each picture's CPU time is also given as a ratio to the English one (steadier than
wall time on a busy machine).  Every timed picture is made from nothing: the team panels and
PNG bands the renderer remembers between pictures (``bot.render.panels``,
``bot.render.png``) are forgotten before each run, so a figure is the cost of a picture
whose every part changed; "again ms" is the same picture made a second time (what a move
that leaves the sides' panels alone costs).  Bars (issues "Card art and Pillow pictures",
"Four languages" and "The picture in front of a player"): every median of drawing and
encoding together under 30 ms and every picture under 400 KB, in every language.  The
likeness (SSIM of the luma, ``bench.likeness``) of each English picture to the drawn one is
printed beside.  A few bigger pictures are timed too, for information.  Exits 1 when a
barred figure misses its bar.
"""

from __future__ import annotations

import argparse
import io
import os
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from PIL import Image

from bench.likeness import ssim
from bot.i18n import LANGUAGES
from bot.render import encode, hand, panels, png, scores, table
from bot.render.samples import hand_view, results_sample, table_view

BAR_MS = 30.0
BAR_KB = 400.0

Case = tuple[str, Callable[[dict[str, Any]], Image.Image], dict[str, Any], bool]


def cases() -> list[Case]:
    """(name, renderer, view, barred)."""
    return [
        ("hand, 11 cards", hand.draw, hand_view(11, just_arrived=1, phase="play"), True),
        ("hand, 40 cards", hand.draw, hand_view(40, just_arrived=14, phase="play"), True),
        ("table, 4 players mid-game", table.draw,
         table_view(4, melds=("mid", "canastas"), red_threes=(("3H",), ("3D",))), True),
        ("score sheet, 4 hands", scores.draw,
         table_view(4, results=results_sample(4), winner=0, phase="over"), True),
        ("hand, 60 cards", hand.draw, hand_view(60, just_arrived=20, phase="play"), False),
        ("table, 6 players, 3 teams", table.draw,
         table_view(6, melds=("canastas", "mid", "early"), frozen_all=True), False),
        ("table, 4 players late (22 melds)", table.draw,
         table_view(4, melds=("big", "big")), False),
        ("score sheet, 12 hands", scores.draw,
         table_view(4, results=results_sample(12)), False),
    ]


@dataclass
class Figures:
    """One picture's figures, in milliseconds but for ``size`` (bytes) and ``likeness``."""

    median: float  # drawing and encoding together: the bar's figure
    p90: float
    cpu: float
    draw: float
    encode: float
    size: int
    again: float
    likeness: float | None


def measure(draw: Callable[[dict[str, Any]], Image.Image], view: dict[str, Any],
            runs: int, likeness: bool = False) -> Figures:
    """The medians over ``runs`` pictures made from nothing, and the same picture again.

    CPU time is printed beside wall time because this machine is shared: when other jobs
    compete for the core, wall time grows while the work done stays the same."""
    data = encode.encode(draw(view))  # warm-up: art, fonts and felt enter their caches
    wall, cpu, drawing, encoding, again = [], [], [], [], []
    for _ in range(runs):
        panels.forget()
        png.forget()
        start, start_cpu = time.perf_counter(), time.process_time()
        img = draw(view)
        drawn = time.perf_counter()
        data = encode.encode(img)
        end = time.perf_counter()
        cpu.append((time.process_time() - start_cpu) * 1000)
        wall.append((end - start) * 1000)
        drawing.append((drawn - start) * 1000)
        encoding.append((end - drawn) * 1000)
        start = time.perf_counter()
        encode.encode(draw(view))
        again.append((time.perf_counter() - start) * 1000)
    wall.sort()
    alike = None
    if likeness:
        decoded = Image.open(io.BytesIO(data)).convert("RGB")
        alike = ssim(draw(view), decoded)
    return Figures(statistics.median(wall), wall[int(0.9 * (len(wall) - 1))],
                   statistics.median(cpu), statistics.median(drawing),
                   statistics.median(encoding), len(data), statistics.median(again), alike)


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
    print(f"pictures: {encode.FORMAT} of {encode.COLOURS} colours (bot.render.encode), deflate "
          f"level {png.LEVEL}")
    print(f"bars: median wall time (drawing + encoding) < {BAR_MS:.0f} ms, "
          f"picture < {BAR_KB:.0f} KB\n")
    print(f"{'picture':34} {'lang':4} {'median ms':>9} {'draw':>6} {'encode':>6} "
          f"{'p90 ms':>7} {'cpu ms':>7} {'KB':>5} {'cpu/en':>6} {'again ms':>8} {'SSIM':>6}  bar")
    failed = False
    for name, draw, view, barred in cases():
        english: float | None = None
        for lang in languages:
            f = measure(draw, {**view, "language": lang}, args.runs, likeness=lang == "en")
            english = f.cpu if lang == "en" else english
            ratio = f"{f.cpu / english:6.2f}" if english else f"{'':6}"
            kb = f.size / 1024
            alike = f"{f.likeness:6.3f}" if f.likeness is not None else f"{'':6}"
            if barred:
                ok = f.median < BAR_MS and kb < BAR_KB
                failed |= not ok
                verdict = "ok" if ok else "MISSED"
            else:
                verdict = "(info)"
            print(f"{name:34} {lang:4} {f.median:9.1f} {f.draw:6.1f} {f.encode:6.1f} "
                  f"{f.p90:7.1f} {f.cpu:7.1f} {kb:5.0f} {ratio} {f.again:8.1f} {alike}  "
                  f"{verdict}")
    print("\nall bars met" if not failed else "\nA BAR WAS MISSED")
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
