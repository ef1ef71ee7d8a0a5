-- The ledger read off the points history (src/records/points-ledger.ts): each history row gets who
-- made its change and why; the ledger's own table, its triggers and its pruning go. By hand around
-- drizzle-kit's rebuild of points_history: the old triggers dropped first (the history's are made
-- again with the context, src/store/sqlite/triggers.ts); the rows copied, the id sequence kept;
-- each entry's who and why, not the game's, moved onto the history row its change wrote (the same
-- guild, the first row at or after its instant holding its total: the same statement wrote both);
-- then the table's type checks (src/store/sqlite/type-checks.ts) and change triggers, which its
-- drop took with it.
DROP TRIGGER `house_points_ledger_inserted`;
--> statement-breakpoint
DROP TRIGGER `house_points_ledger_updated`;
--> statement-breakpoint
DROP TRIGGER `house_points_ledger_moved`;
--> statement-breakpoint
DROP TRIGGER `house_points_ledger_deleted`;
--> statement-breakpoint
DROP TRIGGER `points_history_inserted`;
--> statement-breakpoint
DROP TRIGGER `points_history_updated`;
--> statement-breakpoint
DROP TRIGGER `points_history_deleted`;
--> statement-breakpoint
PRAGMA foreign_keys=OFF;
--> statement-breakpoint
CREATE TABLE `__new_points_history` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`guild_id` text NOT NULL,
	`at` text NOT NULL,
	`gryffindor` integer,
	`slytherin` integer,
	`ravenclaw` integer,
	`hufflepuff` integer,
	`source` text,
	`by_user` text,
	`for_user` text,
	`reason` text,
	`undone` integer DEFAULT 0 NOT NULL,
	CONSTRAINT "points_history_source_known" CHECK("source" IS NULL OR "source" IN ('award', 'undo', 'import', 'term-reset', 'baseline')),
	CONSTRAINT "points_history_undone_range" CHECK("undone" BETWEEN 0 AND 1)
);
--> statement-breakpoint
INSERT INTO `__new_points_history` (`id`, `guild_id`, `at`, `gryffindor`, `slytherin`, `ravenclaw`, `hufflepuff`) SELECT `id`, `guild_id`, `at`, `gryffindor`, `slytherin`, `ravenclaw`, `hufflepuff` FROM `points_history`;
--> statement-breakpoint
DELETE FROM `sqlite_sequence` WHERE `name` = '__new_points_history';
--> statement-breakpoint
INSERT INTO `sqlite_sequence` (`name`, `seq`) SELECT '__new_points_history', `seq` FROM `sqlite_sequence` WHERE `name` = 'points_history';
--> statement-breakpoint
DROP TABLE `points_history`;
--> statement-breakpoint
PRAGMA legacy_alter_table=ON;
--> statement-breakpoint
ALTER TABLE `__new_points_history` RENAME TO `points_history`;
--> statement-breakpoint
PRAGMA legacy_alter_table=OFF;
--> statement-breakpoint
PRAGMA foreign_keys=ON;
--> statement-breakpoint
CREATE INDEX `points_history_guild_at` ON `points_history` (`guild_id`,`at`);
--> statement-breakpoint
CREATE INDEX `points_history_source` ON `points_history` (`guild_id`,`source`,`at`) WHERE "points_history"."source" is not null;
--> statement-breakpoint
CREATE INDEX `points_history_by` ON `points_history` (`guild_id`,`by_user`,`at`) WHERE "points_history"."by_user" is not null;
--> statement-breakpoint
CREATE INDEX `points_history_for` ON `points_history` (`guild_id`,`for_user`,`at`) WHERE "points_history"."for_user" is not null;
--> statement-breakpoint
UPDATE points_history SET source = told.source, by_user = told.by_user, for_user = told.for_user,
  reason = told.reason, undone = told.undone
