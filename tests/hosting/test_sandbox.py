"""The sandbox (`python bot.py sandbox`, cogs/hosting/sandbox.py): the production bot inside SimCord,
played from a page on 127.0.0.1.

Its entry point starts, prints one address and serves the page there (only with the address's key); a
member plays a whole game against three computers the way the page lets them (`/wizard new`, the
lobby's buttons, Show my hand and the controls it answers with) to the final standings, and plays again;
the clock keeps the wall time, so computers pause in real time without holding up a click; a kept
database finds its server, channel and lobby again; Ctrl-C stops `bot.py sandbox` cleanly.
"""

from __future__ import annotations

import asyncio
import importlib.util
import io
import os
import queue
import random
import re
import signal
import sqlite3
import subprocess
import sys
import threading
import time
import urllib.request
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

import aiohttp
import pytest
from bot_helpers import act_code, act_ids, buttons, message_text, stored_messages
from simcord import ResponseMessage

import bot
from cogs import hosting
from cogs.hosting import sandbox as offline
from cogs.hosting.sandbox import Sandbox, serve
from cogs.table.model import Table
from cogs.table.registry import OpenTables
from cogs.utils.i18n import Lang, language_of, texts
from wizard_core import Game, Phase

if TYPE_CHECKING:
    from conftest import MakeBot

ROOT = Path(__file__).resolve().parents[2]
SCREENSHOT_TOOL = ROOT / "tools" / "sandbox_screenshots.py"
URL = re.compile(r"http://127\.0\.0\.1:\d+/#[\w-]+")
MEMBER_SEAT = 0


async def run_sandbox(
    make_bot: MakeBot,
    script: Callable[[Sandbox], Awaitable[None]],
    database: Path | None = None,
    locale: str = offline.DEFAULT_LOCALE,
) -> tuple[Sandbox, str]:
    """Run `serve` (what `bot.py sandbox` runs) with `script` driving it; the sandbox and what it printed."""
    stop = asyncio.Event()
    out = io.StringIO()
    seen: list[Sandbox] = []

    async def ready(sandbox: Sandbox) -> None:
        seen.append(sandbox)
        try:
            await script(sandbox)
        finally:
            stop.set()

    serving = serve(make_bot, database=database, locale=locale, stop=stop, out=out, ready=ready)
    await asyncio.wait_for(serving, timeout=180)
    return seen[0], out.getvalue()


async def fetch(url: str, method: str = "GET", headers: dict[str, str] | None = None) -> tuple[int, Any]:
    """Ask the page's server over loopback; the status and the body (JSON when it is JSON)."""
    async with (
        aiohttp.ClientSession() as session,
        session.request(method, url, headers=headers, json={}) as response,
    ):
        if response.content_type == "application/json":
            return response.status, await response.json()
        return response.status, await response.text()


def the_table(sandbox: Sandbox) -> Table:
    session = sandbox.bot.service(OpenTables).in_channel(sandbox.channel.id)  # type: ignore[attr-defined]
    assert session is not None, "no table in the sandbox's channel"
    return session.table


def table_message(sandbox: Sandbox, table: Table) -> ResponseMessage:
    assert table.message_id is not None
    return ResponseMessage(sandbox.env, sandbox.env.backend.get_message(sandbox.channel.id, table.message_id))


async def open_table(sandbox: Sandbox, *, quick: bool = False, start: bool = True) -> Table:
    """The member opens a table with `/wizard new`, adds an Easy, a Medium and a Hard computer (and Quick
    play, 8 rounds instead of 15), and starts it."""
    member = sandbox.member
    async with sandbox.exclusive():
        lobby = await member.slash(sandbox.channel, "wizard new")
        assert lobby.response is not None and not lobby.ephemeral, lobby
        table = the_table(sandbox)
        if quick:
            variants = f"wizard:lobby:{table.id}:0:variants"
            chosen = await member.select(lobby.response, ["quick"], custom_id=variants)
            assert not chosen.ephemeral, chosen
        for level in ("Easy", "Medium", "Hard"):
            added = await member.click(lobby.response, label=f"+ {level} computer")
            assert not added.ephemeral, added
        if start:
            started = await member.click(lobby.response, label="Start")
            assert not started.ephemeral, started
            assert table.status == "playing"
    return table


