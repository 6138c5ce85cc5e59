"""Computer players at the table: they act by themselves after the reply to a person's
move, answer their partner's "may I go out?", and a person can play a whole hand with
three of them."""

from __future__ import annotations

import pytest
import simcord
from canasta_table import SEED, open_mixed_table, play_one, play_the_hand, posts

from bot import create_bot


async def test_a_person_with_three_computers_plays_a_whole_hand(
    simcord_env: simcord.Env,
) -> None:
    table = await open_mixed_table(simcord_env, ["human", "easy", "normal", "normal"])
    ana = str(table.members[0].id)
    moves = await play_the_hand(table)
    thread = posts(table)
    assert any(p.startswith("Hand 1 is over") for p in thread)
    actions = await table.bot.store.actions(table.game_id)
    assert {a.player for a in actions} == {ana, "ai:1", "ai:2", "ai:3"}
    assert sum(a.player == ana for a in actions) == moves
    results = await table.bot.store.hand_results(table.game_id)
    assert [r.hand for r in results] == [1, 1]


async def test_a_human_pair_against_a_computer_pair(simcord_env: simcord.Env) -> None:
    table = await open_mixed_table(simcord_env, ["human", "hard", "human", "normal"])
    seats = await table.bot.store.seats(table.game_id)
    teams = {s.name: s.team for s in seats}
    assert teams["Ana"] == teams["Bo"] != teams["Computer 1"] == teams["Computer 2"]
    game = await table.game()
    assert game.turn == str(table.members[0].id)


async def test_a_computer_partner_answers_may_i_go_out(simcord_env: simcord.Env) -> None:
    table = await open_mixed_table(simcord_env, ["human", "normal", "normal", "normal"])
    ana = table.members[0]
    await ana.slash(table.thread, "draw")
    asked = await ana.slash(table.thread, "goout")
    assert asked.response is not None and asked.response.content.startswith("Done.")
    thread = table.thread.history()
    question = next(m for m in thread if "partner, may I go out?" in m.content)
    assert question.content.startswith("Ana asks Computer 2")
    assert not question.components  # nobody clicks for a computer
    live = next(m for m in reversed(thread) if m.attachments)  # the live table message
    assert "Computer 2 answered" in live.content
    game = await table.game()
    assert game.phase == "play" and game.turn == str(ana.id)
    assert game.permission in (True, False)
    [*_, last] = await table.bot.store.actions(table.game_id)
    assert last.player == "ai:2" and last.action["kind"] == "answer"
    # The answer binds Ana and the game goes on: she melds or discards, then the computers.
    result = await play_one(table)
    assert not result.response.content.startswith("Not allowed")
    assert (await table.game()).turn == str(ana.id) or (await table.game()).hand_number > 1


async def test_computers_move_only_after_the_reply(simcord_env: simcord.Env) -> None:
    """The person's interaction is answered before any computer moves: the reply to the
    discard describes the discard alone; the computers' turns update the live table message
    (its log), they post nothing."""
    table = await open_mixed_table(simcord_env, ["human", "normal"], timer=0)
    ana = table.members[0]
    await ana.slash(table.thread, "draw")
    hand = [c.text for c in (await table.game()).hand(str(ana.id))]
    before = len(table.thread.history())
    result = await ana.slash(table.thread, "discard", card=hand[-1])
    replies = [result.response, *result.followups] if result.response else result.followups
    assert replies and not any("Computer 1" in r.content for r in replies)
    assert len(table.thread.history()) == before
    log = table.thread.history()[-1].content.split("\n")
    ana_at = next(i for i, line in enumerate(log) if line.startswith("• Ana discarded"))
    assert any(line.startswith("• Computer 1") for line in log[ana_at + 1:]), log


async def test_computers_take_a_natural_pause_before_each_turn(
    simcord_env: simcord.Env, db_path: str
) -> None:
    old = simcord_env.bot
    bot = create_bot(db_path, seed=SEED, ai_delay=10)
    await simcord_env.restart_bot(bot)
    await old.close_store()
    try:
        table = await open_mixed_table(simcord_env, ["human", "normal", "normal"], timer=0)
        ana = table.members[0]
        await ana.slash(table.thread, "draw")
        hand = [c.text for c in (await table.game()).hand(str(ana.id))]
        await ana.slash(table.thread, "discard", card=hand[-1])
        assert (await table.game()).turn == "ai:1"  # thinking
        await simcord_env.advance_time(9)
        assert (await table.game()).turn == "ai:1"
        await simcord_env.advance_time(1)
        assert (await table.game()).turn == "ai:2"
        await simcord_env.advance_time(10)
        assert (await table.game()).turn == str(ana.id)
    finally:
        await bot.close_store()


async def test_a_failing_computer_player_still_plays_a_legal_move(
    simcord_env: simcord.Env, monkeypatch: pytest.MonkeyPatch
) -> None:
    thinker = simcord_env.bot.service.thinker  # type: ignore[attr-defined]
    think = thinker.think

    async def broken(name: str, *args: object) -> object:
        if name == "computer_move":
            raise RuntimeError("the computer player crashed")
        return await think(name, *args)

    monkeypatch.setattr(thinker, "think", broken)
    table = await open_mixed_table(simcord_env, ["human", "normal"], timer=0)
    ana = table.members[0]
    await ana.slash(table.thread, "draw")
    hand = [c.text for c in (await table.game()).hand(str(ana.id))]
    await ana.slash(table.thread, "discard", card=hand[-1])
    game = await table.game()
    assert game.turn == str(ana.id) or game.hand_number > 1  # the table did not stall
    assert any(a.player == "ai:1" for a in await table.bot.store.actions(table.game_id))
