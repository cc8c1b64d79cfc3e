-- The PostgreSQL form of migrations/0008_restart_checkpoints.sql: `codes` is BYTEA where SQLite has a BLOB.

-- Fast restarts and turn clocks that resume (issue 14).
--
-- When the entries of one write (an action, with the chance events it brought) were stored, on the last
-- of them (Unix time; NULL on the others, and on entries stored before this migration): the moment the
-- game began to wait for its next move. After a restart a turn under way resumes with the time its
-- player had left, counted from there (for bids made at once, from the write that opened the bidding).
ALTER TABLE actions ADD COLUMN at DOUBLE PRECISION;

-- The latest checkpoint of each running game, written as each round is dealt: the rules core's state at
-- that point (`state`: Game.checkpoint, JSON) and the action log up to it (`version` entries, a copy of
-- the rows of `actions` before `version`, in a form quick to read: `codes`, the action codes as 16-bit
-- little-endian integers with a 0 in place of each chance event, and `chance`, those events as JSON
-- [[place, "draw" or "deal", the card bits in hexadecimal], ...]). `at` is when it was written. A restart
-- reads this row and the few actions after it, and replays the current round only instead of the whole
-- game. It is a cache: `actions` stays the record, a table without a checkpoint (or with a damaged one)
-- is replayed from its whole log, and the row is deleted when the game finishes or ends.
CREATE TABLE checkpoints (
    table_id BIGINT PRIMARY KEY REFERENCES tables (id) ON DELETE CASCADE,
    version BIGINT NOT NULL CHECK (version >= 1),
    at DOUBLE PRECISION NOT NULL,
    codes BYTEA NOT NULL,
    chance TEXT NOT NULL,
    state TEXT NOT NULL
);
