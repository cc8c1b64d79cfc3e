"""Start the Wizard bot: `python bot.py` (or `make run`) with DISCORD_TOKEN set in `.env`.

`python bot.py --version` prints the version; `python bot.py backup PATH` copies the database, safely
while the bot runs, and `python bot.py restore PATH` puts such a copy back while it is stopped (SQLite or
PostgreSQL); `python bot.py copy-database --to postgresql://…` moves a SQLite database to PostgreSQL.
`python bot.py sandbox` (`make sandbox`) runs the bot offline, in SimCord, played from a local page.
`python bot.py replay FILE` prints a game record's rounds and checks its scores with the rules core.
"""

from __future__ import annotations

import argparse
import asyncio
import hashlib
import importlib.metadata
import inspect
import json
import logging
import signal
import socket
import sys
import time
import tomllib
from collections.abc import Awaitable, Callable, Sequence
from pathlib import Path
from typing import Any, TypeVar

import aiohttp
import discord
from discord import app_commands
from discord.ext import commands

from cogs.hosting.backup import BackupError, backup_database, restore_database
from cogs.hosting.metrics import (
    MetricsRegistry,
    MetricsServer,
    MetricsServerError,
    discord_http_trace,
    interaction_finished,
    interaction_started,
)
from cogs.hosting.payloads import keep_payloads
from cogs.storage import (
    DATABASE_ERRORS,
    Database,
    DatabaseInUseError,
    DatabaseLocationError,
    DatabaseUnreachableError,
    MigrationError,
    find_migrations,
    open_database,
)
from cogs.storage.copy import (
    CopyError,
    CopyReport,
    DatabaseBusyError,
    backup_postgres,
    copy_database,
    restore_postgres,
)
from cogs.utils.components import Component, stray_click_reply
from cogs.utils.config import RedactTokenFilter, Settings, SettingsError, load_settings, safe_url
from cogs.utils.replies import Refusal, reader_texts, report_failure

log = logging.getLogger(__name__)

ROOT = Path(__file__).resolve().parent
DISTRIBUTION = "wizard-discord-bot"
MIGRATIONS_DIR = ROOT / "migrations"
COMMANDS_HASH_KEY = "commands_hash"
# The features, loaded in this order: the tables read the server settings, the /wizard commands use all.
# The cluster's extension does nothing unless processes share the database (PostgreSQL); it comes
# before the tables, so that this process is known to be alive before it reads its tables.
EXTENSIONS = (
    "cogs.server_settings.cog",
    "cogs.members.cog",
    "cogs.leaderboard.cog",
    "cogs.cluster.cog",
    "cogs.table.cog",
    "cogs.replay.cog",
    "cogs.wizard",
)
ServiceT = TypeVar("ServiceT")

# What the bot needs in a channel where a game is played.
REQUIRED_PERMISSIONS = discord.Permissions(
    view_channel=True, send_messages=True, embed_links=True, attach_files=True, read_message_history=True
)
OPTIONAL_PERMISSIONS = discord.Permissions(use_external_emojis=True)
# What a failed health check of the database raises (RuntimeError: it is closed).
UNHEALTHY_DATABASE: tuple[type[BaseException], ...] = (*DATABASE_ERRORS, RuntimeError)
# What opening the database at start raises when it cannot be opened.
OPENING_FAILED: tuple[type[BaseException], ...] = (
    DatabaseLocationError,
    DatabaseUnreachableError,
    *DATABASE_ERRORS,
)


def version() -> str:
    """The bot's version: from pyproject.toml beside this file (a checkout), else the installed package."""
    try:
        with (ROOT / "pyproject.toml").open("rb") as file:
            return str(tomllib.load(file)["project"]["version"])
    except (OSError, tomllib.TOMLDecodeError, KeyError):
        pass
    try:
        return importlib.metadata.version(DISTRIBUTION)
    except importlib.metadata.PackageNotFoundError:
        return "unknown"


