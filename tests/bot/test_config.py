"""Settings and the run command's start-up."""

from __future__ import annotations

import json
import logging
import os
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

from bot.__main__ import main, setup_logging
from bot.config import Settings, load_settings

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
