-- The points each house had when its term started (src/records/terms.ts), so that a term's cup
-- is what the houses gained in it. drizzle-kit wrote the columns; by hand: the starts of the terms
-- already stored, read from the points history (its last change at or before the term's start;
-- left null where the history holds none, and the store then counts from the history's first
-- points inside the term, else from nothing: docs/cli-and-data.md, "Terms"), written before the
-- table's triggers are made again, so that nothing records them as a change of the terms (no
-- webhook message, no edit of a live message: what a term's event tells is unchanged); then the
-- type checks (src/store/sqlite/type-checks.ts) and the change trigger that compares every column
-- (src/store/sqlite/change-triggers.ts), which test/store/*-migration.test.ts hold to the record.
ALTER TABLE `terms` ADD `start_gryffindor` integer;
--> statement-breakpoint
ALTER TABLE `terms` ADD `start_slytherin` integer;
--> statement-breakpoint
ALTER TABLE `terms` ADD `start_ravenclaw` integer;
--> statement-breakpoint
ALTER TABLE `terms` ADD `start_hufflepuff` integer;
--> statement-breakpoint
UPDATE `terms` SET (`start_gryffindor`, `start_slytherin`, `start_ravenclaw`, `start_hufflepuff`) = (
  SELECT h.`gryffindor`, h.`slytherin`, h.`ravenclaw`, h.`hufflepuff` FROM `points_history` AS h
  WHERE h.`guild_id` = `terms`.`guild_id` AND h.`at` <= `terms`.`started_at`
  ORDER BY h.`at` DESC, h.`id` DESC LIMIT 1
);
--> statement-breakpoint
DROP TRIGGER `terms_types_inserted`;
--> statement-breakpoint
DROP TRIGGER `terms_types_updated`;
--> statement-breakpoint
CREATE TRIGGER `terms_types_inserted` BEFORE INSERT ON `terms` BEGIN
  SELECT CASE
    WHEN typeof(NEW.`guild_id`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'terms.guild_id must be text')
    WHEN typeof(NEW.`id`) NOT IN ('integer', 'null') THEN RAISE(ABORT, 'terms.id must be an integer')
    WHEN NEW.`id` NOT BETWEEN -9007199254740991 AND 9007199254740991 THEN RAISE(ABORT, 'terms.id must be an integer from -9007199254740991 to 9007199254740991')
    WHEN typeof(NEW.`name`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'terms.name must be text')
    WHEN NEW.`started_at` IS NOT NULL AND NEW.`started_at` IS NOT strftime('%Y-%m-%dT%H:%M:%fZ', NEW.`started_at`) THEN RAISE(ABORT, 'terms.started_at must be a UTC instant written YYYY-MM-DDTHH:MM:SS.sssZ')
    WHEN NEW.`ended_at` IS NOT NULL AND NEW.`ended_at` IS NOT strftime('%Y-%m-%dT%H:%M:%fZ', NEW.`ended_at`) THEN RAISE(ABORT, 'terms.ended_at must be a UTC instant written YYYY-MM-DDTHH:MM:SS.sssZ')
    WHEN typeof(NEW.`gryffindor`) NOT IN ('integer', 'null') THEN RAISE(ABORT, 'terms.gryffindor must be an integer')
    WHEN NEW.`gryffindor` NOT BETWEEN -9007199254740991 AND 9007199254740991 THEN RAISE(ABORT, 'terms.gryffindor must be an integer from -9007199254740991 to 9007199254740991')
    WHEN typeof(NEW.`slytherin`) NOT IN ('integer', 'null') THEN RAISE(ABORT, 'terms.slytherin must be an integer')
    WHEN NEW.`slytherin` NOT BETWEEN -9007199254740991 AND 9007199254740991 THEN RAISE(ABORT, 'terms.slytherin must be an integer from -9007199254740991 to 9007199254740991')
    WHEN typeof(NEW.`ravenclaw`) NOT IN ('integer', 'null') THEN RAISE(ABORT, 'terms.ravenclaw must be an integer')
    WHEN NEW.`ravenclaw` NOT BETWEEN -9007199254740991 AND 9007199254740991 THEN RAISE(ABORT, 'terms.ravenclaw must be an integer from -9007199254740991 to 9007199254740991')
    WHEN typeof(NEW.`hufflepuff`) NOT IN ('integer', 'null') THEN RAISE(ABORT, 'terms.hufflepuff must be an integer')
    WHEN NEW.`hufflepuff` NOT BETWEEN -9007199254740991 AND 9007199254740991 THEN RAISE(ABORT, 'terms.hufflepuff must be an integer from -9007199254740991 to 9007199254740991')
    WHEN typeof(NEW.`start_gryffindor`) NOT IN ('integer', 'null') THEN RAISE(ABORT, 'terms.start_gryffindor must be an integer')
    WHEN NEW.`start_gryffindor` NOT BETWEEN -9007199254740991 AND 9007199254740991 THEN RAISE(ABORT, 'terms.start_gryffindor must be an integer from -9007199254740991 to 9007199254740991')
    WHEN typeof(NEW.`start_slytherin`) NOT IN ('integer', 'null') THEN RAISE(ABORT, 'terms.start_slytherin must be an integer')
    WHEN NEW.`start_slytherin` NOT BETWEEN -9007199254740991 AND 9007199254740991 THEN RAISE(ABORT, 'terms.start_slytherin must be an integer from -9007199254740991 to 9007199254740991')
    WHEN typeof(NEW.`start_ravenclaw`) NOT IN ('integer', 'null') THEN RAISE(ABORT, 'terms.start_ravenclaw must be an integer')
    WHEN NEW.`start_ravenclaw` NOT BETWEEN -9007199254740991 AND 9007199254740991 THEN RAISE(ABORT, 'terms.start_ravenclaw must be an integer from -9007199254740991 to 9007199254740991')
    WHEN typeof(NEW.`start_hufflepuff`) NOT IN ('integer', 'null') THEN RAISE(ABORT, 'terms.start_hufflepuff must be an integer')
    WHEN NEW.`start_hufflepuff` NOT BETWEEN -9007199254740991 AND 9007199254740991 THEN RAISE(ABORT, 'terms.start_hufflepuff must be an integer from -9007199254740991 to 9007199254740991')
  END;
END;
--> statement-breakpoint
CREATE TRIGGER `terms_types_updated` BEFORE UPDATE ON `terms` BEGIN
  SELECT CASE
    WHEN typeof(NEW.`guild_id`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'terms.guild_id must be text')
    WHEN typeof(NEW.`id`) NOT IN ('integer', 'null') THEN RAISE(ABORT, 'terms.id must be an integer')
    WHEN NEW.`id` NOT BETWEEN -9007199254740991 AND 9007199254740991 THEN RAISE(ABORT, 'terms.id must be an integer from -9007199254740991 to 9007199254740991')
    WHEN typeof(NEW.`name`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'terms.name must be text')
    WHEN NEW.`started_at` IS NOT NULL AND NEW.`started_at` IS NOT strftime('%Y-%m-%dT%H:%M:%fZ', NEW.`started_at`) THEN RAISE(ABORT, 'terms.started_at must be a UTC instant written YYYY-MM-DDTHH:MM:SS.sssZ')
    WHEN NEW.`ended_at` IS NOT NULL AND NEW.`ended_at` IS NOT strftime('%Y-%m-%dT%H:%M:%fZ', NEW.`ended_at`) THEN RAISE(ABORT, 'terms.ended_at must be a UTC instant written YYYY-MM-DDTHH:MM:SS.sssZ')
    WHEN typeof(NEW.`gryffindor`) NOT IN ('integer', 'null') THEN RAISE(ABORT, 'terms.gryffindor must be an integer')
    WHEN NEW.`gryffindor` NOT BETWEEN -9007199254740991 AND 9007199254740991 THEN RAISE(ABORT, 'terms.gryffindor must be an integer from -9007199254740991 to 9007199254740991')
    WHEN typeof(NEW.`slytherin`) NOT IN ('integer', 'null') THEN RAISE(ABORT, 'terms.slytherin must be an integer')
    WHEN NEW.`slytherin` NOT BETWEEN -9007199254740991 AND 9007199254740991 THEN RAISE(ABORT, 'terms.slytherin must be an integer from -9007199254740991 to 9007199254740991')
    WHEN typeof(NEW.`ravenclaw`) NOT IN ('integer', 'null') THEN RAISE(ABORT, 'terms.ravenclaw must be an integer')
    WHEN NEW.`ravenclaw` NOT BETWEEN -9007199254740991 AND 9007199254740991 THEN RAISE(ABORT, 'terms.ravenclaw must be an integer from -9007199254740991 to 9007199254740991')
    WHEN typeof(NEW.`hufflepuff`) NOT IN ('integer', 'null') THEN RAISE(ABORT, 'terms.hufflepuff must be an integer')
    WHEN NEW.`hufflepuff` NOT BETWEEN -9007199254740991 AND 9007199254740991 THEN RAISE(ABORT, 'terms.hufflepuff must be an integer from -9007199254740991 to 9007199254740991')
    WHEN typeof(NEW.`start_gryffindor`) NOT IN ('integer', 'null') THEN RAISE(ABORT, 'terms.start_gryffindor must be an integer')
    WHEN NEW.`start_gryffindor` NOT BETWEEN -9007199254740991 AND 9007199254740991 THEN RAISE(ABORT, 'terms.start_gryffindor must be an integer from -9007199254740991 to 9007199254740991')
    WHEN typeof(NEW.`start_slytherin`) NOT IN ('integer', 'null') THEN RAISE(ABORT, 'terms.start_slytherin must be an integer')
    WHEN NEW.`start_slytherin` NOT BETWEEN -9007199254740991 AND 9007199254740991 THEN RAISE(ABORT, 'terms.start_slytherin must be an integer from -9007199254740991 to 9007199254740991')
    WHEN typeof(NEW.`start_ravenclaw`) NOT IN ('integer', 'null') THEN RAISE(ABORT, 'terms.start_ravenclaw must be an integer')
    WHEN NEW.`start_ravenclaw` NOT BETWEEN -9007199254740991 AND 9007199254740991 THEN RAISE(ABORT, 'terms.start_ravenclaw must be an integer from -9007199254740991 to 9007199254740991')
    WHEN typeof(NEW.`start_hufflepuff`) NOT IN ('integer', 'null') THEN RAISE(ABORT, 'terms.start_hufflepuff must be an integer')
    WHEN NEW.`start_hufflepuff` NOT BETWEEN -9007199254740991 AND 9007199254740991 THEN RAISE(ABORT, 'terms.start_hufflepuff must be an integer from -9007199254740991 to 9007199254740991')
  END;
END;
--> statement-breakpoint
UPDATE `terms` SET `guild_id` = `guild_id` WHERE (typeof(`guild_id`) NOT IN ('text', 'null')) OR (typeof(`id`) NOT IN ('integer', 'null')) OR (`id` NOT BETWEEN -9007199254740991 AND 9007199254740991) OR (typeof(`name`) NOT IN ('text', 'null')) OR (`started_at` IS NOT NULL AND `started_at` IS NOT strftime('%Y-%m-%dT%H:%M:%fZ', `started_at`)) OR (`ended_at` IS NOT NULL AND `ended_at` IS NOT strftime('%Y-%m-%dT%H:%M:%fZ', `ended_at`)) OR (typeof(`gryffindor`) NOT IN ('integer', 'null')) OR (`gryffindor` NOT BETWEEN -9007199254740991 AND 9007199254740991) OR (typeof(`slytherin`) NOT IN ('integer', 'null')) OR (`slytherin` NOT BETWEEN -9007199254740991 AND 9007199254740991) OR (typeof(`ravenclaw`) NOT IN ('integer', 'null')) OR (`ravenclaw` NOT BETWEEN -9007199254740991 AND 9007199254740991) OR (typeof(`hufflepuff`) NOT IN ('integer', 'null')) OR (`hufflepuff` NOT BETWEEN -9007199254740991 AND 9007199254740991) OR (typeof(`start_gryffindor`) NOT IN ('integer', 'null')) OR (`start_gryffindor` NOT BETWEEN -9007199254740991 AND 9007199254740991) OR (typeof(`start_slytherin`) NOT IN ('integer', 'null')) OR (`start_slytherin` NOT BETWEEN -9007199254740991 AND 9007199254740991) OR (typeof(`start_ravenclaw`) NOT IN ('integer', 'null')) OR (`start_ravenclaw` NOT BETWEEN -9007199254740991 AND 9007199254740991) OR (typeof(`start_hufflepuff`) NOT IN ('integer', 'null')) OR (`start_hufflepuff` NOT BETWEEN -9007199254740991 AND 9007199254740991);
--> statement-breakpoint
DROP TRIGGER `terms_changes_updated`;
--> statement-breakpoint
CREATE TRIGGER `terms_changes_updated` AFTER UPDATE ON `terms`
WHEN OLD.`guild_id` IS NOT NEW.`guild_id` OR OLD.`id` IS NOT NEW.`id` OR OLD.`name` IS NOT NEW.`name` OR OLD.`started_at` IS NOT NEW.`started_at` OR OLD.`ended_at` IS NOT NEW.`ended_at` OR OLD.`gryffindor` IS NOT NEW.`gryffindor` OR OLD.`slytherin` IS NOT NEW.`slytherin` OR OLD.`ravenclaw` IS NOT NEW.`ravenclaw` OR OLD.`hufflepuff` IS NOT NEW.`hufflepuff` OR OLD.`start_gryffindor` IS NOT NEW.`start_gryffindor` OR OLD.`start_slytherin` IS NOT NEW.`start_slytherin` OR OLD.`start_ravenclaw` IS NOT NEW.`start_ravenclaw` OR OLD.`start_hufflepuff` IS NOT NEW.`start_hufflepuff`
BEGIN
  INSERT INTO `guild_changes` (`guild_id`, `area`, `seq`) VALUES (NEW.`guild_id`, 'terms', (SELECT coalesce(max(`seq`), 0) + 1 FROM `guild_changes`)) ON CONFLICT (`guild_id`, `area`) DO UPDATE SET `seq` = excluded.`seq`;
  INSERT INTO `guild_changes` (`guild_id`, `area`, `seq`) SELECT OLD.`guild_id`, 'terms', (SELECT coalesce(max(`seq`), 0) + 1 FROM `guild_changes`) WHERE OLD.`guild_id` IS NOT NEW.`guild_id` ON CONFLICT (`guild_id`, `area`) DO UPDATE SET `seq` = excluded.`seq`;
END;
