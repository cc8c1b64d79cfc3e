"""`python bot.py` without a token explains how to get one, and exits without a traceback."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

BOT = Path(__file__).resolve().parents[2] / "bot.py"


def run_bot(cwd: Path, *arguments: str, **extra_env: str) -> subprocess.CompletedProcess[str]:
    # No DISCORD_TOKEN or WIZARD_* from the developer's shell, and a working directory without a .env:
    # the bot reads .env from its working directory only, never from the repository.
    env = {
        key: value
        for key, value in os.environ.items()
        if key != "DISCORD_TOKEN" and not key.startswith("WIZARD_")
    }
    env.update(extra_env)
    return subprocess.run(
        [sys.executable, str(BOT), *arguments],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


def test_missing_token_prints_guidance(tmp_path: Path) -> None:
    result = run_bot(tmp_path)
    output = result.stdout + result.stderr

    assert result.returncode == 1
    assert "Traceback" not in output
    assert "DISCORD_TOKEN" in output
    assert "https://discord.com/developers/applications" in output
    assert "`bot`" in output
    assert "applications.commands" in output
    assert "scope=bot+applications.commands&permissions=117760" in output
    assert not (tmp_path / "data").exists()  # nothing is created before there is a token


def test_bad_setting_is_one_line_and_exit_code_2(tmp_path: Path) -> None:
    result = run_bot(tmp_path, WIZARD_LOG_LEVEL="LOUD")

    assert result.returncode == 2
    [line] = result.stderr.strip().splitlines()
    assert line.startswith("Configuration error: WIZARD_LOG_LEVEL must be one of DEBUG, INFO, WARNING")
    assert line.endswith(", got 'LOUD'")


def test_version_needs_no_token(tmp_path: Path) -> None:
    result = run_bot(tmp_path, "--version")

    assert result.returncode == 0
    assert result.stderr == ""
    assert re.fullmatch(r"wizard-discord-bot \d+\.\d+\.\d+\n", result.stdout)
    assert not (tmp_path / "data").exists()
