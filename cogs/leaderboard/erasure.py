"""Erasing records: one member's in one server (/wizard forget-me, remove-member) or a whole server's.

Each erasure is one transaction over every table that holds the records; other servers keep theirs.
Other members' ratings are left as they are: they were earned in those games.
"""

from __future__ import annotations

from cogs.utils.db import Database

ERASE_MEMBER = (
    "DELETE FROM game_rounds WHERE (table_id, seat) IN"
    " (SELECT table_id, seat FROM game_results WHERE guild_id = ?1 AND user_id = ?2)",
    "DELETE FROM rating_history WHERE guild_id = ?1 AND user_id = ?2",
    "DELETE FROM game_results WHERE guild_id = ?1 AND user_id = ?2",
    "DELETE FROM player_stats WHERE guild_id = ?1 AND user_id = ?2",
    "DELETE FROM player_hand_stats WHERE guild_id = ?1 AND user_id = ?2",
    "DELETE FROM player_ratings WHERE guild_id = ?1 AND user_id = ?2",
)
RESET_GUILD = (
    "DELETE FROM game_rounds WHERE table_id IN (SELECT table_id FROM game_results WHERE guild_id = ?1)",
    "DELETE FROM rating_history WHERE guild_id = ?1",
    "DELETE FROM game_results WHERE guild_id = ?1",
    "DELETE FROM player_stats WHERE guild_id = ?1",
    "DELETE FROM player_hand_stats WHERE guild_id = ?1",
    "DELETE FROM player_ratings WHERE guild_id = ?1",
)


async def erase_member(db: Database, guild_id: int, user_id: int) -> int:
    """Delete one member's records in one server (results, rounds, stats, rating); returns their games."""
    async with db.transaction() as conn:
        async with conn.execute(
            "SELECT COUNT(*) FROM game_results WHERE guild_id = ? AND user_id = ?", (guild_id, user_id)
        ) as cursor:
            row = await cursor.fetchone()
        for sql in ERASE_MEMBER:
            await conn.execute(sql, (guild_id, user_id))
    return int(row[0]) if row is not None else 0


async def reset_guild(db: Database, guild_id: int) -> int:
    """Delete every leaderboard record of one server; returns how many games it held."""
    async with db.transaction() as conn:
        async with conn.execute(
            "SELECT COUNT(DISTINCT table_id) FROM game_results WHERE guild_id = ?", (guild_id,)
        ) as cursor:
            row = await cursor.fetchone()
        for sql in RESET_GUILD:
            await conn.execute(sql, (guild_id,))
    return int(row[0]) if row is not None else 0
