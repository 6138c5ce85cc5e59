"""/replay through the bot: a finished hand stepped through to its end shows the table the
hand ended with; the hand in progress, a pruned log, another server's game and a game with no
finished hand are refused in plain words; only the replay's owner may step through it."""

from __future__ import annotations

from typing import Any

import aiosqlite
import pytest
import simcord
from canasta_table import Table, decode_picture, open_mixed_table, play_one
from simcord import actors

from bot.discord_ui.replay_desk import KEEP_PICTURES, OpenReplay
from bot.service import GameService


async def finish_hand_one(table: Table, monkeypatch: pytest.MonkeyPatch
                          ) -> dict[str, Any]:
    """Ana plays until hand 1 is over; returns the table the hand ended with, as the live
    table showed it (the outcome's `ended_table`)."""
    shown: list[dict[str, Any]] = []
    apply = GameService._apply

    async def watched(self: GameService, live: Any, player: str, action: Any, outcome: Any,
                      **kw: Any) -> None:
        await apply(self, live, player, action, outcome, **kw)
        if outcome.ended_table is not None and not shown:
            shown.append(outcome.ended_table)

    monkeypatch.setattr(GameService, "_apply", watched)
    ana = str(table.members[0].id)
    for _ in range(600):
        game = await table.game()
        if game.hand_number > 1 or game.phase == "over":
            break
        assert game.turn == ana
        await play_one(table)
    monkeypatch.undo()
    assert shown, "hand 1 did not end"
    return shown[0]


def opened(table: Table) -> OpenReplay:
    cog = table.bot.get_cog("Replays")  # the extension's own module: not isinstance-able
    [replay] = cog.desk._open.values()  # type: ignore[union-attr]  # noqa: SLF001 - the one replay this test opened
    return replay


def table_of(view: dict[str, Any]) -> dict[str, Any]:
    """What both tables must agree on: melds, red threes, scores, the pile."""
    return {"teams": [([m["cards"] for m in t["melds"]], t["red_threes"], t["score"])
                      for t in view["teams"]],
            "pile": (view["pile"]["size"], view["pile"]["top"]), "scores": view["scores"]}


async def test_a_finished_hand_steps_to_its_final_table(
    simcord_env: simcord.Env, monkeypatch: pytest.MonkeyPatch,
) -> None:
    table = await open_mixed_table(simcord_env, ["human", "hard"], target=5000)
    ana = table.members[0]
    # Before any hand ended: nothing to replay, and the hand in progress is not shown.
    early = await ana.slash(table.channel, "replay", game=table.game_id)
    assert early.ephemeral and "no finished hand" in early.response.content
    playing = await ana.slash(table.channel, "replay", game=table.game_id, hand=1)
    assert playing.ephemeral and "still being played" in playing.response.content
    assert not playing.response.attachments  # no hidden card while it can still matter

    final = await finish_hand_one(table, monkeypatch)
    start = await ana.slash(table.channel, "replay", game=table.game_id)  # the last finished
    assert start.ephemeral, start.response
    message = start.response
    assert message.content.startswith(f"Game #{table.game_id}, hand 1 — step 1 of ")
    assert "the deal" in message.content
    [picture] = message.attachments
    assert picture.filename == "replay.png"
    first = await decode_picture(picture)
    replay = opened(table)
    steps = replay.last + 1
    assert steps > 3
    names = {m["members"][0] for m in replay.replay.steps[0].view["teams"]}
    assert set(replay.replay.steps[0].view["hands_shown"]) == names  # every hand face up

    for step in range(2, steps + 1):
        clicked = await ana.click(message, label="▶")
        assert clicked.acknowledged
        message = clicked.response or message
        assert f"step {step} of {steps}" in message.content, message.content
    assert replay.step == replay.last
    last = replay.replay.steps[-1].view
    assert table_of(last) == table_of(final)  # melds, red threes, scores, pile
    assert (await decode_picture(message.attachments[0])).height >= first.height - 200
    assert len(replay.pictures) <= KEEP_PICTURES

    # The menu offers at most 25 moves around the step shown, and goes to one; ◀ steps back.
    [menu] = [c for row in message.components for c in row["components"]
              if c.get("options")]
    offered = [int(o["value"]) for o in menu["options"]]
    assert len(offered) == min(25, steps) and offered[-1] == steps - 1
    chose = await ana.select(message, [str(offered[0])])
    assert f"step {offered[0] + 1} of" in chose.response.content
    back = await ana.click(chose.response, label="◀")
    assert f"step {offered[0]} of" in back.response.content
    assert replay.step == offered[0] - 1

    # The hand in progress (hand 2) is refused, and so is a hand that never was.
    now = await ana.slash(table.channel, "replay", game=table.game_id, hand=2)
    assert "still being played" in now.response.content and not now.response.attachments
    never = await ana.slash(table.channel, "replay", game=table.game_id, hand=7)
    assert "has no hand 7" in never.response.content

    # Another person's click on Ana's replay is refused, politely and privately (Discord
    # shows Bo no ephemeral message: the click is a forged payload with its button's id).
    bo = table.guild.add_member(simcord_env.create_user("Bo"))
    stored = simcord_env.backend.get_message(message.channel_id, message.id)
    button = next(c for row in message.components for c in row["components"]
                  if c.get("label") == "▶")
    forged = await actors._component_interaction(  # noqa: SLF001
        bo, stored, {"custom_id": button["custom_id"], "component_type": 2})
    assert forged.ephemeral and "someone else's" in forged.response.content
    assert replay.step == offered[0] - 1  # unmoved

    # Another server's members do not find the game.
    other = simcord_env.create_guild()
    stranger = other.add_member(simcord_env.create_user("Cy"))
    elsewhere = await stranger.slash(other.create_text_channel("c"), "replay",
                                     game=table.game_id)
    assert f"no game #{table.game_id} in this server" in elsewhere.response.content


async def test_a_pruned_log_is_refused(simcord_env: simcord.Env, db_path: str,
                                       monkeypatch: pytest.MonkeyPatch) -> None:
    table = await open_mixed_table(simcord_env, ["human", "hard"], target=5000)
    await finish_hand_one(table, monkeypatch)
    async with aiosqlite.connect(db_path) as db:  # what pruning a finished game leaves
        await db.execute("DELETE FROM actions WHERE game_id = ?", (table.game_id,))
        await db.commit()
    refused = await table.members[0].slash(table.channel, "replay", game=table.game_id,
                                           hand=1)
    assert refused.ephemeral
    assert "no longer kept" in refused.response.content
    assert not refused.response.attachments
