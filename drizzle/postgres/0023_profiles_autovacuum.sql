-- A member's rank counts index entries, and an index-only scan reads the table for every page an
-- update touched since the last vacuum: the game's writes to the galleons (and so to the periods'
-- rows) slow every rank until one comes, and the default autovacuum waits for a fifth of a
-- table's rows to change. These two tables are vacuumed after 1 % of their rows (and 200) have
-- changed instead (docs/several-machines.md, its paragraph on vacuum).
ALTER TABLE profiles SET (autovacuum_vacuum_scale_factor = 0.01, autovacuum_vacuum_threshold = 200);
--> statement-breakpoint
ALTER TABLE profile_changes SET (autovacuum_vacuum_scale_factor = 0.01, autovacuum_vacuum_threshold = 200);
