-- Seasons and server records (issue 28), and practice games (issue 30's coach).
--
-- A season is a stretch of a server's games with a board of its own: started and ended by the server's
-- managers (/wizard season), or one per calendar month (UTC) when the server chose automatic seasons. A
-- server has at most one open season (ended_at NULL). `ends_at` is a planned end; the bot archives a
-- season once that moment has passed (ended_at = ends_at), whoever notices first: a finished game, a
-- command or the periodic check. An ended season keeps its board (its player_stats rows, below) and its
-- champion, and is announced once: the process whose conditional UPDATE of announced_at wins posts.
-- `fresh_ratings` is the server's setting when the season started: the season's board then rates its
-- games from scratch, while the all-time ratings go on.
CREATE TABLE IF NOT EXISTS seasons (
    id INTEGER PRIMARY KEY,
    guild_id INTEGER NOT NULL,
    name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
    monthly INTEGER NOT NULL DEFAULT 0 CHECK (monthly IN (0, 1)),
    fresh_ratings INTEGER NOT NULL DEFAULT 0 CHECK (fresh_ratings IN (0, 1)),
    started_at REAL NOT NULL,
    ends_at REAL CHECK (ends_at IS NULL OR ends_at > started_at),
    ended_at REAL CHECK (ended_at IS NULL OR ended_at >= started_at),
    champion_id INTEGER,
    announced_at REAL CHECK (announced_at IS NULL OR ended_at IS NOT NULL)
);

CREATE UNIQUE INDEX IF NOT EXISTS seasons_one_open ON seasons (guild_id) WHERE ended_at IS NULL;
CREATE UNIQUE INDEX IF NOT EXISTS seasons_by_name ON seasons (guild_id, lower(name));
-- The periodic check: open seasons with a planned end, and ended ones not yet announced.
CREATE INDEX IF NOT EXISTS seasons_due ON seasons (ends_at) WHERE ended_at IS NULL;
CREATE INDEX IF NOT EXISTS seasons_unannounced ON seasons (ended_at) WHERE announced_at IS NULL;

-- The season a game counted in (NULL: none was open), and practice games: played with the coach,
-- recorded in history but left out of every rating, board and record.
ALTER TABLE game_results ADD COLUMN season_id INTEGER;
ALTER TABLE game_results ADD COLUMN practice INTEGER NOT NULL DEFAULT 0 CHECK (practice IN (0, 1));

-- A server's season settings: automatic monthly seasons, fresh ratings each season, and the channel
-- where an ended season is announced (NULL: nowhere).
ALTER TABLE server_settings ADD COLUMN season_monthly INTEGER NOT NULL DEFAULT 0 CHECK (season_monthly IN (0, 1));
ALTER TABLE server_settings ADD COLUMN season_fresh_ratings INTEGER NOT NULL DEFAULT 0
    CHECK (season_fresh_ratings IN (0, 1));
ALTER TABLE server_settings ADD COLUMN season_channel_id INTEGER;

-- The aggregates gain a period 'season' (whose `start` is the season's id, so a season's board is an
-- index walk like a month's) and each player's most bids made in a row in one game (a server record).
-- The table is derived: it is made anew and rebuilt from the stored results below.
DROP TABLE IF EXISTS player_stats;
CREATE TABLE player_stats (
    guild_id INTEGER NOT NULL,
    period TEXT NOT NULL CHECK (period IN ('all', 'month', 'week', 'season')),
    start INTEGER NOT NULL CHECK (start >= 0),
    user_id INTEGER NOT NULL,
    games INTEGER NOT NULL CHECK (games >= 1),
    wins INTEGER NOT NULL CHECK (wins BETWEEN 0 AND games),
    shared_wins INTEGER NOT NULL CHECK (shared_wins BETWEEN 0 AND wins),
    score_sum INTEGER NOT NULL,
    best_score INTEGER NOT NULL,
    rounds INTEGER NOT NULL CHECK (rounds >= 1),
    exact_bids INTEGER NOT NULL CHECK (exact_bids BETWEEN 0 AND rounds),
    best_streak INTEGER NOT NULL DEFAULT 0 CHECK (best_streak BETWEEN 0 AND exact_bids),
    last_played REAL NOT NULL,
    mu REAL NOT NULL,
    sigma REAL NOT NULL CHECK (sigma > 0),
    rated_games INTEGER NOT NULL CHECK (rated_games >= 0),
    PRIMARY KEY (guild_id, period, start, user_id)
) WITHOUT ROWID;

-- As in 0006: one index per sort, in ranking order; cogs/leaderboard/queries.py repeats the expressions.
CREATE INDEX player_stats_by_rating ON player_stats
    (guild_id, period, start, 3 * sigma - mu, -games, user_id);
CREATE INDEX player_stats_by_wins ON player_stats
    (guild_id, period, start, -wins, -games, user_id);
CREATE INDEX player_stats_by_win_rate ON player_stats
    (guild_id, period, start, games < 5, -1.0 * wins / games, -games, user_id);
CREATE INDEX player_stats_by_average ON player_stats
    (guild_id, period, start, games < 5, -1.0 * score_sum / games, -games, user_id);
CREATE INDEX player_stats_by_accuracy ON player_stats
    (guild_id, period, start, games < 5, -1.0 * exact_bids / rounds, -games, user_id);

-- player_stats and every other aggregate are computed again from game_results and game_rounds (results.rebuild).
INSERT OR REPLACE INTO meta (key, value)
SELECT 'leaderboard_rebuild', 'pending' WHERE EXISTS (SELECT 1 FROM game_results);
