"""What a hostile or careless user types: options of 6 000 characters on every command with a
string option, mentions and links where a variant name belongs. The bot answers privately,
within Discord's limits, pings nobody and changes no game. (Every request the bot makes is
also checked against Discord's limits by the autouse fixture in conftest.py.)"""

from __future__ import annotations

import asyncio
import logging

import pytest
import simcord
from canasta_table import Table, open_table

from bot.engine import VARIANTS
from bot.store import FAMILIES


def huge(user: int) -> str:
    """6 000 characters: mentions, a masked link, markdown, unicode, new lines."""
    return (f"<@{user}> @everyone [click](https://evil.example) **spam** ż🂡\n" * 100)[:6000]


def pinged(env: simcord.Env) -> set[int]:
    """Everyone any message in this Discord pinged."""
    return {user for channel in env.backend.messages.values()
            for message in channel.values() for user in message.ping_user_ids}


def public(channel: simcord.ChannelHandle) -> list[str]:
    return [m.content for m in channel.history() if not m.flags.ephemeral]


def answered_privately(result: simcord.InteractionResult) -> str:
    """The one private reply to a refused command; it fits Discord and is not an apology."""
    replies = ([result.response] if result.response is not None else []) + result.followups
    assert replies, "the interaction was not answered"
    assert all(r.ephemeral for r in replies), [r.content for r in replies]
    text = replies[-1].content
    assert 0 < len(text) <= 2000 and "Something went wrong" not in text, text
    return text


async def state(table: Table) -> tuple[int, int]:
    record = await table.bot.store.game(table.game_id)
    assert record is not None
    return record.version, await table.actions()


async def test_a_6000_character_option_on_every_command_with_a_string_option(
    simcord_env: simcord.Env,
) -> None:
    table = await open_table(simcord_env)
    bo = table.members[1]
    spaced, solid = huge(bo.id), huge(bo.id).replace(" ", "").replace("\n", "")
    solid = (solid * 2)[:6000]
    assert len(spaced) == len(solid) == 6000
    player = table.member((await table.game()).turn)
    before = await state(table)

    for text in (spaced, solid):
        for option in ("cards", "melds"):
            reply = answered_privately(await player.slash(table.thread, "pickup",
                                                          **{option: text}))
            assert reply.startswith("Not allowed") and len(reply) < 300, reply
    assert await state(table) == before

    await player.slash(table.thread, "draw")
    before = await state(table)
    for text in (spaced, solid):
        reply = answered_privately(await player.slash(table.thread, "meld", groups=text))
        assert "is not a card" in reply and len(reply) < 300, reply
        reply = answered_privately(await player.slash(table.thread, "discard", card=text))
        assert "not a card" in reply and len(reply) < 300, reply
    assert "…" in reply  # the quote is cut short
    assert await state(table) == before

    for text in (spaced, solid):
        reply = answered_privately(await bo.slash(table.channel, "canasta new", variant=text))
        assert "unknown variant" in reply and "classic" in reply and len(reply) < 300, reply
        reply = answered_privately(await bo.slash(table.channel, "leaderboard", family=text))
        assert "no variant family called" in reply and len(reply) < 300, reply

    # Autocomplete with the same text offers what fits Discord (the fixture checks each list).
    for command, option in (("pickup", "cards"), ("pickup", "melds"), ("meld", "groups"),
                            ("discard", "card")):
        offered = await player.autocomplete(table.thread, command, option, spaced)
        assert len(offered) <= 25
    offered = await player.autocomplete(table.channel, "canasta new", "variant", spaced)
    assert {c["value"] for c in offered} == set(VARIANTS)   # nothing fits: all of them
    offered = await player.autocomplete(table.channel, "leaderboard", "family", spaced)
    assert {c["value"] for c in offered} == set(FAMILIES)

    assert bo.id not in pinged(simcord_env)  # named in every text, pinged by none
    assert not [t for t in public(table.channel) + public(table.thread) if "evil" in t]
    assert len(table.channel.threads) == 1  # the refused /canasta new opened nothing


async def test_a_mention_in_the_leaderboard_family_posts_nothing_and_pings_nobody(
    simcord_env: simcord.Env,
) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("canasta")
    ana, bo = (guild.add_member(simcord_env.create_user(name)) for name in ("Ana", "Bo"))
    result = await bo.slash(channel, "leaderboard",
                            family=f"<@{ana.id}> [click](https://evil.example) **spam**")
    text = answered_privately(result)
    assert "no variant family called" in text and "Samba" in text
    assert public(channel) == []
    assert pinged(simcord_env) == set()

    # A real variant, typed loosely, is accepted and shown under its family's name.
    vienna = await bo.slash(channel, "leaderboard", family=" Vienna ")
    assert vienna.response is not None and not vienna.ephemeral
    assert vienna.response.content.startswith("**Leaderboard — Official Laws**")
    assert pinged(simcord_env) == set()


async def test_a_message_that_mentions_the_bot_is_no_command_and_logs_nothing(
    simcord_env: simcord.Env, caplog: pytest.LogCaptureFixture,
) -> None:
    """The bot has no text commands: "@bot word" is a message like any other; nothing of
    the member's text reaches the log, let alone as an ERROR."""
    table = await open_table(simcord_env)
    bo = table.members[1]
    me = table.bot.user
    assert me is not None
    # simcord listens for command errors and drops CommandNotFound: without its listener,
    # as in Discord, discord.py's default handler would log the member's text as an ERROR
    table.bot.extra_events.pop("on_command_error", None)
    caplog.set_level(logging.DEBUG)
    await bo.send(table.channel, f"<@{me.id}> draw please [x](https://evil.example)")
    await bo.send(table.thread, f"<@{me.id}> help")
    await simcord_env.settle()
    await asyncio.sleep(0.01)  # the handlers of the message's events have run
    noisy = [r for r in caplog.records if r.levelno >= logging.WARNING or "evil" in r.getMessage()]
    assert noisy == [], [r.getMessage() for r in noisy]
