"""The turn timer, on simcord's virtual clock: a reminder at half time, the computer playing
a turn that ran out, the seat going to a computer after three in a row and coming back with
/rejoin, and deadlines that survive a restart."""

from __future__ import annotations

import simcord
from canasta_table import (
    decode_picture,
    live_table,
    open_mixed_table,
    open_table,
    play_one,
    posts,
    restart,
)

from bot.store import Deadline


async def test_reminder_at_half_time_then_the_computer_plays_the_turn(
    simcord_env: simcord.Env,
) -> None:
    table = await open_table(simcord_env, players=2, timer=1)
    game = await table.game()
    ana = game.turn
    assert "Turn timer: 1 minute a turn" in table.channel.history()[0].content

    await simcord_env.advance_time(29)
    assert not any("it is your turn" in p for p in posts(table))
    await simcord_env.advance_time(1)
    reminder = table.thread.history()[-1]
    assert reminder.content.startswith(f"<@{ana}>, it is your turn: 30 seconds left")
    assert simcord_env.backend.get_message(table.thread.id, reminder.id).ping_user_ids == [
        int(ana)]
    assert await table.actions() == 0

    await simcord_env.advance_time(30)
    expired = next(line for line in posts(table) if "Time ran out" in line)
    assert expired.startswith("Time ran out for Ana: a computer played the turn")
    assert "Computer (for Ana) drew" in expired  # the stand-in's moves are the computer's
    assert "Time ran out" in live_table(table.thread).content
    actions = await table.bot.store.actions(table.game_id)
    assert actions and {a.player for a in actions} == {ana}
    assert actions[-1].action["kind"] in ("discard", "meld")  # the whole turn, not a draw
    game = await table.game()
    assert game.turn != ana
    [seat] = [s for s in await table.bot.store.seats(table.game_id) if s.player == ana]
    assert seat.missed == 1 and not seat.is_ai
    # Ana's turn message is closed: no controls, and it says the turn is over.
    dm = table.member(ana).user.dm_channel.history()[-1]
    assert (await decode_picture(dm.attachments[0])).width > 100
    assert not dm.components and "turn is over" in dm.content
    # The timer now runs for Bo.
    deadline = await table.bot.store.deadline(table.game_id)
    assert deadline is not None and deadline.player == game.turn


async def test_three_expiries_hand_the_seat_to_a_computer_until_rejoin(
    simcord_env: simcord.Env,
) -> None:
    table = await open_mixed_table(simcord_env, ["human", "normal"], timer=1)
    ana = table.members[0]
    me = str(ana.id)
    for missed in (1, 2, 3):
        assert (await table.game()).turn == me
        await simcord_env.advance_time(60)
        seat = next(s for s in await table.bot.store.seats(table.game_id) if s.player == me)
        assert seat.missed == missed
    assert "3 turns in a row" in next(p for p in posts(table) if "3 turns in a row" in p)
    seat = next(s for s in await table.bot.store.seats(table.game_id) if s.player == me)
    assert seat.is_ai and seat.level == "normal"
    assert await table.bot.store.deadline(table.game_id) is None  # computers are not timed
    # Nobody else plays here: the computers do not play on alone; the table waits.
    assert "waits until someone comes back" in posts(table)[-1]
    before = await table.actions()
    await simcord_env.advance_time(600)
    assert await table.actions() == before
    game = await table.game()
    assert me in game.players  # the same engine seat, never a new one
    refused = await ana.slash(table.thread, "draw")
    assert refused.ephemeral and "/rejoin" in refused.response.content

    held = sorted(c.text for c in (await table.game()).hand(me))
    back = await ana.slash(table.thread, "rejoin")
    assert back.ephemeral and "Welcome back" in (back.followups or [back.response])[-1].content
    game = await table.game()
    seat = next(s for s in await table.bot.store.seats(table.game_id) if s.player == me)
    assert not seat.is_ai and seat.missed == 0
    assert any(p.startswith("Ana is back and plays the seat again") for p in posts(table))
    # The hand the computer held is hers again, shown to her privately.
    shown = (back.followups or [back.response])[-1]
    assert shown.ephemeral and shown.attachments[0].filename == "hand.png"
    assert f"your {len(held)} cards" in shown.content
    assert (await decode_picture(shown.attachments[0])).width > 100
    assert sorted(c.text for c in (await table.game()).hand(me)) == held  # no new hand
    again = await ana.slash(table.thread, "rejoin")
    assert again.ephemeral and "already play your seat" in again.response.content


async def test_playing_yourself_resets_the_count_of_expiries(simcord_env: simcord.Env) -> None:
    table = await open_mixed_table(simcord_env, ["human", "normal"], timer=1)
    me = str(table.members[0].id)
    await simcord_env.advance_time(60)
    seats = {s.player: s for s in await table.bot.store.seats(table.game_id)}
    assert seats[me].missed == 1
    assert (await table.game()).turn == me  # the computer already played its turn
    while True:  # Ana plays one turn herself
        await play_one(table)
        mine = [a for a in await table.bot.store.actions(table.game_id) if a.player == me]
        if mine[-1].action["kind"] == "discard" or (await table.game()).hand_number > 1:
            break
    seats = {s.player: s for s in await table.bot.store.seats(table.game_id)}
    assert seats[me].missed == 0


async def test_no_timer_when_the_host_turns_it_off(simcord_env: simcord.Env) -> None:
    table = await open_table(simcord_env, players=2, timer=0)
    await simcord_env.advance_time(3600)
    assert await table.actions() == 0
    assert await table.bot.store.deadline(table.game_id) is None
    assert "no turn timer" in table.channel.history()[0].content


async def test_a_pending_deadline_survives_a_restart(
    simcord_env: simcord.Env, db_path: str
) -> None:
    table = await open_table(simcord_env, players=2, timer=1)
    ana = (await table.game()).turn
    await simcord_env.advance_time(30)
    assert "it is your turn" in posts(table)[-1]
    stored = await table.bot.store.deadline(table.game_id)
    assert stored is not None and stored.player == ana and stored.remind_at is None

    fresh = await restart(simcord_env, db_path)
    try:
        assert await fresh.store.deadline(table.game_id) == stored
        await simcord_env.advance_time(29)
        assert await table.actions() == 0
        await simcord_env.advance_time(1)
        assert any(p.startswith("Time ran out for Ana") for p in posts(table))
        assert (await table.game()).turn != ana
        assert sum("it is your turn" in p for p in posts(table)) == 1  # not reminded twice
    finally:
        await fresh.close_store()


async def test_a_deadline_that_passed_while_down_fires_at_start_up(
    simcord_env: simcord.Env, db_path: str
) -> None:
    table = await open_table(simcord_env, players=2, timer=2)
    ana = (await table.game()).turn
    stored = await table.bot.store.deadline(table.game_id)
    assert stored is not None and stored.expires_at - stored.started_at == 120
    # The bot was down for ten minutes: the deadline is long past when it starts again.
    now = simcord_env.now().timestamp()
    await table.bot.store.set_deadline(table.game_id, Deadline(
        table.game_id, ana, stored.hand, now - 600, None, now - 480))
    fresh = await restart(simcord_env, db_path)
    try:
        await simcord_env.settle()
        assert any(p.startswith("Time ran out for Ana") for p in posts(table)), posts(table)
        assert (await table.game()).turn != ana
    finally:
        await fresh.close_store()
