"""Seats changing hands during a game: /leave gives the seat to a computer, the host's
/replace does the same for an idle player, /rejoin gives it back with the same hand."""

from __future__ import annotations

import simcord
from canasta_table import Table, open_table, play_one, posts


async def seat_of(table: Table, player: str):  # noqa: ANN201
    return next(s for s in await table.bot.store.seats(table.game_id) if s.player == player)


async def test_leave_hands_the_seat_to_a_computer_and_rejoin_takes_it_back(
    simcord_env: simcord.Env,
) -> None:
    table = await open_table(simcord_env)
    ana = table.members[0]
    me = str(ana.id)
    game = await table.game()
    assert game.turn == me
    dealt = sorted(c.text for c in game.hand(me))

    left = await ana.slash(table.thread, "leave")
    assert left.ephemeral and "/rejoin" in left.response.content
    assert any(p.startswith("Ana left the table: a computer player (normal) has the seat")
               for p in posts(table))
    seat = await seat_of(table, me)
    assert seat.is_ai and seat.level == "normal"
    # It was Ana's turn: the computer played it at once, and the table waits for Bo.
    game = await table.game()
    assert game.turn == str(table.members[1].id)
    actions = await table.bot.store.actions(table.game_id)
    assert actions and {a.player for a in actions} == {me}
    assert sorted(c.text for c in game.hand(me)) != dealt or len(actions) >= 2

    # The others play; whenever it is Ana's seat's turn, the computer plays it by itself.
    for _ in range(3):
        result = await play_one(table)
        assert not result.response.content.startswith("Not allowed")
        while (await table.game()).turn not in (me, str(table.members[1].id)):
            await play_one(table)
        if (await table.game()).hand_number > 1:
            break
    assert (await table.game()).turn != me
    assert sum(a.player == me for a in await table.bot.store.actions(table.game_id)) > 2

    held = sorted(c.text for c in (await table.game()).hand(me))
    back = await ana.slash(table.thread, "rejoin")
    assert back.ephemeral
    assert not (await seat_of(table, me)).is_ai
    assert sorted(c.text for c in (await table.game()).hand(me)) == held  # no new hand
    shown = (back.followups or [back.response])[-1]  # the hand, privately
    assert shown.attachments[0].filename == "hand.png"
    assert f"your {len(held)} cards" in shown.content
    assert me in (await table.game()).players


async def test_the_host_replaces_an_idle_player(simcord_env: simcord.Env) -> None:
    table = await open_table(simcord_env)
    ana, bo, cy, di = table.members
    not_host = await cy.slash(table.thread, "replace", player=di)
    assert not_host.ephemeral and "Only the host" in not_host.response.content
    herself = await ana.slash(table.thread, "replace", player=ana)
    assert herself.ephemeral and "/leave" in herself.response.content
    stranger = table.guild.add_member(simcord_env.create_user("Zed"))
    nobody = await ana.slash(table.thread, "replace", player=stranger)
    assert nobody.ephemeral and "not playing" in nobody.response.content

    replaced = await ana.slash(table.thread, "replace", player=bo)
    assert replaced.ephemeral and "Bo" in replaced.response.content
    assert any(p.startswith("Ana replaced Bo with a computer player (normal)")
               for p in posts(table))
    assert (await seat_of(table, str(bo.id))).is_ai
    again = await ana.slash(table.thread, "replace", player=bo)
    assert again.ephemeral and "already" in again.response.content

    # Ana plays her turn; Bo's seat is played by the computer right after.
    hand_before = sorted(c.text for c in (await table.game()).hand(str(bo.id)))
    while (await table.game()).turn == str(ana.id):
        await play_one(table)
    game = await table.game()
    assert game.turn == str(cy.id)
    assert any(a.player == str(bo.id) for a in await table.bot.store.actions(table.game_id))
    blocked = await bo.slash(table.thread, "discard", card="3C")
    assert blocked.ephemeral and "/rejoin" in blocked.response.content
    back = await bo.slash(table.thread, "rejoin")
    assert back.ephemeral and not (await seat_of(table, str(bo.id))).is_ai
    assert str(bo.id) in (await table.game()).players  # the same seat, never a new one
    assert len(hand_before) == 11


async def test_leave_outside_a_game_is_refused(simcord_env: simcord.Env) -> None:
    table = await open_table(simcord_env, players=2, start=False)
    early = await table.members[1].slash(table.thread, "leave")
    assert early.ephemeral and "not started" in early.response.content
    await table.members[0].click(table.channel.history()[0], label="Start")
    stranger = table.guild.add_member(simcord_env.create_user("Zed"))
    result = await stranger.slash(table.thread, "rejoin")
    assert result.ephemeral and "no seat" in result.response.content
