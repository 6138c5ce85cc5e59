"""Databases for the tests: SQLite files, and a real PostgreSQL server started once per run
from the machine's binaries (tests/pg_server.py) with a fresh database for each test."""

from __future__ import annotations

import itertools
import os
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import asyncpg
import pytest

from tests import pg_server

_numbers = itertools.count(1)


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[pg_server.Server]:
    if pg_server.binaries() is None:
        if os.environ.get("CI"):
            pytest.fail("no PostgreSQL binaries: .ci/run installs Debian's postgresql package")
        pytest.skip("no PostgreSQL binaries (initdb, pg_ctl) on this machine")
    server = pg_server.start()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture
async def postgres_url(postgres_server: pg_server.Server) -> AsyncIterator[str]:
    """An empty database of its own on the shared server; dropped after the test."""
    name = f"test_{os.getpid()}_{next(_numbers)}"
    admin = await asyncpg.connect(postgres_server.url())
    try:
        await admin.execute(f'CREATE DATABASE "{name}"')
    finally:
        await admin.close()
    yield postgres_server.url(name)
    admin = await asyncpg.connect(postgres_server.url())
    try:
        await admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    finally:
        await admin.close()


@pytest.fixture(params=["sqlite", "postgresql"])
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """The DATABASE setting of each backend in turn: a SQLite file, a PostgreSQL URL."""
    if request.param == "sqlite":
        return str(tmp_path / "canasta.sqlite3")
    return str(request.getfixturevalue("postgres_url"))
