-- Server leaderboards, player stats and game history. game_results (0002) keeps one row per player of a
-- finished game. This adds each round of it (with the hand size stored, not derived from the round
-- number), the players' skill ratings and their history, and per-player aggregates kept up to date in
-- the transaction that records a game, so a leaderboard page or a stats card reads a few hundred rows
-- at most instead of every result of the server. Everything is keyed by server: servers never share data.

-- Computer players (a later feature) are recorded like everyone else but kept out of the rankings.
ALTER TABLE game_results ADD COLUMN computer INTEGER NOT NULL DEFAULT 0 CHECK (computer IN (0, 1));

-- History lists a member's games newest first: this index replaces the (guild_id, user_id) one.
CREATE INDEX IF NOT EXISTS game_results_by_user_time ON game_results (guild_id, user_id, finished_at);
DROP INDEX IF EXISTS game_results_by_user;

CREATE TABLE IF NOT EXISTS game_rounds (
    table_id INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    round_number INTEGER NOT NULL CHECK (round_number >= 1),
    cards INTEGER NOT NULL CHECK (cards >= 1),
    bid INTEGER NOT NULL CHECK (bid BETWEEN 0 AND cards),
    tricks INTEGER NOT NULL CHECK (tricks BETWEEN 0 AND cards),
    points INTEGER NOT NULL,
    PRIMARY KEY (table_id, seat, round_number),
    FOREIGN KEY (table_id, seat) REFERENCES game_results (table_id, seat) ON DELETE CASCADE
) WITHOUT ROWID;

-- Games finished before this migration: their rounds come from game_results.rounds ([bid, tricks,
-- points] per round). Both editions dealt round n with n cards each, so that is their hand size.
INSERT OR IGNORE INTO game_rounds (table_id, seat, round_number, cards, bid, tricks, points)
SELECT g.table_id, g.seat, r.key + 1, r.key + 1,
       json_extract(r.value, '$[0]'), json_extract(r.value, '$[1]'), json_extract(r.value, '$[2]')
FROM game_results AS g, json_each(g.rounds) AS r;

-- One row per player and period: all time (start 0), a calendar month or a week from Monday, in UTC,
-- `start` being the period's first second as a Unix timestamp. Rows of past periods stay. Each row also
-- holds the player's rating after their last game of the period (for a current period, their current
-- rating), so a leaderboard reads this table alone.
CREATE TABLE IF NOT EXISTS player_stats (
    guild_id INTEGER NOT NULL,
    period TEXT NOT NULL CHECK (period IN ('all', 'month', 'week')),
    start INTEGER NOT NULL CHECK (start >= 0),
    user_id INTEGER NOT NULL,
    computer INTEGER NOT NULL DEFAULT 0 CHECK (computer IN (0, 1)),
    games INTEGER NOT NULL CHECK (games >= 1),
    wins INTEGER NOT NULL CHECK (wins BETWEEN 0 AND games),
    shared_wins INTEGER NOT NULL CHECK (shared_wins BETWEEN 0 AND wins),
    score_sum INTEGER NOT NULL,
    best_score INTEGER NOT NULL,
    rounds INTEGER NOT NULL CHECK (rounds >= 1),
    exact_bids INTEGER NOT NULL CHECK (exact_bids BETWEEN 0 AND rounds),
    last_played REAL NOT NULL,
    mu REAL NOT NULL,
    sigma REAL NOT NULL CHECK (sigma > 0),
    rated_games INTEGER NOT NULL CHECK (rated_games >= games),
    PRIMARY KEY (guild_id, period, start, user_id)
) WITHOUT ROWID;

-- One index per leaderboard sort, in ranking order (every column ascending, so that a member's place is
-- a count of the index entries before theirs): the key, then more games, then the lower user id. The
-- rate sorts list players with fewer than 5 games (leaderboard.MIN_GAMES) after the others. Computer
-- players are not ranked. The queries in cogs/utils/leaderboard.py repeat these expressions exactly.
CREATE INDEX IF NOT EXISTS player_stats_by_rating ON player_stats
    (guild_id, period, start, 3 * sigma - mu, -games, user_id) WHERE computer = 0;
CREATE INDEX IF NOT EXISTS player_stats_by_wins ON player_stats
    (guild_id, period, start, -wins, -games, user_id) WHERE computer = 0;
CREATE INDEX IF NOT EXISTS player_stats_by_win_rate ON player_stats
    (guild_id, period, start, games < 5, -1.0 * wins / games, -games, user_id) WHERE computer = 0;
CREATE INDEX IF NOT EXISTS player_stats_by_average ON player_stats
    (guild_id, period, start, games < 5, -1.0 * score_sum / games, -games, user_id) WHERE computer = 0;
CREATE INDEX IF NOT EXISTS player_stats_by_accuracy ON player_stats
    (guild_id, period, start, games < 5, -1.0 * exact_bids / rounds, -games, user_id) WHERE computer = 0;

-- Bid accuracy by hand size, all time.
CREATE TABLE IF NOT EXISTS player_hand_stats (
    guild_id INTEGER NOT NULL,
    user_id INTEGER NOT NULL,
    cards INTEGER NOT NULL CHECK (cards >= 1),
    rounds INTEGER NOT NULL CHECK (rounds >= 1),
    exact_bids INTEGER NOT NULL CHECK (exact_bids BETWEEN 0 AND rounds),
    PRIMARY KEY (guild_id, user_id, cards)
) WITHOUT ROWID;

-- The current Weng-Lin (openskill Plackett-Luce) rating of each player of a server.
CREATE TABLE IF NOT EXISTS player_ratings (
    guild_id INTEGER NOT NULL,
    user_id INTEGER NOT NULL,
    computer INTEGER NOT NULL DEFAULT 0 CHECK (computer IN (0, 1)),
    mu REAL NOT NULL,
    sigma REAL NOT NULL CHECK (sigma > 0),
    games INTEGER NOT NULL CHECK (games >= 1),
    updated_at REAL NOT NULL,
    PRIMARY KEY (guild_id, user_id)
) WITHOUT ROWID;

-- Each player's rating before and after each game, for trends.
CREATE TABLE IF NOT EXISTS rating_history (
    table_id INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    guild_id INTEGER NOT NULL,
    user_id INTEGER NOT NULL,
    finished_at REAL NOT NULL,
    mu_before REAL NOT NULL,
    sigma_before REAL NOT NULL CHECK (sigma_before > 0),
    mu REAL NOT NULL,
    sigma REAL NOT NULL CHECK (sigma > 0),
    PRIMARY KEY (table_id, seat),
    FOREIGN KEY (table_id, seat) REFERENCES game_results (table_id, seat) ON DELETE CASCADE
);

CREATE INDEX IF NOT EXISTS rating_history_by_user ON rating_history (guild_id, user_id, finished_at);

-- Ratings and aggregates of games stored before this migration are computed by the bot on its next
-- start (openskill is not SQL), which this flag asks for it.
INSERT OR REPLACE INTO meta (key, value)
SELECT 'leaderboard_rebuild', 'pending' WHERE EXISTS (SELECT 1 FROM game_results);
