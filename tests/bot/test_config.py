"""Settings and the run command's start-up."""

from __future__ import annotations

import logging
import os
import subprocess
import sys
from pathlib import Path

import pytest

from bot.__main__ import setup_logging
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
