-- The PostgreSQL form of migrations/0007_outbox.sql.

-- What players must still be shown because of a stored action: written in the same transaction as the
-- action, deleted once it has been delivered, and delivered again after a crash. `kind` is 'round' (the
-- summary of round `key`), 'deal' (everyone's new hand, after the action that made game version `key`)
-- or 'final' (the final standings; `key` 0).
CREATE TABLE outbox (
    table_id BIGINT NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
    kind TEXT NOT NULL CHECK (kind IN ('round', 'deal', 'final')),
    key BIGINT NOT NULL,
    PRIMARY KEY (table_id, kind, key)
);
