"""What a process keeps for each game goes when the game ends or leaves the cache: after many
games, the per-game locks, the table pictures' counters, the autocomplete lists and the
autopilot's tasks are back to what they were."""

from __future__ import annotations

import discord
import simcord
from canasta_table import Table, open_table, play_one

GAMES = 3


async def play_to_the_end(table: Table, limit: int = 1500) -> None:
    for _ in range(limit):
        if (await table.game()).phase == "over":
            return
        await play_one(table)
    raise AssertionError("the game did not end")


def held(bot: object) -> dict[str, int]:
    """How many games each per-game store of memory holds now."""
    service = bot.service  # type: ignore[attr-defined]
    autopilot = bot.autopilot  # type: ignore[attr-defined]
    return {
        "locks": len(service._locks),  # noqa: SLF001
        "autocomplete lists": len(getattr(service, "_offers", {})),
        "autopilot tasks": len(autopilot._tasks) + len(autopilot._generation),  # noqa: SLF001
    }


async def test_games_that_end_leave_nothing_behind(simcord_env: simcord.Env) -> None:
    bot = simcord_env.bot
    before = held(bot)
    for _ in range(GAMES):
        table = await open_table(simcord_env, players=2, timer=0, target=500)
        player = table.member((await table.game()).turn or "")
        await player.autocomplete(table.thread, "meld", "groups", "7")  # a list for it
        await play_to_the_end(table)
    await simcord_env.settle()
    assert held(bot) == before
    # A table cancelled by a moderator, and a lobby cancelled by its host, as well.
    table = await open_table(simcord_env, players=2, timer=1)
    role = table.guild.create_role("Mods", permissions=discord.Permissions(manage_messages=True))
    mod = table.guild.add_member(simcord_env.create_user("Mod"), roles=[role])
    asked = await mod.slash(table.thread, "canasta cancel")
    await mod.click(asked.response, label="Cancel the table")
    lobby = await open_table(simcord_env, players=2, start=False)
    await lobby.members[0].click(lobby.channel.history()[0], label="Cancel")
    await simcord_env.settle()
    assert held(bot) == before


async def test_a_game_that_leaves_the_cache_leaves_its_counters(
    simcord_env: simcord.Env,
) -> None:
    bot = simcord_env.bot
    tables = [await open_table(simcord_env, players=2, timer=0) for _ in range(3)]
    for table in tables:  # each game gets its autocomplete list
        player = table.member((await table.game()).turn or "")
        await player.autocomplete(table.thread, "meld", "groups", "7")
    service = bot.service  # type: ignore[attr-defined]
    assert {t.game_id for t in tables} <= {key[0] for key in service._offers}  # noqa: SLF001
    service._cache_size = 1  # noqa: SLF001 - a process that holds one game
    service.forget()
    for table in tables:  # each move reads its game again, and the one held before goes
        await play_one(table)
    kept = {key[0] for key in service._offers}  # noqa: SLF001
    assert tables[0].game_id not in kept and tables[1].game_id not in kept
    assert len(service._locks) == 0  # noqa: SLF001 - a lock lives while it is held
    await play_one(tables[0])  # read again from the store, it plays on
    assert (await tables[0].actions()) == 2
