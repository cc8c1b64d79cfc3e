"""Try the bot without Discord: the real bot inside SimCord, played from a page on this computer.

``python bot.py sandbox`` (``make sandbox``) builds the bot exactly as production does (``bot.py`` hands
over its ``create_bot``) and runs it inside SimCord, the offline Discord simulator the tests use: there is
no token, and nothing leaves this computer. SimCord gets one server, a game channel and a member for the
person, and serves that channel as a web page on 127.0.0.1 whose address carries a secret key (SimCord's
capability URL). From that page the person types ``/wizard new``, adds computers, plays a whole game and
plays again.

A page shows one channel, and SimCord allows one page session at a time, so direct messages cannot be
shown beside the game. The person's direct messages are therefore closed, as some Discord users' are: the
bot says so once, pings them in the channel on their turn, and answers **Show my hand** (on the table) and
``/wizard hand`` privately in the channel, with their controls.

Time. SimCord's clock is simulated: it starts on a fixed date and moves when a test advances it, or when
one of the bot's timers falls due, which SimCord then fires at the real moment and waits for in the
middle of whatever it was doing, a click on the page included. Here the clock starts at the real time and
a ticker keeps it on the wall clock with ``Env.advance_time``, ten times a second. The bot's timers that
are longer than a moment (a computer's pause, the turn timer, an idle lobby's timeout) are left to the
ticker alone, so a click is answered as soon as the bot has answered it and the computers' moves follow at
their own pace, as on Discord. The page shows what was last published to it: after a tick in which what it
shows changed, the sandbox publishes it again, and the open page, which reads twice a second, follows.

SimCord runs one operation at a time (a click, a tick, a refresh) and refuses one that overlaps another, so
the page's actions, the ticker and any script driving the sandbox (the tests, the screenshot tool) take
turns through ``Sandbox.exclusive``. SimCord releases a page that has not been read for ten minutes; the
sandbox lengthens that lease to a few hours, so a tab left in the background or a computer that slept
keeps its page for a whole game (a released page comes back with a reload). "End preview session", in the
page's "More" menu, stops the sandbox like Ctrl-C.

Language. Discord tells the bot the language of each user's client with every interaction
(``Interaction.locale``), and the bot answers privately in it: a hand, a refusal, help. SimCord sends
``en-US`` always, and its page has no setting that reaches the bot (the page's own locale only writes its
dates and times). The sandbox therefore sets the locale of the person's interactions itself, as the bot
receives them, and the page's with it: ``--locale de`` (``bot.py sandbox --locale de``) starts them with a
German client, and the sandbox's own slash command ``/sandbox language``, typed on the page, switches it
for the interactions that follow. That command is added to the bot's command tree by the sandbox only,
never by the bot. The table and the other channel messages follow the server's language, as on Discord
(``/wizard settings``).

A few internals are used, each in one place: SimCord's clock (``PacedEnv.start_clock_now``), its timers'
real-time fallback (``PacedEnv._schedule_timer``), its bot's name (``build_world``), the page's lease and
its action entry point, pages and publications (``serialize_page_actions``, ``on_current_revision``),
and discord.py's view store (``untime_dynamic_views``) and gateway parsers (``speak_as_chosen``). Both are
pinned, and ``tests/hosting/test_sandbox.py``
fails if these move.
"""

from __future__ import annotations

import asyncio
import contextlib
import importlib.util
import logging
import signal
import sys
import tempfile
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands
from simcord import ChannelHandle, Env, GuildHandle, MemberActor, SetupError

from cogs.utils.i18n import LANGUAGE_NAMES, Lang, language_of, texts

if TYPE_CHECKING:
    from simcord import Preview

log = logging.getLogger(__name__)

