-- The PostgreSQL form of migrations/0003_leaderboard.sql. The index expressions are in parentheses, as
-- PostgreSQL requires, and otherwise written as in SQLite, so queries can repeat them in either dialect.

-- Server leaderboards, player stats and game history. game_results (0002) keeps one row per player of a
-- finished game. This adds each round of it (with the hand size stored, not derived from the round
-- number), the players' skill ratings and their history, and per-player aggregates kept up to date in
-- the transaction that records a game, so a leaderboard page or a stats card reads a few hundred rows
-- at most instead of every result of the server. Everything is keyed by server: servers never share data.

-- Computer players (a later feature) are recorded like everyone else but kept out of the rankings.
ALTER TABLE game_results ADD COLUMN computer BIGINT NOT NULL DEFAULT 0 CHECK (computer IN (0, 1));

-- History lists a member's games newest first: this index replaces the (guild_id, user_id) one.
CREATE INDEX IF NOT EXISTS game_results_by_user_time ON game_results (guild_id, user_id, finished_at);
DROP INDEX IF EXISTS game_results_by_user;

CREATE TABLE IF NOT EXISTS game_rounds (
    table_id BIGINT NOT NULL,
    seat BIGINT NOT NULL,
    round_number BIGINT NOT NULL CHECK (round_number >= 1),
    cards BIGINT NOT NULL CHECK (cards >= 1),
    bid BIGINT NOT NULL CHECK (bid BETWEEN 0 AND cards),
    tricks BIGINT NOT NULL CHECK (tricks BETWEEN 0 AND cards),
    points BIGINT NOT NULL,
    PRIMARY KEY (table_id, seat, round_number),
    FOREIGN KEY (table_id, seat) REFERENCES game_results (table_id, seat) ON DELETE CASCADE
);

-- Games finished before this migration: their rounds come from game_results.rounds ([bid, tricks,
-- points] per round). Both editions dealt round n with n cards each, so that is their hand size. The
-- n-th element of the array (counted from 1) is round n. Rounds that SQLite's INSERT OR IGNORE would
-- skip, because a value is missing or out of range for the checks above, are left out here as well.
INSERT INTO game_rounds (table_id, seat, round_number, cards, bid, tricks, points)
SELECT table_id, seat, round_number, round_number, bid, tricks, points
FROM (
    SELECT g.table_id, g.seat, r.position AS round_number,
           (r.value ->> 0)::BIGINT AS bid,
           (r.value ->> 1)::BIGINT AS tricks,
           (r.value ->> 2)::BIGINT AS points
    FROM game_results AS g,
         json_array_elements(g.rounds::json) WITH ORDINALITY AS r (value, position)
) AS old_rounds
WHERE bid BETWEEN 0 AND round_number AND tricks BETWEEN 0 AND round_number AND points IS NOT NULL
ON CONFLICT DO NOTHING;

-- One row per player and period: all time (start 0), a calendar month or a week from Monday, in UTC,
-- `start` being the period's first second as a Unix timestamp. Rows of past periods stay. Each row also
-- holds the player's rating after their last game of the period (for a current period, their current
-- rating), so a leaderboard reads this table alone.
CREATE TABLE IF NOT EXISTS player_stats (
    guild_id BIGINT NOT NULL,
    period TEXT NOT NULL CHECK (period IN ('all', 'month', 'week')),
    start BIGINT NOT NULL CHECK (start >= 0),
    user_id BIGINT NOT NULL,
    computer BIGINT NOT NULL DEFAULT 0 CHECK (computer IN (0, 1)),
    games BIGINT NOT NULL CHECK (games >= 1),
    wins BIGINT NOT NULL CHECK (wins BETWEEN 0 AND games),
    shared_wins BIGINT NOT NULL CHECK (shared_wins BETWEEN 0 AND wins),
    score_sum BIGINT NOT NULL,
    best_score BIGINT NOT NULL,
    rounds BIGINT NOT NULL CHECK (rounds >= 1),
    exact_bids BIGINT NOT NULL CHECK (exact_bids BETWEEN 0 AND rounds),
    last_played DOUBLE PRECISION NOT NULL,
    mu DOUBLE PRECISION NOT NULL,
    sigma DOUBLE PRECISION NOT NULL CHECK (sigma > 0),
    rated_games BIGINT NOT NULL CHECK (rated_games >= games),
    PRIMARY KEY (guild_id, period, start, user_id)
);

