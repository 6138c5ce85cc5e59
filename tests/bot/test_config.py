"""Settings and the run command's start-up."""

from __future__ import annotations

import json
import logging
import os
import re
import socket
import subprocess
import sys
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import discord
import discord.voice_client
import pytest

from bot.__main__ import main
from bot.discord_ui.config import Settings, load_settings
from bot.discord_ui.run import setup_logging

ROOT = Path(__file__).resolve().parents[2]


def test_without_a_token_the_run_command_says_how_to_get_one(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
    env["PYTHONPATH"] = str(ROOT)
    done = subprocess.run([sys.executable, "-m", "bot"], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode != 0
    output = done.stdout + done.stderr
    assert "Traceback" not in output
    assert output.strip().count("\n") == 0 and "DISCORD_TOKEN" in output
    assert "discord.com/developers/applications" in output


def test_settings_come_from_dotenv_with_defaults(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    for name in ("DISCORD_TOKEN", "DATABASE", "DEV_GUILD_ID", "LOG_LEVEL", "DEFAULT_VARIANT",
                 "DEFAULT_LANGUAGE"):
        monkeypatch.delenv(name, raising=False)
    env_file = tmp_path / ".env"
    env_file.write_text("DISCORD_TOKEN=abc.def.ghi\nDEV_GUILD_ID=1234\nLOG_LEVEL=debug\n")
    try:
        settings = load_settings(env_file)
    finally:  # load_dotenv writes into os.environ: leave nothing behind
        for name in ("DISCORD_TOKEN", "DEV_GUILD_ID", "LOG_LEVEL"):
            os.environ.pop(name, None)
    assert settings.token == "abc.def.ghi" and settings.dev_guild_id == 1234
    assert settings.log_level == "DEBUG" and settings.database == "./canasta.sqlite3"
    assert settings.default_variant == "classic" and settings.default_language == "en"
    assert "abc.def.ghi" not in repr(settings)


def test_the_token_never_reaches_the_log(capsys: pytest.CaptureFixture[str]) -> None:
    root = logging.getLogger()
    saved = root.handlers[:], root.level
    try:
        setup_logging("INFO", "secret-token-value")
        logging.getLogger("discord").info("logging in using static token %s", "secret-token-value")
        out = capsys.readouterr().out
    finally:
        root.handlers[:], level = saved
        root.setLevel(level)
    assert "secret-token-value" not in out and "[token]" in out
    assert Settings(token="x").require_token() == "x"


def test_ai_delay_setting(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("AI_DELAY", raising=False)
    assert load_settings(None).ai_delay == 1.5
    monkeypatch.setenv("AI_DELAY", "0")
    assert load_settings(None).ai_delay == 0.0
    for bad in ("soon", "-1", "3600"):
        monkeypatch.setenv("AI_DELAY", bad)
        with pytest.raises(ValueError, match="AI_DELAY"):
            load_settings(None)


def test_default_language_setting(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DEFAULT_LANGUAGE", "RU")
    assert load_settings(None).default_language == "ru"
    for bad in ("de", "ru-RU", "russian"):
        monkeypatch.setenv("DEFAULT_LANGUAGE", bad)
        with pytest.raises(ValueError, match="DEFAULT_LANGUAGE must be one of en, bg, lt, ru"):
            load_settings(None)


class _RefusesEveryToken(BaseHTTPRequestHandler):
    """A stand-in for Discord's API that answers every request 401 Unauthorized."""

    def do_GET(self) -> None:  # noqa: N802 - the name http.server calls
        body = json.dumps({"message": "401: Unauthorized", "code": 0}).encode()
        self.send_response(401)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002
        pass


@pytest.fixture
def refusing_api() -> Iterator[str]:
    server = ThreadingHTTPServer(("127.0.0.1", 0), _RefusesEveryToken)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/api/v10"
    finally:
        server.shutdown()
        server.server_close()
        thread.join()


def _closed_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _start(api: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
           capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    """Run the run command in this process against `api` instead of discord.com."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DISCORD_TOKEN", "not-a-real-token")
    monkeypatch.setenv("DATABASE", str(tmp_path / "canasta.sqlite3"))
    monkeypatch.setattr(discord.http.Route, "BASE", api)
    # Warn again, as a fresh process would (discord.py warns once per process).
    monkeypatch.setattr(discord.voice_client.VoiceClient, "warn_nacl", True)
    monkeypatch.setattr(discord.voice_client.VoiceClient, "warn_dave", True)
    root = logging.getLogger()
    saved = root.handlers[:], root.level
    try:
        code = main([])  # the run command, no arguments
    finally:
        root.handlers[:], level = saved
        root.setLevel(level)
    out = capsys.readouterr()
    return code, out.out, out.err


def test_a_refused_token_stops_the_bot_with_one_sentence(
    refusing_api: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, err = _start(refusing_api, tmp_path, monkeypatch, capsys)
    assert code != 0
    assert "Traceback" not in out + err
    assert err.strip().count("\n") == 0 and "refused the token" in err and "DISCORD_TOKEN" in err
    assert "voice" not in out + err
    assert "not-a-real-token" not in out + err


def test_no_network_stops_the_bot_with_one_sentence(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, err = _start(f"http://127.0.0.1:{_closed_port()}/api/v10", tmp_path,
                            monkeypatch, capsys)
    assert code != 0
    assert "Traceback" not in out + err
    assert err.strip().count("\n") == 0 and "Could not reach Discord" in err
    assert "network" in err
    assert "voice" not in out + err


def test_shard_settings(monkeypatch: pytest.MonkeyPatch) -> None:
    from discord.ext import commands

    from bot import create_bot
    from bot.discord_ui.config import parse_shard_ids

    monkeypatch.setenv("SHARD_COUNT", "8")
    monkeypatch.setenv("SHARD_IDS", "0-3")
    settings = load_settings(None)
    assert (settings.shard_count, settings.shard_ids) == (8, (0, 1, 2, 3))
    assert parse_shard_ids("4, 6-7,4") == (4, 6, 7)
    bot = create_bot("unused.sqlite3", shard_count=8, shard_ids=(4, 5, 6, 7))
    assert isinstance(bot, commands.AutoShardedBot)
    assert bot.shard_count == 8 and bot.shard_ids == [4, 5, 6, 7]
    shards = bot.own_shards
    assert shards is not None and shards.owns(5 << 22) and not shards.owns(2 << 22)
    plain = create_bot("unused.sqlite3")
    assert not isinstance(plain, commands.AutoShardedBot) and plain.own_shards is None
    for count, ids, problem in (("8", "0-8", "0 to 7"), ("", "1", "needs SHARD_COUNT"),
                                ("two", "", "number of shards"), ("4", "3-1", "backwards"),
                                ("4", "a", "look like")):
        monkeypatch.setenv("SHARD_COUNT", count)
        monkeypatch.setenv("SHARD_IDS", ids)
        with pytest.raises(ValueError, match=problem):
            load_settings(None)


def test_a_database_password_never_reaches_the_log() -> None:
    from bot.store.database import redacted

    url = "postgresql://canasta:s3cret@db.example:5432/canasta"
    assert redacted(url) == "postgresql://canasta:***@db.example:5432/canasta"
    assert redacted("./canasta.sqlite3") == "./canasta.sqlite3"
    assert redacted("postgresql://db.example/canasta") == "postgresql://db.example/canasta"


def test_an_unreachable_postgresql_is_one_sentence_without_the_password() -> None:
    import asyncio

    from bot.discord_ui.run import start_failure
    from bot.store import Store

    url = "postgresql://canasta:s3cret@127.0.0.1:1/canasta"  # nothing listens on port 1
    with pytest.raises(OSError) as refused:
        asyncio.run(Store.open(url))
    failure = start_failure(refused.value, url)
    assert failure is not None and "PostgreSQL" in failure and "s3cret" not in failure
    assert "server is running" in failure


def test_the_env_example_offers_every_variant_and_language() -> None:
    """`.env.example` says which values DEFAULT_VARIANT and DEFAULT_LANGUAGE take: all of
    them (it offered four variants when there were eighteen)."""
    from bot.engine import VARIANTS
    from bot.i18n import LANGUAGES

    text = (ROOT / ".env.example").read_text()
    comments = {key: " ".join(line.lstrip("# ") for line in block.splitlines()
                              if line.startswith("#"))
                for block in text.split("\n\n") for key in ("DEFAULT_VARIANT",
                                                             "DEFAULT_LANGUAGE")
                if f"\n{key}=" in f"\n{block}"}
    words = {key: set(re.findall(r"[a-z_]+", comment)) for key, comment in comments.items()}
    assert set(VARIANTS) <= words["DEFAULT_VARIANT"], set(VARIANTS) - words["DEFAULT_VARIANT"]
    assert set(LANGUAGES) <= words["DEFAULT_LANGUAGE"]


def test_computer_pool_settings(monkeypatch: pytest.MonkeyPatch) -> None:
    from bot.service.thinking import default_processes

    for name in ("COMPUTER_PROCESSES", "COMPUTER_QUEUE"):
        monkeypatch.delenv(name, raising=False)
    settings = load_settings(None)
    assert settings.computer_processes == default_processes() >= 1
    assert settings.computer_queue is None  # twice the processes
    monkeypatch.setenv("COMPUTER_PROCESSES", "0")
    monkeypatch.setenv("COMPUTER_QUEUE", "3")
    settings = load_settings(None)
    assert (settings.computer_processes, settings.computer_queue) == (0, 3)
    for bad in ("-1", "many", "65"):
        monkeypatch.setenv("COMPUTER_PROCESSES", bad)
        with pytest.raises(ValueError, match="COMPUTER_PROCESSES"):
            load_settings(None)


def test_limits_cooldowns_and_expiry_settings(monkeypatch: pytest.MonkeyPatch) -> None:
    names = ("LOBBIES_PER_HOST", "LOBBIES_PER_CHANNEL", "TABLES_PER_SERVER",
             "NEW_TABLE_COOLDOWN", "PICTURE_COOLDOWN", "CLICKS_PER_SECOND", "LOBBY_MINUTES",
             "ABANDON_DAYS")
    for name in names:
        monkeypatch.delenv(name, raising=False)
    settings = load_settings(None)
    assert (settings.lobbies_per_host, settings.lobbies_per_channel,
            settings.tables_per_server) == (2, 5, 50)
    assert (settings.new_table_cooldown, settings.picture_cooldown,
            settings.clicks_per_second) == (30, 10, 3)
    assert (settings.lobby_minutes, settings.abandon_days) == (60, 7)
    for name in names:
        monkeypatch.setenv(name, "0")  # 0: no limit, no cooldown, never
    assert all(getattr(load_settings(None), f) == 0 for f in (
        "lobbies_per_host", "lobbies_per_channel", "tables_per_server", "new_table_cooldown",
        "picture_cooldown", "clicks_per_second", "lobby_minutes", "abandon_days"))
    monkeypatch.setenv("LOBBY_MINUTES", "soon")
    with pytest.raises(ValueError, match="LOBBY_MINUTES"):
        load_settings(None)
    monkeypatch.setenv("LOBBY_MINUTES", "60")
    monkeypatch.setenv("TABLES_PER_SERVER", "-3")
    with pytest.raises(ValueError, match="TABLES_PER_SERVER"):
        load_settings(None)
