"""Settings come from the environment with sensible defaults, and the token never leaks."""

from __future__ import annotations

import logging
import re
from collections import Counter
from dataclasses import fields, replace
from pathlib import Path
from typing import Any

import pytest

from cogs.utils.config import (
    RedactTokenFilter,
    Settings,
    SettingsError,
    environment_variable,
    load_settings,
    safe_url,
)

TOKEN = "MTIzNDU2Nzg5.secret-token.value"
PROJECT = Path(__file__).resolve().parents[2]


def test_defaults() -> None:
    assert load_settings({}) == Settings(
        token=None,
        database_path=PROJECT / "data" / "wizard.sqlite3",
        log_level="INFO",
        dev_guild_id=None,
        force_sync=False,
        metrics_port=None,
        metrics_host="127.0.0.1",
    )


def test_database_path_does_not_depend_on_the_start_directory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    assert load_settings({}).database_path == PROJECT / "data" / "wizard.sqlite3"
    # A relative path is taken from the project directory too; an absolute one is kept.
    relative = load_settings({"WIZARD_DATABASE_PATH": "db/bot.sqlite3"})
    assert relative.database_path == PROJECT / "db" / "bot.sqlite3"
    absolute = load_settings({"WIZARD_DATABASE_PATH": str(tmp_path / "x.db")})
    assert absolute.database_path == tmp_path / "x.db"


def test_a_file_where_the_database_folder_should_be_is_named(tmp_path: Path) -> None:
    (tmp_path / "notes.txt").write_text("not a folder", encoding="utf-8")
    with pytest.raises(SettingsError) as raised:
        load_settings({"WIZARD_DATABASE_PATH": str(tmp_path / "notes.txt" / "data" / "wizard.sqlite3")})
    assert str(raised.value).startswith(
        f"WIZARD_DATABASE_PATH must be inside a folder, but '{tmp_path / 'notes.txt'}' is a file"
    )


@pytest.mark.parametrize(("value", "port"), [("", None), ("0", 0), ("9100", 9100), (" 65535 ", 65535)])
def test_metrics_port(value: str, port: int | None) -> None:
    assert load_settings({"WIZARD_METRICS_PORT": value}).metrics_port == port
    assert load_settings({}, metrics_port=port).metrics_port == port


def test_metrics_host_defaults_to_this_machine_only() -> None:
    assert load_settings({}).metrics_host == "127.0.0.1"
    assert load_settings({"WIZARD_METRICS_HOST": " 0.0.0.0 "}).metrics_host == "0.0.0.0"


def test_every_setting_is_read() -> None:
    settings = load_settings(
        {
            "DISCORD_TOKEN": f"  {TOKEN}\n",
            "WIZARD_DATABASE_PATH": "/srv/wizard/bot.db",
            "WIZARD_LOG_LEVEL": "debug",
            "WIZARD_DEV_GUILD_ID": "123456789012345678",
            "WIZARD_SYNC_COMMANDS": "1",
        }
    )
    assert settings == Settings(TOKEN, Path("/srv/wizard/bot.db"), "DEBUG", 123456789012345678, True)


def test_empty_values_mean_the_default() -> None:
    empty = dict.fromkeys(
        [
            "DISCORD_TOKEN",
            "WIZARD_DATABASE_PATH",
            "WIZARD_LOG_LEVEL",
            "WIZARD_DEV_GUILD_ID",
            "WIZARD_SYNC_COMMANDS",
            "WIZARD_IMAGES",
            "WIZARD_METRICS_PORT",
            "WIZARD_METRICS_HOST",
        ],
        "",
    )
    assert load_settings(empty) == load_settings({})


