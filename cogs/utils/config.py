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
    # Computer players: the pause before each of their moves (seconds) and the thinking time of a hard
    # decision (milliseconds).
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
}


def _check_override(name: str, value: Any) -> Any:
    """Give an override the same type and checks as the value read from the environment."""
    if value is None:
        if name in ("token", "dev_guild_id", "metrics_port"):
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
    numbers = (
        "lobby_timeout_minutes",
        "computer_delay",
        "computer_budget_ms",
        "table_edit_interval",
        "nudge_seconds",
    )
    if name in numbers and isinstance(
        value, int | float
    ):
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
    except SettingsError as error:
        token = values.get("token")
        message = str(error)
        if token and token in message:
            raise SettingsError(message.replace(token, REDACTED)) from None
        raise
    return Settings(**values)


class RedactTokenFilter(logging.Filter):
    """Replace the bot token with "[redacted]" in every record passing through a handler."""

    def __init__(self, token: str | None) -> None:
        super().__init__()
        self.token = token

    def filter(self, record: logging.LogRecord) -> bool:
        token = self.token
        if not token:
            return True
        try:
            message = record.getMessage()
        except Exception:  # a malformed record is the logging module's to report, not ours
            return True
        if record.exc_info:
            # Some formatters (discord.py's colour one) rebuild the traceback from exc_info, so a
            # traceback that shows the token is folded into the message and exc_info dropped.
            traceback_text = logging.Formatter().formatException(record.exc_info)
            if token in traceback_text:
                message = f"{message}\n{traceback_text}"
                record.exc_info = None
                record.exc_text = None
        if record.exc_text and token in record.exc_text:
            record.exc_text = record.exc_text.replace(token, REDACTED)
        if record.stack_info and token in record.stack_info:
            record.stack_info = record.stack_info.replace(token, REDACTED)
        if token in message:
            record.msg = message.replace(token, REDACTED)
            record.args = ()
        return True
