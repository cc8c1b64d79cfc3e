"""Per-server settings in the database: defaults, validation, the cache, and rows that no longer validate.

The tests that store run on SQLite and on PostgreSQL.
"""

from __future__ import annotations

import asyncio
import dataclasses
import json
import logging

import db_helpers
import pytest

from bot import MIGRATIONS_DIR
from cogs.server_settings.store import TURN_TIMER_CHOICES, ServerSettings, ServerSettingsStore
from cogs.storage import INTEGRITY_ERRORS, Database, open_database
from wizard_core import Rules, RulesError

GUILD = 1234
OTHER_GUILD = 5678

on_both_backends = pytest.mark.parametrize("backend", db_helpers.BACKENDS, indirect=True)


async def open_store(database: db_helpers.Database) -> tuple[Database, ServerSettingsStore]:
    db = await open_database(database, MIGRATIONS_DIR)
    return db, ServerSettingsStore(db)


def stored_row(database: db_helpers.Database, guild_id: int) -> dict[str, object] | None:
    rows = db_helpers.query(database, "SELECT * FROM server_settings WHERE guild_id = ?", (guild_id,))
    assert len(rows) <= 1
    return rows[0] if rows else None


def test_defaults() -> None:
    settings = ServerSettings()
    assert (settings.edition, settings.variants, settings.nannie_every) == ("classic", frozenset(), 2)
    assert settings.turn_timer_seconds == 120 and settings.turn_timer_seconds in TURN_TIMER_CHOICES
    assert settings.lobby_timeout_minutes is None and settings.images is None
    assert settings.rules() == Rules("classic")


def test_rules_of_the_settings() -> None:
    settings = ServerSettings("camelot", frozenset({"nannie", "canadian"}), 3)
    assert settings.rules() == Rules("camelot", frozenset({"nannie", "canadian"}), 3)
    # A plain set is accepted and frozen, so the value stays hashable and comparable.
    assert ServerSettings(variants={"quick"}) == ServerSettings(variants=frozenset({"quick"}))  # type: ignore[arg-type]
    with pytest.raises(RulesError, match="Wizard Maximus cannot be combined with Quick play"):
        ServerSettings(variants=frozenset({"maximus", "quick"})).rules()


@on_both_backends
async def test_a_server_without_a_row_gets_the_defaults(database: db_helpers.Database) -> None:
    db, store = await open_store(database)
    assert await store.get(GUILD) == ServerSettings()
    await db.close()
    assert stored_row(database, GUILD) is None


@on_both_backends
async def test_set_is_stored_and_survives_reopening(database: db_helpers.Database) -> None:
    db, store = await open_store(database)
    chosen = ServerSettings("camelot", frozenset({"nannie", "hidden-bid"}), 3, 300, 15, False)
    await store.set(GUILD, chosen)
    assert await store.get(GUILD) == chosen
    assert await store.get(OTHER_GUILD) == ServerSettings()
    await db.close()

    row = stored_row(database, GUILD)
    assert row is not None
    assert (row["edition"], json.loads(str(row["variants"])), row["nannie_every"]) == (
        "camelot",
        ["hidden-bid", "nannie"],
        3,
    )
    assert (row["turn_timer_seconds"], row["lobby_timeout_minutes"], row["images"]) == (300, 15, 0)

    db, store = await open_store(database)
    assert await store.get(GUILD) == chosen
    # Setting again replaces the row (an upsert), and None goes back to the bot's defaults.
    await store.set(GUILD, ServerSettings(turn_timer_seconds=0, images=True))
    await db.close()
    row = stored_row(database, GUILD)
    assert row is not None
    assert (row["edition"], row["variants"], row["turn_timer_seconds"]) == ("classic", "[]", 0)
    assert (row["lobby_timeout_minutes"], row["images"]) == (None, 1)


@pytest.mark.parametrize(
    ("settings", "error", "match"),
    [
        (ServerSettings(variants=frozenset({"maximus", "quick"})), RulesError, "Wizard Maximus.*Quick play"),
        (
            ServerSettings(variants=frozenset({"canadian", "hidden-bid"})),
            RulesError,
            "Canadian Rule cannot be combined with Hidden Bid",
        ),
        (ServerSettings(variants=frozenset({"jester-bid"})), RulesError, "does not exist"),
        (ServerSettings(edition="german"), RulesError, "unknown edition"),
        (ServerSettings(nannie_every=3), RulesError, "Nannie's Rule, which is off"),
        (ServerSettings(turn_timer_seconds=45), ValueError, "turn timer"),
        (ServerSettings(lobby_timeout_minutes=0), ValueError, "lobby timeout"),
        (ServerSettings(lobby_timeout_minutes=1441), ValueError, "lobby timeout"),
    ],
)
@on_both_backends
async def test_invalid_settings_are_refused_and_nothing_is_saved(
    database: db_helpers.Database, settings: ServerSettings, error: type[Exception], match: str
) -> None:
    db, store = await open_store(database)
    before = ServerSettings(edition="camelot")
    await store.set(GUILD, before)
    with pytest.raises(error, match=match):
        await store.set(GUILD, settings)
    assert await store.get(GUILD) == before
    await db.close()
    row = stored_row(database, GUILD)
    assert row is not None and row["edition"] == "camelot" and row["variants"] == "[]"


