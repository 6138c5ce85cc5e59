"""Prompts that always close, and the start-up check: every way a "may I go out?" question
ends edits its prompt (buttons disabled, the answer shown); at start-up every live message
a game needs exists (a missing prompt or lobby message is re-posted) and a lobby that never
got its message and thread is cancelled."""

from __future__ import annotations

import pytest
import simcord
from canasta_table import Table, open_table, play_one, posts, restart

from bot.engine import AnswerGoOut


def prompts(table: Table) -> list:  # noqa: ANN001 - messages with answer buttons
    return [m for m in table.thread.history()
            if any("answer" in (c.custom_id or "") for row in m.components
                   for c in row.children)]


def is_closed(message) -> bool:  # noqa: ANN001
    return all(c.disabled for row in message.components for c in row.children)


async def ask(table: Table) -> tuple[str, str]:
    """The first player draws and asks "may I go out?"; returns (asker, partner)."""
    game = await table.game()
    asker = game.turn
    await table.member(asker).slash(table.thread, "draw")
    asked = await table.member(asker).slash(table.thread, "goout")
    assert asked.response is not None and asked.response.content.startswith("Done.")
    game = await table.game()
    assert game.phase == "permission"
    [prompt] = prompts(table)
    assert not is_closed(prompt)
    return asker, game.turn


async def test_the_timer_answering_closes_the_prompt(simcord_env: simcord.Env) -> None:
    table = await open_table(simcord_env, timer=1)
    asker, partner = await ask(table)
    await simcord_env.advance_time(60)
    assert any(p.startswith(f"Time ran out for {table.member(partner).name}")
               for p in posts(table))
    [prompt] = prompts(table)
    assert is_closed(prompt)
    assert f"**{table.member(partner).name} answered " in prompt.content
    with pytest.raises(simcord.SetupError):  # nothing left to click
        await table.member(partner).click(prompt, label="Yes")
    assert await table.bot.store.message(table.game_id, "question") is None


async def test_a_stand_in_computer_answering_closes_the_prompt(
    simcord_env: simcord.Env,
) -> None:
    table = await open_table(simcord_env, timer=0)
    asker, partner = await ask(table)
    left = await table.member(partner).slash(table.thread, "leave")
    assert left.ephemeral
    await simcord_env.settle()
    game = await table.game()
    assert game.phase != "permission"  # the computer in the partner's seat answered
    [prompt] = prompts(table)
    assert is_closed(prompt) and f"**{table.member(partner).name} answered " in prompt.content


async def test_a_question_answered_while_the_bot_was_down_is_closed_at_start_up(
    simcord_env: simcord.Env, db_path: str
) -> None:
    table = await open_table(simcord_env, timer=0)
    asker, partner = await ask(table)
    # The answer was committed, then the bot died before it touched the prompt.
    await table.bot.service.act(table.game_id, partner, AnswerGoOut(yes=False))
    fresh = await restart(simcord_env, db_path)
    try:
        await simcord_env.settle()
        [prompt] = prompts(table)
        assert is_closed(prompt)
        assert f"**{table.member(partner).name} answered no.**" in prompt.content
        assert await fresh.store.message(table.game_id, "question") is None
    finally:
        await fresh.close_store()


async def test_a_missing_prompt_is_posted_again_at_start_up(
    simcord_env: simcord.Env, db_path: str
) -> None:
    table = await open_table(simcord_env, timer=0)
    asker, partner = await ask(table)
    [prompt] = prompts(table)
    simcord_env.backend.delete_message(table.thread.id, prompt.id)  # the prompt is gone
    assert prompts(table) == []
    fresh = await restart(simcord_env, db_path)
    try:
        await simcord_env.settle()
        [again] = prompts(table)
        assert f"<@{partner}>" in again.content and not is_closed(again)
        assert await fresh.store.message(table.game_id, "question") == (table.thread.id,
                                                                         again.id)
        answered = await table.member(partner).click(again, label="Yes")
        assert answered.acknowledged and not answered.ephemeral
        [closed] = prompts(table)
        assert is_closed(closed) and "answered yes" in closed.content
        assert (await table.game()).phase == "play"
    finally:
        await fresh.close_store()


