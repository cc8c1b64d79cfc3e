"""The lobby's rules: who may join, leave, add or remove a computer, choose the rules and the coach, start
or cancel.

Pure functions on a ``Table`` and plain values (user ids, names, menu values): no Discord, no database.
Each either changes the table in memory and says what happened, or raises ``Refusal`` with the reason (in
the clicker's language, ``t``) and changes nothing. The lobby flow (``lobby_flow``) stores the change and
redraws the lobby.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence

from cogs import core_words
from cogs.table.model import Occupant, Table, now
from cogs.utils.i18n import Lang, Texts
from cogs.utils.replies import Refusal
from wizard_core import EDITIONS, MAX_PLAYERS, MIN_PLAYERS, Rules, RulesError
from wizard_core.ai import LEVELS
from wizard_core.variants import PRESETS, VARIANTS

# The host adds computers with buttons, one per level: a menu still showing the last level chosen would
# send nothing when that level is picked again.
ADD_COMPUTER = {f"add-{level}": level for level in LEVELS}
# The lobby's buttons, and its select menus.
BUTTONS = ("join", "leave", "start", "cancel", "rmcpu", "coach", *ADD_COMPUTER)
MENUS = ("edition", "preset", "variants")
# A Play again lobby holds the seats of the last game's members this long after it opens.
PLAY_AGAIN_HOLD_SECONDS = 120.0


class Left(enum.Enum):
    """What became of the table when a player left its lobby."""

    STAYS = "stays"
    EMPTY = "empty"


def _host_only(table: Table, user_id: int, refusal: str) -> None:
    if user_id != table.host_id:
        raise Refusal(refusal)


def _room_for_one(table: Table, t: Texts, user_id: int | None = None) -> None:
    """Refuse a seat for one more (a member, or a computer with no ``user_id``) if there is none: the
    table is full, or the seats left are held for the last game's members (Play again)."""
    free = MAX_PLAYERS - len(table.seats)
    if free <= 0:
        raise Refusal(t("lobby-refusal-full", max=MAX_PLAYERS))
    waited_for = held_seats(table, now())
    if user_id not in table.held and free <= waited_for:
        raise _seats_held(waited_for, table.held_until, t)


def _seats_held(count: int, until: float, t: Texts) -> Refusal:
    """The refusal of a seat that ``count`` of the last game's members still need, until ``until``."""
    return Refusal(t("lobby-refusal-held", count=count, time=str(int(until))))


def hold_seats(table: Table, members: frozenset[int], at: float) -> None:
    """A lobby opened with Play again at time ``at`` holds seats for the last game's ``members`` for a
    while (``PLAY_AGAIN_HOLD_SECONDS``)."""
    table.held, table.held_until = members, at + PLAY_AGAIN_HOLD_SECONDS


def check_opener(user_id: int, members: frozenset[int], computers: int, *, t: Texts, at: float) -> None:
    """Refuse to let someone who did not play the last game open its Play again lobby (at time ``at``)
    when the seats it would leave are all needed by the game's members and its computers."""
    if user_id not in members and computers + len(members) >= MAX_PLAYERS:
        raise _seats_held(len(members), at + PLAY_AGAIN_HOLD_SECONDS, t)


def held_seats(table: Table, at: float) -> int:
    """How many of the last game's members a Play again lobby still holds a seat for at time ``at``."""
    if at >= table.held_until:
        return 0
    return len(table.held - {seat.user_id for seat in table.seats})


def join(table: Table, user_id: int, name: str, *, t: Texts, lang: Lang | None) -> None:
    """A member takes a seat (``lang``: the language of their client, for the DMs they will get)."""
    if table.seat_of(user_id) is not None:
        raise Refusal(t("lobby-refusal-seated"))
    _room_for_one(table, t, user_id)
    table.seats.append(Occupant(user_id, name, lang=lang))


def leave(table: Table, user_id: int, *, t: Texts) -> Left:
    """A member gives up their seat; a leaving host hands the table to the first member left.

    With only computers left the host stays host without a seat, to start a computers' game.
    """
    seat = table.seat_of(user_id)
    if seat is None:
        raise Refusal(t("lobby-refusal-no-seat"))
    del table.seats[seat]
    if not table.seats:
        return Left.EMPTY
    members = [s for s in table.seats if s.computer is None]
    if user_id == table.host_id and members:
        table.host_id = members[0].user_id
    return Left.STAYS


def add_computer(table: Table, user_id: int, level: str, *, t: Texts) -> None:
    """The host seats a computer of a level (``easy``, ``medium`` or ``hard``)."""
    _host_only(table, user_id, t("lobby-refusal-host-computers", host=f"<@{table.host_id}>"))
    if level not in LEVELS:
        raise Refusal(t("lobby-refusal-level"))
    _room_for_one(table, t)
    table.seats.append(table.new_computer(level))


def remove_computer(table: Table, user_id: int, *, t: Texts) -> None:
    """The host removes the computer seated last."""
    _host_only(table, user_id, t("lobby-refusal-host-computers", host=f"<@{table.host_id}>"))
    computers = [i for i, s in enumerate(table.seats) if s.computer is not None]
    if not computers:
        raise Refusal(t("lobby-refusal-no-computer"))
    del table.seats[computers[-1]]


def choose_rules(table: Table, user_id: int, menu: str, values: Sequence[str], *, t: Texts) -> None:
    """The host picks an edition, a preset or the house rules; combinations R-9 forbids are refused."""
    _host_only(table, user_id, t("lobby-refusal-host-rules", host=f"<@{table.host_id}>"))
    table.rules = chosen_rules(table.rules, menu, values, t=t)


def toggle_coach(table: Table, user_id: int, *, t: Texts) -> None:
    """The host turns the coach on or off: hints for every member, and a practice game (not rated)."""
    _host_only(table, user_id, t("lobby-refusal-host-coach", host=f"<@{table.host_id}>"))
    table.coach = not table.coach


def chosen_rules(rules: Rules, menu: str, values: Sequence[str], *, t: Texts) -> Rules:
    """The rules after a choice in one of the lobby's rule menus; a refusal names the problem."""
    try:
        if menu == "edition":
            if len(values) != 1 or values[0] not in EDITIONS:
                raise Refusal(t("lobby-refusal-edition"))
            return rules.with_edition(values[0])
        if menu == "preset":
            if len(values) != 1 or values[0] not in PRESETS:
                raise Refusal(t("lobby-refusal-preset"))
            return Rules.from_preset(values[0])
        if len(set(values)) != len(values) or not set(values) <= set(VARIANTS):
            raise Refusal(t("lobby-refusal-variants"))
        return rules.with_variants(values)
    except RulesError as error:
        raise Refusal(t("lobby-refusal-rules", reason=core_words.error_text(error, t))) from None


def check_start(table: Table, user_id: int, *, t: Texts) -> None:
    """Only the host starts, with 3 to 6 players seated."""
    _host_only(table, user_id, t("lobby-refusal-host-start", host=f"<@{table.host_id}>"))
    if len(table.seats) < MIN_PLAYERS:
        raise Refusal(t("lobby-refusal-too-few", min=MIN_PLAYERS, max=MAX_PLAYERS, count=len(table.seats)))


def may_manage(table: Table, user_id: int, manages_server: bool) -> bool:
    """Whether someone may cancel the lobby or end the game: its host, or a member with Manage Server."""
    return user_id == table.host_id or manages_server
