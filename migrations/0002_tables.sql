-- Games played in channels. A table is opened as a lobby, becomes a running game, and ends finished,
-- cancelled (before it started) or ended (stopped early, no results). Together with its seats and its
-- action log (the rules core's save file, one row per entry) a running table is rebuilt exactly after
-- a restart. Finished games leave one result row per player for the server's leaderboard.

CREATE TABLE IF NOT EXISTS tables (
    id INTEGER PRIMARY KEY,
    guild_id INTEGER NOT NULL,
    channel_id INTEGER NOT NULL,
    host_id INTEGER NOT NULL,
    edition TEXT NOT NULL CHECK (edition IN ('classic', 'camelot')),
    status TEXT NOT NULL CHECK (status IN ('lobby', 'playing', 'finished', 'cancelled', 'ended')),
    seed INTEGER,
    message_id INTEGER,
    ping_message_id INTEGER,
    created_at REAL NOT NULL,
    updated_at REAL NOT NULL,
    CHECK (status IN ('lobby', 'cancelled') OR seed IS NOT NULL)
);

-- One open table per channel: a second /wizard new there is refused.
CREATE UNIQUE INDEX IF NOT EXISTS tables_one_open_per_channel
    ON tables (channel_id) WHERE status IN ('lobby', 'playing');

CREATE TABLE IF NOT EXISTS seats (
    table_id INTEGER NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
    seat INTEGER NOT NULL CHECK (seat BETWEEN 0 AND 5),
    user_id INTEGER NOT NULL,
    name TEXT NOT NULL,
    dms_closed INTEGER NOT NULL DEFAULT 0 CHECK (dms_closed IN (0, 1)),
    PRIMARY KEY (table_id, seat),
    UNIQUE (table_id, user_id)
);

CREATE TABLE IF NOT EXISTS actions (
    table_id INTEGER NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
    seq INTEGER NOT NULL CHECK (seq >= 0),
    entry TEXT NOT NULL,
    PRIMARY KEY (table_id, seq)
) WITHOUT ROWID;

CREATE TABLE IF NOT EXISTS game_results (
    table_id INTEGER NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
    guild_id INTEGER NOT NULL,
    user_id INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    edition TEXT NOT NULL,
    players INTEGER NOT NULL CHECK (players BETWEEN 3 AND 6),
    score INTEGER NOT NULL,
    place INTEGER NOT NULL CHECK (place >= 1),
    won INTEGER NOT NULL CHECK (won IN (0, 1)),
    shared_win INTEGER NOT NULL CHECK (shared_win IN (0, 1)),
    rounds TEXT NOT NULL,
    finished_at REAL NOT NULL,
    PRIMARY KEY (table_id, seat)
);

CREATE INDEX IF NOT EXISTS game_results_by_guild ON game_results (guild_id, finished_at);
CREATE INDEX IF NOT EXISTS game_results_by_user ON game_results (guild_id, user_id);
