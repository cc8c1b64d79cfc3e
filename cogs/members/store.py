"""Each member's own settings per server (migrations/0015): read when a table starts or is restored and
by private answers, written by ``/wizard me``.

A member without a row has the defaults. A few settings are read often (every private answer reads the
language), so they are kept in a small cache for a short while: a change made through another process
of a cluster reaches this one within ``CACHE_SECONDS``; a change made here, at once.
"""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from cogs.storage import Database, Row
from cogs.utils.i18n import LANGUAGES, Lang

CACHE_SECONDS = 30.0
CACHE_SIZE = 10_000


@dataclass(frozen=True)
class MemberSettings:
    """A member's own settings: ``language`` None follows their Discord client; ``pictures`` False leaves
    pictures out of their hand; ``plain_text`` writes their hand for screen readers (full card names, no
    pictures, no tables drawn with spaces); ``reminders`` False sends them no nudge or reminder of their
    turn."""

    language: Lang | None = None
    pictures: bool = True
    plain_text: bool = False
    reminders: bool = True

    @property
    def wants_pictures(self) -> bool:
        """Whether their hand may carry a picture."""
        return self.pictures and not self.plain_text


DEFAULTS = MemberSettings()


def _from_row(row: Row) -> MemberSettings:
    language, pictures, plain_text, reminders = (
        row["language"],
        row["pictures"],
        row["plain_text"],
        row["reminders"],
    )
    return MemberSettings(
        language=language if language in LANGUAGES else None,
        pictures=bool(pictures),
        plain_text=bool(plain_text),
        reminders=bool(reminders),
    )


class MemberSettingsStore:
    """Reads and writes members' settings."""

    def __init__(self, db: Database) -> None:
        self.db = db
        self._cache: OrderedDict[tuple[int, int], tuple[float, MemberSettings]] = OrderedDict()
        # Told of every change stored here: (server, member, their new settings). The open tables of this
        # process listen, so a change reaches a game under way at once.
        self.listeners: list[Callable[[int, int, MemberSettings], None]] = []

    async def get(self, guild_id: int, user_id: int) -> MemberSettings:
        """A member's settings in a server (the defaults if they never chose)."""
        key = (guild_id, user_id)
        cached = self._cache.get(key)
        if cached is not None and time.monotonic() - cached[0] < CACHE_SECONDS:
            return cached[1]
        row = await self.db.fetchone(
            "SELECT language, pictures, plain_text, reminders FROM member_settings"
            " WHERE guild_id = ? AND user_id = ?",
            (guild_id, user_id),
        )
        settings = DEFAULTS if row is None else _from_row(row)
        self._remember(key, settings)
        return settings

    async def get_many(self, guild_id: int, user_ids: Iterable[int]) -> dict[int, MemberSettings]:
        """The settings of several members of one server (members without a row have the defaults)."""
        found = {user_id: DEFAULTS for user_id in user_ids if user_id > 0}
        if not found:
            return found
        marks = ", ".join("?" for _ in found)
        rows = await self.db.fetchall(
            "SELECT user_id, language, pictures, plain_text, reminders FROM member_settings"
            f" WHERE guild_id = ? AND user_id IN ({marks})",
            (guild_id, *found),
        )
        for row in rows:
            found[int(row["user_id"])] = _from_row(row)
        for user_id, settings in found.items():
            self._remember((guild_id, user_id), settings)
        return found

    async def set(self, guild_id: int, user_id: int, settings: MemberSettings, now: float) -> None:
        """Store a member's settings."""
        await self.db.execute(
            "INSERT INTO member_settings (guild_id, user_id, language, pictures, plain_text, reminders,"
            " updated_at) VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (guild_id, user_id) DO UPDATE SET"
            " language = excluded.language, pictures = excluded.pictures,"
            " plain_text = excluded.plain_text, reminders = excluded.reminders,"
            " updated_at = excluded.updated_at",
            (
                guild_id,
                user_id,
                settings.language,
                int(settings.pictures),
                int(settings.plain_text),
                int(settings.reminders),
                now,
            ),
        )
        self._remember((guild_id, user_id), settings)
        for listener in self.listeners:
            listener(guild_id, user_id, settings)

    def _remember(self, key: tuple[int, int], settings: MemberSettings) -> None:
        self._cache[key] = (time.monotonic(), settings)
        self._cache.move_to_end(key)
        while len(self._cache) > CACHE_SIZE:
            self._cache.popitem(last=False)
