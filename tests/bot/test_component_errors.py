"""Buttons, menus and the meld form that fail: an empty or stale choice in a menu, or any
error behind a control, gets a private answer (never Discord's "This interaction failed"),
and the log has the failure once, without what the member typed."""

from __future__ import annotations

import logging
from typing import Any

import discord
import pytest
import simcord
from canasta_table import Table, open_table
from simcord.actors import _component_interaction, _visible_message


def turn_message(table: Table, player: str) -> discord.Message:
    return table.member(player).user.dm_channel.history()[-1]


def menu(message: discord.Message, verb: str) -> Any:
    items = [i for row in message.components for i in getattr(row, "children", [])]
    return next(i for i in items if (getattr(i, "custom_id", None) or "").endswith(f":{verb}"))


async def choose(user: simcord.UserHandle, message: discord.Message, custom_id: str,
                 values: list[str]) -> simcord.InteractionResult:
    """A menu choice as Discord may deliver it, whatever the menu offers (simcord's own
    `select` refuses an empty or unknown value before the bot sees it)."""
    stored = _visible_message(user, message)
    return await _component_interaction(user, stored, {
        "custom_id": custom_id, "component_type": discord.ComponentType.select.value,
        "values": values})


def private_text(result: simcord.InteractionResult) -> str:
    replies = ([result.response] if result.response is not None else []) + result.followups
    assert replies, "the interaction was not answered"
    assert all(r.ephemeral for r in replies), [r.content for r in replies]
    return replies[-1].content


async def at_play(table: Table) -> str:
    """The player to act draws; returns their id."""
    player = (await table.game()).turn
    drawn = await table.member(player).slash(table.thread, "draw")
    assert drawn.acknowledged
    return player


async def test_an_empty_or_stale_menu_choice_gets_a_private_answer(
    simcord_env: simcord.Env, caplog: pytest.LogCaptureFixture,
) -> None:
    table = await open_table(simcord_env, players=2, timer=0)
    player = await at_play(table)
    user = table.member(player).user
    panel = turn_message(table, player)
    before = (await table.bot.store.game(table.game_id)).version  # type: ignore[union-attr]
    caplog.set_level(logging.INFO)

    for verb in ("discard", "meld"):
        custom_id = menu(panel, verb).custom_id
        empty = private_text(await choose(user, panel, custom_id, []))
        assert "choose" in empty.lower() and "went wrong" not in empty, empty
        stale = private_text(await choose(user, panel, custom_id, ["ZZ my secret ZZ"]))
        assert stale.startswith("Not allowed"), stale

    after = (await table.bot.store.game(table.game_id)).version  # type: ignore[union-attr]
    assert after == before
    assert not [r for r in caplog.records if r.levelno >= logging.WARNING]


async def test_an_error_behind_a_button_a_menu_or_the_meld_form_is_answered_privately(
    simcord_env: simcord.Env, caplog: pytest.LogCaptureFixture,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    table = await open_table(simcord_env, players=2, timer=0)
    player = await at_play(table)
    user = table.member(player).user
    panel = turn_message(table, player)
    caplog.set_level(logging.INFO)
    typed = "ZZ my secret ZZ"  # what a member typed, quoted by an error's message

    async def broken(*args: Any, **kwargs: Any) -> Any:
        raise RuntimeError(f"the database fell over near {typed}")

    monkeypatch.setattr(table.bot.service, "act", broken)
    card = menu(panel, "discard").options[0].value
    discard = menu(panel, "discard").custom_id
    said = private_text(await user.select(panel, [card], custom_id=discard))
    assert "Something went wrong" in said, said

    # The meld form ("Type it"): the form opens, its submission fails, the answer is private.
    shown = await user.select(panel, ["type"], custom_id=menu(panel, "meld").custom_id)
    assert shown.modal is not None
    monkeypatch.setattr(table.bot.service, "hand", broken)
    submitted = await user.submit_modal(shown, {"groups": typed})
    assert "Something went wrong" in private_text(submitted)

    # A lobby button.
    guild_table = await open_table(simcord_env, players=2, start=False)
    monkeypatch.setattr(table.bot.service, "start", broken)
    started = await guild_table.members[0].click(guild_table.channel.history()[0], label="Start")
    assert "Something went wrong" in private_text(started)

    failures = [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert len(failures) == 3, [r.getMessage() for r in failures]  # once each
    for record in caplog.records:
        assert "secret" not in record.getMessage()
        assert "secret" not in (logging.Formatter().format(record))
