"""A table in memory: its seats, its game and the turns under way.

Plain values with no Discord calls and no storage: the store maps them to rows (``store.table_of`` and
``store.seat_records``), and a table's session (``session.TableSession``) keeps what only a running
process has beside them: its lock, its tasks and its message's picture.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import TypeVar

import discord

from cogs.members.store import DEFAULTS as DEFAULT_MEMBER_SETTINGS
from cogs.members.store import MemberSettings
from cogs.utils.i18n import DEFAULT_LANGUAGE, Lang, Texts, language_of, reader_language, texts
from wizard_core import Game, PlayerView, PublicView, Rules

ViewT = TypeVar("ViewT", PublicView, PlayerView)

# The computer levels' names.
LEVEL_KEYS = {"easy": "table-level-easy", "medium": "table-level-medium", "hard": "table-level-hard"}
COMPUTER_NAMES = ("Ada", "Alan", "Grace", "Edsger", "Barbara", "Claude")
# Seconds a member has for a turn unless the server chose otherwise (0: no limit).
DEFAULT_TURN_SECONDS = 120.0
DEFAULT_LOBBY_SECONDS = 30 * 60.0


def now() -> float:
    """The current time as a Unix timestamp (Discord's clock, which tests can move)."""
    return discord.utils.utcnow().timestamp()


@dataclass
class Occupant:
    """Whoever sits in one seat of a table.

    A computer's seat has its level in ``computer`` and a negative ``user_id``. ``auto`` marks a
    member's seat that a computer plays for now, after ``missed`` turns in a row ran out of time.
    (``store.SeatRecord`` is the same seat as the store keeps it; the messages through which a member
    plays, their hand and their nudge, are their table session's.)
    """

    user_id: int
    name: str
    dms_closed: bool = False
    computer: str | None = None
    auto: bool = False
    missed: int = 0
    # The game version the hand message was sent at: a turn that begins then needs no nudge.
    hand_version: int = -1
    # The game version right after the member's last move of their own, by a click (0: none since this
    # process took the table): a control drawn before it is out of date (a double click).
    moved_at: int = 0
    # The round in which they were last nudged (one nudge a round at most), and when they last made a
    # move of their own or got a new hand message (a notification): one who did a moment ago needs no
    # nudge (see ``clock``).
    nudged_round: int = 0
    attended_at: float = 0.0
    dm_channel_id: int | None = None
    # The member's own settings in this server (``/wizard me``): read when the game starts or is restored,
    # and changed at once when they change them.
    settings: MemberSettings = DEFAULT_MEMBER_SETTINGS
    # Their hand message as the process that handed this table on left it (in ``dm_channel_id``): the
    # session takes it as its own (``restore.resume``).
    hand_message_id: int | None = None
    # The language of their Discord client when they last used the bot (``Interaction.locale``), for the
    # DMs the bot sends them on its own; None until then (the table's language is used).
    lang: Lang | None = None

    @property
    def played_by_computer(self) -> bool:
        """Whether a computer makes this seat's moves (its own seat, or standing in for the player)."""
        return self.computer is not None or self.auto

    def label(self, t: Texts) -> str:
        """The seat's name as the table shows it: computers are marked as such."""
        if self.computer is not None:
            return t("table-computer-label", name=self.name, level=t(LEVEL_KEYS[self.computer]))
        if self.auto:
            return t("table-away-label", name=self.name)
        return self.name

    def mention(self, t: Texts) -> str:
        """How a message names this seat: a mention for a member, the label for a computer."""
        return f"**{self.label(t)}**" if self.computer is not None else f"<@{self.user_id}>"


@dataclass
class Turn:
    """A member's turn under way: when it began, at which game version, and whether they were reminded.

    A turn resumed after a restart began, as far as its clock goes, as long before the clock resumed as
    the time its player had already used (``clock.track_turns``).
    """

    started: float
    since: int
    reminded: bool = False
    nudged: bool = False


@dataclass(frozen=True, slots=True)
class PausedTurn:
    """A member's turn that was under way when the bot stopped: the game version it began at and the
    seconds of it that had passed (the time the bot was down does not count). Its clock resumes from there
    (``clock.track_turns``)."""

    since: int
    spent: float


@dataclass
class Table:
    """A lobby or a running game, in memory."""

    id: int
    guild_id: int
    channel_id: int
    host_id: int
    rules: Rules
    status: str
    seats: list[Occupant]
    message_id: int | None = None
    game: Game | None = None
    updated_at: float = 0.0
    ping_id: int | None = None
    # The server's choices when the table opened: seconds per turn (0: no limit), an idle lobby's
    # lifetime (seconds) and pictures.
    turn_seconds: float = DEFAULT_TURN_SECONDS
    # Seconds into their turn after which a member who has not acted is nudged by DM (one who watches the
    # table acts before, and gets no notification for each turn).
    nudge_seconds: float = 8.0
    lobby_timeout: float = DEFAULT_LOBBY_SECONDS
    images: bool = True
    # A lobby opened with Play again holds seats for the last game's members (``held``) until
    # ``held_until``: nobody else takes the seats they would need (``lobby.join``).
    held: frozenset[int] = frozenset()
    held_until: float = 0.0
    # The language of the table's channel messages (the server's, ``i18n.server_language``).
    lang: Lang = DEFAULT_LANGUAGE
    # Played with the coach (issue 30): each member's hand has a Hint button, and the game is practice,
    # left out of ratings and boards. The host chooses it in the lobby (the server's default first).
    coach: bool = False
    # With the coach: what the hard computer would have bid in each member's seat in the last round
    # scored, by seat, as (round number, bid); shown on their next hand (``coach.round_line``).
    coach_bids: dict[int, tuple[int, int]] = field(default_factory=dict)
    # This process let go of the table (another process runs it now): nothing here writes to it any
    # more, its messages included, whatever was still under way when it was let go.
    released: bool = False
    # The seated members whose language changed in memory (``reader_texts``) and is not stored yet: the
    # session stores it with the next click it serves (``TableSession.serve``).
    languages_changed: set[int] = field(default_factory=set)
    turns: dict[int, Turn] = field(default_factory=dict)
    # After a restart, the turns that were under way when the bot stopped, by seat, until their clocks
    # start again.
    paused: dict[int, PausedTurn] = field(default_factory=dict)
    # A notice the table message keeps showing (a computer played for someone, someone left) until that
    # seat's player acts again or another notice replaces it: (seat, text).
    notice: tuple[int, str] | None = None

    @property
    def edition(self) -> str:
        """The table's edition."""
        return self.rules.edition

    @property
    def running(self) -> Game:
        """The game of a table that is playing (a caller that checked the status may rely on it)."""
        assert self.game is not None, f"table {self.id} has no game"
        return self.game

    def seat_of(self, user_id: int) -> int | None:
        """The seat of a user, or None if they are not at the table."""
        for index, seat in enumerate(self.seats):
            if seat.user_id == user_id:
                return index
        return None

    @property
    def jump_url(self) -> str:
        """A link to the table message."""
        return f"https://discord.com/channels/{self.guild_id}/{self.channel_id}/{self.message_id or ''}"

    @property
    def members_present(self) -> bool:
        """Whether some member still plays their own seat (not away, not replaced by a computer)."""
        return any(seat.computer is None and not seat.auto for seat in self.seats)

    def labels(self, t: Texts) -> tuple[str, ...]:
        """Every seat's name as shown, computers marked."""
        return tuple(seat.label(t) for seat in self.seats)

    def labelled(self, view: ViewT, t: Texts) -> ViewT:
        """A view of the game with the seats' labels as the players' names."""
        return dataclasses.replace(view, players=self.labels(t))

    @property
    def texts(self) -> Texts:
        """The catalog of the table's channel messages."""
        return texts(self.lang)

    def seat_texts(self, index: int) -> Texts:
        """The catalog of the direct messages the bot sends a seat's member on its own: the language they
        chose (``/wizard me``), else the one they last used with the bot, else the table's."""
        seat = self.seats[index]
        return texts(seat.settings.language or seat.lang or self.lang)

    def reader_texts(self, user_id: int, locale: object) -> Texts:
        """The catalog of a private answer to an interaction of ``user_id`` from a client in ``locale``
        (a seated member's own choice of language first); a seated member's client language is
        remembered, for the direct messages the bot sends them later."""
        seat = self.seat_of(user_id)
        if seat is not None:
            lang = language_of(locale)
            if lang != self.seats[seat].lang:
                self.seats[seat].lang = lang
                self.languages_changed.add(user_id)
            chosen = self.seats[seat].settings.language
            if chosen is not None:  # their own choice (/wizard me) before their client's
                return texts(chosen)
        return texts(reader_language(locale, self.lang))

    def new_computer(self, level: str) -> Occupant:
        """A computer seat with a free name and a negative id unique at this table."""
        taken_ids = {seat.user_id for seat in self.seats}
        user_id = next(i for i in range(-1, -100, -1) if i not in taken_ids)
        taken_names = {seat.name for seat in self.seats}
        name = next((n for n in COMPUTER_NAMES if n not in taken_names), f"Computer {-user_id}")
        return Occupant(user_id, name, computer=level)
