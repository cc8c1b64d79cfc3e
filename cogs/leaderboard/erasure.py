"""Erasing records: one member's in one server (/wizard forget-me, remove-member) or a whole server's.

Each erasure is one transaction over every table that holds the records (every season's board and
champion, and the member's own settings, too); other servers keep theirs.
Other members' ratings are left as they are: they were earned in those games.

The games themselves stay, so the other players' histories still hold them and a game still replays: in
the server's closed tables (finished, ended, cancelled) the member's seat and hosting keep no trace of
them, their user id replaced by a pseudonym and their name by "Former player". The pseudonym is the same
for the same member in the same server (derived with a secret kept in the database, so it cannot be
turned back into the id) and a negative number far from the computers' seat ids.
"""

from __future__ import annotations

import hashlib
import secrets

from cogs.leaderboard.results import hold_boards
from cogs.leaderboard.seasons import crown_again
from cogs.storage import Connection, Database

SALT_KEY = "erasure_salt"
FORMER_PLAYER = "Former player"
# Pseudonyms lie below this (computers sit at -1 to -99 in their tables).
PSEUDONYM_BASE = -(10**15)
CLOSED = "('finished', 'ended', 'cancelled')"

ERASE_MEMBER = (
    "DELETE FROM game_rounds WHERE (table_id, seat) IN"
    " (SELECT table_id, seat FROM game_results WHERE guild_id = ?1 AND user_id = ?2)",
    "DELETE FROM rating_history WHERE guild_id = ?1 AND user_id = ?2",
    "DELETE FROM game_results WHERE guild_id = ?1 AND user_id = ?2",
    "DELETE FROM player_stats WHERE guild_id = ?1 AND user_id = ?2",
    "DELETE FROM player_hand_stats WHERE guild_id = ?1 AND user_id = ?2",
    "DELETE FROM player_ratings WHERE guild_id = ?1 AND user_id = ?2",
    "DELETE FROM member_settings WHERE guild_id = ?1 AND user_id = ?2",
)
RESET_GUILD = (
    "DELETE FROM game_rounds WHERE table_id IN (SELECT table_id FROM game_results WHERE guild_id = ?1)",
    "DELETE FROM rating_history WHERE guild_id = ?1",
    "DELETE FROM game_results WHERE guild_id = ?1",
    "DELETE FROM player_stats WHERE guild_id = ?1",
    "DELETE FROM player_hand_stats WHERE guild_id = ?1",
    "DELETE FROM player_ratings WHERE guild_id = ?1",
    "DELETE FROM member_settings WHERE guild_id = ?1",
    # Ended seasons have no board left; the open one goes on, its board empty.
    "DELETE FROM seasons WHERE guild_id = ?1 AND ended_at IS NOT NULL",
)


async def _salt(conn: Connection) -> str:
    await conn.serialize(SALT_KEY)
    value = await conn.fetchval("SELECT value FROM meta WHERE key = ?", (SALT_KEY,))
    if value is not None:
        return str(value)
    salt = secrets.token_hex(16)
    await conn.execute("INSERT INTO meta (key, value) VALUES (?, ?)", (SALT_KEY, salt))
    return salt


def pseudonym(salt: str, guild_id: int, user_id: int) -> int:
    """The stable stand-in for a member's id in one server's games."""
    digest = hashlib.sha256(f"{salt}:{guild_id}:{user_id}".encode()).digest()
    return PSEUDONYM_BASE - int.from_bytes(digest[:6], "big")


async def _forget_in_games(conn: Connection, guild_id: int, user_ids: list[int]) -> None:
    """Replace members' ids and names in the server's closed tables by their pseudonyms."""
    salt = await _salt(conn)
    for user_id in user_ids:
        stand_in = pseudonym(salt, guild_id, user_id)
        await conn.execute(
            f"UPDATE seats SET user_id = ?, name = ? WHERE user_id = ? AND table_id IN"
            f" (SELECT id FROM tables WHERE guild_id = ? AND status IN {CLOSED})",
            (stand_in, FORMER_PLAYER, user_id, guild_id),
        )
        await conn.execute(
            f"UPDATE tables SET host_id = ? WHERE guild_id = ? AND host_id = ? AND status IN {CLOSED}",
            (stand_in, guild_id, user_id),
        )


async def erase_member(db: Database, guild_id: int, user_id: int) -> int:
    """Delete one member's records in one server (results, rounds, stats, rating) and their traces in its
    closed games; returns their games."""
    async with db.transaction() as conn:
        await hold_boards(conn, guild_id)
        games = await conn.fetchval(
            "SELECT COUNT(*) FROM game_results WHERE guild_id = ? AND user_id = ?", (guild_id, user_id)
        )
        for sql in ERASE_MEMBER:
            await conn.execute(sql, (guild_id, user_id))
        # Their seasons' boards lost them: a season they had won has the next of its board as champion.
        crowned = await conn.fetchall(
            "SELECT id FROM seasons WHERE guild_id = ? AND champion_id = ?", (guild_id, user_id)
        )
        if crowned:
            await crown_again(conn, guild_id, [row[0] for row in crowned])
        await _forget_in_games(conn, guild_id, [user_id])
    return int(games or 0)


async def reset_guild(db: Database, guild_id: int) -> int:
    """Delete every leaderboard record of one server, and every member's traces in its closed games;
    returns how many games it held."""
    async with db.transaction() as conn:
        await hold_boards(conn, guild_id)
        games = await conn.fetchval(
            "SELECT COUNT(DISTINCT table_id) FROM game_results WHERE guild_id = ?", (guild_id,)
        )
        for sql in RESET_GUILD:
            await conn.execute(sql, (guild_id,))
        found = await conn.fetchall(
            f"SELECT DISTINCT user_id FROM seats WHERE user_id > 0 AND table_id IN"
            f" (SELECT id FROM tables WHERE guild_id = ? AND status IN {CLOSED})"
            f" UNION SELECT host_id FROM tables WHERE guild_id = ? AND host_id > 0 AND status IN {CLOSED}",
            (guild_id, guild_id),
        )
        await _forget_in_games(conn, guild_id, [int(row[0]) for row in found])
    return int(games or 0)
