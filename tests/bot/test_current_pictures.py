"""The picture in front of a player is the game as it is now: the mover's hand picture after
every draw, take, meld and lay-off, the live table's when each person's turn starts, and the
old hand's final table before the new hand is posted. Each is compared, pixel for pixel,
with a fresh picture drawn by the renderer from the engine's view of now."""

from __future__ import annotations

import io
from collections import Counter
from typing import Any

import discord
import simcord
from canasta_table import (
    Table,
    greedy_move,
    live_table,
    meld_text,
    open_mixed_table,
    open_table,
)
from PIL import Image

from bot.engine import Discard, Draw, Game, Meld, TakePile, action_from_dict
from bot.render import render_hand, render_table
from bot.service.views import named_view

LANGUAGES = {"Ana": "en", "Bo": "lt", "Cy": "bg", "Di": "ru"}  # each player's own choice


def pixels(data: bytes) -> bytes:
    image = Image.open(io.BytesIO(data))
    image.load()
    assert image.format == "PNG"
    return image.convert("RGB").tobytes()


async def shown(message: discord.Message, name: str) -> bytes:
    """The pixels of the message's one picture, which must be called `name`."""
    [attachment] = message.attachments
    assert attachment.filename == name
    return pixels(await attachment.read())


async def hand_now(table: Table, player: str, lang: str) -> bytes:
    """A fresh render of the player's own view now, named, in their language."""
    live = await table.live()
    view = named_view(live.game.view(player), live.names)
    return pixels(render_hand({**view, "language": lang}))


def table_picture(table: Table, public: dict[str, Any], names: dict[str, str]) -> bytes:
    return pixels(render_table({**named_view(public, names), "language": "en"}))


async def table_now(table: Table) -> bytes:
    live = await table.live()
    return table_picture(table, live.game.view(None), live.names)


def turn_message(table: Table, player: str) -> discord.Message:
    return table.member(player).user.dm_channel.history()[-1]


def _control(panel: discord.Message, verb: str) -> Any:
    items = [i for row in panel.components for i in getattr(row, "children", [])]
    return next((i for i in items if (getattr(i, "custom_id", None) or "").endswith(f":{verb}")),
                None)


async def make(table: Table, move: Any, by_button: bool) -> simcord.InteractionResult:
    """The move through the turn message's controls when `by_button` and the panel offers
    it, else through the slash command."""
    game = await table.game()
    member = table.member(game.turn)
    panel = turn_message(table, game.turn)
    if by_button and isinstance(move, Draw) and (button := _control(panel, "draw")):
        return await member.user.click(panel, custom_id=button.custom_id)
    if by_button and isinstance(move, Meld | Discard):
        verb, value = ("meld", meld_text(move)) if isinstance(move, Meld) else \
            ("discard", move.card)
        menu = _control(panel, verb)
        if menu is not None and value in [o.value for o in menu.options]:
            return await member.user.select(panel, [value], custom_id=menu.custom_id)
    if isinstance(move, TakePile):
        return await member.slash(table.thread, "pickup", cards=" ".join(move.cards),
                                  melds=", ".join(" ".join(g) for g in move.melds))
    if isinstance(move, Draw):
        return await member.slash(table.thread, "draw")
    if isinstance(move, Meld):
        return await member.slash(table.thread, "meld", groups=meld_text(move))
    return await member.slash(table.thread, "discard", card=move.card)


def kind_of(move: Any) -> str:
    if isinstance(move, Meld):
        return "lay-off" if move.add and not move.groups else "meld"
    return {Draw: "draw", TakePile: "take", Discard: "discard"}[type(move)]


