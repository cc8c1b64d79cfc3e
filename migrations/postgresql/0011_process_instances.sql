-- The PostgreSQL form of migrations/0011_process_instances.sql (the same SQL).

-- Processes sharing one database: each run of a process draws a random instance id at start, so two live
-- processes given the same name are told apart (the second is refused); and a process looks up the
-- interactions handed to it by their target, in case their NOTIFY was lost.

-- The run of the process that holds this name now ('' for rows written before instances were kept).
ALTER TABLE processes ADD COLUMN instance TEXT NOT NULL DEFAULT '';

-- The interactions waiting for each process.
CREATE INDEX handoffs_by_target ON handoffs (target);
