"""Playing through slash commands and buttons: a whole hand, the partner's answer, illegal
inputs, closed DMs."""

from __future__ import annotations

import pytest
import simcord
from canasta_table import Table, decode_picture, open_table, play_one

from bot.engine import Game, IllegalMove


def replies(result: simcord.InteractionResult) -> list[simcord.ResponseMessage]:
    out = [result.response] if result.response is not None else []
    return out + result.followups


def assert_accepted(result: simcord.InteractionResult) -> None:
    texts = [r.content for r in replies(result)]
    assert not any(t.startswith("Not allowed") for t in texts), texts


def prompt_of(table: Table):  # noqa: ANN201 - the latest message with buttons in the thread
    return next(m for m in reversed(table.thread.history()) if m.components)


async def play_until(table: Table, done, limit: int = 600) -> int:  # noqa: ANN001
    moves = 0
    while not done(await table.game()):
        assert moves < limit, "the game did not progress"
        assert_accepted(await play_one(table))
        moves += 1
    return moves


async def test_a_whole_hand_through_slash_commands(simcord_env: simcord.Env) -> None:
    table = await open_table(simcord_env)
    dms_before = {p: len(m.user.dm_channel.history()) for p, m in table.by_id.items()}
    moves = await play_until(table, lambda g: g.hand_number > 1 or g.phase == "over")
    assert await table.actions() == moves
    thread = table.thread.history()
    assert any(m.content.startswith("Hand 1 is over") for m in thread)
    sheet = next(m for m in thread if m.content.startswith("Hand 1 is over"))
    assert (await decode_picture(sheet.attachments[0])).width > 100
    results = await table.bot.store.hand_results(table.game_id)
    assert [r.hand for r in results] == [1, 1]
    game = await table.game()
    assert [r.total for r in results] == list(game.results[0].total)
    for player, member in table.by_id.items():
        dms = member.user.dm_channel.history()
        assert len(dms) > dms_before[player]
        latest = dms[-1]
        assert latest.attachments[0].filename == "hand.png"
        image = await decode_picture(latest.attachments[0])
        assert image.width > 100
    # One live table message per hand, edited as the game moved (not one per move).
    tables = [m for m in thread if m.attachments and m.attachments[0].filename == "table.png"]
    assert len(tables) == 2, [m.content for m in tables]
    assert "went out" in sheet.content


async def test_moves_answer_privately_and_post_the_table(simcord_env: simcord.Env) -> None:
    table = await open_table(simcord_env)
    game = await table.game()
    ana = table.member(game.turn)
    result = await ana.slash(table.thread, "draw")
    assert result.ephemeral
    assert result.response is not None and result.response.content.startswith("Done.")
    assert "drew a card" in table.thread.history()[-1].content
    dm = ana.user.dm_channel.history()[-1]
    assert "New:" in dm.content and "discard a card" in dm.content and dm.components
    game = await table.game()
    hand = [c.text for c in game.hand(game.turn)]
    choices = await ana.autocomplete(table.thread, "discard", "card", "")
    assert {c["value"] for c in choices} == set(hand)
    card = hand[0]
    typed = await ana.autocomplete(table.thread, "discard", "card", card[:-1].lower())
    assert all(c["value"].startswith(card[:-1]) for c in typed) and typed
    result = await ana.slash(table.thread, "discard", card=card.lower())
    assert_accepted(result)
    assert "discarded" in table.thread.history()[-1].content