FROM (
  SELECT e.history_id, min(e.source) AS source, min(e.by_user) AS by_user, min(e.for_user) AS for_user,
    min(e.reason) AS reason, max(e.undone) AS undone
  FROM (
    SELECT l.*, (SELECT h.id FROM points_history AS h WHERE h.guild_id = l.guild_id AND h.at >= l.at
      AND coalesce(CASE l.house WHEN 'gryffindor' THEN h.gryffindor WHEN 'slytherin' THEN h.slytherin
        WHEN 'ravenclaw' THEN h.ravenclaw WHEN 'hufflepuff' THEN h.hufflepuff END, 0) = l.total
      ORDER BY h.at, h.id LIMIT 1) AS history_id
    FROM points_ledger AS l WHERE l.source <> 'game'
  ) AS e
  WHERE e.history_id IS NOT NULL GROUP BY e.history_id
) AS told
WHERE points_history.id = told.history_id;
--> statement-breakpoint
DROP TABLE `points_ledger`;
--> statement-breakpoint
CREATE TRIGGER `points_history_types_inserted` BEFORE INSERT ON `points_history` BEGIN
  SELECT CASE
    WHEN typeof(NEW.`guild_id`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'points_history.guild_id must be text')
    WHEN NEW.`at` IS NOT NULL AND NEW.`at` IS NOT strftime('%Y-%m-%dT%H:%M:%fZ', NEW.`at`) THEN RAISE(ABORT, 'points_history.at must be a UTC instant written YYYY-MM-DDTHH:MM:SS.sssZ')
    WHEN typeof(NEW.`gryffindor`) NOT IN ('integer', 'null') THEN RAISE(ABORT, 'points_history.gryffindor must be an integer')
    WHEN NEW.`gryffindor` NOT BETWEEN -9007199254740991 AND 9007199254740991 THEN RAISE(ABORT, 'points_history.gryffindor must be an integer from -9007199254740991 to 9007199254740991')
    WHEN typeof(NEW.`slytherin`) NOT IN ('integer', 'null') THEN RAISE(ABORT, 'points_history.slytherin must be an integer')
    WHEN NEW.`slytherin` NOT BETWEEN -9007199254740991 AND 9007199254740991 THEN RAISE(ABORT, 'points_history.slytherin must be an integer from -9007199254740991 to 9007199254740991')
    WHEN typeof(NEW.`ravenclaw`) NOT IN ('integer', 'null') THEN RAISE(ABORT, 'points_history.ravenclaw must be an integer')
    WHEN NEW.`ravenclaw` NOT BETWEEN -9007199254740991 AND 9007199254740991 THEN RAISE(ABORT, 'points_history.ravenclaw must be an integer from -9007199254740991 to 9007199254740991')
    WHEN typeof(NEW.`hufflepuff`) NOT IN ('integer', 'null') THEN RAISE(ABORT, 'points_history.hufflepuff must be an integer')
    WHEN NEW.`hufflepuff` NOT BETWEEN -9007199254740991 AND 9007199254740991 THEN RAISE(ABORT, 'points_history.hufflepuff must be an integer from -9007199254740991 to 9007199254740991')
    WHEN typeof(NEW.`source`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'points_history.source must be text')
    WHEN typeof(NEW.`by_user`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'points_history.by_user must be text')
    WHEN typeof(NEW.`for_user`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'points_history.for_user must be text')
    WHEN typeof(NEW.`reason`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'points_history.reason must be text')
    WHEN typeof(NEW.`undone`) NOT IN ('integer', 'null') THEN RAISE(ABORT, 'points_history.undone must be an integer')
  END;
END;
--> statement-breakpoint
CREATE TRIGGER `points_history_types_updated` BEFORE UPDATE ON `points_history` BEGIN
  SELECT CASE
    WHEN typeof(NEW.`guild_id`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'points_history.guild_id must be text')
    WHEN NEW.`at` IS NOT NULL AND NEW.`at` IS NOT strftime('%Y-%m-%dT%H:%M:%fZ', NEW.`at`) THEN RAISE(ABORT, 'points_history.at must be a UTC instant written YYYY-MM-DDTHH:MM:SS.sssZ')
    WHEN typeof(NEW.`gryffindor`) NOT IN ('integer', 'null') THEN RAISE(ABORT, 'points_history.gryffindor must be an integer')
    WHEN NEW.`gryffindor` NOT BETWEEN -9007199254740991 AND 9007199254740991 THEN RAISE(ABORT, 'points_history.gryffindor must be an integer from -9007199254740991 to 9007199254740991')
    WHEN typeof(NEW.`slytherin`) NOT IN ('integer', 'null') THEN RAISE(ABORT, 'points_history.slytherin must be an integer')
    WHEN NEW.`slytherin` NOT BETWEEN -9007199254740991 AND 9007199254740991 THEN RAISE(ABORT, 'points_history.slytherin must be an integer from -9007199254740991 to 9007199254740991')
    WHEN typeof(NEW.`ravenclaw`) NOT IN ('integer', 'null') THEN RAISE(ABORT, 'points_history.ravenclaw must be an integer')
    WHEN NEW.`ravenclaw` NOT BETWEEN -9007199254740991 AND 9007199254740991 THEN RAISE(ABORT, 'points_history.ravenclaw must be an integer from -9007199254740991 to 9007199254740991')
    WHEN typeof(NEW.`hufflepuff`) NOT IN ('integer', 'null') THEN RAISE(ABORT, 'points_history.hufflepuff must be an integer')
    WHEN NEW.`hufflepuff` NOT BETWEEN -9007199254740991 AND 9007199254740991 THEN RAISE(ABORT, 'points_history.hufflepuff must be an integer from -9007199254740991 to 9007199254740991')
    WHEN typeof(NEW.`source`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'points_history.source must be text')
    WHEN typeof(NEW.`by_user`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'points_history.by_user must be text')
    WHEN typeof(NEW.`for_user`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'points_history.for_user must be text')
    WHEN typeof(NEW.`reason`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'points_history.reason must be text')
    WHEN typeof(NEW.`undone`) NOT IN ('integer', 'null') THEN RAISE(ABORT, 'points_history.undone must be an integer')
  END;
