"""Players' data, as a member sees it: `/privacy` shows privately what is stored about
them and deletes it (refused while they sit at an open table); a server that removes the
bot has its tables cancelled at once and its data deleted after the grace period, unless
the bot is back by then; finished games' snapshots and logs are pruned after a while."""

from __future__ import annotations

import discord
import simcord
from canasta_table import open_mixed_table, open_table, play_one, play_the_hand

from bot.service.player_data import pseudonym

DAY = 86400


def private_text(result: simcord.InteractionResult) -> str:
    replies = ([result.response] if result.response is not None else []) + result.followups
    assert replies, "the interaction was not answered"
    assert all(r.ephemeral for r in replies), [r.content for r in replies]
    return replies[-1].content


async def test_privacy_shows_what_is_stored_and_deletes_it_once_no_table_is_open(
    simcord_env: simcord.Env,
) -> None:
    table = await open_mixed_table(simcord_env, ["human", "normal"], timer=0)
    ana = table.members[0]
    await play_the_hand(table)  # Ana has moves, a seat and statistics
    await ana.slash(table.channel, "language", language="en")

    asked = await ana.slash(table.channel, "privacy")
    said = private_text(asked)
    assert said.startswith("What I store about you: games you played or hosted: 1;"), said
    assert "your settings (language, closed DMs): 1" in said
    assert asked.response is not None

    refused = await ana.click(asked.response, label="Delete my data")
    assert "still in play" in private_text(refused)
    assert await table.bot.store.player_stats(table.guild.id, str(ana.id)) is not None

    # Bo hosts a lobby: refused too, with what to do.
    bo = table.guild.add_member(simcord_env.create_user("Bo"))
    other = table.guild.create_text_channel("more")
    opened = await bo.slash(other, "canasta new", players=2)
    assert opened.response is not None and not opened.ephemeral, opened.response
    bo_asked = await bo.slash(other, "privacy")
    assert bo_asked.response is not None
    bo_refused = private_text(await bo.click(bo_asked.response, label="Delete my data"))
    assert "still in the lobby: leave it or cancel it first" in bo_refused

    # Once the game has ended (a moderator cancels it) and the lobby is cancelled, it goes.
    await table.bot.service.end_table(table.game_id, "cancelled", "moderator:1")
    await bo.click(other.history()[0], label="Cancel")
    done = await ana.click(asked.response, label="Delete my data")
    name = pseudonym(str(ana.id))[1]
    assert done.response is not None and name in done.response.content
    assert "settings and statistics are deleted" in done.response.content
    store = table.bot.store
    assert (await store.stored_about(str(ana.id))).nothing
    assert await store.player_stats(table.guild.id, str(ana.id)) is None
    assert await store.player_language(str(ana.id)) is None
    seats = await store.seats(table.game_id)
    assert [s.name for s in seats][0] == name and seats[0].player.startswith("-")
    again = private_text(await ana.slash(table.channel, "privacy"))
    assert again == "I store nothing about you."


async def test_a_server_that_removes_the_bot_has_its_tables_cancelled_and_its_data_deleted(
    simcord_env: simcord.Env,
) -> None:
    table = await open_table(simcord_env, players=2, timer=0)
    kept = await open_table(simcord_env, players=2, timer=0)  # another server
    game = await table.game()
    turn_owner = table.member(game.turn)

    simcord_env.backend.remove_guild(table.guild.id)
    await simcord_env.settle()

    store = table.bot.store
    record = await store.game(table.game_id)
    assert record is not None and (record.status, record.ended_by) == ("cancelled", "removed")
    assert await store.guild_left_at(table.guild.id) is not None
    turn = turn_owner.user.dm_channel.history()[-1]
    assert "ended without a result" in turn.content and not turn.components

    await simcord_env.advance_time(29 * DAY)
    assert await store.game(table.game_id) is not None  # within the grace: kept
    await simcord_env.advance_time(2 * DAY)
    assert await store.game(table.game_id) is None
    assert await store.seats(table.game_id) == []
    assert await store.guild_left_at(table.guild.id) is None
    assert (await store.game(kept.game_id)) is not None


async def test_a_server_that_adds_the_bot_back_within_the_grace_keeps_its_data(
    simcord_env: simcord.Env,
) -> None:
    table = await open_table(simcord_env, players=2, timer=0)
    bot = table.bot
    store = bot.store
    # The bot was removed while it was down, and is back: the sweep sees it is there.
    await store.left_guild(table.guild.id, bot.service.clock())
    await simcord_env.advance_time(31 * DAY)
    assert await store.game(table.game_id) is not None
    assert await store.guild_left_at(table.guild.id) is None
    # Removed, then added back (on_guild_join): nothing is due any more.
    await store.left_guild(table.guild.id, bot.service.clock())
    await bot.on_guild_join(discord.Object(table.guild.id))  # type: ignore[arg-type]
    assert await store.guild_left_at(table.guild.id) is None


async def test_a_finished_game_is_pruned_after_the_log_time(simcord_env: simcord.Env) -> None:
    table = await open_table(simcord_env, players=2, timer=0)
    await table.bot.service.end_table(table.game_id, "cancelled", "moderator:1")
    for _ in range(6):  # 180 days, a month at a time
        await simcord_env.advance_time(30 * DAY - (DAY if _ == 5 else 0))
    record = await table.bot.store.game(table.game_id)
    assert record is not None and record.snapshot is not None
    await simcord_env.advance_time(2 * DAY)
    record = await table.bot.store.game(table.game_id)
    assert record is not None and record.snapshot is None and record.status == "cancelled"
    assert len(await table.bot.store.seats(table.game_id)) == 2


async def test_a_rematch_seats_a_computer_for_a_person_who_deleted_their_data(
    simcord_env: simcord.Env,
) -> None:
    table = await open_table(simcord_env, players=2, timer=0, target=500)
    for _ in range(1500):
        if (await table.game()).phase == "over":
            break
        await play_one(table)
    ana, bo = table.members
    asked = await bo.slash(table.channel, "privacy")
    assert asked.response is not None
    done = await bo.click(asked.response, label="Delete my data")
    assert done.response is not None and "deleted" in done.response.content

    last = table.thread.history()[-1]
    rematch = await ana.click(last, label="Rematch")
    assert rematch.acknowledged
    record = await table.bot.service.game_in_thread(table.thread.id)
    assert record is not None and record.id != table.game_id
    live = await table.bot.service.live(record.id)
    forgotten = pseudonym(str(bo.id))[0]
    assert str(bo.id) not in live.names and live.stand_in(forgotten) is not None