def token_guidance() -> str:
    """What to do when DISCORD_TOKEN is missing, as printed by `main()`."""
    required = REQUIRED_PERMISSIONS.value
    with_optional = required | OPTIONAL_PERMISSIONS.value
    invite = "https://discord.com/oauth2/authorize?client_id=<APPLICATION_ID>&scope=bot+applications.commands"
    return f"""\
DISCORD_TOKEN is not set, so the bot cannot log in to Discord.

1. Create an application at https://discord.com/developers/applications ("New Application").
2. On its "Bot" page, add a bot, then "Reset Token" and copy the token.
3. Copy .env.example to .env and put the token there: DISCORD_TOKEN=<the token>
   (.env is read from the directory you start the bot in; never commit it.)
4. Invite the bot to your server with the scopes `bot` and `applications.commands` and the channel
   permissions View Channel, Send Messages, Embed Links, Attach Files and Read Message History
   (Use External Emojis is optional). <APPLICATION_ID> is on the "General Information" page:
   {invite}&permissions={required}
   with Use External Emojis: {invite}&permissions={with_optional}
5. Start the bot again: make run"""


def setup_logging(settings: Settings) -> None:
    """Log to stderr at the configured level, never showing the token."""
    handler = logging.StreamHandler()
    handler.addFilter(RedactTokenFilter(*settings.secrets))
    discord.utils.setup_logging(handler=handler, level=logging.getLevelName(settings.log_level), root=True)


class WizardTree(app_commands.CommandTree["WizardBot"]):
    """The slash-command tree, with the bot-wide interaction check and error handler."""

    async def interaction_check(self, interaction: discord.Interaction[WizardBot], /) -> bool:
        interaction_started(interaction)
        if self.client.closing:
            await interaction.response.send_message(
                reader_texts(interaction)("reply-shutting-down"), ephemeral=True
            )
            return False
        return True

    async def on_error(
        self, interaction: discord.Interaction[WizardBot], error: app_commands.AppCommandError, /
    ) -> None:
        command = interaction.command.qualified_name if interaction.command else "(unknown command)"
        try:
            # Unwraps a command's own error, and explains in the user's language one they caused.
            await report_failure(interaction, error, f"/{command}")
        finally:
            interaction_finished(interaction)


