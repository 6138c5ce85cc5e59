"""What the store keeps to itself: a database password never shows (in any form of URL, in
a log line, an error line or the settings' repr), and the SQLite file and its -wal/-shm
files are readable by their owner only."""

from __future__ import annotations

import logging
import os
import stat
from pathlib import Path

import pytest

from bot.discord_ui.config import Settings
from bot.discord_ui.run import setup_logging
from bot.store import Store
from bot.store.backends import database_failure
from bot.store.database import is_postgres, redacted

SECRET = "s3cr3t-Pa55"
URLS = [
    f"postgresql://canasta:{SECRET}@db.example/canasta",
    f"postgres://canasta:{SECRET}@db.example:5432/canasta?sslmode=require",
    f"POSTGRESQL://canasta:{SECRET}@db.example/canasta",
    f"PostgreSQL://canasta:{SECRET}@db.example/canasta",
    f"postgresql://canasta@db.example/canasta?password={SECRET}",
    f"postgresql://canasta@db.example/canasta?sslmode=verify-full&password={SECRET}&x=1",
    f"postgresql://canasta@db.example/canasta?sslpassword={SECRET}",
    f"postgresql://canasta@db.example/canasta?PASSWORD={SECRET}",
    f"postgresql:///canasta?host=/run/postgresql&password={SECRET}",
    f"postgresql://canasta:{SECRET.replace('-', '%2D')}@db.example/canasta",
]


@pytest.mark.parametrize("url", URLS)
def test_every_form_of_url_is_masked(url: str) -> None:
    shown = redacted(url)
    assert SECRET not in shown and SECRET.replace("-", "%2D") not in shown, shown
    assert "***" in shown and ("db.example" in shown or "/run/postgresql" in shown)
    assert shown.lower().startswith(("postgresql://", "postgres://")) and is_postgres(url)


@pytest.mark.parametrize("url", URLS)
def test_the_settings_repr_and_the_start_failure_line_mask_it(url: str) -> None:
    assert SECRET not in repr(Settings(database=url))
    failure = database_failure(OSError(f"cannot reach {url}"), url)
    assert failure is not None and SECRET not in failure


def test_a_log_line_that_holds_the_password_shows_it_masked(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from bot.store.database import database_secrets

    url = URLS[4]
    root = logging.getLogger()
    saved = root.handlers[:], root.level
    try:
        setup_logging("INFO", "token-value", *database_secrets(url))
        logging.getLogger("bot.test").error("asyncpg said: bad password %s for %s", SECRET, url)
        out = capsys.readouterr().out
    finally:
        root.handlers[:], _ = saved
        root.setLevel(saved[1])
    assert SECRET not in out and "bad password" in out


def test_what_is_not_a_secret_is_shown_as_it_was_written() -> None:
    assert redacted("postgresql:///canasta?host=/run/postgresql&password=x") == (
        "postgresql:///canasta?host=/run/postgresql&password=***")
    assert redacted("postgresql://canasta@db:5432/canasta?sslmode=require") == (
        "postgresql://canasta@db:5432/canasta?sslmode=require")


def test_a_sqlite_path_is_shown_as_it_is() -> None:
    from bot.store.database import database_secrets

    assert redacted("./canasta.sqlite3") == "./canasta.sqlite3"
    assert database_secrets("./canasta.sqlite3") == ()


@pytest.mark.skipif(os.name != "posix", reason="file modes are POSIX")
async def test_the_database_files_are_the_owners_only(tmp_path: Path) -> None:
    path = tmp_path / "data" / "canasta.sqlite3"
    old = os.umask(0o022)
    try:
        store = await Store.open(str(path))
        try:
            await store.set_player_language("1", "ru")  # a write: the WAL and its index exist
            files = [path, Path(f"{path}-wal"), Path(f"{path}-shm")]
            modes = {f.name: stat.S_IMODE(f.stat().st_mode) for f in files if f.exists()}
        finally:
            await store.close()
    finally:
        os.umask(old)
    assert len(modes) == 3 and set(modes.values()) == {0o600}, modes
