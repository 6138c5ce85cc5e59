"""Fixtures for end-to-end tests: the real bot on a temporary database, driven by simcord."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import pytest
import simcord.http.router
from canasta_table import SEED
from discord_payloads import problems

from bot import create_bot
from bot.discord_ui.client import CanastaBot


@pytest.fixture(autouse=True)
def every_send_within_discord_limits(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """Check every REST request the bot makes in the test (simcord's HTTP client and its
    interaction webhook adapter both hand each request to `router.dispatch`): content,
    labels, options and choices within Discord's limits, and allowed_mentions that ping
    only the users the bot names. Fails the test at teardown, so no `except` can hide it."""
    found: list[str] = []
    dispatch = simcord.http.router.dispatch

    def checked(backend: Any, method: str, path: str, **kwargs: Any) -> Any:
        for problem in problems(method, path, kwargs.get("json")):
            found.append(f"{method} {path}: {problem}")
        return dispatch(backend, method, path, **kwargs)

    monkeypatch.setattr(simcord.http.router, "dispatch", checked)
    yield found
    assert not found, "the bot sent what Discord refuses or pings unmeant people:\n" + "\n".join(
        found[:20])


@pytest.fixture
def db_path(tmp_path: Path) -> str:
    return str(tmp_path / "canasta.sqlite3")


@pytest.fixture
async def simcord_bot(db_path: str) -> AsyncIterator[CanastaBot]:
    bot = create_bot(db_path, seed=SEED, ai_delay=0)
    try:
        yield bot
    finally:
        await bot.close_store()