class WizardBot(commands.Bot):
    """The bot: one database, the features in cogs/, and slash commands registered only when they change.

    A feature's extension hands the bot the objects the others reach it through (``provide``); they ask
    for them by class (``service``), so every call through them is type-checked.

    With ``WIZARD_SHARD_COUNT`` set, ``create_bot`` builds ``ShardedWizardBot``, the same bot on
    discord.py's ``AutoShardedBot``, running the shards of ``WIZARD_SHARD_IDS``.
    """

    def __init__(self, settings: Settings) -> None:
        intents = discord.Intents.none()
        # Slash commands and components arrive as interactions, which need no intents;
        # `guilds` keeps the server and channel cache that discord.py relies on.
        intents.guilds = True
        # Every measurement of the bot and its features; served only when WIZARD_METRICS_PORT is set.
        metrics = MetricsRegistry("wizard")
        sharding: dict[str, Any] = {}
        if settings.shard_count is not None:
            sharding["shard_count"] = settings.shard_count
            if settings.shard_ids is not None:
                sharding["shard_ids"] = list(settings.shard_ids)
        super().__init__(
            command_prefix=commands.when_mentioned,
            help_command=None,
            intents=intents,
            tree_cls=WizardTree,
            allowed_mentions=discord.AllowedMentions(everyone=False, roles=False, users=True),
            http_trace=discord_http_trace(metrics),
            **sharding,
        )
        self.settings = settings
        # Handlers can read the payload of their interaction, to hand it to another process.
        self.dispatch_interaction_payload = keep_payloads(self._connection.parsers)
        self.closing = False
        self.metrics = metrics
        self.metrics_server: MetricsServer | None = None
        self._db: Database | None = None
        self._services: dict[type, object] = {}
        self._on_close: list[Callable[[], object]] = []
        self._after_setup: list[Callable[[], Awaitable[object]]] = []
        # The custom_id prefixes of the component families, whose stray clicks the bot answers.
        self._prefixes: set[str] = set()
        self._register_metrics()

    def _register_metrics(self) -> None:
        self._interactions = self.metrics.counter(
            "interactions_total", "Interactions received from Discord, by type", ("type",)
        )
        self._commit_seconds = self.metrics.histogram(
            "database_commit_seconds", "Time each database transaction's COMMIT took"
        )
        self.metrics.gauge(
            "gateway_connected", "1 while the Discord gateway connection is up", read=self.gateway_connected
        )
        self.metrics.gauge(
            "gateway_latency_seconds", "Heartbeat latency of the gateway", read=lambda: self.latency
        )
        self.metrics.gauge("guilds", "Servers the bot is in", read=lambda: len(self.guilds))
        self.metrics.gauge("build_info", "The running version", ("version",)).set(1, version=version())
        self.metrics.gauge("start_time_seconds", "When the bot started, in Unix time").set(time.time())

    def provide(self, service: object, *, on_close: Callable[[], object] | None = None) -> None:
        """Make a feature's service available to the others; ``on_close`` runs (and is awaited, if it
        is a coroutine function) when the bot shuts down, before the database closes and after the
        ``on_close`` of every service provided later."""
        self._services[type(service)] = service
        if on_close is not None:
            self._on_close.append(on_close)

    def after_setup(self, step: Callable[[], Awaitable[object]]) -> None:
        """Run `step` once every extension is loaded (for a feature that needs another loaded after it)."""
        self._after_setup.append(step)

    def service(self, kind: type[ServiceT]) -> ServiceT:
        """The service of that class (or a subclass) that a loaded extension provided."""
        for service in self._services.values():
            if isinstance(service, kind):
                return service
        raise LookupError(f"no {kind.__name__}: the extension that provides it is not loaded")

    def add_components(self, *families: type[Component[Any]]) -> None:
        """Register component families, so their buttons and menus work on any message, old ones too."""
        self.add_dynamic_items(*families)
        self._prefixes.update(family.prefix for family in families)

    async def on_interaction(self, interaction: discord.Interaction[WizardBot]) -> None:
        self._interactions.inc(type=interaction.type.name)
        # A click on one of our ids that no family will serve (damaged, forged) still gets an answer.
        text = stray_click_reply(interaction, self._prefixes)
        if text is not None:
            await report_failure(interaction, Refusal(text), "a component")

    async def on_app_command_completion(
        self, interaction: discord.Interaction[WizardBot], command: app_commands.Command[Any, ..., Any]
    ) -> None:
        interaction_finished(interaction)

    def gateway_connected(self) -> bool:
        """Whether the gateway connection is up: logged in, READY received and the socket open (every
        shard's, for a sharded bot)."""
        if self.is_closed() or not self.is_ready():
            return False
        if isinstance(self, commands.AutoShardedBot):
            shards = self.shards.values()
            return bool(shards) and all(not shard.is_closed() for shard in shards)
        return self.ws is not None and self.ws.open

    async def health(self) -> str | None:
        """None when the bot can serve players (gateway connected, database writable), else why not."""
        if self.closing or self.is_closed():
            return "the bot is shutting down"
        if not self.gateway_connected():
            return "not connected to the Discord gateway"
        try:
            await self.db.check_writable()
        except UNHEALTHY_DATABASE as error:
            return f"the database is not writable: {error}"
        return None

    @property
    def db(self) -> Database:
        if self._db is None:
            raise RuntimeError("the database is opened in setup_hook; the bot has not logged in yet")
        return self._db

    @property
    def shard_spec(self) -> str:
        """The shards this process runs, as in WIZARD_SHARD_IDS ("all" when not sharded)."""
        count, ids = self.settings.shard_count, self.settings.shard_ids
        if count is None:
            return "all"
        return f"{shard_ranges(ids if ids is not None else range(count))} of {count}"

    @property
    def process_name(self) -> str:
        """This process's name among those sharing the database (``WIZARD_PROCESS_NAME``)."""
        return self.settings.process_name or f"{socket.gethostname()} shards {self.shard_spec}"

    @property
    def registers_commands(self) -> bool:
        """Whether this process registers the slash commands: the one that runs shard 0."""
        ids = self.settings.shard_ids
        return ids is None or 0 in ids

    async def setup_hook(self) -> None:
        url = self.settings.database_url
        self._db = await open_database(url or self.settings.database_path, MIGRATIONS_DIR)
        self._db.on_commit = self._commit_seconds.observe
        where = self.settings.database_shown
        log.info("Wizard bot %s; opened the database at %s", version(), where)
        for name in EXTENSIONS:
            await self.load_extension(name)
            log.info("Loaded extension %s", name)
        for step in self._after_setup:
            await step()
        if self.registers_commands:
            await self.sync_commands_if_changed()
        await self.start_metrics_server()

    async def start_metrics_server(self) -> None:
        """Serve /metrics and /healthz when WIZARD_METRICS_PORT is set."""
        port = self.settings.metrics_port
        if port is None or self.metrics_server is not None:
            return
        server = MetricsServer(self.metrics, self.health, self.settings.metrics_host, port)
        await server.start()
        self.metrics_server = server
        log.info("Serving /metrics and /healthz at http://%s:%d", self.settings.metrics_host, server.port)

    async def commands_hash(self) -> str:
        """A fingerprint of what registering the slash commands would send (with every language's names
        and descriptions), and where."""
        translator = self.tree.translator
        commands_ = [
            await command.get_translated_payload(self.tree, translator)
            if translator is not None
            else command.to_dict(self.tree)
            for command in self.tree.get_commands()
        ]
        payload: dict[str, Any] = {
            "application_id": self.application_id,
            "dev_guild_id": self.settings.dev_guild_id,
            "commands": commands_,
        }
        return hashlib.sha256(json.dumps(payload, sort_keys=True).encode()).hexdigest()

    async def sync_commands_if_changed(self) -> None:
        """Register the slash commands with Discord unless the same ones were registered before."""
        digest = await self.commands_hash()
        previous = await self.db.get_meta(COMMANDS_HASH_KEY)
        if digest == previous and not self.settings.force_sync:
            log.info("Slash commands unchanged since they were last registered; not registering them again")
            return
        guild_id = self.settings.dev_guild_id
        try:
            if guild_id is not None:
                guild = discord.Object(id=guild_id)
                self.tree.copy_global_to(guild=guild)
                synced = await self.tree.sync(guild=guild)
                where = f"in server {guild_id} (available at once)"
            else:
                synced = await self.tree.sync()
                where = "globally"
        except discord.HTTPException as error:
            # The bot still runs with whatever commands Discord already has; the next start retries.
            log.error(
                "Could not register slash commands: %s. Was the bot invited with the "
                "applications.commands scope%s?",
                error,
                f" to server {guild_id}" if guild_id is not None else "",
            )
            return
        await self.db.set_meta(COMMANDS_HASH_KEY, digest)
        names = ", ".join(f"/{command.name}" for command in synced)
        log.info("Registered %d slash command(s) %s: %s", len(synced), where, names)

    async def close(self) -> None:
        # New interactions are refused from here on; the write under way finishes before the
        # database closes, and only then does the gateway connection go.
        self.closing = True
        server, self.metrics_server = self.metrics_server, None
        if server is not None:
            await server.stop()
        # In reverse order of provision: a feature stops before those it was built on (the tables before
        # the cluster, which then leaves the process list with no clock or computer of its tables running).
        for stop in reversed(self._on_close):
            done = stop()
            if inspect.isawaitable(done):
                await done
        self._on_close.clear()
        if self._db is not None:
            await self._db.close()
        await super().close()


