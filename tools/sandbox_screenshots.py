"""Capture the README's pictures of the sandbox page: the table, a hand in English and in German, and a
step of a replay, as a player sees them.

This starts the sandbox (``cogs/hosting/sandbox.py``, what ``python bot.py sandbox`` runs) on a temporary
database, opens a table with three computers from its member and plays at random until the member is to
play a card a few rounds in, with a choice to make: some of their cards may be played and some may not.
It captures with SimCord's own capture (``Preview.screenshot``) the table message, then the member's hand
as **Show my hand** shows it, once for each client language asked for (``--locale``; the member switches
with the sandbox's ``/sandbox language``, as on the page). It then plays the game to its end and opens
``/wizard replay`` of it, goes to trick 3 of round 5 and captures that step. SimCord captures through
Playwright; it is pointed at the Chromium or Chrome installed on this machine (Playwright's own browser
download is not needed). The deal is random, so each run shows another game.

Run: ``.venv/bin/python tools/sandbox_screenshots.py [--browser PATH] [--out FOLDER] [--locale en-US|de
...] [--quick]``. It needs the ``screenshots`` extra (``.venv/bin/pip install -e '.[screenshots]'``: the
sandbox's packages and Playwright) and a browser (Debian: ``apt install chromium``, with
``fonts-noto-color-emoji`` so that the robots of the computers' names show). Without a browser it says so
and exits with status 1. It writes ``docs/images/sandbox-table.png``, ``sandbox-hand.png`` (English),
``sandbox-hand-de.png`` (German) and ``replay-step.png`` (in the first ``--locale``; ``replay-step-de.png``
when that is German). ``--quick`` plays Quick play (8 rounds instead of 15). A whole game takes about a
minute: the computers move at once and think briefly.
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
# The replay's step captured: this trick of this round (the menu of rounds, then Next trick).
REPLAY_ROUND, REPLAY_TRICK = 5, 3
# The member's client languages whose hand is captured by default, all that the sandbox offers
# (``CLIENT_LOCALES`` of cogs/hosting/sandbox.py, not imported here before the packages are checked).
LOCALES = ("en-US", "de")
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
    """The production bot, its computers moving at once and thinking briefly, every change of the table
    shown at once (the capture waits for nobody, and the browser needs the processor). The computers think
    and the pictures are drawn in threads of this process, as in the tests: no worker processes to start
    on a busy machine while SimCord waits for the bot to settle."""
    from bot import create_bot

    return create_bot(
        **settings,
        computer_delay=0,
        computer_budget_ms=100,
        computer_processes=0,
        picture_processes=0,
        table_edit_interval=0,
    )


async def capture(browser_path: str, out: Path, locales: list[str], quick: bool) -> list[Path]:
    """Run the sandbox with a browser for SimCord's capture and take the pictures; their paths."""
    from playwright.async_api import async_playwright

    from cogs.hosting.sandbox import open_sandbox

    async with open_sandbox(make_bot, locale=locales[0]) as sandbox, async_playwright() as playwright:
        browser = await playwright.chromium.launch(executable_path=browser_path, args=list(BROWSER_ARGS))
        # SimCord launches Playwright's own Chromium unless its capture already holds a browser.
        manager = sandbox.preview._capture_manager
        manager._playwright, manager._browser = playwright, browser
        try:
            return await take_pictures(sandbox, out, locales, quick, random.Random())
        finally:
            manager._playwright = manager._browser = None
            await browser.close()


async def take_pictures(
    sandbox: Any, out: Path, locales: list[str], quick: bool, rng: random.Random
) -> list[Path]:
    """Play to a good moment and capture the table and the hand in each locale, then play to the end and
    capture the replay's step; the pictures' paths. The sandbox's member speaks ``locales[0]`` at first."""
    table = await open_table(sandbox, quick)
    await play_until(sandbox, table, rng, a_choice_in_a_trick)
    paths = [out / "sandbox-table.png"]
    async with sandbox.exclusive():
        await shoot(sandbox.preview, paths[0], await table_message(sandbox, table.message_id))
    for locale in locales:
        paths.append(await shoot_hand(sandbox, table, locale, out))
    if sandbox.world.locale != locales[0]:
        await speak(sandbox, locales[0])
    await play_until(sandbox, table, rng, None)
    paths.append(await shoot_replay(sandbox, table.id, out / named("replay-step", locales[0])))
    return paths


def named(stem: str, locale: str) -> str:
    """A picture's file name: an English one plain, another language's with its locale."""
    return f"{stem}.png" if locale.lower().startswith("en") else f"{stem}-{locale}.png"


async def speak(sandbox: Any, locale: str) -> None:
    """Switch the member's client language as they would on the page, with ``/sandbox language``."""
    async with sandbox.exclusive():
        switched = await sandbox.member.slash(sandbox.channel, "sandbox language", language=locale)
    assert switched.ephemeral and sandbox.world.locale == locale, switched


