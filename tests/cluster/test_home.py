"""Which process is a table's home: the shard specs processes write, and Discord's shard of a server."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from bot import shard_ranges
from cogs.cluster.home import parse_shards, shard_of


@given(
    st.integers(1, 64).flatmap(
        lambda count: st.tuples(st.sets(st.integers(0, count - 1), min_size=1), st.just(count))
    )
)
def test_a_process_s_shard_spec_reads_back_as_its_shards(shards: tuple[set[int], int]) -> None:
    ids, count = shards
    assert parse_shards(f"{shard_ranges(sorted(ids))} of {count}") == (frozenset(ids), count)


def test_specs_that_name_no_shards_are_not_homes() -> None:
    for spec in ("all", "", "0-1", "0-1 of", "x of 2", "1- of 2", "0,,1 of 2"):
        assert parse_shards(spec) is None, spec


def test_a_server_s_shard_is_discords() -> None:
    # Discord's formula: the server id's timestamp bits, modulo the shard count.
    guild_id = 1456074443976605696
    assert shard_of(guild_id, 1) == 0
    assert shard_of(guild_id, 2) == (guild_id >> 22) % 2
    assert {shard_of(guild_id + (i << 22), 4) for i in range(4)} == {0, 1, 2, 3}
