"""Each server's defaults for new tables (``ServerSettings``): stored in SQLite (migrations/0004), cached.

The tables read a server's settings for every new table; the settings panel (``panel``) writes them.
``set`` refuses what cannot be stored: rules the rules core refuses (``Rules``, which applies R-9), a turn
timer that is not offered, a lobby timeout out of range. Stored rules or a turn timer that no longer
validate (a variant removed since, say) are read as the defaults, so the server's new tables still open.
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from dataclasses import dataclass, field
from typing import Any

from cogs.storage import Database
from cogs.utils.i18n import LANGUAGES
from wizard_core import Rules, RulesError

log = logging.getLogger(__name__)

TURN_TIMER_CHOICES = (0, 30, 60, 120, 300, 600, 1800)  # seconds, 0 = off; default 120
LOBBY_TIMEOUT_CHOICES = (10, 15, 30, 60, 120)  # minutes; None = the bot's WIZARD_LOBBY_TIMEOUT_MINUTES
MAX_LOBBY_TIMEOUT_MINUTES = 24 * 60


@dataclass(frozen=True)
class ServerSettings:
    """What a server's new tables start with, and how its seasons go. None for the lobby timeout and
    pictures means the bot's own setting; None for the language, the server's Discord language
    (``i18n.server_language``)."""

    edition: str = "classic"
    variants: frozenset[str] = field(default_factory=frozenset)
    nannie_every: int = 2
    turn_timer_seconds: int = 120
    lobby_timeout_minutes: int | None = None
    images: bool | None = None
    language: str | None = None
    # Seasons (issue 28): one per calendar month, ratings from scratch in each season (for seasons started
    # after the change), and the channel where an ended season is announced (None: nowhere).
    season_monthly: bool = False
    season_fresh_ratings: bool = False
    season_channel_id: int | None = None
    # The coach (issue 30) on the server's new tables: hints for members, practice games (not rated).
    coach: bool = False

    def __post_init__(self) -> None:
        object.__setattr__(self, "variants", frozenset(self.variants))

    def rules(self) -> Rules:
        """The rules value of these settings; raises RulesError for a combination R-9 forbids."""
        return Rules(self.edition, self.variants, self.nannie_every)


def _check(settings: ServerSettings) -> None:
    """Refuse settings that cannot be stored: RulesError for the rules, ValueError for the rest."""
    settings.rules()
    if settings.turn_timer_seconds not in TURN_TIMER_CHOICES:
        raise ValueError(f"the turn timer must be one of {TURN_TIMER_CHOICES} seconds")
    minutes = settings.lobby_timeout_minutes
    if minutes is not None and not 1 <= minutes <= MAX_LOBBY_TIMEOUT_MINUTES:
        raise ValueError(f"the lobby timeout must be 1 to {MAX_LOBBY_TIMEOUT_MINUTES} minutes")
    if settings.language is not None and settings.language not in LANGUAGES:
        raise ValueError(f"the language must be one of {', '.join(LANGUAGES)}")


# Processes sharing the database tell each other which server's settings changed, on this channel.
CHANGED_CHANNEL = "wizard_server_settings"


class ServerSettingsStore:
    """Each server's settings: read once from the database, then served from memory; written through.

    When processes share the database, a change is announced to all of them (``CHANGED_CHANNEL``), and
    each forgets what it held of that server (``listen``).
    """

    def __init__(self, db: Database) -> None:
        self.db = db
        self._cache: dict[int, ServerSettings] = {}
        # Changes announced by any process (this one too), by server, and how often listening restarted.
        self._changes: dict[int, int] = {}
        self._epoch = 0
        self._locks: dict[int, asyncio.Lock] = {}

    async def listen(self) -> None:
        """Forget a server's settings when another process changes them (all of them, when changes may
        have been missed)."""
        await self.db.listen(CHANGED_CHANNEL, self._changed_elsewhere, lost=self._forget_all)

    def _changed_elsewhere(self, payload: str) -> None:
        if payload.isdecimal():
            guild_id = int(payload)
            self._cache.pop(guild_id, None)
            self._changes[guild_id] = self._changes.get(guild_id, 0) + 1

    def _forget_all(self) -> None:
        self._cache.clear()
        self._changes.clear()
        self._epoch += 1

    def _version(self, guild_id: int) -> tuple[int, int]:
        """Counts changes heard of: a row read while one was heard may be older than it."""
        return self._epoch, self._changes.get(guild_id, 0)

    def lock(self, guild_id: int) -> asyncio.Lock:
        """Held around a read-change-write of one server's settings, so two quick changes both count."""
        return self._locks.setdefault(guild_id, asyncio.Lock())

    async def get(self, guild_id: int) -> ServerSettings:
        """The server's settings; the defaults when it never chose any."""
        cached = self._cache.get(guild_id)
        if cached is not None:
            return cached
        heard = self._version(guild_id)
        row = await self.db.fetchone(
            "SELECT edition, variants, nannie_every, turn_timer_seconds, lobby_timeout_minutes, images,"
            " language, season_monthly, season_fresh_ratings, season_channel_id, coach"
            " FROM server_settings WHERE guild_id = ?",
            (guild_id,),
        )
        settings = ServerSettings() if row is None else _from_row(guild_id, row)
        if self._version(guild_id) == heard:
            self._cache[guild_id] = settings
        return settings

    async def set(self, guild_id: int, settings: ServerSettings) -> None:
        """Check and save the server's settings (RulesError or ValueError if they are invalid)."""
        _check(settings)
        await self.db.execute(
            "INSERT INTO server_settings (guild_id, edition, variants, nannie_every, turn_timer_seconds,"
            " lobby_timeout_minutes, images, language, season_monthly, season_fresh_ratings,"
            " season_channel_id, coach, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
            " ON CONFLICT (guild_id) DO UPDATE SET edition = excluded.edition,"
            " variants = excluded.variants, nannie_every = excluded.nannie_every,"
            " turn_timer_seconds = excluded.turn_timer_seconds,"
            " lobby_timeout_minutes = excluded.lobby_timeout_minutes, images = excluded.images,"
            " language = excluded.language, season_monthly = excluded.season_monthly,"
            " season_fresh_ratings = excluded.season_fresh_ratings,"
            " season_channel_id = excluded.season_channel_id, coach = excluded.coach,"
            " updated_at = excluded.updated_at",
            (
                guild_id,
                settings.edition,
                json.dumps(sorted(settings.variants)),
                settings.nannie_every,
                settings.turn_timer_seconds,
                settings.lobby_timeout_minutes,
                None if settings.images is None else int(settings.images),
                settings.language,
                int(settings.season_monthly),
                int(settings.season_fresh_ratings),
                settings.season_channel_id,
                int(settings.coach),
                time.time(),
            ),
        )
        self._cache[guild_id] = settings
        await self.db.notify(CHANGED_CHANNEL, str(guild_id))


