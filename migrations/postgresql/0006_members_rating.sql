-- The PostgreSQL form of migrations/0006_members_rating.sql.

-- Ratings among members (issue 19). A game's rating update ranks its members among themselves, and computers
-- are not rated and keep no rating, history or aggregate rows (their ids are only unique within a table,
-- so one id stood for computers of every level). A game with fewer than two members changes no rating.
-- Computers' results keep the name and level the table showed ("🤖 Ada (Easy)"), so history and score
-- sheets name them instead of mentioning a negative id. Ratings and aggregates of the games already
-- stored are computed again by the bot on its next start, in the order the games finished.

-- A computer's name and level (NULL for a member, who is named by a mention).
ALTER TABLE game_results ADD COLUMN name TEXT;
ALTER TABLE game_results ADD COLUMN level TEXT CHECK (level IS NULL OR level IN ('easy', 'medium', 'hard'));

-- Computers of earlier games: their seat at the finished table still holds both.
UPDATE game_results
SET name = (SELECT s.name FROM seats AS s
            WHERE s.table_id = game_results.table_id AND s.seat = game_results.seat),
    level = (SELECT s.computer FROM seats AS s
             WHERE s.table_id = game_results.table_id AND s.seat = game_results.seat)
WHERE computer = 1;

-- The aggregates hold members only now, and a member's games against computers alone are not rated, so
-- rated_games may be below games. Both tables are derived, and rebuilt below: they are made anew.
DROP TABLE IF EXISTS player_stats;
CREATE TABLE player_stats (
    guild_id BIGINT NOT NULL,
    period TEXT NOT NULL CHECK (period IN ('all', 'month', 'week')),
    start BIGINT NOT NULL CHECK (start >= 0),
    user_id BIGINT NOT NULL,
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
    rated_games BIGINT NOT NULL CHECK (rated_games >= 0),
    PRIMARY KEY (guild_id, period, start, user_id)
);

-- One index per leaderboard sort, in ranking order (every column ascending, so that a member's place is
-- a count of the index entries before theirs): the key, then more games, then the lower user id. The
-- rate sorts list players with fewer than 5 games (ratings.MIN_GAMES) after the others. The queries in
-- cogs/leaderboard/queries.py repeat these expressions exactly (PostgreSQL wants each in parentheses here).
CREATE INDEX player_stats_by_rating ON player_stats
    (guild_id, period, start, (3 * sigma - mu), (-games), user_id);
CREATE INDEX player_stats_by_wins ON player_stats
    (guild_id, period, start, (-wins), (-games), user_id);
CREATE INDEX player_stats_by_win_rate ON player_stats
    (guild_id, period, start, (games < 5), (-1.0 * wins / games), (-games), user_id);
CREATE INDEX player_stats_by_average ON player_stats
    (guild_id, period, start, (games < 5), (-1.0 * score_sum / games), (-games), user_id);
CREATE INDEX player_stats_by_accuracy ON player_stats
    (guild_id, period, start, (games < 5), (-1.0 * exact_bids / rounds), (-games), user_id);

-- The current Weng-Lin (openskill Bradley-Terry, full pairing) rating of each rated member of a server.
DROP TABLE IF EXISTS player_ratings;
CREATE TABLE player_ratings (
    guild_id BIGINT NOT NULL,
    user_id BIGINT NOT NULL,
    mu DOUBLE PRECISION NOT NULL,
    sigma DOUBLE PRECISION NOT NULL CHECK (sigma > 0),
    games BIGINT NOT NULL CHECK (games >= 1),
    updated_at DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (guild_id, user_id)
);

DELETE FROM player_hand_stats;
DELETE FROM rating_history;

-- Everything above is computed again from game_results and game_rounds (results.rebuild).
INSERT INTO meta (key, value)
SELECT 'leaderboard_rebuild', 'pending' WHERE EXISTS (SELECT 1 FROM game_results)
ON CONFLICT (key) DO UPDATE SET value = excluded.value;