@pytest.mark.parametrize(
    ("variable", "value", "message"),
    [
        (
            "WIZARD_LOG_LEVEL",
            "LOUD",
            "WIZARD_LOG_LEVEL must be one of DEBUG, INFO, WARNING, ERROR, CRITICAL, got 'LOUD'",
        ),
        ("WIZARD_DEV_GUILD_ID", "my-server", "WIZARD_DEV_GUILD_ID must be a server id"),
        ("WIZARD_DEV_GUILD_ID", "-5", "WIZARD_DEV_GUILD_ID must be a server id"),
        ("WIZARD_SYNC_COMMANDS", "maybe", "WIZARD_SYNC_COMMANDS must be 1"),
        ("WIZARD_IMAGES", "sometimes", "WIZARD_IMAGES must be 1"),
        ("WIZARD_DATABASE_PATH", ".", "WIZARD_DATABASE_PATH must be a file path"),
        ("DISCORD_TOKEN", "Bot abc.def", "DISCORD_TOKEN must be the bot token alone"),
        ("WIZARD_METRICS_PORT", "65536", "WIZARD_METRICS_PORT must be a port from 0 to 65535"),
        ("WIZARD_METRICS_PORT", "http", "WIZARD_METRICS_PORT must be a port from 0 to 65535"),
        ("WIZARD_METRICS_HOST", "http://x", "WIZARD_METRICS_HOST must be an address"),
    ],
)
def test_bad_values_name_the_setting(variable: str, value: str, message: str) -> None:
    with pytest.raises(SettingsError) as raised:
        load_settings({variable: value})
    text = str(raised.value)
    assert text.startswith(message)
    assert "\n" not in text
    if variable != "DISCORD_TOKEN":
        assert repr(value) in text


def test_token_never_appears_in_an_error() -> None:
    with pytest.raises(SettingsError) as raised:
        load_settings({"DISCORD_TOKEN": TOKEN, "WIZARD_LOG_LEVEL": TOKEN})
    assert TOKEN not in str(raised.value)
    assert "[redacted]" in str(raised.value)

    with pytest.raises(SettingsError) as raised:
        load_settings({"DISCORD_TOKEN": f"Bot {TOKEN}"})
    assert TOKEN not in str(raised.value)


def test_token_is_not_in_the_repr() -> None:
    assert TOKEN not in repr(load_settings({"DISCORD_TOKEN": TOKEN}))


def test_overrides_replace_the_environment() -> None:
    settings = load_settings(
        {"WIZARD_LOG_LEVEL": "not a level", "DISCORD_TOKEN": TOKEN},
        log_level="warning",
        database_path="elsewhere.db",
        token=None,
        dev_guild_id=42,
        force_sync=True,
    )
    assert settings == Settings(None, PROJECT / "elsewhere.db", "WARNING", 42, True)


@pytest.mark.parametrize(
    ("value", "images"),
    [("", True), ("1", True), ("yes", True), ("ON", True), ("0", False), ("off", False), (" false ", False)],
)
def test_images_are_on_unless_switched_off(value: str, images: bool) -> None:
    assert load_settings({}).images is True
    assert load_settings({"WIZARD_IMAGES": value}).images is images


def test_images_override() -> None:
    assert load_settings({"WIZARD_IMAGES": "1"}, images=False).images is False
    assert load_settings({"WIZARD_IMAGES": "0"}, images="1").images is True


def test_overrides_are_checked_too() -> None:
    with pytest.raises(SettingsError, match="WIZARD_LOG_LEVEL must be one of"):
        load_settings({}, log_level="LOUD")
    with pytest.raises(TypeError, match="unknown setting"):
        load_settings({}, colour="red")


