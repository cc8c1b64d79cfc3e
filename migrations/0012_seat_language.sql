-- Each seated member's language (issue 15): the language of their Discord client when they took the seat
-- ('en', 'de', …), for the direct messages the bot sends them on its own, kept across restarts and
-- takeovers; NULL for computers and for members whose client language the bot has no catalog for (the
-- table's language is used). Read leniently: a value the bot has no catalog for counts as NULL.
ALTER TABLE seats ADD COLUMN lang TEXT;