# What SimCord's page needs besides aiohttp and Pillow, which the bot already has (the `sandbox` extra).
PAGE_MODULES = {"markdown_it": "markdown-it-py", "linkify_it": "linkify-it-py", "regex": "regex"}
# The settings the sandbox always overrides: no token and no Discord, commands registered with SimCord on
# every start (its world is new each time), no metrics port; the database is the sandbox's own SQLite file
# (never a PostgreSQL database that .env names, whose tables a sandbox would otherwise join), unsharded.
SANDBOX_SETTINGS: Mapping[str, Any] = {
    "token": None,
    "dev_guild_id": None,
    "force_sync": True,
    "metrics_port": None,
    "database_url": None,
    "shard_count": None,
    "shard_ids": None,
}
SERVER_NAME = "Wizard sandbox"
CHANNEL_NAME = "wizard"
CHANNEL_TOPIC = (
    "Type /wizard new to open a table, add computers, then Start. Your cards and controls: "
    "Show my hand on the table, or /wizard hand."
)
# How often the clock is brought up to the wall clock, and the most it moves in one tick (a computer that
# slept catches up over several ticks, each one settled).
TICK_SECONDS = 0.1
MAX_STEP_SECONDS = 60.0
# A timer due within this many seconds keeps SimCord's real-time fallback: the bot's own short waits.
MOMENT_SECONDS = 0.05
# The page is republished when what it shows changed, at most this often (building it takes a while).
REPUBLISH_MIN_SECONDS = 0.5
# The person's private replies kept in the channel when they act on the page, newest first; older ones
# are dismissed, as Discord's client drops them, so the table stays within the page's window of the
# latest 50 messages.
PRIVATE_REPLIES_KEPT = 3
# How many of a page's latest publications are remembered (``Sandbox.revisions``).
REVISIONS_KEPT = 32
BOT_NAME = "Wizard"
# How long a page nobody reads is kept (SimCord's own lease is ten minutes).
PAGE_LEASE_SECONDS = 4 * 60 * 60.0
PAGE_WIDTH, PAGE_HEIGHT = 1100, 900
# The Discord client locales the person may choose, one for each of the bot's languages, as Discord's
# clients send them (``--locale``, ``/sandbox language``); a bare language is taken for its locale here.
CLIENT_LOCALES: Mapping[Lang, str] = {"en": "en-US", "de": "de"}
DEFAULT_LOCALE = CLIENT_LOCALES["en"]

MakeBot = Callable[..., discord.Client]


class SandboxError(Exception):
    """The sandbox could not start; the message says why, in one line."""


def missing_packages() -> list[str]:
    """The packages SimCord's page needs that are not installed (by their names on PyPI)."""
    return [package for module, package in PAGE_MODULES.items() if importlib.util.find_spec(module) is None]


class PacedEnv(Env):
    """SimCord's environment, with a clock that starts at the real time and timers left to the ticker.

    SimCord gives each of the bot's timers a real-time fallback that fires it when its moment comes, and
    an operation under way (a click) waits for every timer whose fallback falls within its settling time.
    Once ``paced`` is set, timers longer than a moment get no fallback: they are simulated only, and the
    sandbox's ticker fires them when the wall clock gets there.
    """

    def __init__(self, bot: discord.Client, **options: Any) -> None:
        super().__init__(bot, **options)
        self.paced = False

    def start_clock_now(self) -> None:
        """Make the simulated clock read the real time from now on (before ``start``)."""
        clock = self.backend.clock
        clock._epoch = datetime.now(UTC) - timedelta(seconds=clock.elapsed)

    def _schedule_timer(self, record: Any, callback: Any, args: Any, schedule_context: Any) -> None:
        if self.paced and record.when - self._virtual_time > MOMENT_SECONDS:
            return
        super()._schedule_timer(record, callback, args, schedule_context)

    def lag(self) -> float:
        """Seconds the simulated clock is behind the wall clock."""
        return (datetime.now(UTC) - self.now()).total_seconds()


def client_locale(value: str) -> str:
    """The Discord locale of a client language given as ``en-US``, ``en-GB``, ``de`` or ``en``; raises
    ``SandboxError`` for a language the bot does not speak."""
    lang = language_of(value)
    if lang is None:
        known = ", ".join(CLIENT_LOCALES.values())
        raise SandboxError(f"The bot does not speak the locale {value!r}; the sandbox offers {known}.")
    if value.lower() == lang:
        return CLIENT_LOCALES[lang]
    try:
        return discord.Locale(value).value
    except ValueError:
        raise SandboxError(f"{value!r} is not a Discord locale; try {CLIENT_LOCALES[lang]}.") from None


