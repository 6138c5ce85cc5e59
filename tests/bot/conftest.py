"""Fixtures for end-to-end tests: the real bot on a temporary database, driven by simcord."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from canasta_table import SEED

from bot import create_bot
from bot.client import CanastaBot


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
