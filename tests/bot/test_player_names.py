"""Hostile display names: a masked link, markdown, a role mention, a code fence, invisible
and right-to-left characters. What is stored is the cleaned name; what is sent escapes
Discord's markdown and mentions (the leaderboard's code block stays one block); the
pictures show the cleaned name as it is."""

from __future__ import annotations

import re

import simcord
from canasta_table import NAMES, Table

from bot.service.names import NAME_LENGTH, clean_name

LINK = "[FREE NITRO](https://evil.io/x)"
ROLE = "<@&123456789012345678> **boss**"
FENCE = "Zed```\n@everyone"
HIDDEN = "Ev\u200be\u202ele\u2066n" + "x" * 40


async def open_with_names(env: simcord.Env, nicks: list[str]) -> Table:
    guild = env.create_guild()
    channel = guild.create_text_channel("canasta")
    members = [guild.add_member(env.create_user(name), nick=nick)
               for name, nick in zip(NAMES, nicks, strict=False)]
    result = await members[0].slash(channel, "canasta new", players=len(members),
                                    seating="join", timer=0)
    assert result.response is not None
    game_id = int(result.response.content.split("#", 1)[1].split("*", 1)[0])
    for member in members[1:]:
        joined = await member.click(channel.history()[0], label="Join")
        assert not joined.ephemeral, joined.response
    [thread] = channel.threads
    return Table(env, guild, channel, members, thread, channel.history()[0], game_id,
                 {str(m.id): m for m in members})


def unescaped(text: str) -> str:
    """What Discord reads as markdown or mentions: the text without its escaped characters."""
    return re.sub(r"\\.", "", text)


def test_a_name_is_cleaned_of_what_cannot_be_seen_and_capped() -> None:
    assert clean_name(HIDDEN) == ("Evelen" + "x" * 40)[:NAME_LENGTH]
    assert clean_name("  Ana \n\t Bo  ") == "Ana Bo"
    assert clean_name("\u200b\u202e") == "?"
    assert clean_name(LINK) == LINK  # visible characters stay: escaping is for messages


async def test_hostile_names_are_stored_clean_and_sent_escaped(
    simcord_env: simcord.Env,
) -> None:
    table = await open_with_names(simcord_env, [LINK, ROLE, FENCE, HIDDEN])
    seats = await table.bot.store.seats(table.game_id)
    assert [s.name for s in seats] == [LINK, ROLE, "Zed``` @everyone", clean_name(HIDDEN)]
    assert all("\u200b" not in s.name and "\u202e" not in s.name for s in seats)

    lobby = table.channel.history()[0].content
    assert LINK not in lobby and "\\[FREE NITRO\\]\\(https\\://evil.io/x\\)" in lobby, lobby
    assert "<@&" not in unescaped(lobby) and "**" not in unescaped(lobby).split("\n", 1)[1]
    assert "```" not in unescaped(lobby) and "@everyone" not in lobby

    started = await table.members[0].click(table.channel.history()[0], label="Start")
    assert started.acknowledged
    game = await table.game()
    words = [m.content for m in table.thread.history()]
    words += [m.content for member in table.members for m in member.user.dm_channel.history()]
    for text in words:
        bare = unescaped(text)
        assert "](" not in bare and "<@&" not in bare and "```" not in bare, text
        assert "boss**" not in bare and "@everyone" not in text, text
    turn = table.member(game.turn).user.dm_channel.history()[-1]
    assert turn.attachments  # the picture is drawn from the stored, cleaned names
    assert any("FREE NITRO" in text for text in words)


async def test_the_leaderboard_keeps_its_code_block_whatever_the_names(
    simcord_env: simcord.Env,
) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("canasta")
    ana = guild.add_member(simcord_env.create_user("Ana"))
    await ana.slash(channel, "leaderboard")  # the store is open
    bot = simcord_env.bot
    for player, name in (("1", FENCE), ("2", LINK)):
        await bot.store._db.write(  # type: ignore[attr-defined]
            "INSERT INTO ratings (guild_id, family, player, name, mu, sigma, ordinal, games)"
            " VALUES (?, 'official', ?, ?, 27.0, 7.0, 6.0, 3)", (guild.id, player, name))
    board = await ana.slash(channel, "leaderboard")
    assert board.response is not None
    text = board.response.content
    assert text.count("```") == 2, text  # one block, opened and closed
    assert "@everyone" in text  # inside the block: no markdown, and nobody is pinged