def _from_row(guild_id: int, row: Any) -> ServerSettings:
    """Settings from a stored row. Rules the bot no longer accepts (a variant removed since, say) fall
    back to the default rules, so a server's new tables still open; the other fields are kept."""
    others: dict[str, Any] = {
        "turn_timer_seconds": int(row["turn_timer_seconds"]),
        "lobby_timeout_minutes": row["lobby_timeout_minutes"],
        "images": None if row["images"] is None else bool(row["images"]),
        "language": row["language"] if row["language"] in LANGUAGES else None,
        "season_monthly": bool(row["season_monthly"]),
        "season_fresh_ratings": bool(row["season_fresh_ratings"]),
        "season_channel_id": None if row["season_channel_id"] is None else int(row["season_channel_id"]),
        "coach": bool(row["coach"]),
    }
    if others["turn_timer_seconds"] not in TURN_TIMER_CHOICES:
        log.warning(
            "Server %d has a turn timer of %r seconds, which is not offered; using the default",
            guild_id,
            others.pop("turn_timer_seconds"),
        )
    try:
        variants = json.loads(row["variants"])
        if not isinstance(variants, list) or not all(isinstance(v, str) for v in variants):
            raise RulesError(f"variants must be a list of ids, not {row['variants']!r}")
        settings = ServerSettings(row["edition"], frozenset(variants), int(row["nannie_every"]), **others)
        settings.rules()
    except (RulesError, ValueError) as error:
        log.warning(
            "Server %d's stored rules are no longer valid (%s); using the default rules", guild_id, error
        )
        settings = ServerSettings(**others)
    return settings
