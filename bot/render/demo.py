"""``python -m bot.render demo OUT_DIR``: play a seeded game and write the three pictures.

A look at the pictures without Discord.  The players follow a simple greedy policy (take the
pile when allowed, meld what can be melded, discard at random from a seeded generator), which
puts melds on the table within a few turns; the score sheet comes from finishing the hand.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from bot.render import render_hand, render_scores, render_table

PLAYERS = ["Ana", "Bo", "Cy", "Di"]
MELD_TURNS = 12  # whole turns played before the pictures are taken
MAX_STEPS = 20_000


def _engine() -> Any:
    try:
        import bot.engine as engine
    except ImportError as exc:  # pragma: no cover - only without the engine package
        raise SystemExit(f"the demo needs bot.engine: {exc}") from exc
    return engine


def _size(action: Any) -> int:
    groups = getattr(action, "groups", None) or getattr(action, "melds", None) or []
    adds = getattr(action, "add", None) or {}
    return sum(len(g) for g in groups) + sum(len(v) for v in adds.values()) \
        + len(getattr(action, "cards", None) or [])


def choose(game: Any, player: str, rng: random.Random, melds_this_turn: int) -> Any:
    """The demo's deterministic policy: meld a little each turn, take a pile worth taking.

    Modest on purpose, so hands stay a realistic size for the pictures."""
    e = _engine()
    actions = game.legal_actions(player)
    kinds: dict[type, list[Any]] = {}
    for a in actions:
        kinds.setdefault(type(a), []).append(a)
    if e.AnswerGoOut in kinds:
        return next((a for a in kinds[e.AnswerGoOut] if a.yes), kinds[e.AnswerGoOut][0])
    pile_size = len(game.discard_pile)
    if e.TakePile in kinds and (pile_size >= 4 or e.Draw not in kinds):
        return max(kinds[e.TakePile], key=_size)
    if e.Draw in kinds:
        return kinds[e.Draw][0]
    if e.Meld in kinds and melds_this_turn < 1:
        return min(kinds[e.Meld], key=_size)
    if e.Discard in kinds:
        return rng.choice(kinds[e.Discard])
    safe = [a for a in actions if not isinstance(a, e.Concede)]
    return (safe or actions)[0]


def play_turns(game: Any, rng: random.Random, turns: int, stop_after_draw: bool) -> None:
    """Play ``turns`` whole turns, then (optionally) the next player's draw only."""
    e = _engine()
    done = 0
    melds = 0
    for _ in range(MAX_STEPS):
        if game.phase == "over" or game.results:
            return
        player = game.turn
        if done >= turns and stop_after_draw and game.phase == "play":
            return
        action = choose(game, player, rng, melds)
        game.apply(player, action)
        melds = melds + 1 if isinstance(action, e.Meld) else 0
        if isinstance(action, e.Discard):
            done += 1
            melds = 0


def finish_hand(game: Any, rng: random.Random) -> None:
    e = _engine()
    melds = 0
    for _ in range(MAX_STEPS):
        if game.results or game.phase == "over":
            return
        player = game.turn
        action = choose(game, player, rng, melds)
        game.apply(player, action)
        melds = melds + 1 if isinstance(action, e.Meld) else 0


def run(out_dir: Path, seed: int = 7, language: str = "en") -> list[Path]:
    e = _engine()
    game = e.Game.new(e.variant("classic"), list(PLAYERS), seed=seed)
    rng = random.Random(seed)
    play_turns(game, rng, MELD_TURNS, stop_after_draw=True)
    out_dir.mkdir(parents=True, exist_ok=True)
    viewer = game.turn or PLAYERS[0]
    pictures = {
        "hand.png": render_hand({**game.view(viewer), "language": language}),
        "table.png": render_table({**game.view(viewer), "language": language}),
    }
    finish_hand(game, rng)
    pictures["scores.png"] = render_scores({**game.view(PLAYERS[0]), "language": language})
    paths = []
    for name, data in pictures.items():
        path = out_dir / name
        path.write_bytes(data)
        paths.append(path)
    return paths