def untime_dynamic_views(bot: discord.Client) -> None:
    """Drop the 15-minute timeout discord.py gives the views of private replies, when they only hold
    dynamic items.

    Such a view does nothing when it times out (its buttons are served by the bot's registered component
    families, whatever becomes of the view), but its timeout is a sleeping task, one per Show my hand, and
    SimCord's settling looks at every sleeping task against every timer at each step of the clock: a few
    hundred of them made each tick take a large part of a second. Nothing else about the views changes.
    """
    state = bot._connection
    store_view = state.store_view

    def store(view: discord.ui.view.BaseView, message_id: int | None = None) -> None:
        if view.timeout is not None and all(
            isinstance(item, discord.ui.DynamicItem) for item in view.walk_children()
        ):
            view.timeout = None
        store_view(view, message_id)

    state.store_view = store  # type: ignore[method-assign]


@dataclass
class World:
    """What SimCord holds for the person: the server (they own it), the game channel, their member, and
    the locale of their Discord client, which the bot receives with each of their interactions."""

    guild: GuildHandle
    channel: ChannelHandle
    member: MemberActor
    locale: str = DEFAULT_LOCALE
    # Their page, once it is served: its dates and times are written in their client language too.
    page: Preview | None = None

    def speak(self, locale: str) -> None:
        """Make ``locale`` (a Discord locale) the person's client language from their next interaction on,
        and their page's."""
        self.locale = locale
        if self.page is not None:
            self.page.locale = locale


def speak_as_chosen(bot: discord.Client, world: World) -> None:
    """Give the person's interactions the locale of their client as the bot receives them (SimCord sends
    ``en-US``), read from ``world.locale`` at each one, so that a change applies to the next."""
    parsers = bot._connection.parsers
    parse = parsers["INTERACTION_CREATE"]
    person = str(world.member.id)

    def with_locale(data: dict[str, Any]) -> None:
        user = (data.get("member") or {}).get("user") or data.get("user") or {}
        if user.get("id") == person:
            data["locale"] = world.locale
        parse(data)

    parsers["INTERACTION_CREATE"] = with_locale


def sandbox_commands(world: World) -> app_commands.Group:
    """``/sandbox language``: the person's client language from now on. The sandbox's own command, added to
    the bot's tree before it registers its commands; its words are the sandbox's, like the channel topic
    (the language names are the bot's)."""
    group = app_commands.Group(name="sandbox", description="The sandbox's own settings (not part of the bot)")
    offered = [
        app_commands.Choice(name=texts(lang)(LANGUAGE_NAMES[lang]), value=locale)
        for lang, locale in CLIENT_LOCALES.items()
    ]

    @group.command(name="language", description="Choose the language of your Discord client in the sandbox")
    @app_commands.describe(language="The language the bot answers you in privately, from now on")
    @app_commands.choices(language=offered)
    async def language(interaction: discord.Interaction[Any], language: app_commands.Choice[str]) -> None:
        world.speak(language.value)
        await interaction.response.send_message(
            f"Your Discord client now reads {language.name}: your hand and the bot's other private answers "
            "come in it from your next action. The table follows the server's language (/wizard settings).",
            ephemeral=True,
        )

    return group


def build_world(env: Env, name: str) -> World:
    """The server, its game channel and the person's member, their direct messages closed.

    Made before the environment starts, while SimCord's clock still stands at its fixed start, so their
    ids are the same on every run: a kept database (``--database``) finds its server, channel and member
    again, with their tables, results and settings.
    """
    # SimCord calls its bot "TestBot"; this one is the Wizard bot.
    env.backend.edit_bot_profile(BOT_NAME)
    user = env.create_user(name)
    guild = env.create_guild(SERVER_NAME, owner=user)
    channel = guild.create_text_channel(CHANNEL_NAME, topic=CHANNEL_TOPIC)
    member = guild.add_member(user)
    # What Discord answers a bot that messages a user who closed their DMs.
    env.inject_error(
        "POST",
        f"/channels/{user.dm_channel.id}/messages",
        status=403,
        code=50007,
        message="Cannot send messages to this user",
        times=None,
    )
    return World(guild, channel, member)


