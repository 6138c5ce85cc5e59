"""The lobby: /canasta new, Join/Leave/Start/Cancel, seats, the game thread."""

from __future__ import annotations

import pytest
import simcord
from canasta_table import SEED, add_computer, decode_picture, open_table, said

from bot.engine import Game, variant


async def test_new_table_posts_a_lobby_and_opens_a_thread(simcord_env: simcord.Env) -> None:
    table = await open_table(simcord_env, start=False)
    lobby = table.channel.history()[0]
    assert "Canasta #" in lobby.content and "4/4 seated" in lobby.content
    labels = [c.label for row in lobby.components for c in row.children]
    assert labels == ["Join", "Leave", "Add computer", "Start", "Cancel"]
    assert table.thread.is_thread and "Canasta #" in (table.thread.name or "")


async def test_variant_autocomplete_lists_the_engine_registry(simcord_env: simcord.Env) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("canasta")
    ana = guild.add_member(simcord_env.create_user("Ana"))
    choices = await ana.autocomplete(channel, "canasta new", "variant", "")
    assert {c["value"] for c in choices} >= {"classic", "vienna", "british", "uruguayan"}
    assert [c["value"] for c in await ana.autocomplete(channel, "canasta new", "variant",
                                                        "vie")] == ["vienna"]


async def test_join_leave_and_who_may_start(simcord_env: simcord.Env) -> None:
    table = await open_table(simcord_env, players=2, start=False)
    ana, bo = table.members
    not_host = await bo.click(table.channel.history()[0], label="Start")
    assert not_host.ephemeral and "Only the host" in not_host.response.content
    again = await bo.click(table.channel.history()[0], label="Join")
    assert again.ephemeral and "already have a seat" in again.response.content
    await bo.click(table.channel.history()[0], label="Leave")
    assert "1/2 seated" in table.channel.history()[0].content
    early = await ana.click(table.channel.history()[0], label="Start")
    assert early.ephemeral and "Wait for all 2 seats" in early.response.content
    host_leaves = await ana.click(table.channel.history()[0], label="Leave")
    assert host_leaves.ephemeral and "cancel" in host_leaves.response.content


async def test_cancel_closes_the_lobby(simcord_env: simcord.Env) -> None:
    table = await open_table(simcord_env, players=2, start=False)
    await table.members[0].click(table.channel.history()[0], label="Cancel")
    lobby = table.channel.history()[0]
    assert "Cancelled" in lobby.content and lobby.components == []
    result = await table.members[1].slash(table.thread, "draw")
    assert result.ephemeral and "cancelled" in result.response.content


async def test_bad_options_are_refused_politely(simcord_env: simcord.Env) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("canasta")
    ana = guild.add_member(simcord_env.create_user("Ana"))
    result = await ana.slash(channel, "canasta new", variant="samba-ish")
    assert result.ephemeral and "unknown variant" in result.response.content
    result = await ana.slash(channel, "canasta new", players=4, teams=3)
    assert result.ephemeral and "sides" in result.response.content
    with pytest.raises(simcord.OptionError):
        await ana.slash(channel, "canasta new", players=7)


async def test_start_deals_from_the_seed_and_sends_every_hand_by_dm(
    simcord_env: simcord.Env,
) -> None:
    table = await open_table(simcord_env)
    ids = [str(m.id) for m in table.members]
    expected = Game.new(variant("classic"), ids, SEED)
    game = await table.game()
    for player in ids:
        assert sorted(c.text for c in game.hand(player)) == sorted(
            c.text for c in expected.hand(player))
        dms = table.member(player).user.dm_channel.history()
        if player != game.turn:  # the others see their hand at their turn (or with /hand)
            assert not dms
            continue
        [dm] = dms  # the player to play: one DM, the turn's, with the controls
        assert "your 11 cards" in dm.content and "Your turn" in dm.content
        assert dm.components
        image = await decode_picture(dm.attachments[0])
        assert image.width > 100 and image.height > 50
    other = table.member(next(p for p in ids if p != game.turn))
    private = await other.slash(table.thread, "hand")
    shown = [*([private.response] if private.response else []), *private.followups][-1]
    assert private.ephemeral and "your 11 cards" in shown.content and shown.attachments
    first = table.thread.history()[-1]
    assert first.attachments and first.attachments[0].filename == "table.png"
    assert "begins" in first.content or "Hand 1" in first.content
    assert "The game is on" in table.channel.history()[0].content


async def test_seats_drawn_put_high_cards_together(simcord_env: simcord.Env) -> None:
    table = await open_table(simcord_env, seating="drawn")
    first = table.thread.history()[-1]
    assert first.content.startswith("Seats drawn:")
    seats = await table.bot.store.seats(table.game_id)
    assert sorted(s.player for s in seats) == sorted(str(m.id) for m in table.members)
    assert [s.team for s in seats] == [0, 1, 0, 1]


async def test_computer_players_fill_seats_at_their_level_and_play(
    simcord_env: simcord.Env,
) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("canasta")
    ana = guild.add_member(simcord_env.create_user("Ana"))
    bo = guild.add_member(simcord_env.create_user("Bo"))
    await ana.slash(channel, "canasta new", players=4, seating="join", timer=0)
    refused = await add_computer(bo, channel)
    assert refused.ephemeral and "Only the host" in refused.response.content
    for level in ("easy", "hard", "normal"):
        picked = await add_computer(ana, channel, level)
        assert picked.acknowledged and level in picked.response.content
    lobby = channel.history()[0]
    assert "Computer 1 (computer, easy)" in lobby.content
    assert "Computer 2 (computer, hard)" in lobby.content
    assert "Computer 3 (computer, normal)" in lobby.content and "4/4 seated" in lobby.content
    full = await ana.click(lobby, label="Add computer")
    assert full.ephemeral and "full" in full.response.content
    await ana.click(lobby, label="Start")
    thread = channel.threads[0]
    bot = simcord_env.bot
    record = await bot.service.game_in_thread(thread.id)
    seats = await bot.store.seats(record.id)
    assert [(s.name, s.is_ai, s.level) for s in seats] == [
        ("Ana", False, None), ("Computer 1", True, "easy"), ("Computer 2", True, "hard"),
        ("Computer 3", True, "normal")]
    live = await bot.service.live(record.id)
    assert live.game.turn == str(ana.id)
    await ana.slash(thread, "draw")
    hand = [c.text for c in (await bot.service.live(record.id)).game.hand(str(ana.id))]
    await ana.slash(thread, "discard", card=hand[-1])
    game = (await bot.service.live(record.id)).game
    # The three computers played their turns by themselves; it is Ana's turn again.
    assert game.turn == str(ana.id) or game.hand_number > 1
    assert len(await bot.store.actions(record.id)) >= 2 + 3 * 2
    posts = said(thread)
    for n in (1, 2, 3):
        assert any(p.startswith(f"Computer {n} drew") or f"Computer {n} took" in p
                   for p in posts), posts
