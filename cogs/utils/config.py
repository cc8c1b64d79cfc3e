"""The bot's settings, read from the environment and from a `.env` file in the working directory.

Relative database paths are taken from the project directory (the one holding bot.py), never from the
directory the bot happens to be started in, so `make run`, systemd and a shell in another folder all
find the same database.
"""

from __future__ import annotations

import dataclasses
import logging
import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

from dotenv import dotenv_values

__all__ = (
    "DEFAULT_DATABASE_PATH",
    "LOG_LEVELS",
    "PROJECT_DIR",
    "RedactTokenFilter",
    "Settings",
    "SettingsError",
    "load_settings",
)

LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")
# cogs/utils/config.py -> the project directory, where bot.py and migrations/ are.
PROJECT_DIR = Path(__file__).resolve().parents[2]
DEFAULT_DATABASE_PATH = PROJECT_DIR / "data" / "wizard.sqlite3"
DEFAULT_METRICS_HOST = "127.0.0.1"
REDACTED = "[redacted]"

_TRUE = frozenset({"1", "true", "yes", "on"})
_FALSE = frozenset({"", "0", "false", "no", "off"})


class SettingsError(ValueError):
    """A setting has a value the bot cannot use; the message is one line naming the setting."""


@dataclass(frozen=True, slots=True)
class Settings:
    """Everything the bot reads from its environment."""

    token: str | None = dataclasses.field(default=None, repr=False)
    database_path: Path = DEFAULT_DATABASE_PATH
    log_level: str = "INFO"
    dev_guild_id: int | None = None
    force_sync: bool = False
    lobby_timeout_minutes: float = 30.0
    # Pictures (hands, the table, the final chart) beside the text; for every server until per-server
    # settings arrive with /wizard settings.
    images: bool = True
    # Computer players: the pause before each of their moves (seconds) and the wall-time cap of one
    # decision (milliseconds), a safety net: a decision's work is fixed by its level.
    computer_delay: float = 1.5
    computer_budget_ms: float = 1000.0
    # The least time between two edits of a table message (seconds): a burst of moves is shown by one
    # edit, which keeps the bot well under Discord's request limit.
    table_edit_interval: float = 1.0
    # Seconds into their turn after which a member who has not acted is nudged by DM.
    nudge_seconds: float = 8.0
    # The health and metrics server: off unless a port is given (0 picks a free one, for tests).
    metrics_port: int | None = None
    metrics_host: str = DEFAULT_METRICS_HOST
    # A PostgreSQL database shared by several bot processes (``postgresql://...``); None: the SQLite file
    # at ``database_path``. Its password is a secret like the token.
    database_url: str | None = dataclasses.field(default=None, repr=False)
    # Sharding: how many shards the bot has in all, and which of them this process runs (None: all).
    shard_count: int | None = None
    shard_ids: tuple[int, ...] | None = None
    # This process's name among those sharing a database (empty: the host's name and its shards).
    process_name: str = ""
    # How often a process sharing the database says it is alive (seconds); one silent for three times
    # this long is taken for stopped, and its tables are taken over.
    heartbeat_seconds: float = 5.0

    @property
    def database_shown(self) -> str:
        """Where the data is, fit for a log or a message: the SQLite path, or the URL without password."""
        return safe_url(self.database_url) if self.database_url else str(self.database_path)

    @property
    def database_setting(self) -> str:
        """The setting that names the database in use."""
        return "WIZARD_DATABASE_URL" if self.database_url else "WIZARD_DATABASE_PATH"

    @property
    def secrets(self) -> tuple[str, ...]:
        """What must never appear in a log or an error: the token and the database's password."""
        found = [self.token] if self.token else []
        return (*found, *_password_forms(self.database_url))


def _parse_token(raw: str) -> str | None:
    token = raw.strip()
    if not token:
        return None
    # The value is never quoted back: an error message may end up in a log or a screenshot.
    if any(char.isspace() for char in token):
        raise SettingsError(
            "DISCORD_TOKEN must be the bot token alone, without spaces or a 'Bot ' prefix (value not shown)"
        )
    return token