async def take_turn(sandbox: Sandbox, table: Table, rng: random.Random) -> None:
    """The member presses Show my hand on the table and one of the enabled controls of the private reply
    whose action is legal now (the reply may offer more, which the bot would refuse)."""
    game = running(table)
    legal = game.legal_actions(MEMBER_SEAT)
    # As before each of the page's actions, the older private replies go (the page stays light).
    offline.dismiss_old_replies(sandbox.env, sandbox.channel.id)
    shown = await sandbox.member.click(table_message(sandbox, table), label="Show my hand")
    assert shown.ephemeral and shown.response is not None, shown
    offered = [cid for cid in act_ids(shown.response) if act_code(cid) in legal]
    assert offered, (act_ids(shown.response), legal)
    pressed = await sandbox.member.click(shown.response, custom_id=rng.choice(offered))
    assert pressed.acknowledged
    assert table.status != "playing" or running(table).version > game.version


async def play_to_the_end(sandbox: Sandbox, table: Table, rng: random.Random) -> int:
    """The member takes every turn of theirs until the game is over; how many they took."""
    turns = 0
    while table.status == "playing":
        await asyncio.sleep(0)  # the sandbox's clock and page take their turns too
        async with sandbox.exclusive():
            game = table.game
            if table.status == "playing" and game is not None and MEMBER_SEAT in game.to_act:
                await take_turn(sandbox, table, rng)
                turns += 1
    return turns


async def test_the_page_is_served_and_a_game_reaches_the_standings_and_plays_again(
    make_bot: MakeBot, database_path: Path
) -> None:
    played: dict[str, Any] = {}

    async def script(sandbox: Sandbox) -> None:
        played["url"] = sandbox.url
        assert URL.fullmatch(sandbox.url), sandbox.url
        status, page = await fetch(sandbox.url)
        assert status == 200 and "SimCord" in page
        origin, key = sandbox.url.split("/#")
        assert (await fetch(f"{origin}/api/pages", "POST"))[0] == 401
        status, snapshot = await fetch(f"{origin}/api/pages", "POST", {"X-Simcord-Capability": key})
        assert status == 200 and snapshot["channel"]["name"] == "wizard", snapshot.get("channel")

        table = await open_table(sandbox, quick=True)
        played["turns"] = await play_to_the_end(sandbox, table, random.Random(17))
        public = [m for m in stored_messages(sandbox.env, sandbox.channel.id) if not m.is_ephemeral]
        standings = public[-1]
        assert "Game over" in message_text(standings), message_text(standings)
        again = [b for b in buttons(standings) if b.get("label") == "Play again"]
        assert again and not again[0].get("disabled")
        async with sandbox.exclusive():
            clicked = await sandbox.member.click(ResponseMessage(sandbox.env, standings), label="Play again")
        assert not clicked.ephemeral, clicked
        lobby = the_table(sandbox)
        assert lobby.id != table.id and lobby.status == "lobby"
        assert sum(seat.computer is not None for seat in lobby.seats) == 3

    sandbox, printed = await run_sandbox(make_bot, script, database_path)

    assert URL.findall(printed) == [played["url"]], printed
    assert printed.rstrip().endswith("The sandbox has stopped.")
    # 8 rounds of Quick play for 4: 8 bids and 64 cards, some of them the member's.
    assert played["turns"] >= 8 + 16
    assert sandbox.bot.is_closed()
    with sqlite3.connect(database_path) as conn:
        statuses = [status for (status,) in conn.execute("SELECT status FROM tables ORDER BY id")]
        results = conn.execute("SELECT COUNT(*) FROM game_results").fetchone()[0]
    assert statuses == ["finished", "lobby"]
    assert results == 4


def running(table: Table) -> Game:
    """The table's game as it is now (each move gives the table a new game object)."""
    assert table.game is not None and table.status == "playing"
    return table.game


def computer_moves(entries: Any) -> int:
    """The players' moves among game log entries (the deals and the dealer draw are tuples)."""
    return sum(isinstance(entry, int) for entry in entries)


