"""The bot's settings, read from the environment and from a `.env` file in the working directory.

Each setting is declared once, on its `Settings` field: the field's default, the environment variable it
is read from, and the parser that checks the variable's text (see `_setting`). Reading the environment,
checking keyword overrides and naming a setting in an error all work from those declarations. A blank
variable (unset, empty or only spaces) means the field's default.

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
from typing import Any, TypeVar
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
_FALSE = frozenset({"0", "false", "no", "off"})

T = TypeVar("T")


class SettingsError(ValueError):
    """A setting has a value the bot cannot use; the message is one line naming the setting."""


# -- parsers ----------------------------------------------------------------------------------------------
# A parser gets a variable's text, never blank (blank means the default and never reaches it), and the
# variable's name for its error messages. It returns the field's value or raises SettingsError.


def _parse_token(raw: str, variable: str) -> str:
    token = raw.strip()
    # The value is never quoted back: an error message may end up in a log or a screenshot.
    if any(char.isspace() for char in token):
        raise SettingsError(
            f"{variable} must be the bot token alone, without spaces or a 'Bot ' prefix (value not shown)"
        )
    return token


def _parse_database_path(raw: str, variable: str) -> Path:
    path = PROJECT_DIR / Path(raw.strip()).expanduser()  # an absolute path stays as it is
    if path.is_dir():
        raise SettingsError(f"{variable} must be a file path, got the directory {raw!r}")
    # The folder is created on start; a file where a folder should be would only fail there, and
    # with an error that does not say which setting is at fault.
    for parent in path.parents:
        if parent.exists():
            if not parent.is_dir():
                raise SettingsError(
                    f"{variable} must be inside a folder, but {str(parent)!r} is a file (got {raw!r})"
                )
            break
    return path


def _parse_database_url(raw: str, variable: str) -> str:
    url = raw.strip()
    if not url.startswith(("postgresql://", "postgres://")):
        raise SettingsError(
            f"{variable} must be a PostgreSQL address like postgresql://user:password@host/db "
            f"(leave it empty for the SQLite file at {environment_variable('database_path')})"
        )
    return url


def _parse_shard_count(raw: str, variable: str) -> int:
    text = raw.strip()
    if not text.isdecimal() or not 1 <= int(text) <= 10_000:
        raise SettingsError(f"{variable} must be a whole number of shards from 1, got {raw!r}")
    return int(text)


def _parse_processes(raw: str, variable: str) -> int:
    text = raw.strip()
    if not text.isdecimal() or int(text) > 1024:
        raise SettingsError(f"{variable} must be a whole number of processes from 0 to 1024, got {raw!r}")
    return int(text)


def _parse_shard_ids(raw: str, variable: str) -> tuple[int, ...]:
    found: list[int] = []
    for part in raw.strip().split(","):
        low, dash, high = part.strip().partition("-")
        if not low.strip().isdecimal() or (dash and not high.strip().isdecimal()):
            raise SettingsError(
                f"{variable} must be shard numbers or ranges like 0-3 or 0,2,4-5, got {raw!r}"
            )
        first, last = int(low), int(high) if dash else int(low)
        if last < first:
            raise SettingsError(f"{variable} has a range that runs backwards: {part.strip()!r}")
        found.extend(range(first, last + 1))
    if len(set(found)) != len(found):
        raise SettingsError(f"{variable} names a shard twice: {raw!r}")
    return tuple(sorted(found))


# Words the processes sharing a database use among themselves (``cogs.cluster``): no process's name.
_RESERVED_PROCESS_NAMES = frozenset({"taken", "alive?", "alive", "home"})


def _parse_process_name(raw: str, variable: str) -> str:
    name = raw.strip()
    if len(name) > 100 or any(not char.isprintable() for char in name):
        raise SettingsError(f"{variable} must be a short printable name, got {raw!r}")
    if name in _RESERVED_PROCESS_NAMES:
        raise SettingsError(f"{variable} may not be {name!r}, a word the processes use among themselves")
    return name


def _parse_log_level(raw: str, variable: str) -> str:
    level = raw.strip().upper()
    if level not in LOG_LEVELS:
        raise SettingsError(f"{variable} must be one of {', '.join(LOG_LEVELS)}, got {raw!r}")
    return level


def _parse_dev_guild_id(raw: str, variable: str) -> int:
    text = raw.strip()
    if not text.isdecimal() or int(text) <= 0:
        raise SettingsError(f"{variable} must be a server id (a positive whole number), got {raw!r}")
    return int(text)


def _parse_metrics_port(raw: str, variable: str) -> int:
    text = raw.strip()
    if not text.isdecimal() or int(text) > 65535:
        raise SettingsError(f"{variable} must be a port from 0 to 65535 (empty: off), got {raw!r}")
    return int(text)


def _parse_metrics_host(raw: str, variable: str) -> str:
    host = raw.strip()
    if any(char.isspace() or char in "/[]" for char in host):
        raise SettingsError(f"{variable} must be an address like 127.0.0.1 or 0.0.0.0, got {raw!r}")
    return host


def _switch(meaning: str) -> Callable[[str, str], bool]:
    """The parser of an on/off setting: 1, true, yes or on, and 0, false, no or off.

    `meaning` says what 1 turns on, for the error message.
    """

    def parse(raw: str, variable: str) -> bool:
        text = raw.strip().lower()
        if text in _TRUE:
            return True
        if text in _FALSE:
            return False
        raise SettingsError(f"{variable} must be 1 ({meaning}) or 0, got {raw!r}")

    return parse


def _number(low: float, high: float, unit: str) -> Callable[[str, str], float]:
    """The parser of a number of `unit` from `low` to `high`, both included."""

    def parse(raw: str, variable: str) -> float:
        try:
            value = float(raw.strip())
        except ValueError:
            value = low - 1  # not a number: refused below, with the same message as one out of range
        if not low <= value <= high:
            raise SettingsError(
                f"{variable} must be a number of {unit} from {low:g} to {high:g}, got {raw!r}"
            )
        return value

    return parse


# -- overrides that are not strings --------------------------------------------------------------------
# `load_settings` also takes values as keyword arguments. A string is parsed like the environment's
# text; any other value is first turned into text by its setting's `as_text`, which returns None for a
# kind of value the setting does not take.


def _strings_only(value: Any) -> None:
    """Take no value but a string."""
    return None


def _text_of(*kinds: type) -> Callable[[Any], str | None]:
    """Take values of these types, read as their str() (a port given as 8080, a delay as 0.5)."""

    def as_text(value: Any) -> str | None:
        return str(value) if isinstance(value, kinds) else None

    return as_text


def _switch_text(value: Any) -> str:
    """Take any value as on or off by its truth (True, 0, an empty list...)."""
    return "1" if value else "0"


def _path_text(value: Any) -> str:
    """Take a path (any os.PathLike), as its text."""
    return os.fspath(value)


def _shards_text(value: Any) -> str | None:
    """Take a list or tuple of shard numbers, written as the variable writes them (0,2,5)."""
    return ",".join(str(shard) for shard in value) if isinstance(value, list | tuple) else None


# -- declarations -------------------------------------------------------------------------------------------

_DECLARATION = "setting"  # the key of a field's declaration in its metadata


@dataclass(frozen=True, slots=True)
class _Setting:
    """What a Settings field's declaration says beyond its default (see `_setting`)."""

    variable: str
    parse: Callable[[str, str], Any]
    as_text: Callable[[Any], str | None]