def _parse_database_path(raw: str) -> Path:
    if not raw.strip():
        return DEFAULT_DATABASE_PATH
    path = PROJECT_DIR / Path(raw.strip()).expanduser()  # an absolute path stays as it is
    if path.is_dir():
        raise SettingsError(f"WIZARD_DATABASE_PATH must be a file path, got the directory {raw!r}")
    # The folder is created on start; a file where a folder should be would only fail there, and
    # with an error that does not say which setting is at fault.
    for parent in path.parents:
        if parent.exists():
            if not parent.is_dir():
                raise SettingsError(
                    f"WIZARD_DATABASE_PATH must be inside a folder, but {str(parent)!r} is a file "
                    f"(got {raw!r})"
                )
            break
    return path


def _password_forms(url: str | None) -> tuple[str, ...]:
    """A URL's password as it is written (%-encoded) and as it is meant, the meant one first."""
    if not url:
        return ()
    try:
        parts = urlsplit(url)
    except ValueError:
        return ()
    pairs = (item.partition("=") for item in parts.query.split("&"))
    written = [value for key, _, value in pairs if key == "password"]
    if parts.password:
        written.insert(0, parts.password)
    forms: list[str] = []
    for form in [unquote(value) for value in written] + written:
        if form and form not in forms:
            forms.append(form)
    return tuple(forms)


def safe_url(url: str) -> str:
    """A database URL fit for a log: its password replaced, wherever and however it is written."""
    for form in sorted(_password_forms(url), key=len, reverse=True):
        url = url.replace(form, REDACTED)
    return url


def _parse_database_url(raw: str) -> str | None:
    url = raw.strip()
    if not url:
        return None
    if not url.startswith(("postgresql://", "postgres://")):
        raise SettingsError(
            "WIZARD_DATABASE_URL must be a PostgreSQL address like postgresql://user:password@host/db "
            "(leave it empty for the SQLite file at WIZARD_DATABASE_PATH)"
        )
    return url


def _parse_shard_count(raw: str) -> int | None:
    text = raw.strip()
    if not text:
        return None
    if not text.isdecimal() or not 1 <= int(text) <= 10_000:
        raise SettingsError(f"WIZARD_SHARD_COUNT must be a whole number of shards from 1, got {raw!r}")
    return int(text)


def _parse_shard_ids(raw: str) -> tuple[int, ...] | None:
    text = raw.strip()
    if not text:
        return None
    found: list[int] = []
    for part in text.split(","):
        low, dash, high = part.strip().partition("-")
        if not low.strip().isdecimal() or (dash and not high.strip().isdecimal()):
            raise SettingsError(
                f"WIZARD_SHARD_IDS must be shard numbers or ranges like 0-3 or 0,2,4-5, got {raw!r}"
            )
        first, last = int(low), int(high) if dash else int(low)
        if last < first:
            raise SettingsError(f"WIZARD_SHARD_IDS has a range that runs backwards: {part.strip()!r}")
        found.extend(range(first, last + 1))
    if len(set(found)) != len(found):
        raise SettingsError(f"WIZARD_SHARD_IDS names a shard twice: {raw!r}")
    return tuple(sorted(found))


def _parse_process_name(raw: str) -> str:
    name = raw.strip()
    if len(name) > 100 or any(not char.isprintable() for char in name):
        raise SettingsError(f"WIZARD_PROCESS_NAME must be a short printable name, got {raw!r}")
    return name


def _check_shards(values: dict[str, Any]) -> None:
    count, ids = values.get("shard_count"), values.get("shard_ids")
    if ids is None:
        return
    if count is None:
        raise SettingsError("WIZARD_SHARD_IDS needs WIZARD_SHARD_COUNT, the number of shards in all")
    outside = [shard for shard in ids if shard >= count]
    if outside:
        raise SettingsError(
            f"WIZARD_SHARD_IDS names shard {outside[0]}, but shards are numbered 0 to {count - 1} "
            f"(WIZARD_SHARD_COUNT={count})"
        )


def _parse_log_level(raw: str) -> str:
    level = raw.strip().upper() or "INFO"
    if level not in LOG_LEVELS:
        raise SettingsError(f"WIZARD_LOG_LEVEL must be one of {', '.join(LOG_LEVELS)}, got {raw!r}")
    return level


def _parse_dev_guild_id(raw: str) -> int | None:
    text = raw.strip()
    if not text:
        return None
    if not text.isdecimal() or int(text) <= 0:
        raise SettingsError(f"WIZARD_DEV_GUILD_ID must be a server id (a positive whole number), got {raw!r}")
    return int(text)


