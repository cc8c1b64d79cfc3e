-- Each member's own settings (issue 26, /wizard me), per server like everything else the bot keeps about a
-- member: the language of what the bot sends them privately ('en', 'de', or NULL to follow their Discord
-- client), whether their hand comes with pictures, plain text for screen readers (full card names, no
-- pictures, no box drawing) and whether they are reminded of their turn. A member without a row has the
-- defaults (client language, pictures as the table has them, no plain text, reminders on). Erasing a
-- member's records (/wizard forget-me) removes their row.
CREATE TABLE IF NOT EXISTS member_settings (
    guild_id INTEGER NOT NULL,
    user_id INTEGER NOT NULL,
    language TEXT CHECK (language IS NULL OR language IN ('en', 'de')),
    pictures INTEGER NOT NULL DEFAULT 1 CHECK (pictures IN (0, 1)),
    plain_text INTEGER NOT NULL DEFAULT 0 CHECK (plain_text IN (0, 1)),
    reminders INTEGER NOT NULL DEFAULT 1 CHECK (reminders IN (0, 1)),
    updated_at REAL NOT NULL,
    PRIMARY KEY (guild_id, user_id)
);