async def test_four_people_see_the_game_as_it_is_now_after_every_move(
    simcord_env: simcord.Env,
) -> None:
    table = await open_table(simcord_env, start=False)
    for member in table.members:
        lang = LANGUAGES[member.user.name]
        if lang != "en":
            await member.slash(table.channel, "language", language=lang)
    started = await table.members[0].click(table.channel.history()[0], label="Start")
    assert started.acknowledged
    names = {str(m.id): m.user.name for m in table.members}
    requests = simcord_env.backend.http_requests
    seen: Counter[str] = Counter()
    turn_of = None
    for step in range(600):
        game = await table.game()
        if game.hand_number > 1 or game.phase == "over":
            break
        player, lang = game.turn, LANGUAGES[names[game.turn]]
        if player != turn_of:  # a person's turn starts: both pictures are now
            turn_of = player
            assert await shown(live_table(table.thread), "table.png") == await table_now(table)
            assert await shown(turn_message(table, player), "hand.png") == \
                await hand_now(table, player, lang)
            seen["turn start"] += 1
        move = greedy_move(game)
        old_live = live_table(table.thread)
        before = len(requests)
        result = await make(table, move, by_button=step % 2 == 1)
        assert result.response is None or not result.response.content.startswith(
            "Not allowed"), result.response.content
        seen[kind_of(move)] += 1
        after = await table.game()
        if after.hand_number > 1 or after.phase == "over":
            await check_hand_end(table, old_live, requests[before:])
            seen["hand end"] += 1
            break
        if not isinstance(move, Discard):  # the mover decides on: the hand picture is now
            assert after.turn == player
            assert await shown(turn_message(table, player), "hand.png") == \
                await hand_now(table, player, lang), (step, move)
    assert seen["hand end"] == 1, seen
    assert min(seen[k] for k in ("draw", "take", "meld", "lay-off", "turn start")) > 0, seen


async def check_hand_end(table: Table, old_live: discord.Message,
                         requests: list[Any]) -> None:
    """The old hand's live message shows the hand's final table, edited before the new
    hand's message (or anything else) was posted in the thread."""
    live = await table.live()
    final = (await replayed(table)).ended_hand_table
    assert final is not None and final["hand_number"] == 1
    thread = str(table.thread.id)
    picture_edit = next(i for i, r in enumerate(requests) if r.method == "PATCH"
                        and r.path.endswith(f"/messages/{old_live.id}")
                        and (r.json or {}).get("attachments"))
    posts = [i for i, r in enumerate(requests)
             if r.method == "POST" and r.path == f"/channels/{thread}/messages"]
    assert posts and picture_edit < posts[0], [(r.method, r.path) for r in requests]
    old = next(m for m in table.thread.history() if m.id == old_live.id)
    assert await shown(old, "table.png") == table_picture(table, final, live.names)
    assert "the hand is over" in old.content
    new = live_table(table.thread)
    assert new.id != old_live.id and new.id > old_live.id
    assert await shown(new, "table.png") == await table_now(table)


async def replayed(table: Table) -> Game:
    """Hand 1 played again from the deal and the stored moves, up to the move that ended it
    (the engine keeps the final table of the hand that move ended)."""
    live = await table.live()
    game = Game.new(live.game.rules, list(live.game.players), live.game.seed)
    for stored in await table.bot.store.actions(table.game_id):
        game.apply(stored.player, action_from_dict(stored.action))
        if game.hand_number > 1 or game.phase == "over":
            return game
    raise AssertionError("hand 1 has not ended")


async def test_one_person_and_three_computers(simcord_env: simcord.Env) -> None:
    table = await open_mixed_table(simcord_env, ["human", "normal", "normal", "normal"],
                                   timer=0)
    ana = str(table.members[0].id)
    requests = simcord_env.backend.http_requests
    seen: Counter[str] = Counter()
    for step in range(300):
        game = await table.game()
        if game.hand_number > 1 or game.phase == "over":
            break
        assert game.turn == ana, "the computers never wait for a click"
        if game.phase == "draw":  # her turn starts: both pictures are now
            assert await shown(live_table(table.thread), "table.png") == await table_now(table)
            assert await shown(turn_message(table, ana), "hand.png") == \
                await hand_now(table, ana, "en")
            seen["turn start"] += 1
        move = greedy_move(game)
        old_live, before = live_table(table.thread), len(requests)
        await make(table, move, by_button=step % 2 == 0)
        seen[kind_of(move)] += 1
        after = await table.game()
        if after.hand_number > 1 or after.phase == "over":  # she or a computer ended it
            await check_hand_end(table, old_live, requests[before:])
            seen["hand end"] += 1
        elif after.turn == ana and after.hand_number == 1 and not isinstance(move, Discard):
            assert await shown(turn_message(table, ana), "hand.png") == \
                await hand_now(table, ana, "en"), (step, move)
            seen["hand after a move"] += 1
    assert seen["turn start"] > 3 and seen["hand after a move"] > 3, seen
    assert seen["hand end"] == 1, seen
