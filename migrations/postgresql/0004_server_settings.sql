-- The PostgreSQL form of migrations/0004_server_settings.sql. PostgreSQL 15 has no test for valid JSON
-- that answers false instead of raising an error (IS JSON comes with 16), so the check on `variants` calls
-- a small function that does: a value that is not a JSON array then fails the check, as in SQLite.
-- The function's body is a quoted string rather than $$-quoted, so the migration runner, which splits
-- files into statements the way SQLite would, keeps it whole.

CREATE OR REPLACE FUNCTION wizard_is_json_array(document TEXT) RETURNS BOOLEAN
LANGUAGE plpgsql IMMUTABLE STRICT AS '
BEGIN
    RETURN json_typeof(document::json) = ''array'';
EXCEPTION WHEN invalid_text_representation THEN
    RETURN false;
END';

-- Per-server defaults chosen with /wizard settings: the rules a new table starts with, the turn timer,
-- the lobby timeout and pictures. A server without a row uses the defaults of ServerSettings
-- (cogs/utils/server_settings.py); NULL in lobby_timeout_minutes or images means "the bot's own
-- setting" (WIZARD_LOBBY_TIMEOUT_MINUTES, WIZARD_IMAGES), so changing that setting still reaches servers
-- that never chose. The edition and variant ids are not checked here: one the bot no longer knows is noticed
-- when the row is read, which then falls back to the default rules instead of failing.
CREATE TABLE IF NOT EXISTS server_settings (
    guild_id BIGINT PRIMARY KEY,
    edition TEXT NOT NULL DEFAULT 'classic',
    variants TEXT NOT NULL DEFAULT '[]' CHECK (wizard_is_json_array(variants)),
    nannie_every BIGINT NOT NULL DEFAULT 2 CHECK (nannie_every IN (2, 3)),
    turn_timer_seconds BIGINT NOT NULL DEFAULT 120 CHECK (turn_timer_seconds >= 0),
    lobby_timeout_minutes BIGINT CHECK (lobby_timeout_minutes BETWEEN 1 AND 1440),
    images BIGINT CHECK (images IN (0, 1)),
    updated_at DOUBLE PRECISION NOT NULL
);
