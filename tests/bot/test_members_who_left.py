"""A member kicked from (or who left) the server cannot play on through the turn message
in their DMs: the click is refused politely and a computer player takes the seat. The
check is one REST look-up of the member, remembered for a minute."""

from __future__ import annotations

import simcord
from canasta_table import open_table


def private_text(result: simcord.InteractionResult) -> str:
    replies = ([result.response] if result.response is not None else []) + result.followups
    assert replies, "the interaction was not answered"
    assert all(r.ephemeral for r in replies), [r.content for r in replies]
    return replies[-1].content


def member_lookups(env: simcord.Env, guild: simcord.GuildHandle, user: int) -> int:
    path = f"/guilds/{guild.id}/members/{user}"
    return sum(1 for r in env.http_requests if r.method == "GET" and r.path == path)


async def test_a_member_who_left_the_server_is_refused_and_a_computer_takes_the_seat(
    simcord_env: simcord.Env,
) -> None:
    table = await open_table(simcord_env, players=2, timer=0)
    game = await table.game()
    player = game.turn
    gone = table.member(player)
    turn = gone.user.dm_channel.history()[-1]
    actions = await table.actions()

    table.guild.remove_member(gone)
    said = private_text(await gone.user.click(turn, label="Draw"))
    assert "no longer a member" in said, said
    live = await table.live()
    assert live.stand_in(player) is not None  # a computer plays the seat now
    await simcord_env.settle()
    assert await table.actions() > actions  # and it played the turn
    assert any("left the table" in m.content for m in table.thread.history())


async def test_a_member_still_there_is_looked_up_once_a_minute(
    simcord_env: simcord.Env,
) -> None:
    table = await open_table(simcord_env, players=2, timer=0)
    player = (await table.game()).turn
    member = table.member(player)
    turn = member.user.dm_channel.history()[-1]
    drawn = await member.user.click(turn, label="Draw")
    assert drawn.acknowledged and not drawn.ephemeral
    assert member_lookups(simcord_env, table.guild, member.id) == 1
    # a second click within the minute asks Discord nothing more
    turn = member.user.dm_channel.history()[-1]
    items = [i for row in turn.components for i in getattr(row, "children", [])]
    discard = next(i for i in items if (i.custom_id or "").endswith(":discard"))
    again = await member.user.select(turn, [discard.options[0].value],
                                     custom_id=discard.custom_id)
    assert again.acknowledged
    assert member_lookups(simcord_env, table.guild, member.id) == 1