async def test_a_lobby_without_its_message_gets_it_again_and_starts(
    simcord_env: simcord.Env, db_path: str
) -> None:
    # The shape an interrupted rematch used to leave: seats and thread, no lobby message.
    table = await open_table(simcord_env, players=2, start=False)
    simcord_env.backend.delete_message(table.channel.id, table.lobby.id)
    await table.bot.store.forget_message(table.game_id, "lobby")
    fresh = await restart(simcord_env, db_path)
    try:
        await simcord_env.settle()
        lobby = table.channel.history()[-1]
        assert f"Canasta #{table.game_id}**" in lobby.content and "2/2 seated" in lobby.content
        assert await fresh.store.message(table.game_id, "lobby") == (table.channel.id, lobby.id)
        started = await table.members[0].click(lobby, label="Start")
        assert started.acknowledged and not started.ephemeral
        moved = await play_one(table)
        assert moved.response is not None and moved.response.content.startswith("Done.")
    finally:
        await fresh.close_store()


async def test_a_lobby_without_its_thread_gets_it_at_start_up(
    simcord_env: simcord.Env, db_path: str
) -> None:
    # The shape an interrupted /canasta new used to leave: a lobby, its thread not recorded.
    table = await open_table(simcord_env, players=2, start=False)
    await table.bot.store.set_thread(table.game_id, None)  # type: ignore[arg-type]
    fresh = await restart(simcord_env, db_path)
    try:
        await simcord_env.settle()
        assert [t.id for t in table.channel.threads] == [table.thread.id]  # the same one
        record = await fresh.store.game(table.game_id)
        assert record is not None and record.thread_id == table.thread.id
        started = await table.members[0].click(table.channel.history()[0], label="Start")
        assert started.acknowledged and not started.ephemeral
        moved = await play_one(table)
        assert moved.response is not None and moved.response.content.startswith("Done.")
    finally:
        await fresh.close_store()


async def test_a_lobby_without_message_or_thread_is_cancelled_at_start_up(
    simcord_env: simcord.Env, db_path: str
) -> None:
    table = await open_table(simcord_env, players=2, start=False)
    await table.bot.store.set_thread(table.game_id, None)  # type: ignore[arg-type]
    await table.bot.store.forget_message(table.game_id, "lobby")
    fresh = await restart(simcord_env, db_path)
    try:
        await simcord_env.settle()
        record = await fresh.store.game(table.game_id)
        assert record is not None and record.status == "cancelled"
        click = await table.members[1].click(table.channel.history()[0], label="Leave")
        assert click.ephemeral and "cancelled" in click.response.content
    finally:
        await fresh.close_store()


async def test_a_table_whose_thread_cannot_be_made_is_cancelled_visibly(
    simcord_env: simcord.Env,
) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("canasta")
    ana = guild.add_member(simcord_env.create_user("Ana"))
    simcord_env.inject_error("POST", "/channels/*/messages/*/threads", status=403, code=50013,
                             message="Missing Permissions")
    await ana.slash(channel, "canasta new", players=2)
    [lobby] = channel.history()
    assert "was cancelled: I could not make its thread" in lobby.content
    assert not lobby.components and not channel.threads
    bot = simcord_env.bot
    assert await bot.store.openings() == []  # type: ignore[attr-defined]
    game_id = int(lobby.content.split("#", 1)[1].split("*", 1)[0])
    assert await bot.store.game(game_id) is None  # type: ignore[attr-defined]


async def test_a_missing_live_table_and_turn_message_are_posted_again(
    simcord_env: simcord.Env, db_path: str
) -> None:
    table = await open_table(simcord_env, players=2, timer=0)
    game = await table.game()
    player = table.member(game.turn)
    turn = player.user.dm_channel.history()[-1]
    live = next(m for m in table.thread.history() if m.attachments)
    simcord_env.backend.delete_message(table.thread.id, live.id)
    simcord_env.backend.delete_message(player.user.dm_channel.id, turn.id)
    fresh = await restart(simcord_env, db_path)
    try:
        await simcord_env.settle()
        tables = [m for m in table.thread.history()
                  if m.attachments and m.attachments[0].filename == "table.png"]
        assert len(tables) == 1 and "to play" in tables[0].content
        [again] = player.user.dm_channel.history()
        assert "Your turn" in again.content and again.components
        where = await fresh.store.message(table.game_id, f"turn:{game.turn}")
        assert where is not None and where[1] == again.id
        # The controls work on the re-sent message, through the restarted bot.
        await player.user.click(again, label="Draw")
        assert (await fresh.service.live(table.game_id)).game.phase == "play"
    finally:
        await fresh.close_store()
