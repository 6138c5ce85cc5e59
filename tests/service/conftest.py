"""The service over a real SQLite file, as the service tests use it."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.service import GameService
from bot.store import Store


@pytest.fixture
def seed() -> int:
    """The service's seed (a test module may ask for another)."""
    return 5


@pytest.fixture
async def service(tmp_path: Path, seed: int) -> AsyncIterator[GameService]:
    store = await Store.open(str(tmp_path / "service.sqlite3"))
    try:
        yield GameService(store, seed=seed)
    finally:
        await store.close()
