-- The PostgreSQL form of migrations/0001_initial.sql (the same schema, in PostgreSQL's SQL).

-- The first schema: a small key-value table for facts about the bot itself rather than about games,
-- such as the hash of the slash commands last registered with Discord, so a restart with unchanged
-- commands does not register them again.
CREATE TABLE IF NOT EXISTS meta (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