END;
--> statement-breakpoint
UPDATE `points_history` SET `id` = `id` WHERE (typeof(`guild_id`) NOT IN ('text', 'null')) OR (`at` IS NOT NULL AND `at` IS NOT strftime('%Y-%m-%dT%H:%M:%fZ', `at`)) OR (typeof(`gryffindor`) NOT IN ('integer', 'null')) OR (`gryffindor` NOT BETWEEN -9007199254740991 AND 9007199254740991) OR (typeof(`slytherin`) NOT IN ('integer', 'null')) OR (`slytherin` NOT BETWEEN -9007199254740991 AND 9007199254740991) OR (typeof(`ravenclaw`) NOT IN ('integer', 'null')) OR (`ravenclaw` NOT BETWEEN -9007199254740991 AND 9007199254740991) OR (typeof(`hufflepuff`) NOT IN ('integer', 'null')) OR (`hufflepuff` NOT BETWEEN -9007199254740991 AND 9007199254740991) OR (typeof(`source`) NOT IN ('text', 'null')) OR (typeof(`by_user`) NOT IN ('text', 'null')) OR (typeof(`for_user`) NOT IN ('text', 'null')) OR (typeof(`reason`) NOT IN ('text', 'null')) OR (typeof(`undone`) NOT IN ('integer', 'null'));
--> statement-breakpoint
CREATE TRIGGER `points_history_changes_inserted` AFTER INSERT ON `points_history` BEGIN
  INSERT INTO `guild_changes` (`guild_id`, `area`, `seq`) VALUES (NEW.`guild_id`, 'history', (SELECT coalesce(max(`seq`), 0) + 1 FROM `guild_changes`)) ON CONFLICT (`guild_id`, `area`) DO UPDATE SET `seq` = excluded.`seq`;
END;
--> statement-breakpoint
CREATE TRIGGER `points_history_changes_updated` AFTER UPDATE ON `points_history`
WHEN OLD.`id` IS NOT NEW.`id` OR OLD.`guild_id` IS NOT NEW.`guild_id` OR OLD.`at` IS NOT NEW.`at` OR OLD.`gryffindor` IS NOT NEW.`gryffindor` OR OLD.`slytherin` IS NOT NEW.`slytherin` OR OLD.`ravenclaw` IS NOT NEW.`ravenclaw` OR OLD.`hufflepuff` IS NOT NEW.`hufflepuff` OR OLD.`source` IS NOT NEW.`source` OR OLD.`by_user` IS NOT NEW.`by_user` OR OLD.`for_user` IS NOT NEW.`for_user` OR OLD.`reason` IS NOT NEW.`reason` OR OLD.`undone` IS NOT NEW.`undone`
BEGIN
  INSERT INTO `guild_changes` (`guild_id`, `area`, `seq`) VALUES (NEW.`guild_id`, 'history', (SELECT coalesce(max(`seq`), 0) + 1 FROM `guild_changes`)) ON CONFLICT (`guild_id`, `area`) DO UPDATE SET `seq` = excluded.`seq`;
  INSERT INTO `guild_changes` (`guild_id`, `area`, `seq`) SELECT OLD.`guild_id`, 'history', (SELECT coalesce(max(`seq`), 0) + 1 FROM `guild_changes`) WHERE OLD.`guild_id` IS NOT NEW.`guild_id` ON CONFLICT (`guild_id`, `area`) DO UPDATE SET `seq` = excluded.`seq`;
END;
--> statement-breakpoint
CREATE TRIGGER `points_history_changes_deleted` AFTER DELETE ON `points_history` BEGIN
  INSERT INTO `guild_changes` (`guild_id`, `area`, `seq`) VALUES (OLD.`guild_id`, 'history', (SELECT coalesce(max(`seq`), 0) + 1 FROM `guild_changes`)) ON CONFLICT (`guild_id`, `area`) DO UPDATE SET `seq` = excluded.`seq`;
