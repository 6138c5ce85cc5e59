"""The store, opened on each backend the tests run (`database_url`: SQLite and PostgreSQL)."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from bot.store import Store


@pytest.fixture
async def store(database_url: str) -> AsyncIterator[Store]:
    opened = await Store.open(database_url)
    try:
        yield opened
    finally:
        await opened.close()
