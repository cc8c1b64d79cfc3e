"""The benchmarks keep working as the code under them changes: each small run ends well and prints its
figures (they are measured by hand; see the README's Benchmarks section)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def run(script: str, *args: str) -> str:
    done = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / script), *args],
        capture_output=True,
        text=True,
        timeout=240,
        cwd=ROOT,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return done.stdout


def test_the_restore_benchmark_restores_every_game_as_a_full_replay_would() -> None:
    out = run("restore_bench.py", "--games", "12", "--repeat", "1")
    assert "12 running games" in out
    assert "checked: 12 restored games equal a full replay of their logs" in out
    for label in ("open_tables", "restore", "then servers' settings", "per table: together"):
        assert re.search(rf"{re.escape(label)}\s+wall best\s+\d+\.\d{{3}} s", out), (label, out)