def _setting(
    variable: str,
    default: T,
    parse: Callable[[str, str], T],
    *,
    as_text: Callable[[Any], str | None] = _strings_only,
    secret: bool = False,
) -> T:
    """Declare a Settings field, the one place that says how it is read.

    `variable` is the environment variable holding it, `default` its value when that is blank, and
    `parse` turns the variable's text into the value. `as_text` says which overrides that are not
    strings the setting takes. A `secret` field is kept out of the repr.
    """
    declaration = _Setting(variable, parse, as_text)
    return dataclasses.field(default=default, repr=not secret, metadata={_DECLARATION: declaration})


def _number_setting(variable: str, default: float, low: float, high: float, unit: str) -> float:
    """Declare a number of `unit` from `low` to `high`; an override may also be an int or a float."""
    return _setting(variable, default, _number(low, high, unit), as_text=_text_of(int, float))


@dataclass(frozen=True, slots=True)
class Settings:
    """Everything the bot reads from its environment."""

    # Each field is declared by `_setting`, which gives it its default. (Ruff's RUF009 cannot tell that
    # `_setting` returns a `dataclasses.field`, and would warn where the type is not a known immutable.)
    token: str | None = _setting("DISCORD_TOKEN", None, _parse_token, secret=True)
    database_path: Path = _setting(  # noqa: RUF009
        "WIZARD_DATABASE_PATH", DEFAULT_DATABASE_PATH, _parse_database_path, as_text=_path_text
    )
    log_level: str = _setting("WIZARD_LOG_LEVEL", "INFO", _parse_log_level)
    dev_guild_id: int | None = _setting("WIZARD_DEV_GUILD_ID", None, _parse_dev_guild_id, as_text=str)
    force_sync: bool = _setting(
        "WIZARD_SYNC_COMMANDS", False, _switch("register commands now"), as_text=_switch_text
    )
    lobby_timeout_minutes: float = _number_setting(
        "WIZARD_LOBBY_TIMEOUT_MINUTES", 30.0, 1, 24 * 60, "minutes"
    )
    # Pictures (hands, the table, the final chart) beside the text; for every server until per-server
    # settings arrive with /wizard settings.
    images: bool = _setting(
        "WIZARD_IMAGES", True, _switch("pictures of hands, tables and scores"), as_text=_switch_text
    )
    # Computer players: the pause before each of their moves (seconds) and the wall-time cap of one
    # decision (milliseconds), a safety net: a decision's work is fixed by its level.
    computer_delay: float = _number_setting("WIZARD_COMPUTER_DELAY", 1.5, 0, 10, "seconds")
    computer_budget_ms: float = _number_setting("WIZARD_COMPUTER_BUDGET_MS", 1000.0, 1, 2000, "milliseconds")
    # The worker processes computer players think in (default: one per core); 0 thinks in a thread of the
    # bot's own process instead, one decision at a time (see cogs/table/computers.py).
    computer_processes: int = _setting(
        "WIZARD_COMPUTER_PROCESSES", os.cpu_count() or 1, _parse_processes, as_text=_text_of(int)
    )
    # The worker processes pictures are drawn in (default: two, on a host with two cores to spare for
    # them; else one, or none); 0 draws them in the bot's own process instead: hands and tables in its
    # event loop, charts in a thread (see cogs/table/pictures/workers.py).
    picture_processes: int = _setting(
        "WIZARD_PICTURE_PROCESSES",
        max(0, min(2, (os.cpu_count() or 1) - 2)),
        _parse_processes,
        as_text=_text_of(int),
    )
    # The least time between two edits of a table message (seconds): a burst of moves is shown by one
    # edit, which keeps the bot well under Discord's request limit.
    table_edit_interval: float = _number_setting("WIZARD_TABLE_EDIT_INTERVAL", 1.0, 0, 10, "seconds")
    # Seconds into their turn after which a member who has not acted is nudged by DM.
    nudge_seconds: float = _number_setting("WIZARD_NUDGE_SECONDS", 8.0, 1, 600, "seconds")
    # The health and metrics server: off unless a port is given (0 picks a free one, for tests).
    metrics_port: int | None = _setting(
        "WIZARD_METRICS_PORT", None, _parse_metrics_port, as_text=_text_of(int)
    )
    metrics_host: str = _setting("WIZARD_METRICS_HOST", DEFAULT_METRICS_HOST, _parse_metrics_host)
    # A PostgreSQL database shared by several bot processes (``postgresql://...``); None: the SQLite file
    # at ``database_path``. Its password is a secret like the token.
    database_url: str | None = _setting("WIZARD_DATABASE_URL", None, _parse_database_url, secret=True)
    # Sharding: how many shards the bot has in all, and which of them this process runs (None: all).
    shard_count: int | None = _setting("WIZARD_SHARD_COUNT", None, _parse_shard_count, as_text=_text_of(int))
    shard_ids: tuple[int, ...] | None = _setting(
        "WIZARD_SHARD_IDS", None, _parse_shard_ids, as_text=_shards_text
    )
    # This process's name among those sharing a database (empty: the host's name and its shards).
    process_name: str = _setting("WIZARD_PROCESS_NAME", "", _parse_process_name)
    # How often a process sharing the database says it is alive (seconds); one silent for three times
    # this long is taken for stopped, and its tables are taken over.
    heartbeat_seconds: float = _number_setting("WIZARD_HEARTBEAT_SECONDS", 5.0, 0.1, 60, "seconds")

    @property
    def database_shown(self) -> str:
        """Where the data is, fit for a log or a message: the SQLite path, or the URL without password."""
        return safe_url(self.database_url) if self.database_url else str(self.database_path)

    @property
    def database_setting(self) -> str:
        """The setting that names the database in use."""
        return environment_variable("database_url" if self.database_url else "database_path")

    @property
    def secrets(self) -> tuple[str, ...]:
        """What must never appear in a log or an error: the token and the database's password."""
        found = [self.token] if self.token else []
        return (*found, *_password_forms(self.database_url))


