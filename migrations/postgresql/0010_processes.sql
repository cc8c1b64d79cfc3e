-- The PostgreSQL form of migrations/0010_processes.sql.

-- Several bot processes sharing one database, each connected to some of the bot's shards. Every process
-- records itself and keeps a heartbeat, an open table names the process that runs it, and an interaction
-- that reaches one process for a table another one runs is passed on to that one through the database.

-- The process running this open table, by its name in `processes` (NULL: nobody runs it yet).
ALTER TABLE tables ADD COLUMN owner TEXT;

-- The bot processes sharing the database: each one's name (unique among them), the shards it is
-- connected to, when it started and when it last reported that it is alive (its heartbeat; Unix times).
CREATE TABLE processes (
    name TEXT PRIMARY KEY,
    shards TEXT NOT NULL,
    started_at DOUBLE PRECISION NOT NULL,
    heartbeat_at DOUBLE PRECISION NOT NULL
);

-- Interactions received by one process for a table another runs, keyed by Discord's interaction id (so
-- one is stored once), waiting for the process named `target` to claim each of them exactly once.
-- `payload` holds the interaction, `created_at` is when it was stored.
CREATE TABLE handoffs (
    interaction_id BIGINT PRIMARY KEY,
    target TEXT NOT NULL,
    payload TEXT NOT NULL,
    created_at DOUBLE PRECISION NOT NULL
);

-- The open tables each process runs.
CREATE INDEX tables_by_owner ON tables (owner) WHERE status IN ('lobby', 'playing');
