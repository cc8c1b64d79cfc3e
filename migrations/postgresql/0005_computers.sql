-- The PostgreSQL form of migrations/0005_computers.sql.

-- Computer players. A seat is a computer's when `computer` names its level: one added in the lobby (its
-- user_id is a negative number, unique in the table) or the seat of a player who left mid-game (the
-- seat keeps a fresh negative user_id too, so the game never counts for that player). `auto` marks a
-- human's seat that a computer plays for now, after `missed` turns in a row ran out of time; the player
-- can take it back, and the game still counts for them.

ALTER TABLE seats ADD COLUMN computer TEXT CHECK (computer IS NULL OR computer IN ('easy', 'medium', 'hard'));
ALTER TABLE seats ADD COLUMN auto BIGINT NOT NULL DEFAULT 0 CHECK (auto IN (0, 1));
ALTER TABLE seats ADD COLUMN missed BIGINT NOT NULL DEFAULT 0 CHECK (missed >= 0);

-- A table's rules (the rules core's Rules.to_dict as JSON: edition, variants and their options), chosen
-- in the lobby from the server's defaults. Tables from before this column play their edition's base rules.
ALTER TABLE tables ADD COLUMN rules TEXT;
