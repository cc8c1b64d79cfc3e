"""Capture the README's pictures of the sandbox page: the table and a hand, as a player sees them.

This starts the sandbox (``cogs/hosting/sandbox.py``, what ``python bot.py sandbox`` runs) on a temporary
database, opens a table with three computers from its member, plays at random until the member is to
play a card a few rounds in, and captures two messages with SimCord's own capture (``Preview.screenshot``):
the table message, and the member's hand with its controls as **Show my hand** shows it. SimCord captures
through Playwright; it is pointed at the Chromium or Chrome installed on this machine (Playwright's own
browser download is not needed). The deal is random, so each run shows another game.

Run: ``.venv/bin/python tools/sandbox_screenshots.py [--browser PATH] [--out FOLDER]``. It needs the
``screenshots`` extra (``.venv/bin/pip install -e '.[screenshots]'``: the sandbox's packages and
Playwright) and a browser (Debian: ``apt install chromium``, with ``fonts-noto-color-emoji`` so that the
robots of the computers' names show in the score tables). Without a browser it says so and exits with
status 1. It writes ``docs/images/sandbox-table.png`` and ``docs/images/sandbox-hand.png``.
"""

from __future__ import annotations

import argparse
import asyncio
import importlib.util
import random
import re
import shutil
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

ROOT = Path(__file__).resolve().parent.parent
OUTPUT = ROOT / "docs" / "images"
BROWSERS = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")
# What a headless Chromium needs to run here as any user, and to stay off the network: the sandbox's page
# is on 127.0.0.1 and nothing else is fetched.
BROWSER_ARGS = (
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
)
VIEWPORT = (960, 1400)
# The member plays a card in this round or later, with a card or more already in the trick.
ROUND = 4
ACT_ID = re.compile(r"wizard:act:\d+:\d+:(?P<code>\d+)")


def find_browser(given: str | None) -> str | None:
    """The browser to capture with: the one given, else the first of ``BROWSERS`` on the PATH."""
    if given is not None:
        return given if Path(given).is_file() else shutil.which(given)
    return next((path for name in BROWSERS if (path := shutil.which(name)) is not None), None)


def missing_modules() -> list[str]:
    """The Python packages the capture needs that are not installed."""
    needed = {"simcord": "simcord", "playwright": "playwright"}
    missing = [package for module, package in needed.items() if importlib.util.find_spec(module) is None]
    if not missing:
        from cogs.hosting.sandbox import missing_packages

        missing = missing_packages()
    return missing


def make_bot(**settings: Any) -> Any:
    """The production bot, its computers moving at once and thinking briefly (the capture waits for
    nobody, and the browser needs the processor)."""
    from bot import create_bot

    return create_bot(**settings, computer_delay=0, computer_budget_ms=100)


async def capture(browser_path: str, out: Path) -> list[Path]:
    """Run the sandbox, play to a good moment, and write the two pictures; their paths."""
    from playwright.async_api import async_playwright

    from cogs.hosting.sandbox import open_sandbox

    async with open_sandbox(make_bot) as sandbox, async_playwright() as playwright:
        browser = await playwright.chromium.launch(executable_path=browser_path, args=list(BROWSER_ARGS))
        # SimCord launches Playwright's own Chromium unless its capture already holds a browser.
        manager = sandbox.preview._capture_manager
        manager._playwright, manager._browser = playwright, browser
        try:
            table, hand = await play_to_a_turn(sandbox, random.Random())
            paths = [out / "sandbox-table.png", out / "sandbox-hand.png"]
            async with sandbox.exclusive():
                for path, target in zip(paths, (table, hand), strict=True):
                    await shoot(sandbox.preview, path, target)
            return paths
        finally:
            manager._playwright = manager._browser = None
            await browser.close()


async def shoot(preview: Any, path: Path, target: Any, tries: int = 2) -> None:
    """Capture one message; a busy machine can miss SimCord's 30-second readiness deadline, so once more."""
    from simcord import SetupError

    for attempt in range(tries):
        try:
            await preview.screenshot(path, target=target, viewport=VIEWPORT, allow_incomplete=True)
            return
        except SetupError as error:
            if attempt + 1 == tries or "deadline" not in str(error):
                raise
            print(f"capture of {path.name} timed out; trying again", file=sys.stderr)


async def play_to_a_turn(sandbox: Any, rng: random.Random) -> tuple[Any, Any]:
    """Open a table with three computers and play at random until the member is to play a card in round
    ``ROUND`` or later with the trick begun; the table message and the Show my hand reply then."""
    from cogs.table.registry import OpenTables
    from wizard_core import Phase

    member, channel = sandbox.member, sandbox.channel
    async with sandbox.exclusive():
        lobby = await member.slash(channel, "wizard new")
        for level in ("Easy", "Medium", "Hard"):
            await member.click(lobby.response, label=f"+ {level} computer")
        await member.click(lobby.response, label="Start")
    table = sandbox.bot.service(OpenTables).in_channel(channel.id).table
    while True:
        await asyncio.sleep(0.05)
        game = table.game
        if table.status != "playing" or 0 not in game.to_act:
            continue
        if game.round_number >= ROUND and game.phase is Phase.PLAY and game.current_trick().plays:
            # The table message is brought up to date at most once a second: let it catch up.
            await asyncio.sleep(1.5)
            async with sandbox.exclusive():
                message = await table_message(sandbox, table.message_id)
                return message, await member.click(message, label="Show my hand")
        async with sandbox.exclusive():
            shown = await member.click(await table_message(sandbox, table.message_id), label="Show my hand")
            await member.click(shown.response, custom_id=choose(shown.response, game.legal_actions(0), rng))


async def table_message(sandbox: Any, message_id: int) -> Any:
    """The table message, as SimCord's actors click it."""
    from simcord import ResponseMessage

    return ResponseMessage(sandbox.env, sandbox.env.backend.get_message(sandbox.channel.id, message_id))


def choose(message: Any, legal: list[int], rng: random.Random) -> str:
    """One of the message's enabled controls whose action is legal now."""
    from simcord.components import walk_components

    ids = [
        item["custom_id"]
        for item in walk_components(message.components)
        if item.get("custom_id") and not item.get("disabled")
    ]
    return rng.choice([cid for cid in ids if (m := ACT_ID.fullmatch(cid)) and int(m["code"]) in legal])


def main(argv: list[str]) -> int:
    """Check what the capture needs, then capture; the exit status."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--browser", help="a Chromium or Chrome executable (default: the first on the PATH)")
    parser.add_argument("--out", type=Path, default=OUTPUT, help="where to write the pictures")
    arguments = parser.parse_args(argv)
    browser = find_browser(arguments.browser)
    if browser is None:
        looked = arguments.browser or ", ".join(BROWSERS)
        print(
            f"No browser to capture with (looked for {looked}). Install Chromium or Chrome "
            "(Debian: apt install chromium) or pass --browser PATH.",
            file=sys.stderr,
        )
        return 1
    missing = missing_modules()
    if missing:
        print(
            f"The capture needs {', '.join(missing)}: run .venv/bin/pip install -e '.[screenshots]'.",
            file=sys.stderr,
        )
        return 1
    arguments.out.mkdir(parents=True, exist_ok=True)
    for path in asyncio.run(capture(browser, arguments.out)):
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