class ShardedWizardBot(WizardBot, commands.AutoShardedBot):
    """The bot on discord.py's AutoShardedBot: one gateway connection per shard it runs."""


def shard_ranges(ids: Sequence[int] | range) -> str:
    """Shard numbers as ranges: [0, 1, 2, 5] is "0-2,5"."""
    parts: list[str] = []
    ordered = sorted(ids)
    start = previous = ordered[0] if ordered else 0
    for shard in [*ordered[1:], None]:
        if shard is not None and shard == previous + 1:
            previous = shard
            continue
        parts.append(str(start) if start == previous else f"{start}-{previous}")
        if shard is not None:
            start = previous = shard
    return ",".join(parts)


def bot_class(settings: Settings) -> type[WizardBot]:
    return ShardedWizardBot if settings.shard_count is not None else WizardBot


def create_bot(**overrides: Any) -> WizardBot:
    """Build the configured bot without connecting; keyword arguments override any `Settings` field."""
    settings = load_settings(**overrides)
    return bot_class(settings)(settings)


async def _run(settings: Settings) -> None:
    bot = bot_class(settings)(settings)
    loop = asyncio.get_running_loop()
    closing: set[asyncio.Task[None]] = set()

    def stop() -> None:
        task = asyncio.create_task(bot.close())
        closing.add(task)
        task.add_done_callback(closing.discard)

    for signum in (signal.SIGINT, signal.SIGTERM):
        try:
            loop.add_signal_handler(signum, stop)
        except NotImplementedError:
            # Windows: Ctrl+C arrives as KeyboardInterrupt instead, after asyncio.run has cancelled
            # the bot, whose `async with` closes it the same way.
            break
    async with bot:
        assert settings.token is not None
        await bot.start(settings.token)


