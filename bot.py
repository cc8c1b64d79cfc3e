"""Start the Wizard bot: `python bot.py` (or `make run`) with DISCORD_TOKEN set in `.env`."""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
import signal
import sqlite3
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import aiohttp
import discord
from discord import app_commands
from discord.ext import commands

from cogs.utils.components import Component, stray_click_reply
from cogs.utils.config import RedactTokenFilter, Settings, SettingsError, load_settings
from cogs.utils.db import Database, MigrationError
from cogs.utils.replies import Refusal, explain_command_error, report_failure

log = logging.getLogger(__name__)

ROOT = Path(__file__).resolve().parent
MIGRATIONS_DIR = ROOT / "migrations"
COMMANDS_HASH_KEY = "commands_hash"
# The features, loaded in this order: the tables read the server settings, the /wizard commands use all.
EXTENSIONS = ("cogs.server_settings.cog", "cogs.leaderboard.cog", "cogs.table.cog", "cogs.wizard")
ServiceT = TypeVar("ServiceT")

# What the bot needs in a channel where a game is played.
REQUIRED_PERMISSIONS = discord.Permissions(
    view_channel=True, send_messages=True, embed_links=True, attach_files=True, read_message_history=True
)
OPTIONAL_PERMISSIONS = discord.Permissions(use_external_emojis=True)


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
    handler.addFilter(RedactTokenFilter(settings.token))
    discord.utils.setup_logging(handler=handler, level=logging.getLevelName(settings.log_level), root=True)


class WizardTree(app_commands.CommandTree["WizardBot"]):
    """The slash-command tree, with the bot-wide interaction check and error handler."""

    async def interaction_check(self, interaction: discord.Interaction[WizardBot], /) -> bool:
        if self.client.closing:
            await interaction.response.send_message(
                "The bot is shutting down, try again in a minute.", ephemeral=True
            )
            return False
        return True

    async def on_error(
        self, interaction: discord.Interaction[WizardBot], error: app_commands.AppCommandError, /
    ) -> None:
        command = interaction.command.qualified_name if interaction.command else "(unknown command)"
        if isinstance(error, app_commands.CommandInvokeError):
            await report_failure(interaction, error.original, f"/{command}")
            return
        await report_failure(interaction, error, f"/{command}", explain_command_error(error))


class WizardBot(commands.Bot):
    """The bot: one database, the features in cogs/, and slash commands registered only when they change.

    A feature's extension hands the bot the objects the others reach it through (``provide``); they ask
    for them by class (``service``), so every call through them is type-checked.
    """

    def __init__(self, settings: Settings) -> None:
        intents = discord.Intents.none()
        # Slash commands and components arrive as interactions, which need no intents;
        # `guilds` keeps the server and channel cache that discord.py relies on.
        intents.guilds = True
        super().__init__(
            command_prefix=commands.when_mentioned,
            help_command=None,
            intents=intents,
            tree_cls=WizardTree,
            allowed_mentions=discord.AllowedMentions(everyone=False, roles=False, users=True),
        )
        self.settings = settings
        self.closing = False
        self._db: Database | None = None
        self._services: dict[type, object] = {}
        self._on_close: list[Callable[[], None]] = []
        self._families: list[type[Component[Any]]] = []

    def provide(self, service: object, *, on_close: Callable[[], None] | None = None) -> None:
        """Make a feature's service available to the others; ``on_close`` runs when the bot shuts down,
        before the database closes."""
        self._services[type(service)] = service
        if on_close is not None:
            self._on_close.append(on_close)

    def service(self, kind: type[ServiceT]) -> ServiceT:
        """The service of that class (or a subclass) that a loaded extension provided."""
        for service in self._services.values():
            if isinstance(service, kind):
                return service
        raise LookupError(f"no {kind.__name__}: the extension that provides it is not loaded")

    def add_components(self, *families: type[Component[Any]]) -> None:
        """Register component families, so their buttons and menus work on any message, old ones too."""
        self.add_dynamic_items(*families)
        self._families.extend(families)

    async def on_interaction(self, interaction: discord.Interaction[WizardBot]) -> None:
        # A click on one of our ids that no family will serve (damaged, forged) still gets an answer.
        text = stray_click_reply(interaction, self._families)
        if text is not None:
            await report_failure(interaction, Refusal(text), "a component")

    @property
    def db(self) -> Database:
        if self._db is None:
            raise RuntimeError("the database is opened in setup_hook; the bot has not logged in yet")
        return self._db

    async def setup_hook(self) -> None:
        self._db = await Database.open(self.settings.database_path, MIGRATIONS_DIR)
        log.info("Opened the database at %s", self.settings.database_path)
        for name in EXTENSIONS:
            await self.load_extension(name)
            log.info("Loaded extension %s", name)
        await self.sync_commands_if_changed()

    def commands_hash(self) -> str:
        """A fingerprint of what registering the slash commands would send, and where."""
        payload: dict[str, Any] = {
            "application_id": self.application_id,
            "dev_guild_id": self.settings.dev_guild_id,
            "commands": [command.to_dict(self.tree) for command in self.tree.get_commands()],
        }
        return hashlib.sha256(json.dumps(payload, sort_keys=True).encode()).hexdigest()

    async def sync_commands_if_changed(self) -> None:
        """Register the slash commands with Discord unless the same ones were registered before."""
        digest = self.commands_hash()
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
        for stop in self._on_close:
            stop()
        self._on_close.clear()
        if self._db is not None:
            await self._db.close()
        await super().close()


def create_bot(**overrides: Any) -> WizardBot:
    """Build the configured bot without connecting; keyword arguments override any `Settings` field."""
    return WizardBot(load_settings(**overrides))


async def _run(settings: Settings) -> None:
    bot = WizardBot(settings)
    loop = asyncio.get_running_loop()
    closing: set[asyncio.Task[None]] = set()

    def stop() -> None:
        task = asyncio.create_task(bot.close())
        closing.add(task)
        task.add_done_callback(closing.discard)

    for signum in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(signum, stop)
    async with bot:
        assert settings.token is not None
        await bot.start(settings.token)


def main() -> int:
    try:
        settings = load_settings()
    except SettingsError as error:
        print(f"Configuration error: {error}", file=sys.stderr)
        return 2
    if settings.token is None:
        print(token_guidance(), file=sys.stderr)
        return 1
    setup_logging(settings)
    try:
        asyncio.run(_run(settings))
    except MigrationError as error:
        print(f"Could not update the database at {settings.database_path}: {error}", file=sys.stderr)
        return 1
    except sqlite3.Error as error:
        print(f"Could not open the database at {settings.database_path}: {error}", file=sys.stderr)
        return 1
    except discord.LoginFailure:
        print(
            "Discord rejected DISCORD_TOKEN: copy the token again from the Bot page of your application "
            "at https://discord.com/developers/applications into .env.",
            file=sys.stderr,
        )
        return 1
    except (OSError, aiohttp.ClientError) as error:
        message = str(error).replace(settings.token, "[redacted]")
        print(f"Could not reach Discord: {message}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
