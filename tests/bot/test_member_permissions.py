"""Where a member may not post, the bot does not post for them: `/canasta new` needs the
member to be able to send messages and create public threads in the channel, and the bot
to have what a table needs there; `/table`, `/scores`, `/leaderboard` and `/stats` answer
publicly only where the member may post, else privately."""

from __future__ import annotations

import discord
import simcord
from canasta_table import open_table
from simcord.backend.models.channel import Overwrite, OverwriteType


def private_text(result: simcord.InteractionResult) -> str:
    replies = ([result.response] if result.response is not None else []) + result.followups
    assert replies, "the interaction was not answered"
    assert all(r.ephemeral for r in replies), [r.content for r in replies]
    return replies[-1].content


async def test_a_member_who_may_not_post_or_make_threads_opens_no_table(
    simcord_env: simcord.Env,
) -> None:
    guild = simcord_env.create_guild()
    ana = guild.add_member(simcord_env.create_user("Ana"))
    quiet = guild.create_text_channel("announcements", overwrites={
        guild.default_role: discord.PermissionOverwrite(send_messages=False)})
    no_threads = guild.create_text_channel("no-threads", overwrites={
        guild.default_role: discord.PermissionOverwrite(create_public_threads=False)})
    for channel in (quiet, no_threads):
        said = private_text(await ana.slash(channel, "canasta new", players=2))
        assert "You cannot open a table in this channel" in said, said
        assert channel.history() == [] and channel.threads == []
    assert await simcord_env.bot.store.game(1) is None  # type: ignore[attr-defined]


async def test_a_table_is_not_opened_where_the_bot_lacks_what_it_needs(
    simcord_env: simcord.Env,
) -> None:
    guild = simcord_env.create_guild()
    ana = guild.add_member(simcord_env.create_user("Ana"))
    me = guild.me
    assert me is not None
    for missing in ("attach_files", "create_public_threads", "send_messages_in_threads"):
        channel = guild.create_text_channel(f"no-{missing}", overwrites={
            me: discord.PermissionOverwrite(**{missing: False})})
        said = private_text(await ana.slash(channel, "canasta new", players=2))
        assert "I cannot open a table in this channel" in said, said
        assert channel.history() == [] and channel.threads == []


async def test_public_replies_go_privately_where_the_member_may_not_post(
    simcord_env: simcord.Env,
) -> None:
    table = await open_table(simcord_env, players=2, timer=0)
    guild = table.guild
    cy = guild.add_member(simcord_env.create_user("Cy"))
    muted = guild.create_text_channel("muted", overwrites={
        cy: discord.PermissionOverwrite(send_messages=False,
                                        send_messages_in_threads=False)})
    for command in ("leaderboard", "stats"):
        result = await cy.slash(muted, command)
        assert private_text(result)
        assert muted.history() == []
        loud = await cy.slash(table.channel, command)  # where Cy may post: public
        assert loud.response is not None and not loud.ephemeral

    # In the table's thread, a member who may not post in threads sees /table and /scores
    # privately; a player who may, publicly.
    thread_mute = guild.create_role("thread-mute", permissions=discord.Permissions.none())
    di = guild.add_member(simcord_env.create_user("Di"), roles=[thread_mute])
    before = len(table.thread.history())
    parent = simcord_env.backend.get_channel(table.channel.id)
    parent.overwrites.append(Overwrite(  # a moderator's change after the table opened
        target_id=thread_mute.id, type=OverwriteType.ROLE, allow=0,
        deny=discord.Permissions(send_messages_in_threads=True).value))
    for command in ("table", "scores"):
        assert private_text(await di.slash(table.thread, command))
    assert len(table.thread.history()) == before
    shown = await table.members[0].slash(table.thread, "table")
    assert shown.response is not None and not shown.ephemeral