def parse_arguments(argv: Sequence[str]) -> argparse.Namespace:
    """Read the command line; argparse prints usage errors and --help itself (SystemExit)."""
    parser = argparse.ArgumentParser(
        prog="bot.py", description="Run the Wizard Discord bot, or copy and restore its database."
    )
    parser.add_argument("--version", action="store_true", help="print the version and exit")
    commands_ = parser.add_subparsers(dest="command", metavar="COMMAND")
    backup = commands_.add_parser(
        "backup",
        help="copy the database (SQLite or PostgreSQL) to PATH; safe while the bot runs",
    )
    backup.add_argument("path", type=Path, help="the copy to write, or a folder to put a dated copy in")
    backup.add_argument("--force", action="store_true", help="replace PATH if it exists")
    backup.add_argument(
        "--logical",
        action="store_true",
        help="PostgreSQL: write a SQLite file of the data instead of running pg_dump",
    )
    restore = commands_.add_parser(
        "restore", help="replace the database with the backup PATH; the bot must be stopped"
    )
    restore.add_argument("path", type=Path, help="a copy made by `backup`")
    copy = commands_.add_parser(
        "copy-database",
        help="copy the SQLite database into a new, empty PostgreSQL database; the bot must be stopped",
        description="Copy every table of the SQLite database (WIZARD_DATABASE_PATH, or --from a backup) "
        "into an empty PostgreSQL database, which the bot's migrations prepare first, then check the copy. "
        "The SQLite database must have this version's schema: after an upgrade, start the bot on it once.",
    )
    copy.add_argument(
        "--to",
        metavar="URL",
        help="the PostgreSQL database, postgresql://user:password@host/name (default: WIZARD_DATABASE_URL)",
    )
    copy.add_argument(
        "--from",
        dest="source",
        metavar="FILE",
        type=Path,
        help="copy this SQLite file (a backup) instead of WIZARD_DATABASE_PATH",
    )
    sandbox = commands_.add_parser(
        "sandbox",
        help="play the bot without Discord, on a local page (needs `make sandbox`)",
        description="Run the bot in SimCord, an offline Discord, and print the address of a page on this "
        "computer where you play it against computers. Nothing reaches Discord or the internet.",
    )
    sandbox.add_argument(
        "--database", type=Path, help="keep the games in this database (default: a temporary one)"
    )
    sandbox.add_argument("--name", default="Player", help="your name at the table (default: Player)")
    sandbox.add_argument(
        "--port", type=int, default=0, help="the page's port on 127.0.0.1 (default: a free one)"
    )
    sandbox.add_argument(
        "--locale",
        default="en-US",
        help="your Discord client's language: en-US or de (default: en-US; /sandbox language on the page "
        "changes it)",
    )
    replay = commands_.add_parser(
        "replay",
        help="print a game record's rounds and check its scores with the rules",
        description="Read a game record (the JSON file of /wizard record), play its deals and moves again "
        "through the rules, print its rounds and check that every trick, bid, point, total and place in it "
        "is what the rules give. Exit status 0 when it matches, 1 when it does not or cannot be read.",
    )
    replay.add_argument("file", type=Path, help="the record, a .json file")
    return parser.parse_args(list(argv))