@dataclass
class Sandbox:
    """The running sandbox: SimCord's environment, the bot, the person's world and the page."""

    env: PacedEnv
    bot: discord.Client
    world: World
    preview: Preview
    database: Path
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    # What the page showed when it was last published (``shown``).
    published: tuple[Any, ...] = ()
    # For each open page, by revision: the controls of each message of the channel, as published.
    revisions: dict[str, dict[int, dict[int, Any]]] = field(default_factory=dict)

    @property
    def url(self) -> str:
        """The page's address: loopback only, its key in the fragment (never sent over the wire)."""
        return str(self.preview.url)

    @property
    def channel(self) -> ChannelHandle:
        return self.world.channel

    @property
    def member(self) -> MemberActor:
        return self.world.member

    @contextlib.asynccontextmanager
    async def exclusive(self) -> AsyncIterator[None]:
        """Take SimCord's turn (``async with sandbox.exclusive(): ...``), the clock brought up to the wall
        clock first, so that what is done then happens at the real time."""
        async with self.lock:
            await self.tick()
            yield

    def edits(self) -> dict[int, str | None]:
        """The channel's messages, each with the time of its last edit (None if never edited)."""
        messages = self.env.backend.messages.get(self.channel.id, {})
        return {message_id: message.edited_timestamp for message_id, message in messages.items()}

    def shown(self) -> tuple[Any, ...]:
        """A fingerprint of what the page shows: the channel's messages and their last edits."""
        return tuple(self.edits().items())

    def controls(self) -> dict[int, Any]:
        """The controls (buttons, menus) of each message of the channel. SimCord gives a message a new
        list when it is edited, so the lists kept here stay as they were."""
        messages = self.env.backend.messages.get(self.channel.id, {})
        return {message_id: message.components for message_id, message in messages.items()}

    def remember_revisions(self) -> None:
        """Note what each open page's current publication shows (after the page was published)."""
        controls = self.controls()
        for page_id, page in self.preview._pages.items():
            seen = self.revisions.setdefault(page_id, {})
            seen.setdefault(page.revision, controls)
            for old in sorted(seen)[:-REVISIONS_KEPT]:
                del seen[old]

    async def tick(self) -> bool:
        """Bring the clock up to the wall clock; whether it moved. Call it holding ``lock``."""
        lag = self.env.lag()
        if lag <= 0:
            return False
        try:
            await self.env.advance_time(min(lag, MAX_STEP_SECONDS))
        except TimeoutError as error:
            # The bot's work did not settle in time; what was done stays done, and the next tick goes on.
            log.warning("The sandbox's clock could not settle the bot's work: %s", error)
        return True


def serialize_page_actions(sandbox: Sandbox) -> None:
    """Make each action from the page wait for its turn, instead of being refused as overlapping.

    Old private replies are dismissed first, so the action's own publication of the page shows it; and
    what it shows then counts as published. SimCord refuses an action made on an older publication of
    the page than the latest ("Action was not completed"), so the page is published again only when it
    shows something new.
    """
    act = sandbox.preview._action

    async def guarded(context_id: str | None, body: Mapping[str, Any]) -> dict[str, Any]:
        async with sandbox.exclusive():
            dismiss_old_replies(sandbox.env, sandbox.channel.id)
            try:
                return await act(context_id, on_current_revision(sandbox, context_id, body))
            finally:
                sandbox.published = sandbox.shown()
                sandbox.remember_revisions()

    sandbox.preview._action = guarded  # type: ignore[method-assign]


