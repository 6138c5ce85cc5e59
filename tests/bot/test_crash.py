"""Crash safety: a bot process is killed (os._exit) at chosen statements of /canasta new,
Rematch, /goout and the turn timer's takeover; a new bot then starts on the same database
and the same (simulated) Discord. Every table in the database must then be playable (a
person can press Start or /draw and play on; an open question has a prompt to click) or
absent without a trace."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
import simcord
from canasta_table import SEED, Table, play_one
from saved_discord import Handles, restored

from bot import create_bot
from bot.discord_ui.client import CanastaBot
from bot.service.crashpoints import CRASH_EXIT_CODE

CHILD = Path(__file__).with_name("crash_child.py")
POINTS = [
    ("new", "new.created"),
    ("new", "new.after_lobby_post"),
    ("new", "new.after_lobby_recorded"),
    ("new", "new.after_thread_created"),
    ("new", "new.opened"),
    ("rematch", "rematch.committed"),
    ("rematch", "rematch.after_button_edit"),
    ("rematch", "rematch.announced"),
    ("goout", "goout.committed"),
    ("goout", "goout.after_prompt_post"),
    ("timer", "timer.after_move"),
    ("timer", "timer.after_turn"),
    ("timer", "timer.after_control"),
]


def _child(db: Path, folder: Path, scenario: str, point: str | None = None
           ) -> subprocess.CompletedProcess[str]:
    args = [sys.executable, str(CHILD), str(db), str(folder), scenario]
    return subprocess.run(args + ([point] if point else []), capture_output=True, text=True,
                          timeout=120, check=False)


@pytest.fixture(scope="module")
def crashed(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """Each crash point's folder: the database and Discord as the killed process left them."""
    root = tmp_path_factory.mktemp("crashes")
    over = root / "over"
    over.mkdir()
    done = _child(over / "canasta.sqlite3", over, "over")
    assert done.returncode == 0, done.stderr
    folders = {point: root / point for _, point in POINTS}

    def kill(scenario: str, point: str) -> tuple[str, subprocess.CompletedProcess[str]]:
        folders[point].mkdir()
        return point, _child(folders[point] / "canasta.sqlite3", folders[point], scenario,
                             point)

    with ThreadPoolExecutor(max_workers=3) as pool:
        for point, result in pool.map(lambda p: kill(*p), POINTS):
            assert result.returncode == CRASH_EXIT_CODE, (
                f"{point} was not reached (exit {result.returncode}): {result.stderr[-2000:]}")
    return folders


@pytest.mark.parametrize(("scenario", "point"), POINTS, ids=[p for _, p in POINTS])
async def test_after_a_crash_every_table_is_playable_or_absent(
    crashed: dict[str, Path], scenario: str, point: str
) -> None:
    folder = crashed[point]
    bot = create_bot(str(folder / "canasta.sqlite3"), seed=SEED, ai_delay=0)
    try:
        async with restored(folder, bot) as (env, handles):
            await env.settle()
            played = await every_table_playable_or_absent(env, handles, bot)
            if point in ("new.created", "new.after_lobby_post"):
                assert played == 0  # never recorded a lobby message: gone
                await orphan_lobby_says_so(handles)
            else:
                assert played >= 1
            assert not env.errors
    finally:
        await bot.close_store()


async def every_table_playable_or_absent(env: simcord.Env, handles: Handles,
                                         bot: CanastaBot) -> int:
    """Plays on at every table of the database; returns how many there are."""
    assert await bot.store.openings() == []
    with sqlite3.connect(bot.store.path) as db:
        games = [row[0] for row in db.execute("SELECT id FROM games ORDER BY id")]
        dangling = db.execute("SELECT COUNT(*) FROM seats WHERE game_id NOT IN"
                              " (SELECT id FROM games)").fetchone()[0]
    assert dangling == 0
    played = 0
    for game_id in games:
        record = await bot.store.game(game_id)
        assert record is not None
        assert record.status != "cancelled", f"game {game_id} is a trace of a failed set-up"
        if record.status == "over":
            successor = await bot.store.game_in_thread(record.thread_id or 0)
            assert successor is not None and successor.id != game_id, (
                "an ended game with no rematch is not one of these crashes' tables")
            continue
        table = await table_of(env, handles, bot, game_id)
        if record.status == "lobby":
            await start(table)
        await play_on(table)
        played += 1
    return played


async def table_of(env: simcord.Env, handles: Handles, bot: CanastaBot, game_id: int) -> Table:
    record = await bot.store.game(game_id)
    assert record is not None and record.thread_id is not None, "a table without a thread"
    [thread] = [t for t in handles.channel.threads if t.id == record.thread_id]
    lobby = next((m for m in handles.channel.history() if f"#{game_id}**" in m.content), None)
    return Table(env, handles.guild, handles.channel, handles.members, thread, lobby, game_id,
                 {str(m.id): m for m in handles.members})


async def start(table: Table) -> None:
    """The lobby message is there with its buttons: the others join, the host starts."""
    where = await table.bot.store.message(table.game_id, "lobby")
    assert where is not None and table.lobby is not None and table.lobby.id == where[1]
    for member in table.members[1:]:
        joined = await member.click(fresh(table.channel, table.lobby.id), label="Join")
        assert not joined.ephemeral, joined.response
    started = await table.members[0].click(fresh(table.channel, table.lobby.id), label="Start")
    assert started.acknowledged and not started.ephemeral, started.response


async def play_on(table: Table) -> None:
    """An open question has a prompt the partner can click; else the player to act moves."""
    game = await table.game()
    if game.phase == "permission":
        where = await table.bot.store.message(table.game_id, "question")
        assert where is not None, "an open question without a prompt"
        prompts = [m for m in table.thread.history()
                   if any(not c.disabled for row in m.components for c in row.children)]
        assert [m.id for m in prompts] == [where[1]], "one prompt, the one recorded"
        prompt = fresh(table.thread, where[1])
        partner = table.member(game.turn)
        assert f"<@{partner.id}>" in prompt.content
        answered = await partner.click(prompt, label="Yes")
        assert answered.acknowledged and not answered.ephemeral, answered.response
        assert (await table.game()).phase == "play"
        return
    for _ in range(3):  # a draw, then whatever the turn needs: the game moves on
        before = await table.actions()
        result = await play_one(table)
        assert result.response is not None
        assert not result.response.content.startswith("Not allowed"), result.response.content
        assert await table.actions() == before + 1


def fresh(channel: simcord.ChannelHandle, message_id: int):  # noqa: ANN201
    return next(m for m in channel.history() if m.id == message_id)


async def orphan_lobby_says_so(handles: Handles) -> None:
    """A lobby message whose game is gone answers a click clearly (and changes nothing)."""
    posted = [m for m in handles.channel.history() if m.components]
    for message in posted:
        refused = await handles.members[1].click(message, label="Join")
        assert refused.ephemeral and "no such game" in refused.response.content