def _declared() -> list[tuple[dataclasses.Field[Any], _Setting]]:
    """Each Settings field with its declaration, in the order of the fields."""
    return [(field, field.metadata[_DECLARATION]) for field in dataclasses.fields(Settings)]


def environment_variable(name: str) -> str:
    """The environment variable the Settings field `name` is read from (KeyError: there is no such field)."""
    for field, setting in _declared():
        if field.name == name:
            return setting.variable
    raise KeyError(name)


# -- secrets ------------------------------------------------------------------------------------------------


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


# -- loading ------------------------------------------------------------------------------------------------


def _read(field: dataclasses.Field[Any], setting: _Setting, text: str) -> Any:
    """A setting's value from its text: the field's default when the text is blank, else parsed."""
    if not text.strip():
        return field.default
    return setting.parse(text, setting.variable)


def _check_override(field: dataclasses.Field[Any], setting: _Setting, value: Any) -> Any:
    """Give an override the same type and checks as the value read from the environment."""
    if value is None:
        # None is taken only where it is the default, meaning "off" or "not given".
        if field.default is None:
            return None
        raise SettingsError(f"{field.name} cannot be None")
    text = value if isinstance(value, str) else setting.as_text(value)
    if text is None:
        raise SettingsError(f"{field.name} must be a string, got {type(value).__name__}")
    return _read(field, setting, text)


def _check_shards(values: dict[str, Any]) -> None:
    count, ids = values.get("shard_count"), values.get("shard_ids")
    if ids is None:
        return
    ids_variable, count_variable = environment_variable("shard_ids"), environment_variable("shard_count")
    if count is None:
        raise SettingsError(f"{ids_variable} needs {count_variable}, the number of shards in all")
    outside = [shard for shard in ids if shard >= count]
    if outside:
        raise SettingsError(
            f"{ids_variable} names shard {outside[0]}, but shards are numbered 0 to {count - 1} "
            f"({count_variable}={count})"
        )


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
    declared = _declared()
    unknown = set(overrides) - {field.name for field, _ in declared}
    if unknown:
        raise TypeError(f"unknown setting(s): {', '.join(sorted(unknown))}")
    if environ is None:
        environ = _environment()

    values: dict[str, Any] = {}
    try:
        # The token is the first field, so any later message can be scrubbed of it.
        for field, setting in declared:
            if field.name in overrides:
                values[field.name] = _check_override(field, setting, overrides[field.name])
            else:
                values[field.name] = _read(field, setting, environ.get(setting.variable, ""))
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