def on_current_revision(
    sandbox: Sandbox, context_id: str | None, body: Mapping[str, Any]
) -> Mapping[str, Any]:
    """A click or a choice made on an older publication of the page, counted as made on the latest one
    when the controls of the message it was made on have not changed since (its text may have).

    The page reads what is published twice a second, and the computers' moves publish it again and
    again: a person who presses Show my hand just as a computer's move comes in would otherwise be told
    "Action was not completed" for a button that is exactly as they saw it. The bot checks every click
    itself (a control of an older turn is refused with a reason).
    """
    page = sandbox.preview._pages.get(context_id) if isinstance(context_id, str) else None
    seen_at = body.get("published_revision")
    if page is None or body.get("kind") not in ("click", "select") or not isinstance(seen_at, int):
        return body
    then = sandbox.revisions.get(page.id, {}).get(seen_at)
    try:
        target = int(body["target_id"])
    except (KeyError, TypeError, ValueError):
        return body
    now = sandbox.controls()
    if then is None or target not in then or target not in now or then[target] != now[target]:
        return body
    return {**body, "published_revision": page.revision}


def dismiss_old_replies(env: Env, channel_id: int, keep: int = PRIVATE_REPLIES_KEPT) -> int:
    """Remove all but the newest ``keep`` private (ephemeral) replies of the channel; how many went.

    Every Show my hand adds one, and SimCord's page shows the latest 50 messages: without this the table
    would soon scroll out of it. Discord never tells a bot when a private reply is dismissed, and SimCord
    does not either.
    """
    messages = env.backend.messages.get(channel_id, {})
    private = sorted(message_id for message_id, message in messages.items() if message.is_ephemeral)
    old = private[: max(0, len(private) - keep)]
    for message_id in old:
        env.backend.delete_message(channel_id, message_id)
    return len(old)


async def keep_time(sandbox: Sandbox) -> None:
    """The ticker: the clock follows the wall clock, and the page follows what the bot does."""
    loop = asyncio.get_running_loop()
    published = loop.time()
    while True:
        await asyncio.sleep(TICK_SECONDS)
        async with sandbox.exclusive():
            shown = sandbox.shown()
            if shown == sandbox.published or loop.time() - published < REPUBLISH_MIN_SECONDS:
                continue
            try:
                await sandbox.preview.refresh()
            except SetupError:
                return  # the page session ended ("End preview session"): nothing left to show
            sandbox.published, published = sandbox.shown(), loop.time()
            sandbox.remember_revisions()


@contextlib.asynccontextmanager
async def open_sandbox(
    make_bot: MakeBot,
    *,
    database: Path | None = None,
    name: str = "Player",
    port: int = 0,
    locale: str = DEFAULT_LOCALE,
) -> AsyncIterator[Sandbox]:
    """Start the bot in SimCord with its page; on exit, stop everything and close the bot's database.

    ``make_bot(**settings)`` builds the bot (``bot.create_bot``); ``database`` keeps the games in that
    file, else a temporary database is used and removed. ``port`` 0 picks a free port. ``locale`` is the
    person's Discord client language at the start (``client_locale``).
    """
    locale = client_locale(locale)
    with contextlib.ExitStack() as files:
        if database is None:
            folder = files.enter_context(tempfile.TemporaryDirectory(prefix="wizard-sandbox-"))
            database = Path(folder) / "wizard.sqlite3"
        bot = make_bot(**SANDBOX_SETTINGS, database_path=database)
        try:
            async with _running(bot, database, name, port, locale) as sandbox:
                yield sandbox
        finally:
            # SimCord's shutdown detaches the bot but does not close it: this closes its database.
            await bot.close()


@contextlib.asynccontextmanager
async def _running(
    bot: discord.Client, database: Path, name: str, port: int, locale: str
) -> AsyncIterator[Sandbox]:
    env = PacedEnv(bot)
    untime_dynamic_views(bot)
    world = build_world(env, name)
    world.speak(locale)
    speak_as_chosen(bot, world)
    if isinstance(bot, commands.Bot):
        bot.tree.add_command(sandbox_commands(world))
    env.start_clock_now()
    await env.start()
    lock = asyncio.Lock()
    try:
        env.paced = True
        async with contextlib.AsyncExitStack() as page:
            preview = world.page = await page.enter_async_context(_open_page(env, world, port))
            sandbox = Sandbox(env, bot, world, preview, database, lock)
            serialize_page_actions(sandbox)
            ticker = asyncio.create_task(keep_time(sandbox), name="wizard-sandbox-clock")
            try:
                yield sandbox
            finally:
                ticker.cancel()
                await asyncio.gather(ticker, return_exceptions=True)
    finally:
        # After the page's last action: SimCord refuses a shutdown that overlaps an operation.
        async with lock:
            await env.shutdown()


