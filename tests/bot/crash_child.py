"""A bot process for the crash test: `python crash_child.py DB FOLDER SCENARIO [POINT]`.

It drives the real bot through simcord against the SQLite file DB and, at the crash point
POINT (see `bot/service/crashpoints.py`), dies at once with `os._exit`, like a killed process: no
clean-up, no rollback. Only the simulated Discord is kept (saved to FOLDER as the process
dies), because in real life Discord outlives the bot. Scenarios:

- new: the host opens a 2-player table with /canasta new.
- over: a 2-player game to 500 is played to its end (no crash), and saved: the start of
  "rematch".
- rematch: from the saved "over", a player presses Rematch.
- goout: at a 4-player table without a timer, the first player draws and asks /goout.
- timer: at a 2-player table with a 1-minute timer, the time runs out.

Exit 0 when the scenario ends without reaching POINT (the test then fails).
"""

from __future__ import annotations

import asyncio
import os
import shutil
import sys
from pathlib import Path

import simcord

sys.path.insert(0, str(Path(__file__).parent))

from canasta_table import SEED, Table, greedy_move, open_table, play_one  # noqa: E402
from saved_discord import Handles, restored, save  # noqa: E402

from bot import create_bot  # noqa: E402
from bot.engine import Game  # noqa: E402
from bot.service import crashpoints  # noqa: E402


def keep_discord_when_dying(env: simcord.Env, folder: Path, handles: Handles) -> None:
    def die(name: str) -> None:
        save(env, folder, handles)
        os._exit(crashpoints.CRASH_EXIT_CODE)

    crashpoints.die = die


async def fresh(db: str, folder: Path, scenario: str, point: str | None) -> None:
    bot = create_bot(db, seed=SEED, ai_delay=0)
    async with simcord.run(bot, check_errors=False) as env:
        if scenario == "new":
            guild = env.create_guild()
            channel = guild.create_text_channel("canasta")
            members = [guild.add_member(env.create_user(f"P{i}")) for i in range(2)]
            keep_discord_when_dying(env, folder, Handles(guild, channel, members))
            crashpoints.arm(point)
            await members[0].slash(channel, "canasta new", players=2, timer=0)
            return
        players = 4 if scenario == "goout" else 2
        table = await open_table(env, players, timer=1 if scenario == "timer" else 0,
                                 target=500)
        handles = Handles(table.guild, table.channel, table.members)
        keep_discord_when_dying(env, folder, handles)
        if scenario == "over":
            await play_to_the_last_move(table)
            await play_one(table)
            assert (await table.game()).phase == "over"
            save(env, folder, handles)
        elif scenario == "goout":
            game = await table.game()
            await table.member(game.turn).slash(table.thread, "draw")
            crashpoints.arm(point)
            await table.member(game.turn).slash(table.thread, "goout")
        elif scenario == "timer":
            crashpoints.arm(point)
            await env.advance_time(60)
    await bot.close_store()


async def play_to_the_last_move(table: Table) -> None:
    """Play quickly (through the service, no pictures) until the next move ends the game;
    that one is left for the players, so that the game-over message is posted."""
    service = table.bot.service
    while True:
        game = await table.game()
        action = greedy_move(game)
        trial = Game.from_dict(game.to_dict())
        trial.apply(game.turn, action)
        if trial.phase == "over":
            return
        await service.act(table.game_id, game.turn, action)


async def rematch(db: str, folder: Path, point: str | None) -> None:
    bot = create_bot(db, seed=SEED, ai_delay=0)
    async with restored(folder, bot) as (env, handles):
        keep_discord_when_dying(env, folder, handles)
        [thread] = handles.channel.threads
        over = next(m for m in reversed(thread.history()) if "Game over" in m.content)
        crashpoints.arm(point)
        await handles.members[1].click(over, label="Rematch")
    await bot.close_store()


def main() -> int:
    db, folder, scenario = sys.argv[1], Path(sys.argv[2]), sys.argv[3]
    point = sys.argv[4] if len(sys.argv) > 4 else None
    if scenario == "rematch":
        template = folder.parent / "over"
        for name in os.listdir(template):
            shutil.copy(template / name, folder / name)
        shutil.copy(template / "canasta.sqlite3", db)
        asyncio.run(rematch(db, folder, point))
    else:
        asyncio.run(fresh(db, folder, scenario, point))
    return 0


if __name__ == "__main__":
    sys.exit(main())