def in_use_message(error: DatabaseInUseError) -> str:
    owner = f" (pid {error.pid})" if error.pid is not None else ""
    return (
        f"Another Wizard bot is already using {error.database}{owner}. Stop it first, or give this one "
        "its own WIZARD_DATABASE_PATH."
    )


def start_failure(error: Exception, settings: Settings) -> str | None:
    """The one line printed when starting fails this way, or None for a bug (shown as a traceback)."""
    path, setting = settings.database_shown, settings.database_setting
    if isinstance(error, commands.ExtensionFailed):  # a feature that could not start says why
        error = error.original
    if isinstance(error, SettingsError):  # a setting at odds with the rest (two processes of one name)
        return str(error)
    if isinstance(error, DatabaseInUseError):
        return in_use_message(error)
    if isinstance(error, MigrationError):
        return f"Could not update the database at {path}: {error}"
    # A connection lost on its own is Discord's: the database's are DatabaseUnreachableError at start.
    if isinstance(error, OPENING_FAILED) and not isinstance(error, ConnectionError):
        return f"Could not open the database at {path} ({setting}): {error}"
    if isinstance(error, MetricsServerError):
        return f"Could not start the metrics server (WIZARD_METRICS_HOST, WIZARD_METRICS_PORT): {error}"
    if isinstance(error, discord.LoginFailure):
        return (
            "Discord rejected DISCORD_TOKEN: copy the token again from the Bot page of your application "
            "at https://discord.com/developers/applications into .env."
        )
    if isinstance(error, OSError | aiohttp.ClientError):
        return f"Could not reach Discord: {error}"
    return None


def start(settings: Settings) -> int:
    """Run the bot until it is stopped; the exit status."""
    if settings.token is None:
        print(token_guidance(), file=sys.stderr)
        return 1
    setup_logging(settings)
    try:
        asyncio.run(_run(settings))
    except KeyboardInterrupt:
        return 0
    except Exception as error:
        message = start_failure(error, settings)
        if message is None:
            raise
        print(message.replace(settings.token, "[redacted]"), file=sys.stderr)
        return 1
    return 0


def backup(settings: Settings, target: Path, force: bool, logical: bool = False) -> int:
    if settings.database_url:
        return backup_of_postgres(settings, target, force=force, logical=logical)
    source = settings.database_path
    if not source.exists():
        print(f"Backup failed: there is no database at {source} (WIZARD_DATABASE_PATH)", file=sys.stderr)
        return 1
    try:
        copy = backup_database(source, target, force=force)
    except BackupError as error:
        print(f"Backup failed: {error}", file=sys.stderr)
        return 1
    print(f"Copied the database {source} to {copy}")
    return 0


def backup_of_postgres(settings: Settings, target: Path, *, force: bool, logical: bool) -> int:
    assert settings.database_url is not None
    shown = settings.database_shown
    try:
        made = asyncio.run(
            backup_postgres(settings.database_url, target, MIGRATIONS_DIR, force=force, logical=logical)
        )
    except (BackupError, CopyError, MigrationError) as error:
        print(f"Backup failed: {error}", file=sys.stderr)
        return 1
    if made.report is None:
        print(f"Copied the database {shown} to {made.path} with pg_dump.")
        return 0
    how = "at your request" if logical else "pg_dump is not installed"
    print(f"Copied the database {shown} to {made.path}, a SQLite file ({how}).")
    print(copied_rows(made.report))
    return 0


