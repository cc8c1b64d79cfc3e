-- The PostgreSQL form of migrations/0013_seat_holds.sql.

-- The seats a Play again lobby holds (issue 25): the Discord ids of the last game's members it waits for,
-- as a JSON array of numbers, and until when (a Unix time); NULL for every other table. Kept so that a
-- restart or a takeover does not hand those seats to whoever clicks first.
ALTER TABLE tables ADD COLUMN held_for TEXT;
ALTER TABLE tables ADD COLUMN held_until DOUBLE PRECISION;