async def test_the_clock_keeps_the_wall_time_and_computers_pause_without_holding_up_a_click(
    make_bot: MakeBot,
) -> None:
    delay = 0.3

    def slow_bot(**settings: Any) -> Any:
        return make_bot(**{**settings, "computer_delay": delay})

    async def script(sandbox: Sandbox) -> None:
        async with sandbox.exclusive():  # which brings the clock up to the wall clock first
            assert abs((sandbox.env.now() - datetime.now(UTC)).total_seconds()) < 0.5
        table = await open_table(sandbox)
        # Start was answered without waiting for the computers' pauses: none of them has moved yet.
        assert computer_moves(running(table).log) == 0
        # The member plays whenever it is their turn; the computers move on their own, by the wall clock,
        # each after its pause: two of their moves in a row take at least two pauses.
        rng = random.Random(3)
        before, since = running(table).version, time.monotonic()
        while computer_moves(running(table).log[before:]) < 2:
            await asyncio.sleep(0.02)
            async with sandbox.exclusive():
                if MEMBER_SEAT in running(table).to_act:
                    clicked = time.monotonic()  # the computers' pauses start with the click
                    await take_turn(sandbox, table, rng)
                    before, since = running(table).version, clicked
            assert time.monotonic() - since < 10, "the computers did not move"
        # More than one pause, then: the sandbox's clock catches up with the wall clock in steps, so a
        # loaded host may read the click's time a little late (the same lag the check below bounds).
        assert time.monotonic() - since >= 2 * delay - 0.2
        async with sandbox.exclusive():
            assert abs(sandbox.env.lag()) < 0.5

    await run_sandbox(slow_bot, script)


async def test_a_kept_database_finds_its_server_channel_and_lobby_again(
    make_bot: MakeBot, database_path: Path
) -> None:
    ids: list[tuple[int, int, int]] = []

    async def first(sandbox: Sandbox) -> None:
        ids.append((sandbox.world.guild.id, sandbox.channel.id, sandbox.member.id))
        await open_table(sandbox, start=False)

    async def second(sandbox: Sandbox) -> None:
        ids.append((sandbox.world.guild.id, sandbox.channel.id, sandbox.member.id))
        await asyncio.sleep(0.3)  # the bot restores its tables in the background
        assert the_table(sandbox).status == "lobby"

    await run_sandbox(make_bot, first, database_path)
    await run_sandbox(make_bot, second, database_path)
    assert ids[0] == ids[1]


async def test_a_click_on_an_older_publication_counts_while_its_message_keeps_its_controls(
    make_bot: MakeBot,
) -> None:
    async def script(sandbox: Sandbox) -> None:
        table = await open_table(sandbox, start=False)
        page = sandbox.preview._python
        assert page is not None

        async def publish() -> int:
            async with sandbox.exclusive():
                await sandbox.preview.refresh()
                sandbox.remember_revisions()
            return page.revision

        seen = await publish()
        click = {"kind": "click", "target_id": str(table.message_id), "published_revision": seen}
        later = await publish()
        assert later > seen
        assert offline.on_current_revision(sandbox, page.id, click)["published_revision"] == later
        # Another computer: the lobby's buttons are the same, the text is not.
        async with sandbox.exclusive():
            await sandbox.member.click(table_message(sandbox, table), label="+ Easy computer")
        assert offline.on_current_revision(sandbox, page.id, click)["published_revision"] == later
        # The table starts: the message now has other controls, so the click keeps its revision.
        async with sandbox.exclusive():
            await sandbox.member.click(table_message(sandbox, table), label="Start")
        await publish()
        assert offline.on_current_revision(sandbox, page.id, click)["published_revision"] == seen
        assert sandbox.preview._PAGE_LEASE_SECONDS >= 60 * 60

    await run_sandbox(make_bot, script)


async def show_hand(sandbox: Sandbox, table: Table) -> str:
    """What the member reads in their hand as Show my hand answers it."""
    async with sandbox.exclusive():
        shown = await sandbox.member.click(table_message(sandbox, table), label="Show my hand")
    assert shown.ephemeral and shown.response is not None, shown
    return message_text(shown.response)


def hand_heading(lang: Lang, table: Table) -> str:
    """The heading of the member's cards in a hand, in that language."""
    return texts(lang)("hand-cards", count=len(running(table).hand(MEMBER_SEAT)))


async def test_a_sandbox_with_a_german_client_shows_the_hand_in_german(make_bot: MakeBot) -> None:
    async def script(sandbox: Sandbox) -> None:
        assert sandbox.world.locale == "de"
        # The page writes its dates and times as a German client does.
        origin, key = sandbox.url.split("/#")
        status, snapshot = await fetch(f"{origin}/api/pages", "POST", {"X-Simcord-Capability": key})
        assert status == 200 and snapshot["profile"]["locale"] == "de", snapshot.get("profile")
        table = await open_table(sandbox)
        hand = await show_hand(sandbox, table)
        assert hand_heading("de", table) in hand, hand
        assert hand_heading("en", table) not in hand, hand

    _, printed = await run_sandbox(make_bot, script, locale="de")
    assert "Your client's language is de" in printed


