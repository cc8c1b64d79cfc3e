-- The coach (issue 30): a table played with it gives each member a Hint button on their hand and a line
-- after each round comparing their bid with the hard computer's; its game is practice, recorded in
-- history and left out of every rating and board (game_results.practice, 0016). The host turns it on or
-- off in the lobby; a server's new tables start with its default (/wizard settings, off unless chosen).
ALTER TABLE tables ADD COLUMN coach INTEGER NOT NULL DEFAULT 0 CHECK (coach IN (0, 1));
ALTER TABLE server_settings ADD COLUMN coach INTEGER NOT NULL DEFAULT 0 CHECK (coach IN (0, 1));
