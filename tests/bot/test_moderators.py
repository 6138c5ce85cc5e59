"""Moderators in charge, tried as a moderator cleaning up after a hostile member would: a
member who may manage messages cancels any table of the server, in the lobby or in play (the
lobby's Cancel, `/canasta cancel` in the thread); a cancelled game stops its timer and its
computers, closes its controls and its question, and counts for nobody. Deleting a lobby's
message or a table's thread cancels the table, then and at start-up."""

from __future__ import annotations

import discord
import pytest
import simcord
from canasta_table import (
    Table,
    open_mixed_table,
    open_table,
    play_the_hand,
    restart,
)

MANAGE_MESSAGES = discord.Permissions(manage_messages=True)


def moderator(table: Table, env: simcord.Env, name: str = "Mod") -> simcord.MemberActor:
    role = table.guild.create_role("Moderators", permissions=MANAGE_MESSAGES)
    return table.guild.add_member(env.create_user(name), roles=[role])


def controls(message: discord.Message) -> list[str]:
    return [c.label or "" for row in message.components for c in row.children
            if not getattr(c, "disabled", False)]


def lobbies(table: Table) -> list[str]:
    return [m.content for m in table.channel.history() if m.content.startswith("**Canasta")]


async def cancel_in_thread(table: Table, member: simcord.MemberActor
                           ) -> simcord.InteractionResult:
    asked = await member.slash(table.thread, "canasta cancel")
    assert asked.ephemeral and asked.response is not None
    if "Cancel **Canasta" not in asked.response.content:
        return asked  # refused
    return await member.click(asked.response, label="Cancel the table")


async def test_a_moderator_cancels_a_game_in_play_and_it_counts_for_nobody(
    simcord_env: simcord.Env,
) -> None:
    table = await open_mixed_table(simcord_env, ["human", "normal"], timer=0)
    await play_the_hand(table)  # a hand ended: it added to Ana's statistics
    ana = table.members[0]
    game = await table.game()
    assert game.turn == str(ana.id)
    turn = ana.user.dm_channel.history()[-1]
    assert "Draw" in controls(turn)
    mod = moderator(table, simcord_env)

    done = await cancel_in_thread(table, mod)
    assert done.response is not None and "is cancelled" in done.response.content
    record = await table.bot.store.game(table.game_id)
    assert record is not None and record.status == "cancelled"
    assert record.ended_by == f"moderator:{mod.id}"
    turn = ana.user.dm_channel.history()[-1]
    assert controls(turn) == [] and "ended without a result" in turn.content
    assert any("was cancelled by a moderator" in m.content for m in table.thread.history())
    assert "Cancelled by a moderator." in table.channel.history()[0].content
    refused = await ana.slash(table.thread, "draw")
    assert refused.ephemeral and "cancelled" in refused.response.content
    stats = await ana.slash(table.channel, "stats")
    assert "has not finished a hand" in stats.response.content  # unrated: taken back
    assert await table.bot.store.deadline(table.game_id) is None


async def test_only_moderators_cancel_a_game_in_play(simcord_env: simcord.Env) -> None:
    table = await open_table(simcord_env, players=2, timer=0)
    host, other = table.members
    stranger = table.guild.add_member(simcord_env.create_user("Mallory"))
    for member in (host, other, stranger):
        refused = await cancel_in_thread(table, member)
        assert refused.ephemeral and "Only moderators" in refused.response.content
    assert (await table.bot.store.game(table.game_id)).status == "active"  # type: ignore[union-attr]


async def test_a_moderator_presses_the_lobbys_cancel(simcord_env: simcord.Env) -> None:
    table = await open_table(simcord_env, players=3, start=False)
    stranger = table.guild.add_member(simcord_env.create_user("Mallory"))
    refused = await stranger.click(table.channel.history()[0], label="Cancel")
    assert refused.ephemeral and "Only the host" in refused.response.content
    mod = moderator(table, simcord_env)
    await mod.click(table.channel.history()[0], label="Cancel")
    lobby = table.channel.history()[0]
    assert "Cancelled by a moderator." in lobby.content and lobby.components == []
    assert (await table.bot.store.game(table.game_id)).status == "cancelled"  # type: ignore[union-attr]


async def test_a_cancelled_game_stops_its_timer_and_its_computers(
    simcord_env: simcord.Env,
) -> None:
    table = await open_mixed_table(simcord_env, ["human", "normal", "normal"], timer=1)
    mod = moderator(table, simcord_env)
    await cancel_in_thread(table, mod)
    actions = await table.actions()
    posts = len(table.thread.history())
    await simcord_env.advance_time(600)  # the turn timer would have run out ten times
    assert await table.actions() == actions
    assert len(table.thread.history()) == posts  # no reminder, no "time ran out"
    assert table.bot.autopilot.tables == set()


async def test_a_cancelled_question_loses_its_buttons(simcord_env: simcord.Env) -> None:
    table = await open_table(simcord_env, timer=0)
    game = await table.game()
    asker = table.member(game.turn)
    await asker.slash(table.thread, "draw")
    asked = await asker.slash(table.thread, "goout")
    assert asked.response.content.startswith("Done.")
    await cancel_in_thread(table, moderator(table, simcord_env))
    prompt = next(m for m in table.thread.history()
                  if any("answer" in (c.custom_id or "") for row in m.components
                         for c in row.children))
    assert controls(prompt) == [] and "ended before anyone answered" in prompt.content
    assert await table.bot.store.message(table.game_id, "question") is None


async def test_deleting_a_lobby_message_cancels_its_table(simcord_env: simcord.Env) -> None:
    table = await open_table(simcord_env, players=2, start=False)
    mod = moderator(table, simcord_env)
    await mod.delete(table.channel.history()[0])
    record = await table.bot.store.game(table.game_id)
    assert record is not None and record.status == "cancelled"
    assert record.ended_by == "deleted"
    joined = await table.members[1].slash(table.thread, "draw")
    assert joined.ephemeral and "cancelled" in joined.response.content


async def test_deleting_a_thread_cancels_its_game_in_play(simcord_env: simcord.Env) -> None:
    table = await open_table(simcord_env, players=2, timer=1)
    game = await table.game()
    player = table.member(game.turn)
    simcord_env.backend.delete_channel(table.thread.id)
    await simcord_env.settle()
    record = await table.bot.store.game(table.game_id)
    assert record is not None and record.status == "cancelled"
    assert record.ended_by == "deleted"
    assert controls(player.user.dm_channel.history()[-1]) == []
    assert "its thread was deleted" in table.channel.history()[0].content
    await simcord_env.advance_time(120)
    assert await table.actions() == 0  # the timer is gone with it


async def test_a_lobby_deleted_while_the_bot_was_down_is_cancelled_not_posted_again(
    simcord_env: simcord.Env, db_path: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = await open_table(simcord_env, players=2, start=False)
    bot = table.bot

    async def down(payload: object) -> None:
        return None  # the bot is down: it never hears of the deletion

    monkeypatch.setattr(bot, "on_raw_message_delete", down, raising=False)
    moderator_member = moderator(table, simcord_env)
    await moderator_member.delete(table.channel.history()[0])
    assert lobbies(table) == []
    assert (await bot.store.game(table.game_id)).status == "lobby"  # type: ignore[union-attr]
    fresh = await restart(simcord_env, db_path)
    try:
        await simcord_env.settle()
        assert lobbies(table) == []  # not posted again
        record = await fresh.store.game(table.game_id)
        assert record is not None and record.status == "cancelled"
        assert record.ended_by == "deleted"
    finally:
        await fresh.close_store()
