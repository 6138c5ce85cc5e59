"""Restarts and races: a new bot on the same database continues every game; two
interactions for one game at the same instant are served one after the other."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

import simcord
from canasta_table import open_table, restart


async def test_a_restart_mid_game_continues_with_working_buttons(
    simcord_env: simcord.Env, db_path: str
) -> None:
    table = await open_table(simcord_env)
    game = await table.game()
    asker = game.turn
    partner = next(p for p in table.by_id
                   if p != asker and game.team_of(p) == game.team_of(asker))
    await table.member(asker).slash(table.thread, "draw")
    await table.member(asker).slash(table.thread, "goout")
    prompt = next(m for m in reversed(table.thread.history()) if m.components)
    before = await table.actions()
    snapshot = (await table.game()).to_dict()

    # A lobby waiting for players, too: its buttons must survive as well. (Cy opens it: Ana
    # opened a table a moment ago, and /canasta new comes once in 30 s per member.)
    lobby_channel = table.guild.create_text_channel("lobby")
    await table.members[2].slash(lobby_channel, "canasta new", players=2)

    fresh = await restart(simcord_env, db_path)
    try:
        assert (await table.game()).to_dict() == snapshot  # reloaded from the store
        answered = await table.member(partner).click(prompt, label="Yes")
        assert answered.acknowledged
        edited = next(m for m in table.thread.history() if m.id == prompt.id)
        assert "answered yes" in edited.content
        assert await table.actions() == before + 1
        game = await table.game()
        assert game.phase == "play" and game.turn == asker

        joined = await table.members[1].click(lobby_channel.history()[0], label="Join")
        assert "2/2 seated" in lobby_channel.history()[0].content, joined
        hand = await table.member(asker).slash(table.thread, "hand")
        assert hand.ephemeral
    finally:
        await fresh.close_store()


async def at_the_same_instant(
    env: simcord.Env, *operations: Callable[[], Awaitable[Any]]
) -> list[Any]:
    """Deliver several interactions before the bot handles any of them.

    simcord settles the bot after each verb; holding the settling back until every
    interaction has arrived makes them reach the bot together, like two users clicking at
    once (a test-only use of simcord's internals)."""
    settle = env._settle_internal

    async def hold(*args: Any, **kwargs: Any) -> None:
        return None

    env._settle_internal = hold  # type: ignore[method-assign]
    try:
        results = [await op() for op in operations]
    finally:
        env._settle_internal = settle  # type: ignore[method-assign]
    await env.settle()
    return results


async def test_concurrent_clicks_are_serialized(simcord_env: simcord.Env) -> None:
    table = await open_table(simcord_env, players=4, start=False)
    ana = table.members[0]
    # Leave a seat free, then two people try to take it at the same instant.
    await table.members[3].click(table.channel.history()[0], label="Leave")
    guild = table.guild
    eve = guild.add_member(simcord_env.create_user("Eve"))
    fay = guild.add_member(simcord_env.create_user("Fay"))
    lobby = table.channel.history()[0]
    results = await at_the_same_instant(
        simcord_env,
        lambda: eve.click(lobby, label="Join"),
        lambda: fay.click(lobby, label="Join"),
    )
    refused = [r for r in results if r.ephemeral]
    assert len(refused) == 1 and "full" in refused[0].response.content
    assert len(await table.bot.store.seats(table.game_id)) == 4

    await ana.click(table.channel.history()[0], label="Start")
    # A double click on /draw: one draw, one refusal.
    results = await at_the_same_instant(
        simcord_env,
        lambda: ana.slash(table.thread, "draw"),
        lambda: ana.slash(table.thread, "draw"),
    )
    texts = [r.response.content for r in results if r.response is not None]
    assert sum(t.startswith("Done.") for t in texts) == 1
    assert sum(t.startswith("Not allowed") for t in texts) == 1
    assert await table.actions() == 1
    assert len((await table.game()).hand(str(ana.id))) == 12