def restore(settings: Settings, backup_path: Path) -> int:
    if settings.database_url:
        return restore_into_postgres(settings, backup_path)
    known = len(find_migrations(MIGRATIONS_DIR))
    try:
        kept, schema = restore_database(backup_path, settings.database_path, max_version=known)
    except DatabaseInUseError as error:
        owner = f" (pid {error.pid})" if error.pid is not None else ""
        message = f"Restore refused: a Wizard bot is using {error.database}{owner}; stop it first."
        print(message, file=sys.stderr)
        return 1
    except BackupError as error:
        print(f"Restore failed: {error}", file=sys.stderr)
        return 1
    print(f"Restored {backup_path} as the database {settings.database_path} (schema version {schema}).")
    if kept is not None:
        print(f"The database it replaced is kept as {kept}.")
    if schema < known:
        print(f"The bot will bring it up to schema version {known} when it starts.")
    return 0


def restore_into_postgres(settings: Settings, backup_path: Path) -> int:
    assert settings.database_url is not None
    known = len(find_migrations(MIGRATIONS_DIR))
    # Processes silent for three heartbeats are stopped (SILENT_HEARTBEATS in cogs/cluster/service.py;
    # bot.py imports no feature).
    stale = 3 * settings.heartbeat_seconds
    try:
        done = asyncio.run(
            restore_postgres(backup_path, settings.database_url, MIGRATIONS_DIR, stale_seconds=stale)
        )
    except DatabaseBusyError as error:
        print(f"Restore refused: {error}.", file=sys.stderr)
        return 1
    except (BackupError, CopyError, MigrationError) as error:
        print(f"Restore failed: {error}", file=sys.stderr)
        return 1
    how = "with pg_restore" if done.method == "pg_restore" else "copied in by the bot"
    print(
        f"Restored {backup_path} into the database {settings.database_shown} ({how}, schema version "
        f"{done.version})."
    )
    if done.report is not None:
        print(copied_rows(done.report))
    if done.kept is not None:
        print(f"The data it replaced is kept in {done.kept.path}.")
    if done.version < known and done.method == "pg_restore":
        print(f"The bot will bring it up to schema version {known} when it starts.")
    return 0


def copy_to_postgres(settings: Settings, target: str | None, source: Path | None) -> int:
    """`bot.py copy-database`: a SQLite database into a new PostgreSQL one, checked afterwards."""
    url = target or settings.database_url
    if not url:
        print(
            "Copy failed: name the PostgreSQL database with --to postgresql://… (or WIZARD_DATABASE_URL).",
            file=sys.stderr,
        )
        return 1
    path = source if source is not None else settings.database_path
    try:
        report = asyncio.run(copy_database(path, url, MIGRATIONS_DIR))
    except DatabaseInUseError as error:
        print(f"Copy refused: {in_use_message(error)}", file=sys.stderr)
        return 1
    except (CopyError, MigrationError) as error:
        print(f"Copy failed: {error}", file=sys.stderr)
        return 1
    print(f"Copied {path} (schema version {report.version}) into {safe_url(url)} in {report.seconds:.1f} s:")
    print(copied_rows(report))
    return 0


def copied_rows(report: CopyReport) -> str:
    """The rows copied per table, and what the check after the copy found."""
    width = max((len(name) for name in report.rows), default=0)
    lines = [f"  {name:<{width}}  {rows:>9,} rows" for name, rows in sorted(report.rows.items())]
    lines.append(f"  {'(all)':<{width}}  {report.total:>9,} rows in {len(report.rows)} tables")
    lines.append("Checked: every table of the copy holds as many rows as were read.")
    sums = ", ".join(
        f"{group} {digest} ({rows:,} rows)" for group, (digest, rows) in report.checksums.items()
    )
    lines.append(f"Checked: the checksums of both sides agree: {sums}.")
    return "\n".join(lines)


SANDBOX_MISSING = (
    "The sandbox needs SimCord and the packages of its page, which `make run` does not install "
    "({missing} missing). Run `make sandbox` (or: .venv/bin/pip install -e '.[sandbox]')."
)


