-- The PostgreSQL form of migrations/0009_server_language.sql (the same statement).

-- A server's language for its channel messages (issue 15): 'en' or 'de', or NULL to follow the server's
-- Discord language (German when Guild.preferred_locale is German, else English).
ALTER TABLE server_settings ADD COLUMN language TEXT CHECK (language IS NULL OR language IN ('en', 'de'));
