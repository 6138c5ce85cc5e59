"""Limits and cooldowns, tried as a hostile member would: sixty /canasta new in a row open one
table; a host holds at most two open lobbies, a channel five, a server fifty tables in play;
/table and /scores spammed make one picture; a storm of lobby clicks is mostly refused and
leaves the lobby consistent. Each refusal is private and says when to try again."""

from __future__ import annotations

import re

import simcord
from canasta_table import SEED, open_table, restart

from bot import create_bot

WHEN = re.compile(r"<t:(\d+):R>")


def retry_at(result: simcord.InteractionResult) -> int:
    """The Discord timestamp a private refusal names for "try again"."""
    assert result.ephemeral and result.response is not None, result
    found = WHEN.search(result.response.content)
    assert found, result.response.content
    return int(found[1])


async def test_sixty_new_tables_in_a_row_open_one(simcord_env: simcord.Env) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("canasta")
    mallory = guild.add_member(simcord_env.create_user("Mallory"))
    first = await mallory.slash(channel, "canasta new", players=2)
    assert first.response is not None and not first.ephemeral
    now = simcord_env.now().timestamp()
    for _ in range(59):
        again = await mallory.slash(channel, "canasta new", players=2)
        assert now < retry_at(again) <= now + 31
    assert len(channel.threads) == 1
    await simcord_env.advance_time(30)  # the cooldown is over
    later = await mallory.slash(channel, "canasta new", players=2)
    assert not later.ephemeral and len(channel.threads) == 2


async def test_a_refused_new_table_does_not_count(simcord_env: simcord.Env) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("canasta")
    ana = guild.add_member(simcord_env.create_user("Ana"))
    wrong = await ana.slash(channel, "canasta new", variant="samba-ish")
    assert wrong.ephemeral and "unknown variant" in wrong.response.content
    opened = await ana.slash(channel, "canasta new", players=2)
    assert not opened.ephemeral


async def test_a_host_holds_two_open_lobbies_and_a_channel_five(
    simcord_env: simcord.Env,
) -> None:
    guild = simcord_env.create_guild()
    channels = [guild.create_text_channel(f"canasta-{n}") for n in range(3)]
    ana = guild.add_member(simcord_env.create_user("Ana"))
    for channel in channels[:2]:
        assert not (await ana.slash(channel, "canasta new", players=2)).ephemeral
        await simcord_env.advance_time(30)
    third = await ana.slash(channels[2], "canasta new", players=2)
    assert third.ephemeral and "most open tables" in third.response.content
    assert "(2)" in third.response.content
    hosts = [guild.add_member(simcord_env.create_user(f"Host {n}")) for n in range(5)]
    for host in hosts[:4]:  # channel 0 has Ana's lobby and four more: five
        assert not (await host.slash(channels[0], "canasta new", players=2)).ephemeral
    sixth = await hosts[4].slash(channels[0], "canasta new", players=2)
    assert sixth.ephemeral and "This channel already has" in sixth.response.content
    assert len(channels[0].threads) == 5


async def test_a_server_holds_a_limited_number_of_tables_in_play(
    simcord_env: simcord.Env, db_path: str,
) -> None:
    fresh = await restart(simcord_env, db_path, tables_per_server=1)
    try:
        table = await open_table(simcord_env, players=2)  # one table in play
        channel = table.guild.create_text_channel("more")
        cy = table.guild.add_member(simcord_env.create_user("Cy"))
        refused = await cy.slash(channel, "canasta new", players=2)
        assert refused.ephemeral and "most games in play" in refused.response.content
        assert channel.threads == []
    finally:
        await fresh.close_store()


async def test_table_and_scores_spammed_make_one_picture(simcord_env: simcord.Env) -> None:
    table = await open_table(simcord_env, players=2, timer=0)
    mallory = table.guild.add_member(simcord_env.create_user("Mallory"))
    posts = len(table.thread.history())
    results = [await mallory.slash(table.thread, command)
               for command in ["table", "scores"] * 15]
    pictures = [r for r in results if not r.ephemeral]
    assert len(pictures) == 1
    assert all(retry_at(r) > 0 for r in results if r.ephemeral)
    assert len(table.thread.history()) == posts + 1
    # Another member in the same thread is not held back by Mallory.
    bo = table.members[1]
    assert not (await bo.slash(table.thread, "scores")).ephemeral
    await simcord_env.advance_time(10)
    assert not (await mallory.slash(table.thread, "table")).ephemeral


async def test_a_storm_of_lobby_clicks_is_mostly_refused_and_stays_consistent(
    simcord_env: simcord.Env,
) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("canasta")
    ana = guild.add_member(simcord_env.create_user("Ana"))
    opened = await ana.slash(channel, "canasta new", players=4)
    game_id = int(opened.response.content.split("#", 1)[1].split("*", 1)[0])
    mallory = guild.add_member(simcord_env.create_user("Mallory"))
    refused = 0
    for n in range(40):
        clicked = await mallory.click(channel.history()[0],
                                      label="Join" if n % 2 == 0 else "Leave")
        if clicked.ephemeral and WHEN.search(clicked.response.content):
            refused += 1
    assert refused >= 30
    bot = simcord_env.bot
    seats = [s.player for s in await bot.store.seats(game_id)]  # type: ignore[attr-defined]
    lobby = channel.history()[0].content
    assert len(seats) == len(set(seats))
    assert (str(mallory.id) in seats) == ("Mallory" in lobby)  # the message tells the truth
    # Clicks come back at the allowed pace.
    await simcord_env.advance_time(3)
    verb = "Leave" if str(mallory.id) in seats else "Join"
    assert not (await mallory.click(channel.history()[0], label=verb)).ephemeral


async def test_language_spam_is_slowed(simcord_env: simcord.Env) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("general")
    ana = guild.add_member(simcord_env.create_user("Ana"))
    replies = [await ana.slash(channel, "language", language="ru") for _ in range(20)]
    assert sum(1 for r in replies if WHEN.search(r.response.content)) >= 10


async def test_no_limits_when_the_settings_say_none(
    simcord_env: simcord.Env, db_path: str,
) -> None:
    old = simcord_env.bot
    bot = create_bot(db_path, seed=SEED, ai_delay=0, new_table_cooldown=0,
                     lobbies_per_host=0, lobbies_per_channel=0)
    await simcord_env.restart_bot(bot)
    await old.close_store()
    try:
        guild = simcord_env.create_guild()
        channel = guild.create_text_channel("canasta")
        ana = guild.add_member(simcord_env.create_user("Ana"))
        for _ in range(8):
            assert not (await ana.slash(channel, "canasta new", players=2)).ephemeral
        assert len(channel.threads) == 8
    finally:
        await bot.close_store()