async def shoot_hand(sandbox: Any, table: Any, locale: str, out: Path) -> Path:
    """Capture the member's hand as Show my hand shows it to a client in ``locale``; the picture's path."""
    from cogs.hosting.sandbox import dismiss_old_replies

    if sandbox.world.locale != locale:
        await speak(sandbox, locale)
    path = out / named("sandbox-hand", locale)
    async with sandbox.exclusive():
        # Only this hand below the table, as on the page, where older private replies are dismissed.
        dismiss_old_replies(sandbox.env, sandbox.channel.id, keep=0)
        message = await table_message(sandbox, table.message_id)
        await shoot(sandbox.preview, path, await sandbox.member.click(message, label="Show my hand"))
    return path


async def shoot_replay(sandbox: Any, game_id: int, path: Path) -> Path:
    """Open ``/wizard replay`` of the finished game, go to trick 3 of round 5 and capture it."""
    from cogs.hosting.sandbox import dismiss_old_replies

    member, channel = sandbox.member, sandbox.channel
    async with sandbox.exclusive():
        dismiss_old_replies(sandbox.env, channel.id, keep=0)
        shown = await member.slash(channel, "wizard replay", game=game_id)
        shown = await member.select(shown.response, [str(REPLAY_ROUND)], custom_id=f"wzrp:r:{game_id}")
        for _ in range(REPLAY_TRICK):
            shown = await member.click(shown.response, custom_id=next_trick(shown.response))
        # Each step is a new private reply: only the one captured stays.
        dismiss_old_replies(sandbox.env, channel.id, keep=1)
        await shoot(sandbox.preview, path, shown)
    return path


def next_trick(message: Any) -> str:
    """The custom_id of a replay step's Next trick button."""
    from simcord.components import walk_components

    ids = [item.get("custom_id") or "" for item in walk_components(message.components)]
    return next(cid for cid in ids if cid.startswith("wzrp:s:") and cid.endswith(":nt"))


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


async def open_table(sandbox: Any, quick: bool) -> Any:
    """The member opens a table with ``/wizard new``, adds an Easy, a Medium and a Hard computer (and
    Quick play if asked) and starts it; the table."""
    from cogs.table.registry import OpenTables

    member, channel = sandbox.member, sandbox.channel
    async with sandbox.exclusive():
        lobby = await member.slash(channel, "wizard new")
        table = sandbox.bot.service(OpenTables).in_channel(channel.id).table
        if quick:
            await member.select(lobby.response, ["quick"], custom_id=f"wizard:lobby:{table.id}:0:variants")
        for level in ("Easy", "Medium", "Hard"):
            await member.click(lobby.response, label=f"+ {level} computer")
        await member.click(lobby.response, label="Start")
    return table


def a_choice_in_a_trick(game: Any) -> bool:
    """The moment of the table and hand pictures: the member is to play a card in round ``ROUND`` or
    later, the trick begun, and may play some of their cards but not all."""
    from wizard_core import Phase

    if game.round_number < ROUND or game.phase is not Phase.PLAY or not game.current_trick().plays:
        return False
    # A card's play is its face id; special cards may always be played (equal ones are offered once).
    legal = game.legal_actions(0)
    return len(legal) > 1 and any(not card.is_special and card.face not in legal for card in game.hand(0))


async def play_until(sandbox: Any, table: Any, rng: random.Random, moment: Any) -> None:
    """Play the member's turns at random until it is their turn at ``moment(game)``, or with ``moment``
    None until the game is over. The computers move on their own meanwhile."""
    from cogs.hosting.sandbox import dismiss_old_replies

    member = sandbox.member
    while table.status == "playing":
        await asyncio.sleep(0.05)
        game = table.game
        if table.status != "playing" or 0 not in game.to_act:
            continue
        if moment is not None and moment(game):
            return
        async with sandbox.exclusive():
            if table.game is not game:
                continue  # a computer moved meanwhile
            dismiss_old_replies(sandbox.env, sandbox.channel.id)
            shown = await member.click(await table_message(sandbox, table.message_id), label="Show my hand")
            await member.click(shown.response, custom_id=choose(shown.response, game.legal_actions(0), rng))
    if moment is not None:
        raise RuntimeError("the game ended before the moment to capture came")


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
    parser.add_argument(
        "--locale",
        action="append",
        dest="locales",
        choices=LOCALES,
        help="a client language to capture the hand in, as Discord names it; once per language; the "
        "first is also the replay's (default: all of them, in this order)",
    )
    parser.add_argument("--quick", action="store_true", help="play Quick play (8 rounds instead of 15)")
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
    locales = arguments.locales or list(LOCALES)
    arguments.out.mkdir(parents=True, exist_ok=True)
    for path in asyncio.run(capture(browser, arguments.out, locales, arguments.quick)):
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