END;
--> statement-breakpoint
CREATE TRIGGER `points_history_inserted` AFTER INSERT ON `house_points` BEGIN
  INSERT INTO points_history (guild_id, at, gryffindor, slytherin, ravenclaw, hufflepuff, source, by_user, for_user, reason)
  SELECT NEW.guild_id, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), NEW.gryffindor, NEW.slytherin, NEW.ravenclaw, NEW.hufflepuff, json_extract(c.context, '$.source'), json_extract(c.context, '$.by'), json_extract(c.context, '$.for'), json_extract(c.context, '$.reason')
  FROM (SELECT 1) LEFT JOIN (SELECT gryffindor, slytherin, ravenclaw, hufflepuff FROM points_history WHERE guild_id = NEW.guild_id ORDER BY at DESC, id DESC LIMIT 1) AS last ON 1 LEFT JOIN points_ledger_context AS c ON 1
  WHERE NOT (last.gryffindor IS NEW.gryffindor AND last.slytherin IS NEW.slytherin AND last.ravenclaw IS NEW.ravenclaw AND last.hufflepuff IS NEW.hufflepuff) AND CASE WHEN abs(NEW.gryffindor - coalesce(last.gryffindor, 0)) > 9007199254740991 OR abs(NEW.slytherin - coalesce(last.slytherin, 0)) > 9007199254740991 OR abs(NEW.ravenclaw - coalesce(last.ravenclaw, 0)) > 9007199254740991 OR abs(NEW.hufflepuff - coalesce(last.hufflepuff, 0)) > 9007199254740991
    THEN RAISE(ABORT, 'house_points: a change of a house''s points must be within 9007199254740991 (its ledger entry''s delta)') ELSE 1 END;
END;
--> statement-breakpoint
CREATE TRIGGER `points_history_updated` AFTER UPDATE ON `house_points`
WHEN OLD.gryffindor IS NOT NEW.gryffindor OR OLD.slytherin IS NOT NEW.slytherin OR OLD.ravenclaw IS NOT NEW.ravenclaw OR OLD.hufflepuff IS NOT NEW.hufflepuff OR OLD.guild_id IS NOT NEW.guild_id
BEGIN
  INSERT INTO points_history (guild_id, at, gryffindor, slytherin, ravenclaw, hufflepuff, source, by_user, for_user, reason)
  SELECT OLD.guild_id, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), NULL, NULL, NULL, NULL, json_extract(c.context, '$.source'), json_extract(c.context, '$.by'), json_extract(c.context, '$.for'), json_extract(c.context, '$.reason')
  FROM (SELECT 1) LEFT JOIN points_ledger_context AS c ON 1
  WHERE OLD.guild_id IS NOT NEW.guild_id;
  INSERT INTO points_history (guild_id, at, gryffindor, slytherin, ravenclaw, hufflepuff, source, by_user, for_user, reason)
  SELECT NEW.guild_id, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), NEW.gryffindor, NEW.slytherin, NEW.ravenclaw, NEW.hufflepuff, json_extract(c.context, '$.source'), json_extract(c.context, '$.by'), json_extract(c.context, '$.for'), json_extract(c.context, '$.reason')
  FROM (SELECT 1) LEFT JOIN points_ledger_context AS c ON 1
  WHERE CASE WHEN abs(NEW.gryffindor - coalesce(OLD.gryffindor, 0)) > 9007199254740991 OR abs(NEW.slytherin - coalesce(OLD.slytherin, 0)) > 9007199254740991 OR abs(NEW.ravenclaw - coalesce(OLD.ravenclaw, 0)) > 9007199254740991 OR abs(NEW.hufflepuff - coalesce(OLD.hufflepuff, 0)) > 9007199254740991
    THEN RAISE(ABORT, 'house_points: a change of a house''s points must be within 9007199254740991 (its ledger entry''s delta)') ELSE 1 END;
END;
--> statement-breakpoint
CREATE TRIGGER `points_history_deleted` AFTER DELETE ON `house_points` BEGIN
  INSERT INTO points_history (guild_id, at, gryffindor, slytherin, ravenclaw, hufflepuff, source, by_user, for_user, reason)
  SELECT OLD.guild_id, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), NULL, NULL, NULL, NULL, json_extract(c.context, '$.source'), json_extract(c.context, '$.by'), json_extract(c.context, '$.for'), json_extract(c.context, '$.reason')
  FROM (SELECT 1) LEFT JOIN points_ledger_context AS c ON 1;
END;
