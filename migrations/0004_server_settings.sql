-- Per-server defaults chosen with /wizard settings: the rules a new table starts with, the turn timer,
-- the lobby timeout and pictures. A server without a row uses the defaults of ServerSettings
-- (cogs/utils/server_settings.py); NULL in lobby_timeout_minutes or images means "the bot's own
-- setting" (WIZARD_LOBBY_TIMEOUT_MINUTES, WIZARD_IMAGES), so changing that setting still reaches servers
-- that never chose. The edition and variant ids are not checked here: one the bot no longer knows is noticed
-- when the row is read, which then falls back to the default rules instead of failing.
CREATE TABLE IF NOT EXISTS server_settings (
    guild_id INTEGER PRIMARY KEY,
    edition TEXT NOT NULL DEFAULT 'classic',
    variants TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(variants) AND json_type(variants) = 'array'),
    nannie_every INTEGER NOT NULL DEFAULT 2 CHECK (nannie_every IN (2, 3)),
    turn_timer_seconds INTEGER NOT NULL DEFAULT 120 CHECK (turn_timer_seconds >= 0),
    lobby_timeout_minutes INTEGER CHECK (lobby_timeout_minutes BETWEEN 1 AND 1440),
    images INTEGER CHECK (images IN (0, 1)),
    updated_at REAL NOT NULL
) WITHOUT ROWID;