-- One index per leaderboard sort, in ranking order (every column ascending, so that a member's place is
-- a count of the index entries before theirs): the key, then more games, then the lower user id. The
-- rate sorts list players with fewer than 5 games (leaderboard.MIN_GAMES) after the others. Computer
-- players are not ranked. The queries in cogs/utils/leaderboard.py repeat these expressions exactly.
CREATE INDEX IF NOT EXISTS player_stats_by_rating ON player_stats
    (guild_id, period, start, (3 * sigma - mu), (-games), user_id) WHERE computer = 0;
CREATE INDEX IF NOT EXISTS player_stats_by_wins ON player_stats
    (guild_id, period, start, (-wins), (-games), user_id) WHERE computer = 0;
CREATE INDEX IF NOT EXISTS player_stats_by_win_rate ON player_stats
    (guild_id, period, start, (games < 5), (-1.0 * wins / games), (-games), user_id) WHERE computer = 0;
CREATE INDEX IF NOT EXISTS player_stats_by_average ON player_stats
    (guild_id, period, start, (games < 5), (-1.0 * score_sum / games), (-games), user_id) WHERE computer = 0;
CREATE INDEX IF NOT EXISTS player_stats_by_accuracy ON player_stats
    (guild_id, period, start, (games < 5), (-1.0 * exact_bids / rounds), (-games), user_id)
    WHERE computer = 0;

-- Bid accuracy by hand size, all time.
CREATE TABLE IF NOT EXISTS player_hand_stats (
    guild_id BIGINT NOT NULL,
    user_id BIGINT NOT NULL,
    cards BIGINT NOT NULL CHECK (cards >= 1),
    rounds BIGINT NOT NULL CHECK (rounds >= 1),
    exact_bids BIGINT NOT NULL CHECK (exact_bids BETWEEN 0 AND rounds),
    PRIMARY KEY (guild_id, user_id, cards)
);

-- The current Weng-Lin (openskill Plackett-Luce) rating of each player of a server.
CREATE TABLE IF NOT EXISTS player_ratings (
    guild_id BIGINT NOT NULL,
    user_id BIGINT NOT NULL,
    computer BIGINT NOT NULL DEFAULT 0 CHECK (computer IN (0, 1)),
    mu DOUBLE PRECISION NOT NULL,
    sigma DOUBLE PRECISION NOT NULL CHECK (sigma > 0),
    games BIGINT NOT NULL CHECK (games >= 1),
    updated_at DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (guild_id, user_id)
);

-- Each player's rating before and after each game, for trends.
CREATE TABLE IF NOT EXISTS rating_history (
    table_id BIGINT NOT NULL,
    seat BIGINT NOT NULL,
    guild_id BIGINT NOT NULL,
    user_id BIGINT NOT NULL,
    finished_at DOUBLE PRECISION NOT NULL,
    mu_before DOUBLE PRECISION NOT NULL,
    sigma_before DOUBLE PRECISION NOT NULL CHECK (sigma_before > 0),
    mu DOUBLE PRECISION NOT NULL,
    sigma DOUBLE PRECISION NOT NULL CHECK (sigma > 0),
    PRIMARY KEY (table_id, seat),
    FOREIGN KEY (table_id, seat) REFERENCES game_results (table_id, seat) ON DELETE CASCADE
);

CREATE INDEX IF NOT EXISTS rating_history_by_user ON rating_history (guild_id, user_id, finished_at);

-- Ratings and aggregates of games stored before this migration are computed by the bot on its next
-- start (openskill is not SQL), which this flag asks for it.
INSERT INTO meta (key, value)
SELECT 'leaderboard_rebuild', 'pending' WHERE EXISTS (SELECT 1 FROM game_results)
ON CONFLICT (key) DO UPDATE SET value = excluded.value;
