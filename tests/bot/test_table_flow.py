"""The table as people feel it: one turn DM with the controls, a quiet thread with one live
table message, and whole hands and a whole match played with buttons and menus alone."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import discord
import simcord
from canasta_table import Table, live_table, open_mixed_table, play_one

from bot.engine import Game

PERSON = ["human", "normal", "normal", "normal"]


def _items(message: Any) -> list[Any]:
    """The components of a message (discord.py objects) or of a simcord reply (dicts)."""
    out = []
    for row in message.components:
        out += row.get("components", []) if isinstance(row, dict) else row.children
    return out


def _cid(item: Any) -> str:
    return (item.get("custom_id") if isinstance(item, dict) else item.custom_id) or ""


def custom_id(message: Any, verb: str) -> str | None:
    return next((_cid(i) for i in _items(message) if _cid(i).endswith(f":{verb}")), None)


def options(message: discord.Message, verb: str) -> list[str]:
    for row in message.components:
        for item in getattr(row, "children", []):
            if (getattr(item, "custom_id", None) or "").endswith(f":{verb}"):
                return [o.value for o in item.options]
    return []


def turn_message(table: Table, member: simcord.MemberActor) -> discord.Message:
    return member.user.dm_channel.history()[-1]


async def click_move(table: Table, member: simcord.MemberActor) -> str:
    """The person makes a greedy move with the controls of the turn message alone; returns
    which control was used."""
    panel = turn_message(table, member)
    game = await table.game()
    user = member.user  # the turn message is a DM: clicked as the user
    if game.phase == "draw":
        if custom_id(panel, "take"):
            result = await user.click(panel, custom_id=custom_id(panel, "take"))
            verb = "take"
        elif custom_id(panel, "takes"):
            result = await user.select(panel, [options(panel, "takes")[0]],
                                         custom_id=custom_id(panel, "takes"))
            verb = "takes"
        else:
            result = await user.click(panel, label="Draw")
            verb = "draw"
    else:
        melds = [v for v in options(panel, "meld") if v != "type"]
        if melds:
            result = await user.select(panel, [melds[0]], custom_id=custom_id(panel, "meld"))
            verb = "meld"
        else:
            cards = options(panel, "discard")
            result = await user.select(panel, [cards[-1]],
                                         custom_id=custom_id(panel, "discard"))
            verb = "discard"
    texts = [r.content for r in ([result.response] if result.response else [])
             + result.followups]
    assert not any(t.startswith("Not allowed") for t in texts), (verb, texts)
    return verb


async def test_a_whole_hand_with_buttons_and_menus_only(simcord_env: simcord.Env) -> None:
    table = await open_mixed_table(simcord_env, PERSON, timer=0)
    ana = table.members[0]
    me = str(ana.id)
    used: set[str] = set()
    clicks_in_turn = 0
    ordinary = []
    for _ in range(400):
        game = await table.game()
        if game.hand_number > 1 or game.phase == "over":
            break
        assert game.turn == me
        verb = await click_move(table, ana)
        used.add(verb)
        clicks_in_turn += 1
        if verb == "discard" or (await table.game()).turn != me:
            ordinary.append(clicks_in_turn)
            clicks_in_turn = 0
    else:
        raise AssertionError("the hand did not end")
    assert {"draw", "discard"} <= used and used & {"meld", "take", "takes"}, used
    assert min(ordinary) == 2 and max(ordinary) >= 3  # draw, (meld,) discard
    assert any(m.content.startswith("Hand 1 is over") for m in table.thread.history())
    # Every control is answered by the DynamicItems registered at start-up: discord.py keeps
    # none of the dozens of turn messages' views (it would, for the life of the process).
    assert not table.bot._connection._view_store._views  # noqa: SLF001


async def test_a_whole_hand_with_slash_commands_only(simcord_env: simcord.Env) -> None:
    table = await open_mixed_table(simcord_env, PERSON, timer=0)
    for _ in range(400):
        game = await table.game()
        if game.hand_number > 1 or game.phase == "over":
            break
        result = await play_one(table)
        assert not result.response.content.startswith("Not allowed"), result.response.content
    else:
        raise AssertionError("the hand did not end")
    assert any(m.content.startswith("Hand 1 is over") for m in table.thread.history())


async def test_an_old_panel_refuses_and_only_the_seat_player_may_use_it(
    simcord_env: simcord.Env,
) -> None:
    table = await open_mixed_table(simcord_env, ["human", "human"], timer=0)
    ana, bo = table.members
    game = await table.game()
    first, second = (ana, bo) if game.turn == str(ana.id) else (bo, ana)
    shown = await first.slash(table.thread, "hand")  # the same panel, privately
    private = [*([shown.response] if shown.response else []), *shown.followups][-1]
    assert private.ephemeral and custom_id(private, "draw")
    old = turn_message(table, first)
    assert custom_id(old, "draw") and "Your turn" in old.content
    await first.user.click(old, label="Draw")
    panel = turn_message(table, first)
    assert panel.id == old.id and not custom_id(panel, "draw")  # the same message, edited
    card = options(panel, "discard")[-1]
    await first.user.select(panel, [card], custom_id=custom_id(panel, "discard"))
    closed = turn_message(table, first)
    assert not closed.components and "turn is over" in closed.content
    # The next turn is the other person's: one new DM with the controls.
    new = turn_message(table, second)
    assert "Your turn" in new.content and custom_id(new, "draw")
    # The first turn's private panel is old now: its Draw refuses politely.
    stale = await first.click(private, label="Draw")
    texts = [r.content for r in ([stale.response] if stale.response else []) + stale.followups]
    assert stale.ephemeral and any("turn that is over" in t for t in texts), texts
    assert (await table.game()).turn == str(second.id)
    assert len(second.user.dm_channel.history()) == 1


async def test_autocomplete_proposes_whole_melds(simcord_env: simcord.Env) -> None:
    table = await open_mixed_table(simcord_env, PERSON, timer=0)
    ana = table.members[0]
    me = str(ana.id)
    for _ in range(200):
        game = await table.game()
        assert game.hand_number == 1
        if game.phase == "play" and any(
                type(a).__name__ == "Meld" and a.groups for a in game.legal_actions(me)):
            break
        await click_move(table, ana)
    meld = next(a for a in game.legal_actions(me) if type(a).__name__ == "Meld" and a.groups)
    rank = meld.groups[0][0][:-1]
    rank = "10" if rank == "10" else rank
    offered = await ana.autocomplete(table.thread, "meld", "groups", rank + rank)
    values = [c["value"] for c in offered]
    whole = [v for v in values if len(v.split()) >= 3 and v.split()[0][:-1] == rank]
    assert whole, values  # whole melds of that rank, not single cards
    # "Type it" in the Meld menu opens a box that reads the same words as /meld.
    panel = turn_message(table, ana)
    shown = await ana.user.select(panel, ["type"], custom_id=custom_id(panel, "meld"))
    done = await ana.user.submit_modal(shown, {"groups": whole[0]})
    texts = [r.content for r in ([done.response] if done.response else []) + done.followups]
    assert texts and not any(t.startswith("Not allowed") for t in texts), texts
    assert (await table.actions()) > 0 and len((await table.game()).hand(me)) < len(
        game.hand(me))


@dataclass
class Record:
    turn_starts: int = 0
    turn_dms: list[int] = field(default_factory=list)  # new DMs per own turn
    extra_posts: list[list[str]] = field(default_factory=list)  # per round
    draw_posts: int = 0


def is_attention(post: discord.Message) -> bool:
    """New hand, question, hand end, match end."""
    text = post.content
    return ("is dealt" in text or "may I go out?" in text or text.startswith("Hand ")
            or "Game over" in text)


async def test_a_recorded_match_is_quiet(simcord_env: simcord.Env) -> None:
    table = await open_mixed_table(simcord_env, PERSON, timer=0, target=500)
    ana = table.members[0]
    me = str(ana.id)
    record = Record()
    thread_seen = len(table.thread.history())
    dms_seen = 0
    for _ in range(3000):
        game: Game = await table.game()
        if game.phase == "over":
            break
        assert game.turn == me and game.phase == "draw"
        # A turn starts: one new DM, "your turn", with the controls.
        dms = ana.user.dm_channel.history()
        record.turn_dms.append(len(dms) - dms_seen)
        dms_seen = len(dms)
        assert "Your turn" in dms[-1].content and custom_id(dms[-1], "draw"), dms[-1].content
        record.turn_starts += 1
        posts = table.thread.history()
        record.extra_posts.append([m.content for m in posts[thread_seen:]
                                   if not is_attention(m)])
        thread_seen = len(posts)
        while (await table.game()).turn == me and (await table.game()).phase != "over":
            before = len(table.thread.history())
            verb = await click_move(table, ana)
            if verb == "draw":
                record.draw_posts += len(table.thread.history()) - before
            hand = (await table.game()).hand_number
            if verb == "discard" or hand != game.hand_number:
                break
    else:
        raise AssertionError("the match did not end")
    over = table.thread.history()[-1]
    assert "Game over" in over.content
    assert record.turn_starts > 3
    assert all(n == 1 for n in record.turn_dms), record.turn_dms
    assert all(len(extra) <= 1 for extra in record.extra_posts), record.extra_posts
    assert record.draw_posts == 0
    assert live_table(table.thread).attachments


async def test_moves_without_a_question_do_not_look_for_its_prompt(
        simcord_env: simcord.Env) -> None:
    """The "may I go out?" prompt is looked up only once a question was asked in the hand
    (or a hand ended): one database read fewer on almost every move."""
    table = await open_mixed_table(simcord_env, ["human", "human"], timer=0)
    store = table.bot.store
    real = store.message
    kinds: list[str] = []

    async def spied(game_id: int, kind: str) -> tuple[int, int] | None:
        kinds.append(kind)
        return await real(game_id, kind)

    store.message = spied  # type: ignore[method-assign]
    for _ in range(6):
        result = await play_one(table)
        assert not result.response.content.startswith("Not allowed"), result.response.content
    assert "table" in kinds and "question" not in kinds