async def test_sandbox_language_switches_the_members_client_language_from_the_page(
    make_bot: MakeBot,
) -> None:
    async def script(sandbox: Sandbox) -> None:
        table = await open_table(sandbox)
        assert hand_heading("en", table) in await show_hand(sandbox, table)
        async with sandbox.exclusive():
            switched = await sandbox.member.slash(sandbox.channel, "sandbox language", language="de")
        assert switched.ephemeral and switched.response is not None, switched
        assert "Deutsch" in message_text(switched.response)
        assert sandbox.world.locale == sandbox.preview.locale == "de"
        assert hand_heading("de", table) in await show_hand(sandbox, table)
        async with sandbox.exclusive():
            await sandbox.member.slash(sandbox.channel, "sandbox language", language="en-US")
        assert hand_heading("en", table) in await show_hand(sandbox, table)
        # The page's message box offers it to the member, beside the bot's own commands.
        member, channel = sandbox.member, sandbox.channel
        visible = sandbox.env.backend.visible_commands(user_id=member.id, channel_id=channel.id)
        assert {"sandbox", "wizard"} <= {command["name"] for command in visible}, visible

    await run_sandbox(make_bot, script)


def test_the_sandbox_command_is_the_sandboxs_alone(tmp_path: Path) -> None:
    made = bot.create_bot(**offline.SANDBOX_SETTINGS, database_path=tmp_path / "sandbox.sqlite3")
    assert made.tree.get_command("sandbox") is None


@pytest.mark.parametrize(
    ("given", "locale"), [("de", "de"), ("en", "en-US"), ("en-US", "en-US"), ("en-GB", "en-GB")]
)
def test_client_locales_the_bot_speaks_are_taken(given: str, locale: str) -> None:
    assert offline.client_locale(given) == locale


@pytest.mark.parametrize("given", ["fr", "de-DE", "", "klingon"])
def test_other_client_locales_are_refused_in_one_line(given: str) -> None:
    with pytest.raises(offline.SandboxError) as refused:
        offline.client_locale(given)
    assert "\n" not in str(refused.value) and "de" in str(refused.value)


def read_lines(stream: Any, lines: queue.Queue[str]) -> None:
    for line in stream:
        lines.put(line)


