"""Command line of the renderer.

``python -m bot.render demo OUT_DIR [--seed N] [--language L]``  play a seeded game, write
                                                 hand/table/scores PNGs (in language L)
``python -m bot.render samples OUT_DIR``         render the built-in sample views (no engine):
                                                 English in OUT_DIR, every other language
                                                 in OUT_DIR/<language>/ (the docs pictures)
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from bot.i18n import LANGUAGES


def _samples(out: Path) -> list[Path]:
    from bot.i18n import LANGUAGES
    from bot.render import render_hand, render_scores, render_table, samples

    views = {
        "hand.png": (render_hand, samples.hand_view(17, just_arrived=6, phase="play")),
        "table.png": (render_table, samples.table_view(4, red_threes=(("3H",), ()))),
        "scores.png": (render_scores, samples.table_view(
            4, results=samples.results_sample(3), winner=0, phase="over")),
        "samba_hand.png": (render_hand, samples.samba_view()),
        "samba_table.png": (render_table, samples.samba_view()),
        "foot_hand.png": (render_hand, samples.feet_view()),
        "foot_table.png": (render_table, samples.feet_view()),
        "pennies_table.png": (render_table, samples.feet_view(6, variant="pennies")),
        "modern_american_table.png": (render_table, samples.modern_american_view()),
        "cutthroat_table.png": (render_table, samples.cutthroat_view()),
    }
    paths = []
    for lang in LANGUAGES:
        folder = out if lang == "en" else out / lang
        folder.mkdir(parents=True, exist_ok=True)
        for name, (render, view) in views.items():
            (folder / name).write_bytes(render({**view, "language": lang}))
            paths.append(folder / name)
    return paths


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot.render", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    demo = sub.add_parser("demo", help="play a seeded game and write hand/table/scores "
                                          "PNGs")
    demo.add_argument("out_dir", type=Path)
    demo.add_argument("--seed", type=int, default=7)
    demo.add_argument("--language", default="en", choices=LANGUAGES,
                      help="the pictures' language (default en)")
    sample = sub.add_parser("samples", help="render the built-in sample views")
    sample.add_argument("out_dir", type=Path)
    args = parser.parse_args(sys.argv[1:] if argv is None else argv)
    if args.command == "demo":
        from bot.render.demo import run

        paths = run(args.out_dir, seed=args.seed, language=args.language)
    else:
        paths = _samples(args.out_dir)
    for path in paths:
        print(f"wrote {path} ({path.stat().st_size // 1024} KB)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