def sandbox(settings: Settings, arguments: argparse.Namespace) -> int:
    """`bot.py sandbox`: the bot in SimCord, played from a local page (cogs/hosting/sandbox.py)."""
    try:
        from cogs.hosting import sandbox as offline
    except ModuleNotFoundError as error:
        print(SANDBOX_MISSING.format(missing=error.name or "a package"), file=sys.stderr)
        return 1
    missing = offline.missing_packages()
    if missing:
        print(SANDBOX_MISSING.format(missing=", ".join(missing)), file=sys.stderr)
        return 1
    database = arguments.database.resolve() if arguments.database is not None else None
    setup_logging(settings)
    try:
        return offline.run(
            create_bot, database=database, name=arguments.name, port=arguments.port, locale=arguments.locale
        )
    except SettingsError as error:
        print(f"Configuration error: {error}", file=sys.stderr)
        return 2
    except Exception as error:
        message = sandbox_failure(error, database, offline.SandboxError)
        if message is None:
            raise
        print(message, file=sys.stderr)
        return 1


def sandbox_failure(error: Exception, database: Path | None, expected: type[Exception]) -> str | None:
    """The one line printed when the sandbox cannot start, or None for a bug (shown as a traceback)."""
    where = database if database is not None else "the sandbox's temporary database"
    if isinstance(error, DatabaseInUseError):
        owner = f" (pid {error.pid})" if error.pid is not None else ""
        return (
            f"Another Wizard bot is already using {error.database}{owner}. Stop it first, or give the "
            "sandbox another --database."
        )
    if isinstance(error, MigrationError):
        return f"Could not update the database at {where}: {error}"
    if isinstance(error, (DatabaseLocationError, *DATABASE_ERRORS)):
        return f"Could not open the database at {where}: {error}"
    if isinstance(error, expected):
        return str(error)
    return None


# How many of a record's differences from the rules `replay` lists before it counts the rest.
SHOWN_DIFFERENCES = 20


def replay(path: Path) -> int:
    """`bot.py replay FILE`: a game record's rounds as the rules play them, and whether every figure of
    the record is what they give (``wizard_core.records``). 0 when it matches; 1 when it does not, its
    game is not finished, or it cannot be read."""
    from wizard_core import CorruptSaveError, records

    try:
        record = records.loads(path.read_bytes())
        game = records.rebuild(record)
        differences = records.verify(record)
    except OSError as error:
        print(f"Could not read {path}: {error.strerror or error}", file=sys.stderr)
        return 1
    except CorruptSaveError as error:
        print(f"{path} cannot be replayed: {error}", file=sys.stderr)
        return 1
    print("\n".join(records.summary(record, game)))
    if differences:
        print(f"{path} does not match the rules: {len(differences)} difference(s).")
        for line in differences[:SHOWN_DIFFERENCES]:
            print(f"  {line}")
        if len(differences) > SHOWN_DIFFERENCES:
            print(f"  … and {len(differences) - SHOWN_DIFFERENCES} more")
        return 1
    if not game.is_over:
        print(f"{path} matches the rules, but its game is not finished.")
        return 1
    print(f"Verified: every trick, bid, point, total and place of {path} follows from its deals and moves.")
    return 0


def main(argv: Sequence[str] = ()) -> int:
    """The command line: no arguments start the bot. Returns the exit status."""
    try:
        arguments = parse_arguments(argv)
    except SystemExit as stop:  # --help, or a usage error argparse has already explained
        return stop.code if isinstance(stop.code, int) else 0
    if arguments.version:
        print(f"{DISTRIBUTION} {version()}")
        return 0
    if arguments.command == "replay":  # a file and the rules: no settings, no database
        return replay(arguments.file)
    try:
        settings = load_settings()
    except SettingsError as error:
        print(f"Configuration error: {error}", file=sys.stderr)
        return 2
    if arguments.command == "backup":
        return backup(settings, arguments.path, arguments.force, arguments.logical)
    if arguments.command == "restore":
        return restore(settings, arguments.path)
    if arguments.command == "copy-database":
        return copy_to_postgres(settings, arguments.to, arguments.source)
    if arguments.command == "sandbox":
        return sandbox(settings, arguments)
    return start(settings)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