def test_bot_py_sandbox_prints_one_address_serves_it_and_stops_on_ctrl_c(tmp_path: Path) -> None:
    environ = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN" and not k.startswith("WIZARD_")}
    environ["WIZARD_COMPUTER_DELAY"] = "0"
    database = tmp_path / "kept.sqlite3"
    process = subprocess.Popen(
        [sys.executable, str(ROOT / "bot.py"), "sandbox", "--database", str(database)],
        cwd=tmp_path,  # no .env of the developer's
        env=environ,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    lines: queue.Queue[str] = queue.Queue()
    errors: queue.Queue[str] = queue.Queue()
    readers = [
        threading.Thread(target=read_lines, args=(process.stdout, lines), daemon=True),
        threading.Thread(target=read_lines, args=(process.stderr, errors), daemon=True),
    ]
    for reader in readers:
        reader.start()
    printed = ""
    try:
        deadline = time.monotonic() + 30
        while not URL.search(printed) and time.monotonic() < deadline:
            try:
                printed += lines.get(timeout=0.5)
            except queue.Empty:
                assert process.poll() is None, "".join(errors.queue)
        match = URL.search(printed)
        assert match, printed
        with urllib.request.urlopen(match.group(), timeout=10) as response:
            assert response.status == 200
    finally:
        process.send_signal(signal.SIGINT)
        process.wait(timeout=30)
        for reader in readers:
            reader.join(timeout=10)
    printed += "".join(lines.queue)
    logged = "".join(errors.queue)
    assert process.returncode == 0, logged
    assert "Traceback" not in logged, logged
    assert len(URL.findall(printed)) == 1, printed
    assert "The sandbox has stopped." in printed
    assert database.exists()


def test_without_the_sandbox_extra_bot_py_says_to_run_make_sandbox(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setitem(sys.modules, "cogs.hosting.sandbox", None)
    monkeypatch.delattr(hosting, "sandbox", raising=False)
    assert bot.main(["sandbox"]) == 1
    assert "make sandbox" in capsys.readouterr().err

    monkeypatch.undo()
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(offline, "missing_packages", lambda: ["regex"])
    assert bot.main(["sandbox"]) == 1
    err = capsys.readouterr().err
    assert "regex" in err and "make sandbox" in err


def test_the_screenshot_tool_says_so_without_a_browser(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, str(SCREENSHOT_TOOL), "--browser", str(tmp_path / "none"), "--out", str(tmp_path)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 1
    assert "No browser to capture with" in done.stderr
    assert not list(tmp_path.glob("*.png"))


def screenshot_tool() -> Any:
    """``tools/sandbox_screenshots.py``, imported."""
    spec = importlib.util.spec_from_file_location("sandbox_screenshots", SCREENSHOT_TOOL)
    assert spec is not None and spec.loader is not None
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    return tool


async def test_the_screenshot_tool_takes_the_table_a_hand_in_each_language_and_a_replay_step(
    make_bot: MakeBot, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """The tool's way through a game, without a browser: what each of its captures would show."""
    tool = screenshot_tool()
    assert tuple(offline.CLIENT_LOCALES.values()) == tool.LOCALES
    shots: dict[str, ResponseMessage] = {}
    # The table, its game and the member's client language at each capture during the game.
    moments: dict[str, tuple[Table, Game, str]] = {}

    async def script(sandbox: Sandbox) -> None:
        async def shoot(preview: Any, path: Path, target: Any) -> None:
            assert preview is sandbox.preview
            shots[path.name] = target if isinstance(target, ResponseMessage) else target.response
            if path.name.startswith("sandbox-"):
                table = the_table(sandbox)
                moments[path.name] = (table, running(table), sandbox.world.locale)

        monkeypatch.setattr(tool, "shoot", shoot)
        paths = await tool.take_pictures(sandbox, tmp_path, ["en-US", "de"], True, random.Random(5))
        names = ["sandbox-table.png", "sandbox-hand.png", "sandbox-hand-de.png", "replay-step.png"]
        assert [path.name for path in paths] == list(shots) == names
        assert sandbox.world.locale == "en-US"

    await run_sandbox(make_bot, script)
    table, game, _ = moments["sandbox-table.png"]
    assert shots["sandbox-table.png"].id == table.message_id
    # The table and hands at the member's turn in a trick, with some of their cards playable, not all.
    assert game.phase is Phase.PLAY and game.current_trick().plays and MEMBER_SEAT in game.to_act
    legal = game.legal_actions(MEMBER_SEAT)
    assert len(legal) > 1 and any(not c.is_special and c.face not in legal for c in game.hand(MEMBER_SEAT))
    for name, lang in (("sandbox-hand.png", "en"), ("sandbox-hand-de.png", "de")):
        _, shown, locale = moments[name]
        assert shown is game and language_of(locale) == lang
        heading = texts(lang)("hand-cards", count=len(game.hand(MEMBER_SEAT)))
        assert heading in message_text(shots[name]), message_text(shots[name])
    # Trick 3 of round 5 (9 cards each in Quick play for 4), in English again.
    step = texts("en")("replay-step-trick", game=str(table.id), round=5, trick=3, tricks=9)
    assert step in message_text(shots["replay-step.png"]), message_text(shots["replay-step.png"])
    assert not list(tmp_path.iterdir())


def test_the_sandbox_keeps_to_its_own_file_whatever_the_environment_says(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # An admin's .env for a cluster must not send the sandbox into the shared PostgreSQL database.
    monkeypatch.setenv("WIZARD_DATABASE_URL", "postgresql://bot:secret@db.internal/wizard")
    monkeypatch.setenv("WIZARD_SHARD_COUNT", "4")
    monkeypatch.setenv("WIZARD_SHARD_IDS", "2-3")
    made = bot.create_bot(**offline.SANDBOX_SETTINGS, database_path=tmp_path / "sandbox.sqlite3")
    settings = made.settings
    assert settings.database_url is None and settings.shard_count is None and settings.shard_ids is None
    assert settings.database_path == tmp_path / "sandbox.sqlite3" and type(made) is bot.WizardBot
