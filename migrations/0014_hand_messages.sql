-- Each seated member's hand message, written when a process hands the table to another (issue 29: tables
-- go home): the direct-message channel and the message, so the process that runs the table next edits
-- that message in place instead of leaving it behind with out-of-date buttons. NULL otherwise; read only
-- when a table is handed over.
ALTER TABLE seats ADD COLUMN hand_channel_id INTEGER;
ALTER TABLE seats ADD COLUMN hand_message_id INTEGER;