async def test_illegal_inputs_are_answered_privately_and_change_nothing(
    simcord_env: simcord.Env,
) -> None:
    table = await open_table(simcord_env)
    game = await table.game()
    first = game.turn
    other = next(p for p in table.by_id if p != first)
    snapshot = game.to_dict()

    def engine_reason(player: str, action: object) -> str:
        copy = Game.from_dict(snapshot)
        with pytest.raises(IllegalMove) as caught:
            copy.apply(player, action)  # type: ignore[arg-type]
        return str(caught.value)

    from bot.engine import Discard, Draw

    out_of_turn = await table.member(other).slash(table.thread, "draw")
    assert out_of_turn.ephemeral
    reason = engine_reason(other, Draw())
    names = (await table.live()).names
    for player_id, name in names.items():
        reason = reason.replace(player_id, name)
    assert reason in out_of_turn.response.content

    hand = [c.text for c in game.hand(first)]
    too_early = await table.member(first).slash(table.thread, "discard", card=hand[0])
    assert too_early.ephemeral
    assert engine_reason(first, Discard(hand[0])) in too_early.response.content

    ana = table.member(first)
    for command, options in [
        ("discard", {"card": "zz"}),
        ("discard", {"card": "7h 8h"}),
        ("discard", {"card": "🂡"}),
        ("meld", {"groups": "hello world"}),
        ("meld", {"groups": ",,,"}),
        ("meld", {"groups": "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"}),
        ("meld", {"groups": "k: "}),
        ("pickup", {"cards": "x" * 90}),
        ("pickup", {"cards": "", "melds": "q:q"}),
        ("goout", {}),
    ]:
        result = await ana.slash(table.thread, command, **options)
        assert result.ephemeral, (command, options)
        assert result.response.content.startswith("Not allowed"), result.response.content

    outside = await ana.slash(table.channel, "draw")  # the parent channel points to the thread
    assert outside.ephemeral and f"<#{table.thread.id}>" in outside.response.content
    stranger = table.guild.add_member(simcord_env.create_user("Zed"))
    intruder = await stranger.slash(table.thread, "draw")
    assert intruder.ephemeral and "not playing" in intruder.response.content

    assert await table.actions() == 0
    assert (await table.game()).to_dict() == snapshot


async def test_partner_answers_no_then_yes(simcord_env: simcord.Env) -> None:
    table = await open_table(simcord_env)
    game = await table.game()
    asker = game.turn
    partner = next(p for p in game.view(asker)["teams"][game.team_of(asker)]["members"]
                   if p != asker)
    opponent = next(p for p in table.by_id if game.team_of(p) != game.team_of(asker))
    await table.member(asker).slash(table.thread, "draw")

    asked = await table.member(asker).slash(table.thread, "goout")
    assert_accepted(asked)
    prompt = prompt_of(table)
    assert f"<@{partner}>" in prompt.content and "may I go out?" in prompt.content
    stored = table.env.backend.get_message(table.thread.id, prompt.id)
    assert stored.ping_user_ids == [int(partner)]  # the partner, and nobody else, is pinged
    intruder = await table.member(opponent).click(prompt, label="Yes")
    assert intruder.ephemeral and "Only" in intruder.response.content
    assert (await table.game()).phase == "permission"
    moves_so_far = await table.actions()
    dms_at_ask = len(table.member(asker).user.dm_channel.history())

    answered = await table.member(partner).click(prompt, label="No")
    assert answered.acknowledged
    edited = prompt_of(table)
    assert "answered no" in edited.content
    assert all(c.disabled for row in edited.components for c in row.children)
    with pytest.raises(simcord.SetupError):
        await table.member(partner).click(edited, label="Yes")
    assert await table.actions() == moves_so_far + 1
    game = await table.game()
    assert game.phase == "play" and game.turn == asker
    # The asker's turn goes on in the same turn message, its controls back.
    asker_dms = table.member(asker).user.dm_channel.history()
    assert len(asker_dms) == dms_at_ask and asker_dms[-1].components
    assert "Your turn" in asker_dms[-1].content

    # Play on until the asker's next turn, then ask again and hear yes.
    await play_one(table)  # the asker discards (no melds for this seed's hand) or melds
    await play_until(table, lambda g: g.turn == asker and g.phase == "draw"
                     or g.hand_number > 1)
    game = await table.game()
    if game.hand_number > 1:
        pytest.skip("the hand ended before the asker's next turn")
    await table.member(asker).slash(table.thread, "draw")
    await table.member(asker).slash(table.thread, "goout")
    yes = await table.member(partner).click(prompt_of(table), label="Yes")
    assert yes.acknowledged
    edited = prompt_of(table)
    assert "answered yes" in edited.content


