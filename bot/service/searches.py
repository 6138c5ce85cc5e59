"""The searches that run away from the event loop (see thinking.py): each takes plain,
picklable data and returns plain data, so a pool of processes can run it. A new search is
one function here and its name in `SEARCHES`.

- `computer_move`: what a computer player of some level does, seeing only its seat's view.
- `offered_moves`: the whole legal moves the autocomplete of /meld and /pickup offers (the
  text /meld reads for each meld and lay-off; the cards to take the pile with).
- `hint_move`: /hint's answer, the hard level's move for the seat of a view and why, from a
  fixed number of samples and a seed of its own (the same in every process).
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable
from multiprocessing.connection import Connection
from typing import Any

from bot.ai import computer_player
from bot.ai.hint import hint
from bot.engine import Game, Meld, TakePile, action_to_dict
from bot.service.card_input import meld_words


def computer_move(level: str, seed: int, view: dict[str, Any]) -> dict[str, Any]:
    """A computer player's decision for the seat `view` belongs to, as an action's dict."""
    return action_to_dict(computer_player(level, seed=seed).choose(view))


def hint_move(view: dict[str, Any], seed: int, samples: int) -> dict[str, Any]:
    """/hint: the move the hard level would make for the seat of `view`, and its reason
    (a catalog code and its values), as plain data."""
    found = hint(view, seed, samples)
    return {"action": action_to_dict(found.action), "reason": found.reason,
            "values": dict(found.values)}


def meld_size(action: Meld | TakePile) -> int:
    if isinstance(action, Meld):
        return sum(len(g) for g in action.groups) + sum(len(v) for v in action.add.values())
    return len(action.cards) + sum(len(g) for g in action.melds)


def meld_keys(game: Game, player: str) -> list[str]:
    """The keys /meld names this player's side's melds by, in the engine's order."""
    mine = game.view(player)
    return [m["key"] for m in mine["teams"][mine["team"]]["melds"]]


def meld_value(meld: Meld, keys: list[str]) -> str:
    """The text /meld reads for this meld action (melds, lay-offs, melds combined)."""
    combine = [[_key(keys, a), _key(keys, b)] for a, b in meld.combine]
    return meld_words(meld.groups, {str(k): v for k, v in meld.add.items()}, combine)


def _key(keys: list[str], named: object) -> str:
    """A meld named by its index in `game.melds(team)` as the key /meld reads."""
    if isinstance(named, int) and 0 <= named < len(keys):
        return keys[named]
    return str(named)


def offered_moves(snapshot: dict[str, Any], player: str) -> list[str]:
    """The whole legal moves autocomplete offers `player` now, the most cards first: the
    melds and lay-offs (play), or the cards to take the pile with (draw)."""
    game = Game.from_dict(snapshot)
    if game.turn != player or game.phase not in ("draw", "play"):
        return []
    legal = game.legal_actions(player)
    if game.phase == "play":
        melds = sorted((a for a in legal if isinstance(a, Meld)), key=meld_size, reverse=True)
        keys = meld_keys(game, player) if any(m.add or m.combine for m in melds) else []
        return [meld_value(m, keys) for m in melds]
    takes = sorted((a for a in legal if isinstance(a, TakePile)), key=meld_size, reverse=True)
    return [" ".join(t.cards) for t in takes if t.cards]


def watch_bot(bot: Connection) -> None:
    """A thinking process ends as soon as the bot's process does, however that ends (a
    crash, a kill): a pool's workers would not notice by themselves, and would stay. `bot`
    is the reading end of a pipe whose other end only the bot's process holds: it reads
    "end of file" once that process is gone."""
    def watch() -> None:
        try:
            while True:
                bot.recv_bytes()
        except (EOFError, OSError):
            os._exit(0)

    threading.Thread(target=watch, name="watch-bot", daemon=True).start()


def ready() -> bool:
    """Nothing: a worker that answers has imported everything a search needs."""
    return True


SEARCHES: dict[str, Callable[..., Any]] = {
    "computer_move": computer_move,
    "hint_move": hint_move,
    "offered_moves": offered_moves,
    "ready": ready,
}


def run(name: str, *args: Any) -> Any:
    """Run the search called `name` (in whichever process or thread it was sent to)."""
    return SEARCHES[name](*args)
