"""Replays of finished hands, rebuilt from the action log: the first deal of the game (its
rules, seats and seed, as its snapshot keeps them), then every logged move applied by the
engine, up to the end of the hand asked for.

Only a hand that is over is replayed, so every hand is shown face up; the hand in progress
never is (a hidden card could still matter). A game of another server is not found; a game
whose log is gone (pruned) or whose log no longer replays under today's rules, and a game
with no finished hand (cancelled before its first hand ended), are refused in plain words.
A mixin of `GameService`: it reads, it never changes a game.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any

from bot.engine import Game, IllegalMove, Rules, action_from_dict
from bot.service.narrate import Narrator
from bot.service.outcome import refused
from bot.service.views import named_view
from bot.store import Store

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class ReplayStep:
    """One step of a replay: the table after it (a public view with every hand face up:
    `hands_shown`, names to cards) and what it did, in words (the first step: the deal)."""

    view: dict[str, Any]
    said: str


@dataclass(frozen=True)
class Replay:
    game_id: int
    hand: int
    steps: list[ReplayStep]


class Replays:
    store: Store

    async def replay(self, guild_id: int | None, game_id: int, hand: int | None,
                     lang: str) -> Replay:
        """The steps of hand `hand` of game `game_id` of this server (None: the last hand
        that is over), told in `lang`; Refused when it cannot be shown."""
        record = await self.store.game(game_id)
        if record is None or (record.guild_id or 0) != (guild_id or 0):
            raise refused("replay.no_game", game=game_id)
        finished = max((r.hand for r in await self.store.hand_results(game_id)), default=0)
        wanted = finished if hand is None else hand
        if record.open and wanted == finished + 1:
            raise refused("replay.in_progress", game=game_id, hand=wanted)
        if finished == 0:
            raise refused("replay.no_hand", game=game_id)
        if not 1 <= wanted <= finished:
            raise refused("replay.no_such_hand", game=game_id, hand=wanted, last=finished)
        actions = await self.store.actions(game_id)
        if record.snapshot is None or len(actions) != record.version:
            raise refused("replay.pruned", game=game_id)
        names = {s.player: s.name for s in await self.store.seats(game_id)}
        snapshot = record.snapshot
        try:
            game = Game.new(Rules.from_dict(snapshot["rules"]), list(snapshot["players"]),
                            snapshot["seed"])
            steps = _steps(game, [(a.player, a.action) for a in actions], wanted,
                           Narrator(names, [], lang, record.variant), names)
        except (IllegalMove, KeyError, ValueError, TypeError):
            log.warning("game %s does not replay from its log", game_id, exc_info=True)
            raise refused("replay.pruned", game=game_id) from None
        return Replay(game_id, wanted, steps)


def _steps(game: Game, actions: list[tuple[str, dict[str, Any]]], wanted: int,
           narrator: Narrator, names: dict[str, str]) -> list[ReplayStep]:
    steps: list[ReplayStep] = []
    for player, action in actions:
        if game.hand_number == wanted and not steps:
            steps.append(ReplayStep(_shown(game, names), narrator.say("replay.deal")))
        before = game.hand_number
        events = game.apply(player, action_from_dict(action))
        if before != wanted:
            continue
        if game.hand_number != wanted or (game.phase == "over" and game.ended_hand_table):
            ended = dict(game.ended_hand_table or {})
            shown = ended.pop("hands_shown", {})
            ended["hands_shown"] = {names.get(p, p): cards for p, cards in shown.items()}
            upto = next((i for i, e in enumerate(events) if e.get("type") == "hand_end"),
                        len(events))
            narrator.team_names = named_view(ended, names).get("team_names") or []
            said = narrator.summary(events[:upto]).rstrip(".")
            said = f"{said}; {narrator.say('replay.hand_over')}" if said else narrator.say(
                "replay.hand_over")
            steps.append(ReplayStep(named_view(ended, names), said))
            return steps
        narrator.team_names = [" & ".join(names.get(m, m) for m in team)
                               for team in game.members]
        steps.append(ReplayStep(_shown(game, names), narrator.summary(events)))
    raise ValueError(f"the log ends before hand {wanted} does")


def _shown(game: Game, names: dict[str, str]) -> dict[str, Any]:
    """The table as anyone sees it, with every hand face up."""
    try:
        view = game.view(None)
    except (TypeError, ValueError, KeyError):
        view = game.view(game.turn)
        view.update(player=None, hand=[], just_arrived=[])
    view["hands_shown"] = {names.get(p, p): [c.text for c in game.hand(p)]
                           for p in game.players}
    return named_view(view, names)
