"""The lobby's rules as pure functions: plain tables and user ids, no Discord, no database."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cogs.table import lobby
from cogs.table.model import Occupant, Table, now
from cogs.utils.i18n import ENGLISH
from cogs.utils.replies import Refusal
from wizard_core import MAX_PLAYERS, Rules

HOST = 1


def table_of(*user_ids: int, host: int = HOST) -> Table:
    seats = [Occupant(user_id, f"user{user_id}") for user_id in user_ids]
    return Table(1, 10, 20, host, Rules("classic"), "lobby", seats)


def ids(table: Table) -> list[int]:
    return [seat.user_id for seat in table.seats]


def test_join_takes_a_seat_once() -> None:
    table = table_of(HOST)
    lobby.join(table, 2, "two", t=ENGLISH, lang=None)
    assert ids(table) == [HOST, 2]
    with pytest.raises(Refusal, match="already have a seat"):
        lobby.join(table, 2, "two", t=ENGLISH, lang=None)
    assert ids(table) == [HOST, 2]


def test_a_full_table_refuses_members_and_computers() -> None:
    table = table_of(*range(1, MAX_PLAYERS + 1))
    with pytest.raises(Refusal, match="full"):
        lobby.join(table, 99, "late", t=ENGLISH, lang=None)
    with pytest.raises(Refusal, match="full"):
        lobby.add_computer(table, HOST, "easy", t=ENGLISH)
    assert len(table.seats) == MAX_PLAYERS


def test_a_play_again_lobby_holds_the_seats_its_last_players_need() -> None:
    """Six seats, four computers kept and the opener seated: the one seat left waits for the last game's
    other member until the hold ends; a member of that game takes it at any time."""
    table = table_of(HOST)
    for _ in range(4):
        lobby.add_computer(table, HOST, "easy", t=ENGLISH)
    table.held, table.held_until = frozenset({HOST, 2}), now() + 60
    with pytest.raises(Refusal, match="one seat is held for a player") as refused:
        lobby.join(table, 99, "stranger", t=ENGLISH, lang=None)
    assert f"<t:{int(table.held_until)}:R>" in str(refused.value)
    with pytest.raises(Refusal, match="held"):
        lobby.add_computer(table, HOST, "hard", t=ENGLISH)
    assert len(table.seats) == 5 and lobby.held_seats(table, now()) == 1
    lobby.join(table, 2, "two", t=ENGLISH, lang=None)
    assert lobby.held_seats(table, now()) == 0 and ids(table)[-1] == 2


def test_held_seats_are_free_for_anyone_once_the_hold_ends_or_while_room_is_left() -> None:
    table = table_of(HOST)
    table.held, table.held_until = frozenset({HOST, 2, 3}), now() + 60
    lobby.join(table, 99, "stranger", t=ENGLISH, lang=None)  # 5 free seats, 2 held: room for one more
    assert ids(table) == [HOST, 99]
    lobby.join(table, 98, "another", t=ENGLISH, lang=None)
    lobby.join(table, 97, "a third", t=ENGLISH, lang=None)
    with pytest.raises(Refusal, match="2 seats are held"):
        lobby.join(table, 96, "a fourth", t=ENGLISH, lang=None)
    table.held_until = now() - 1
    assert lobby.held_seats(table, now()) == 0
    lobby.join(table, 96, "a fourth", t=ENGLISH, lang=None)
    assert len(table.seats) == 5


def test_the_host_leaving_hands_the_table_to_the_first_member() -> None:
    table = table_of(HOST, 2, 3)
    lobby.add_computer(table, HOST, "hard", t=ENGLISH)
    assert lobby.leave(table, HOST, t=ENGLISH) is lobby.Left.STAYS
    assert table.host_id == 2


def test_with_only_computers_left_the_host_stays_host() -> None:
    table = table_of(HOST)
    lobby.add_computer(table, HOST, "medium", t=ENGLISH)
    assert lobby.leave(table, HOST, t=ENGLISH) is lobby.Left.STAYS
    assert table.host_id == HOST and all(seat.computer for seat in table.seats)


def test_the_last_to_leave_empties_the_table() -> None:
    table = table_of(HOST)
    assert lobby.leave(table, HOST, t=ENGLISH) is lobby.Left.EMPTY
    with pytest.raises(Refusal, match="don't have a seat"):
        lobby.leave(table, HOST, t=ENGLISH)


def test_only_the_host_adds_removes_computers_chooses_rules_and_starts() -> None:
    table = table_of(HOST, 2, 3)
    for attempt in (
        lambda: lobby.add_computer(table, 2, "easy", t=ENGLISH),
        lambda: lobby.remove_computer(table, 2, t=ENGLISH),
        lambda: lobby.choose_rules(table, 2, "edition", ["camelot"], t=ENGLISH),
        lambda: lobby.check_start(table, 2, t=ENGLISH),
    ):
        with pytest.raises(Refusal, match="Only the host"):
            attempt()
    assert ids(table) == [HOST, 2, 3] and table.rules == Rules("classic")
    lobby.check_start(table, HOST, t=ENGLISH)


def test_computers_get_free_names_and_negative_ids_and_go_last_in_first_out() -> None:
    table = table_of(HOST)
    lobby.add_computer(table, HOST, "easy", t=ENGLISH)
    lobby.add_computer(table, HOST, "hard", t=ENGLISH)
    computers = [seat for seat in table.seats if seat.computer]
    assert [seat.user_id for seat in computers] == [-1, -2]
    assert len({seat.name for seat in computers}) == 2
    lobby.remove_computer(table, HOST, t=ENGLISH)
    assert [seat.computer for seat in table.seats] == [None, "easy"]
    with pytest.raises(Refusal, match="computer level"):
        lobby.add_computer(table, HOST, "genius", t=ENGLISH)


def test_a_start_needs_three_players() -> None:
    table = table_of(HOST, 2)
    with pytest.raises(Refusal, match="3 to 6 players; 2 have joined"):
        lobby.check_start(table, HOST, t=ENGLISH)


def test_rules_that_cannot_go_together_are_refused_and_nothing_changes() -> None:
    table = table_of(HOST)
    lobby.choose_rules(table, HOST, "preset", ["camelot"], t=ENGLISH)
    chosen = table.rules
    assert chosen.edition == "camelot"
    with pytest.raises(Refusal, match="isn't an edition"):
        lobby.choose_rules(table, HOST, "edition", ["chess"], t=ENGLISH)
    with pytest.raises(Refusal, match="house rules"):
        lobby.choose_rules(table, HOST, "variants", ["no-such-rule"], t=ENGLISH)
    assert table.rules == chosen


@given(
    st.lists(st.tuples(st.sampled_from(["join", "leave", "add", "remove"]), st.integers(1, 8)), max_size=40)
)
def test_any_sequence_of_lobby_moves_keeps_the_lobby_sound(moves: list[tuple[str, int]]) -> None:
    """Whatever is clicked, in any order: at most six seats, no member twice, unique computer ids and
    names, and refusals change nothing."""
    table = table_of(HOST)
    for move, user in moves:
        before = (ids(table), table.host_id)
        try:
            if move == "join":
                lobby.join(table, user, f"user{user}", t=ENGLISH, lang=None)
            elif move == "leave" and lobby.leave(table, user, t=ENGLISH) is lobby.Left.EMPTY:
                return
            elif move == "add":
                lobby.add_computer(table, table.host_id, "easy", t=ENGLISH)
            elif move == "remove":
                lobby.remove_computer(table, table.host_id, t=ENGLISH)
        except Refusal:
            assert (ids(table), table.host_id) == before
        assert len(table.seats) <= MAX_PLAYERS
        assert len(set(ids(table))) == len(table.seats)
        assert len({seat.name for seat in table.seats if seat.computer}) == sum(
            1 for s in table.seats if s.computer
        )
