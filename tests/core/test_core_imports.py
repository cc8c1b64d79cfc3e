"""The rules core stands alone: importing every module of ``wizard_core`` loads no Discord, no database,
no asyncio and nothing of the bot, so a terminal program or a simulation can use it as well."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
FORBIDDEN = ("discord", "aiosqlite", "asyncio", "cogs", "bot")

# Run in a fresh interpreter: the test process itself has loaded pytest plugins, the bot and asyncio.
IMPORT_EVERYTHING = """
import importlib, json, pkgutil, sys
import wizard_core
modules = ["wizard_core"]
for info in pkgutil.walk_packages(wizard_core.__path__, "wizard_core."):
    importlib.import_module(info.name)
    modules.append(info.name)
forbidden = set(sys.argv[1:])
loaded = sorted(name for name in sys.modules if name.split(".")[0] in forbidden)
print(json.dumps({"modules": modules, "loaded": loaded}))
"""


def test_every_module_of_the_core_imports_no_discord_database_asyncio_or_bot() -> None:
    done = subprocess.run(
        [sys.executable, "-c", IMPORT_EVERYTHING, *FORBIDDEN],
        capture_output=True,
        text=True,
        check=False,
        cwd=ROOT,
    )
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    # The walk reached the subpackage and the modules the bot and the computer players rely on.
    assert {"wizard_core.game", "wizard_core.views", "wizard_core.ai", "wizard_core.ai.sim"} <= set(
        report["modules"]
    )
    assert report["loaded"] == [], f"importing wizard_core loaded {report['loaded']}"