def _parse_force_sync(raw: str) -> bool:
    text = raw.strip().lower()
    if text in _TRUE:
        return True
    if text in _FALSE:
        return False
    raise SettingsError(f"WIZARD_SYNC_COMMANDS must be 1 (register commands now) or 0, got {raw!r}")


def _parse_images(raw: str) -> bool:
    text = raw.strip().lower()
    if not text or text in _TRUE:  # unset or empty: pictures are on
        return True
    if text in _FALSE:
        return False
    raise SettingsError(f"WIZARD_IMAGES must be 1 (pictures of hands, tables and scores) or 0, got {raw!r}")


def _parse_metrics_port(raw: str) -> int | None:
    text = raw.strip()
    if not text:
        return None
    if not text.isdecimal() or int(text) > 65535:
        raise SettingsError(f"WIZARD_METRICS_PORT must be a port from 0 to 65535 (empty: off), got {raw!r}")
    return int(text)


def _parse_metrics_host(raw: str) -> str:
    host = raw.strip() or DEFAULT_METRICS_HOST
    if any(char.isspace() or char in "/[]" for char in host):
        raise SettingsError(f"WIZARD_METRICS_HOST must be an address like 127.0.0.1 or 0.0.0.0, got {raw!r}")
    return host


def _number_parser(
    variable: str, low: float, high: float, default: float, unit: str
) -> Callable[[str], float]:
    def parse(raw: str) -> float:
        text = raw.strip()
        if not text:
            return default
        try:
            value = float(text)
        except ValueError:
            value = low - 1
        if not low <= value <= high:
            raise SettingsError(
                f"{variable} must be a number of {unit} from {low:g} to {high:g}, got {raw!r}"
            )
        return value

    return parse


_FIELDS: dict[str, tuple[str, Callable[[str], Any]]] = {
    "token": ("DISCORD_TOKEN", _parse_token),
    "database_path": ("WIZARD_DATABASE_PATH", _parse_database_path),
    "log_level": ("WIZARD_LOG_LEVEL", _parse_log_level),
    "dev_guild_id": ("WIZARD_DEV_GUILD_ID", _parse_dev_guild_id),
    "force_sync": ("WIZARD_SYNC_COMMANDS", _parse_force_sync),
    "lobby_timeout_minutes": (
        "WIZARD_LOBBY_TIMEOUT_MINUTES",
        _number_parser("WIZARD_LOBBY_TIMEOUT_MINUTES", 1, 24 * 60, 30.0, "minutes"),
    ),
    "images": ("WIZARD_IMAGES", _parse_images),
    "computer_delay": (
        "WIZARD_COMPUTER_DELAY",
        _number_parser("WIZARD_COMPUTER_DELAY", 0, 10, 1.5, "seconds"),
    ),
    "computer_budget_ms": (
        "WIZARD_COMPUTER_BUDGET_MS",
        _number_parser("WIZARD_COMPUTER_BUDGET_MS", 1, 2000, 1000.0, "milliseconds"),
    ),
    "table_edit_interval": (
        "WIZARD_TABLE_EDIT_INTERVAL",
        _number_parser("WIZARD_TABLE_EDIT_INTERVAL", 0, 10, 1.0, "seconds"),
    ),
    "nudge_seconds": (
        "WIZARD_NUDGE_SECONDS",
        _number_parser("WIZARD_NUDGE_SECONDS", 1, 600, 8.0, "seconds"),
    ),
    "metrics_port": ("WIZARD_METRICS_PORT", _parse_metrics_port),
    "metrics_host": ("WIZARD_METRICS_HOST", _parse_metrics_host),
    "database_url": ("WIZARD_DATABASE_URL", _parse_database_url),
    "shard_count": ("WIZARD_SHARD_COUNT", _parse_shard_count),
    "shard_ids": ("WIZARD_SHARD_IDS", _parse_shard_ids),
    "process_name": ("WIZARD_PROCESS_NAME", _parse_process_name),
    "heartbeat_seconds": (
        "WIZARD_HEARTBEAT_SECONDS",
        _number_parser("WIZARD_HEARTBEAT_SECONDS", 0.1, 60, 5.0, "seconds"),
    ),
}