@contextlib.asynccontextmanager
async def _open_page(env: Env, world: World, port: int) -> AsyncIterator[Preview]:
    """SimCord's page of the game channel, as the person sees it, with a lease long enough for a game."""
    preview = env.preview(
        world.channel,
        viewers=[world.member],
        layout="channel",
        locale=world.locale,
        width=PAGE_WIDTH,
        height=PAGE_HEIGHT,
        port=port,
    )
    try:
        await preview.__aenter__()
    except SetupError as error:
        raise SandboxError(f"SimCord could not serve the page: {error}") from error
    try:
        preview._PAGE_LEASE_SECONDS = PAGE_LEASE_SECONDS  # type: ignore[misc]
        yield preview
    finally:
        await preview.__aexit__(None, None, None)


def banner(sandbox: Sandbox, kept: bool) -> str:
    """What the sandbox prints once it is ready: the one address to open, and how to play and stop."""
    where = f"the database {sandbox.database}" if kept else "a temporary database (removed when it stops)"
    return f"""\
The Wizard bot is running in SimCord, an offline Discord, on {where}.
Open this page in a browser on this computer (its address is its key: keep it to yourself):

    {sandbox.url}

In the page's message box type /wizard new, add computers, then Start. Your cards and controls:
Show my hand on the table, or /wizard hand. Your client's language is {sandbox.world.locale}
(/sandbox language changes it). Ctrl-C stops the sandbox."""


async def serve(
    make_bot: MakeBot,
    *,
    database: Path | None = None,
    name: str = "Player",
    port: int = 0,
    locale: str = DEFAULT_LOCALE,
    stop: asyncio.Event | None = None,
    out: IO[str] | None = None,
    ready: Callable[[Sandbox], Awaitable[None] | None] | None = None,
) -> None:
    """Run the sandbox until ``stop`` is set or the page session is ended; print its address to ``out``.

    ``ready(sandbox)`` is called once it is serving (the tests drive it from there).
    """
    stop = stop or asyncio.Event()
    out = out or sys.stdout
    async with open_sandbox(make_bot, database=database, name=name, port=port, locale=locale) as sandbox:
        print(banner(sandbox, database is not None), file=out, flush=True)
        if ready is not None:
            started = ready(sandbox)
            if started is not None:
                await started
        ended = asyncio.ensure_future(sandbox.preview.wait_closed())
        stopped = asyncio.ensure_future(stop.wait())
        try:
            await asyncio.wait((ended, stopped), return_when=asyncio.FIRST_COMPLETED)
        finally:
            for waiter in (ended, stopped):
                waiter.cancel()
    print("The sandbox has stopped.", file=out, flush=True)


def run(
    make_bot: MakeBot,
    *,
    database: Path | None = None,
    name: str = "Player",
    port: int = 0,
    locale: str = DEFAULT_LOCALE,
) -> int:
    """``python bot.py sandbox``: serve until Ctrl-C (or SIGTERM); the exit status."""

    async def main() -> None:
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for signum in (signal.SIGINT, signal.SIGTERM):
            try:
                loop.add_signal_handler(signum, stop.set)
            except NotImplementedError:
                # Windows: Ctrl-C arrives as KeyboardInterrupt; asyncio.run then cancels `serve`, whose
                # `async with` blocks stop the sandbox and close the bot all the same.
                break
        await serve(make_bot, database=database, name=name, port=port, locale=locale, stop=stop)

    with contextlib.suppress(KeyboardInterrupt):
        asyncio.run(main())
    return 0