async def test_closed_dms_fall_back_to_private_replies(simcord_env: simcord.Env) -> None:
    table = await open_table(simcord_env, start=False)
    ana, bo = table.members[0], table.members[1]
    for member in (ana, bo):
        simcord_env.inject_error(
            "POST", f"/channels/{member.user.dm_channel.id}/messages",
            status=403, code=50007, message="Cannot send messages to this user", times=None,
        )
    # Ana (the host, first to play) is the one interacting: her hand and controls come
    # privately, with the DM help once.
    started = await ana.click(table.channel.history()[0], label="Start")
    private = [r for r in replies(started) if r.attachments]
    assert private and private[0].ephemeral and "Privacy Settings" in private[0].content
    assert private[0].components  # the controls, in the private panel
    assert (await decode_picture(private[0].attachments[0])).width > 100
    # Bo's turn has not started: nobody mentions him yet.
    assert not [m for m in table.thread.history() if f"<@{bo.id}>" in m.content]

    own = await bo.slash(table.thread, "hand")
    reply = replies(own)[-1]
    assert reply.ephemeral and reply.attachments[0].filename == "hand.png"

    game = await table.game()
    assert game.turn == str(ana.id)
    drew = await ana.slash(table.thread, "draw")
    private = [r for r in replies(drew) if r.attachments]
    assert private and private[-1].ephemeral and private[-1].components
    assert not any("Privacy Settings" in r.content for r in replies(drew))
    assert not [m for m in bo.user.dm_channel.history() if m.attachments]


async def test_a_player_with_closed_dms_is_mentioned_once_at_each_turn(
    simcord_env: simcord.Env,
) -> None:
    table = await open_table(simcord_env, start=False)
    ana = table.members[0]
    for member in table.members[1:]:
        simcord_env.inject_error(
            "POST", f"/channels/{member.user.dm_channel.id}/messages",
            status=403, code=50007, message="Cannot send messages to this user", times=None,
        )
    await ana.click(table.channel.history()[0], label="Start")
    assert (await table.game()).turn == str(ana.id)
    assert_accepted(await play_one(table))  # Ana draws
    while (await table.game()).turn == str(ana.id):
        assert_accepted(await play_one(table))
    nxt = table.member((await table.game()).turn)
    notices = [m for m in table.thread.history() if f"<@{nxt.id}>" in m.content]
    assert len(notices) == 1 and "your turn" in notices[0].content
    assert "/hand" in notices[0].content and "Privacy Settings" in notices[0].content
    pinged = simcord_env.backend.get_message(table.thread.id, notices[0].id).ping_user_ids
    assert pinged == [nxt.id]
    drew = await nxt.slash(table.thread, "draw")  # during the turn: no new mention
    assert [r for r in replies(drew) if r.attachments and r.components]
    assert len([m for m in table.thread.history() if f"<@{nxt.id}>" in m.content]) == 1
    assert not [m for m in nxt.user.dm_channel.history() if m.attachments]


async def test_acaba_concedes_a_british_hand_and_is_refused_in_classic(
    simcord_env: simcord.Env,
) -> None:
    table = await open_table(simcord_env, variant="british")
    game = await table.game()
    conceder = game.turn
    side = game.team_of(conceder)
    result = await table.member(conceder).slash(table.thread, "acaba")
    assert_accepted(result)
    game = await table.game()
    assert game.results[0].reason == "concession"
    assert game.results[0].total[side] == 0 and game.results[0].total[1 - side] == 1500
    assert any(m.content.startswith("Hand 1 is over") and "conceded the hand" in m.content
               for m in table.thread.history())

    classic = await open_table(simcord_env)
    first = (await classic.game()).turn
    refused = await classic.member(first).slash(classic.thread, "acaba")
    assert refused.ephemeral and "not part of these rules" in refused.response.content