def _check_override(name: str, value: Any) -> Any:
    """Give an override the same type and checks as the value read from the environment."""
    if value is None:
        if name in ("token", "dev_guild_id", "metrics_port", "database_url", "shard_count", "shard_ids"):
            return None
        raise SettingsError(f"{name} cannot be None")
    if name == "database_path":
        return _parse_database_path(os.fspath(value))
    if isinstance(value, str):
        return _FIELDS[name][1](value)
    if name in ("force_sync", "images"):
        return bool(value)
    if name == "dev_guild_id":
        return _parse_dev_guild_id(str(value))
    if name == "metrics_port" and isinstance(value, int):
        return _parse_metrics_port(str(value))
    if name == "shard_count" and isinstance(value, int):
        return _parse_shard_count(str(value))
    if name == "shard_ids" and isinstance(value, list | tuple):
        return _parse_shard_ids(",".join(str(shard) for shard in value))
    numbers = (
        "lobby_timeout_minutes",
        "computer_delay",
        "computer_budget_ms",
        "table_edit_interval",
        "nudge_seconds",
        "heartbeat_seconds",
    )
    if name in numbers and isinstance(value, int | float):
        return _FIELDS[name][1](str(value))
    raise SettingsError(f"{name} must be a string, got {type(value).__name__}")


def _environment() -> dict[str, str]:
    # Only the working directory's .env is read, never one found by walking up the tree, and
    # variables already set in the real environment win over it.
    from_file = dotenv_values(Path.cwd() / ".env")
    merged = {key: value for key, value in from_file.items() if value is not None}
    merged.update(os.environ)
    return merged


def load_settings(environ: Mapping[str, str] | None = None, **overrides: Any) -> Settings:
    """Read the settings from `environ` (default: the process environment plus `.env`).

    Keyword overrides, named like the `Settings` fields, replace what the environment says.
    Raises SettingsError, whose message never contains the token.
    """
    unknown = set(overrides) - set(_FIELDS)
    if unknown:
        raise TypeError(f"unknown setting(s): {', '.join(sorted(unknown))}")
    if environ is None:
        environ = _environment()

    values: dict[str, Any] = {}
    try:
        # The token comes first, so any later message can be scrubbed of it.
        for name, (variable, parse) in _FIELDS.items():
            if name in overrides:
                values[name] = _check_override(name, overrides[name])
            else:
                values[name] = parse(environ.get(variable, ""))
        _check_shards(values)
    except SettingsError as error:
        message = str(error)
        hidden = [values.get("token"), *_password_forms(values.get("database_url"))]
        if any(secret and secret in message for secret in hidden):
            for secret in hidden:
                if secret:
                    message = message.replace(secret, REDACTED)
            raise SettingsError(message) from None
        raise
    return Settings(**values)


class RedactTokenFilter(logging.Filter):
    """Replace the secrets (the bot token, the database's password) with "[redacted]" in every record
    passing through a handler."""

    def __init__(self, *secrets: str | None) -> None:
        super().__init__()
        self.secrets = tuple(secret for secret in secrets if secret)

    def _redact(self, text: str) -> str:
        for secret in self.secrets:
            text = text.replace(secret, REDACTED)
        return text

    def _holds_secret(self, text: str) -> bool:
        return any(secret in text for secret in self.secrets)

    def filter(self, record: logging.LogRecord) -> bool:
        if not self.secrets:
            return True
        try:
            message = record.getMessage()
        except Exception:  # a malformed record is the logging module's to report, not ours
            return True
        if record.exc_info:
            # Some formatters (discord.py's colour one) rebuild the traceback from exc_info, so a
            # traceback that shows a secret is folded into the message and exc_info dropped.
            traceback_text = logging.Formatter().formatException(record.exc_info)
            if self._holds_secret(traceback_text):
                message = f"{message}\n{traceback_text}"
                record.exc_info = None
                record.exc_text = None
        if record.exc_text and self._holds_secret(record.exc_text):
            record.exc_text = self._redact(record.exc_text)
        if record.stack_info and self._holds_secret(record.stack_info):
            record.stack_info = self._redact(record.stack_info)
        if self._holds_secret(message):
            record.msg = self._redact(message)
            record.args = ()
        return True