def test_dotenv_in_working_directory_is_read_and_real_env_wins(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / ".env").write_text("WIZARD_LOG_LEVEL=ERROR\nWIZARD_DEV_GUILD_ID=7\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("WIZARD_LOG_LEVEL", "DEBUG")
    monkeypatch.delenv("WIZARD_DEV_GUILD_ID", raising=False)

    settings = load_settings()

    assert settings.log_level == "DEBUG"
    assert settings.dev_guild_id == 7


def test_log_filter_redacts_the_token(caplog: pytest.LogCaptureFixture) -> None:
    logger = logging.getLogger("tests.redaction")
    caplog.handler.addFilter(RedactTokenFilter(TOKEN))
    try:
        logger.warning("token is %s", TOKEN)
        logger.warning(f"inline {TOKEN}")
        try:
            raise RuntimeError(f"failed with {TOKEN}")
        except RuntimeError:
            logger.exception("login failed")
    finally:
        caplog.handler.filters.clear()

    assert TOKEN not in caplog.text
    assert [record.getMessage().splitlines()[0] for record in caplog.records] == [
        "token is [redacted]",
        "inline [redacted]",
        "login failed",
    ]
    assert "RuntimeError: failed with [redacted]" in caplog.text


# -- several processes: PostgreSQL and shards ----------------------------------------------------------


def test_database_url_and_shards_are_read() -> None:
    settings = load_settings(
        {
            "WIZARD_DATABASE_URL": " postgresql://wizard:s3cret@db.internal:5432/wizard ",
            "WIZARD_SHARD_COUNT": "8",
            "WIZARD_SHARD_IDS": "4-5, 7",
            "WIZARD_PROCESS_NAME": "eu-west b",
            "WIZARD_HEARTBEAT_SECONDS": "2.5",
        }
    )
    assert settings.database_url == "postgresql://wizard:s3cret@db.internal:5432/wizard"
    assert (settings.shard_count, settings.shard_ids) == (8, (4, 5, 7))
    assert (settings.process_name, settings.heartbeat_seconds) == ("eu-west b", 2.5)
    assert "s3cret" not in repr(settings) and settings.secrets == ("s3cret",)


def test_without_them_one_process_runs_every_shard_on_sqlite() -> None:
    settings = load_settings({})
    assert settings.database_url is None and settings.shard_count is None and settings.shard_ids is None
    assert settings.heartbeat_seconds == 5.0


@pytest.mark.parametrize(
    ("environment", "message"),
    [
        ({"WIZARD_DATABASE_URL": "mysql://x@y/z"}, "WIZARD_DATABASE_URL must be a PostgreSQL address"),
        ({"WIZARD_SHARD_COUNT": "0"}, "WIZARD_SHARD_COUNT must be a whole number of shards"),
        ({"WIZARD_SHARD_COUNT": "two"}, "WIZARD_SHARD_COUNT must be a whole number of shards"),
        ({"WIZARD_SHARD_IDS": "0-1"}, "WIZARD_SHARD_IDS needs WIZARD_SHARD_COUNT"),
        ({"WIZARD_SHARD_COUNT": "4", "WIZARD_SHARD_IDS": "3-5"}, "WIZARD_SHARD_IDS names shard 4"),
        ({"WIZARD_SHARD_COUNT": "4", "WIZARD_SHARD_IDS": "2-1"}, "WIZARD_SHARD_IDS has a range that runs"),
        ({"WIZARD_SHARD_COUNT": "4", "WIZARD_SHARD_IDS": "1,1"}, "WIZARD_SHARD_IDS names a shard twice"),
        ({"WIZARD_SHARD_COUNT": "4", "WIZARD_SHARD_IDS": "a"}, "WIZARD_SHARD_IDS must be shard numbers"),
        ({"WIZARD_HEARTBEAT_SECONDS": "0"}, "WIZARD_HEARTBEAT_SECONDS must be a number of seconds"),
    ],
)
def test_bad_cluster_settings_name_the_setting(environment: dict[str, str], message: str) -> None:
    with pytest.raises(SettingsError) as raised:
        load_settings(environment)
    assert str(raised.value).startswith(message), str(raised.value)


def test_the_database_password_never_appears_in_a_log(caplog: pytest.LogCaptureFixture) -> None:
    settings = load_settings(
        {"DISCORD_TOKEN": TOKEN, "WIZARD_DATABASE_URL": "postgresql://bot:hunter22@db/w"}
    )
    logger = logging.getLogger("tests.redaction")
    caplog.handler.addFilter(RedactTokenFilter(*settings.secrets))
    try:
        logger.error("could not connect to %s with %s", settings.database_url, TOKEN)
    finally:
        caplog.handler.filters.clear()
    assert "hunter22" not in caplog.text and TOKEN not in caplog.text
    assert "postgresql://bot:[redacted]@db/w" in caplog.text
    assert safe_url("postgresql://bot:hunter22@db/w") == "postgresql://bot:[redacted]@db/w"
    assert safe_url("postgresql://bot@db/w") == "postgresql://bot@db/w"
    assert safe_url("postgresql://bot@db/w?password=hunter22&sslmode=require") == (
        "postgresql://bot@db/w?password=[redacted]&sslmode=require"
    )
    assert load_settings({"WIZARD_DATABASE_URL": "postgresql://db/w?password=hunter22"}).secrets == (
        "hunter22",
    )
    # A %-encoded password is hidden both as written and as meant.
    encoded = load_settings({"WIZARD_DATABASE_URL": "postgresql://bot:p%40ss@db/w"})
    assert set(encoded.secrets) == {"p@ss", "p%40ss"}
    assert safe_url("postgresql://bot@db/w?password=p%40ss") == "postgresql://bot@db/w?password=[redacted]"


# -- each setting declared once (issue 24) ----------------------------------------------------------------


def test_blank_values_mean_the_default_for_every_setting() -> None:
    blank = {variable: " \t" for variable in (environment_variable(f.name) for f in fields(Settings))}
    assert load_settings(blank) == load_settings({}) == Settings()


@pytest.mark.parametrize(
    ("overrides", "expected"),
    [
        ({"database_path": Path("/srv/x.db")}, {"database_path": Path("/srv/x.db")}),
        ({"database_path": ""}, {"database_path": PROJECT / "data" / "wizard.sqlite3"}),
        ({"force_sync": 1, "images": 0}, {"force_sync": True, "images": False}),
        ({"force_sync": "yes", "images": []}, {"force_sync": True, "images": False}),
        ({"dev_guild_id": "42", "metrics_port": 0}, {"dev_guild_id": 42, "metrics_port": 0}),
        ({"shard_count": 4, "shard_ids": [3, 1]}, {"shard_count": 4, "shard_ids": (1, 3)}),
        ({"shard_count": "4", "shard_ids": ()}, {"shard_count": 4, "shard_ids": None}),
        ({"computer_delay": 0, "computer_budget_ms": 5.5}, {"computer_delay": 0, "computer_budget_ms": 5.5}),
        ({"nudge_seconds": "", "heartbeat_seconds": " 2 "}, {"nudge_seconds": 8.0, "heartbeat_seconds": 2.0}),
        ({"token": None, "database_url": None}, {"token": None, "database_url": None}),
        ({"log_level": "", "metrics_host": " ", "process_name": "a"}, {"process_name": "a"}),
    ],
)
def test_overrides_of_every_kind(overrides: dict[str, Any], expected: dict[str, Any]) -> None:
    assert load_settings({"DISCORD_TOKEN": TOKEN}, **overrides) == replace(Settings(TOKEN), **expected)


@pytest.mark.parametrize(
    ("overrides", "message"),
    [
        ({"log_level": None}, "log_level cannot be None"),
        ({"images": None}, "images cannot be None"),
        ({"database_path": None}, "database_path cannot be None"),
        ({"token": 5}, "token must be a string, got int"),
        ({"log_level": 10}, "log_level must be a string, got int"),
        ({"metrics_port": 80.0}, "metrics_port must be a string, got float"),
        ({"shard_count": 2.0}, "shard_count must be a string, got float"),
        ({"shard_ids": {1}}, "shard_ids must be a string, got set"),
        ({"computer_delay": [1]}, "computer_delay must be a string, got list"),
        (
            {"dev_guild_id": 4.5},
            "WIZARD_DEV_GUILD_ID must be a server id (a positive whole number), got '4.5'",
        ),
        (
            {"metrics_port": True},
            "WIZARD_METRICS_PORT must be a port from 0 to 65535 (empty: off), got 'True'",
        ),
        ({"nudge_seconds": 0}, "WIZARD_NUDGE_SECONDS must be a number of seconds from 1 to 600, got '0'"),
        ({"shard_ids": [1, 1], "shard_count": 2}, "WIZARD_SHARD_IDS names a shard twice: '1,1'"),
        ({"shard_ids": [5]}, "WIZARD_SHARD_IDS needs WIZARD_SHARD_COUNT, the number of shards in all"),
        (
            {"shard_ids": [5], "shard_count": 2},
            "WIZARD_SHARD_IDS names shard 5, but shards are numbered 0 to 1 (WIZARD_SHARD_COUNT=2)",
        ),
        (
            {"database_url": "sqlite://x"},
            "WIZARD_DATABASE_URL must be a PostgreSQL address like postgresql://user:password@host/db "
            "(leave it empty for the SQLite file at WIZARD_DATABASE_PATH)",
        ),
        ({"process_name": "a\tb"}, "WIZARD_PROCESS_NAME must be a short printable name, got 'a\\tb'"),
        (
            {"lobby_timeout_minutes": "x"},
            "WIZARD_LOBBY_TIMEOUT_MINUTES must be a number of minutes from 1 to 1440, got 'x'",
        ),
        (
            {"computer_budget_ms": 2001},
            "WIZARD_COMPUTER_BUDGET_MS must be a number of milliseconds from 1 to 2000, got '2001'",
        ),
        (
            {"table_edit_interval": -1},
            "WIZARD_TABLE_EDIT_INTERVAL must be a number of seconds from 0 to 10, got '-1'",
        ),
        (
            {"heartbeat_seconds": 0.05},
            "WIZARD_HEARTBEAT_SECONDS must be a number of seconds from 0.1 to 60, got '0.05'",
        ),
        (
            {"force_sync": "2"},
            "WIZARD_SYNC_COMMANDS must be 1 (register commands now) or 0, got '2'",
        ),
    ],
)
def test_bad_overrides_are_named(overrides: dict[str, object], message: str) -> None:
    with pytest.raises(SettingsError) as raised:
        load_settings({}, **overrides)
    assert str(raised.value) == message


def test_the_database_setting_is_named() -> None:
    assert Settings().database_setting == "WIZARD_DATABASE_PATH"
    assert Settings(database_url="postgresql://db/w").database_setting == "WIZARD_DATABASE_URL"


def test_every_setting_is_declared_once() -> None:
    """Each Settings field has one environment variable, and no two fields share one."""
    variables = [environment_variable(f.name) for f in fields(Settings)]  # KeyError: a field undeclared
    assert len(set(variables)) == len(variables), variables
    for field, variable in zip(fields(Settings), variables, strict=True):
        if field.name == "token":
            assert variable == "DISCORD_TOKEN"
        else:
            assert re.fullmatch(r"WIZARD_[A-Z_]+", variable), (field.name, variable)


def test_each_wizard_variable_is_written_once_in_the_bot() -> None:
    """The bot's code names a WIZARD_* variable in a string of its own only in its declaration."""
    sources = [PROJECT / "bot.py", *sorted((PROJECT / "cogs").rglob("*.py"))]
    written = Counter(
        name
        for path in sources
        for name in re.findall(r'"(WIZARD_[A-Z_]*)"', path.read_text(encoding="utf-8"))
    )
    declared = {environment_variable(f.name) for f in fields(Settings)} - {"DISCORD_TOKEN"}
    assert declared <= set(written), declared - set(written)
    assert {name: count for name, count in written.items() if count != 1} == {}