@on_both_backends
async def test_get_reads_the_database_once(database: db_helpers.Database) -> None:
    db, store = await open_store(database)
    await store.set(GUILD, ServerSettings(edition="camelot"))
    other = ServerSettingsStore(db)
    assert (await other.get(GUILD)).edition == "camelot"
    # A change behind the store's back is not seen: the cache answers.
    await db.execute("UPDATE server_settings SET edition = 'classic' WHERE guild_id = ?", (GUILD,))
    assert (await other.get(GUILD)).edition == "camelot"
    assert (await ServerSettingsStore(db).get(GUILD)).edition == "classic"
    await db.close()


@pytest.mark.parametrize(
    ("edition", "variants", "nannie_every"),
    [
        ("classic", '["quick", "jester-bid"]', 2),  # a variant removed from the bot since
        ("classic", '["maximus", "quick"]', 2),  # a combination R-9 forbids (now)
        ("german", "[]", 2),  # an edition the bot does not know
        ("classic", "[1, 2]", 2),  # not variant ids
        ("classic", "[]", 3),  # every 3rd round without Nannie's Rule
    ],
)
@on_both_backends
async def test_a_row_that_no_longer_validates_falls_back_to_the_default_rules(
    database: db_helpers.Database,
    caplog: pytest.LogCaptureFixture,
    edition: str,
    variants: str,
    nannie_every: int,
) -> None:
    db, store = await open_store(database)
    await db.close()
    db_helpers.execute(
        database,
        "INSERT INTO server_settings (guild_id, edition, variants, nannie_every, turn_timer_seconds,"
        " lobby_timeout_minutes, images, updated_at) VALUES (?, ?, ?, ?, 600, 45, 0, 0)",
        (GUILD, edition, variants, nannie_every),
    )

    db, store = await open_store(database)
    with caplog.at_level(logging.WARNING, logger="cogs.server_settings.store"):
        settings = await store.get(GUILD)
    # The rules are the defaults; what is still valid is kept.
    assert settings == ServerSettings(turn_timer_seconds=600, lobby_timeout_minutes=45, images=False)
    assert str(GUILD) in caplog.text and "no longer valid" in caplog.text
    # The server can choose again.
    await store.set(GUILD, ServerSettings(variants=frozenset({"quick"})))
    assert (await store.get(GUILD)).variants == {"quick"}
    await db.close()


@on_both_backends
async def test_a_turn_timer_not_offered_falls_back_to_the_default(
    database: db_helpers.Database, caplog: pytest.LogCaptureFixture
) -> None:
    db, store = await open_store(database)
    await db.execute(
        "INSERT INTO server_settings (guild_id, edition, variants, turn_timer_seconds, updated_at)"
        " VALUES (?, 'camelot', '[\"quick\"]', 45, 0)",
        (GUILD,),
    )
    with caplog.at_level(logging.WARNING, logger="cogs.server_settings.store"):
        settings = await store.get(GUILD)
    assert settings == ServerSettings("camelot", frozenset({"quick"}))
    assert "turn timer of 45 seconds" in caplog.text
    await db.close()


@on_both_backends
async def test_the_schema_refuses_what_cannot_be_right(database: db_helpers.Database) -> None:
    db, _ = await open_store(database)
    await db.close()
    for column, value in (
        ("variants", "not json"),
        ("variants", '"a string"'),
        ("nannie_every", 4),
        ("turn_timer_seconds", -1),
        ("lobby_timeout_minutes", 0),
        ("images", 2),
    ):
        with pytest.raises(INTEGRITY_ERRORS):
            db_helpers.execute(
                database,
                f"INSERT INTO server_settings (guild_id, {column}, updated_at) VALUES (1, ?, 0)",
                (value,),
            )
    # What the checks allow goes in.
    db_helpers.execute(
        database,
        "INSERT INTO server_settings (guild_id, variants, nannie_every, turn_timer_seconds,"
        " lobby_timeout_minutes, images, updated_at) VALUES (1, '[\"quick\"]', 3, 0, 1440, 1, 0)",
    )
    assert stored_row(database, 1) is not None


@on_both_backends
async def test_changes_made_under_the_lock_both_count(database: db_helpers.Database) -> None:
    db, store = await open_store(database)

    async def add(variant: str) -> None:
        async with store.lock(GUILD):
            current = await store.get(GUILD)
            await asyncio.sleep(0)  # another change would read the same settings here
            await store.set(GUILD, dataclasses.replace(current, variants=current.variants | {variant}))

    await asyncio.gather(add("quick"), add("canadian"))
    assert (await store.get(GUILD)).variants == {"quick", "canadian"}
    assert store.lock(GUILD) is store.lock(GUILD) and store.lock(GUILD) is not store.lock(OTHER_GUILD)
    await db.close()
