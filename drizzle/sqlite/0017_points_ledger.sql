-- The ledger (src/records/points-ledger.ts): every change of a house's points is one entry.
-- drizzle-kit wrote the table and its indexes; by hand: the first entries of the points stored
-- before it (each house counted from 0 as the game's, so that the next change counts from them),
-- written before the table's own triggers are made, so that nothing records them as a change;
-- then the type checks (src/store/sqlite/type-checks.ts), the change triggers
-- (src/store/sqlite/change-triggers.ts), and the table of the writing transaction's context with
-- the triggers on house_points that write the entries (src/store/sqlite/ledger-triggers.ts), which
-- test/store/*-migration.test.ts hold to their modules.
CREATE TABLE `points_ledger` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`guild_id` text NOT NULL,
	`at` text NOT NULL,
	`house` text NOT NULL,
	`delta` integer NOT NULL,
	`total` integer NOT NULL,
	`source` text NOT NULL,
	`by_user` text,
	`for_user` text,
	`reason` text,
	`undone` integer DEFAULT 0 NOT NULL,
	`undoes` integer,
	CONSTRAINT "points_ledger_house_known" CHECK("points_ledger"."house" IN ('gryffindor', 'slytherin', 'ravenclaw', 'hufflepuff')),
	CONSTRAINT "points_ledger_source_known" CHECK("points_ledger"."source" IN ('award', 'undo', 'game', 'import', 'term-reset')),
	CONSTRAINT "points_ledger_undone_range" CHECK("points_ledger"."undone" BETWEEN 0 AND 1)
);
--> statement-breakpoint
CREATE INDEX `points_ledger_guild` ON `points_ledger` (`guild_id`,`id`);--> statement-breakpoint
CREATE INDEX `points_ledger_house` ON `points_ledger` (`guild_id`,`house`,`id`);--> statement-breakpoint
CREATE INDEX `points_ledger_source` ON `points_ledger` (`guild_id`,`source`,`id`);--> statement-breakpoint
CREATE INDEX `points_ledger_by` ON `points_ledger` (`guild_id`,`by_user`,`id`);--> statement-breakpoint
CREATE INDEX `points_ledger_for` ON `points_ledger` (`guild_id`,`for_user`,`id`);--> statement-breakpoint
CREATE INDEX `points_ledger_guild_at` ON `points_ledger` (`guild_id`,`at`);
--> statement-breakpoint
INSERT INTO points_ledger (guild_id, at, house, delta, total, source, by_user, for_user, reason, undoes)
SELECT guild_id, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), house, total, total, 'game', NULL, NULL, NULL, NULL FROM (
  SELECT p.guild_id, o.ord, o.house, CASE o.house WHEN 'gryffindor' THEN p.gryffindor WHEN 'slytherin' THEN p.slytherin WHEN 'ravenclaw' THEN p.ravenclaw WHEN 'hufflepuff' THEN p.hufflepuff END AS total
  FROM house_points AS p CROSS JOIN (SELECT 1 AS ord, 'gryffindor' AS house UNION ALL SELECT 2 AS ord, 'slytherin' AS house UNION ALL SELECT 3 AS ord, 'ravenclaw' AS house UNION ALL SELECT 4 AS ord, 'hufflepuff' AS house) AS o
) WHERE total <> 0 ORDER BY guild_id, ord;
--> statement-breakpoint
CREATE TRIGGER `points_ledger_types_inserted` BEFORE INSERT ON `points_ledger` BEGIN
  SELECT CASE
    WHEN typeof(NEW.`guild_id`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'points_ledger.guild_id must be text')
    WHEN NEW.`at` IS NOT NULL AND NEW.`at` IS NOT strftime('%Y-%m-%dT%H:%M:%fZ', NEW.`at`) THEN RAISE(ABORT, 'points_ledger.at must be a UTC instant written YYYY-MM-DDTHH:MM:SS.sssZ')
    WHEN typeof(NEW.`house`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'points_ledger.house must be text')
    WHEN typeof(NEW.`delta`) NOT IN ('integer', 'null') THEN RAISE(ABORT, 'points_ledger.delta must be an integer')
    WHEN NEW.`delta` NOT BETWEEN -9007199254740991 AND 9007199254740991 THEN RAISE(ABORT, 'points_ledger.delta must be an integer from -9007199254740991 to 9007199254740991')
    WHEN typeof(NEW.`total`) NOT IN ('integer', 'null') THEN RAISE(ABORT, 'points_ledger.total must be an integer')
    WHEN NEW.`total` NOT BETWEEN -9007199254740991 AND 9007199254740991 THEN RAISE(ABORT, 'points_ledger.total must be an integer from -9007199254740991 to 9007199254740991')
    WHEN typeof(NEW.`source`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'points_ledger.source must be text')
    WHEN typeof(NEW.`by_user`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'points_ledger.by_user must be text')
    WHEN typeof(NEW.`for_user`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'points_ledger.for_user must be text')
    WHEN typeof(NEW.`reason`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'points_ledger.reason must be text')
    WHEN typeof(NEW.`undone`) NOT IN ('integer', 'null') THEN RAISE(ABORT, 'points_ledger.undone must be an integer')
    WHEN typeof(NEW.`undoes`) NOT IN ('integer', 'null') THEN RAISE(ABORT, 'points_ledger.undoes must be an integer')
    WHEN NEW.`undoes` NOT BETWEEN -9007199254740991 AND 9007199254740991 THEN RAISE(ABORT, 'points_ledger.undoes must be an integer from -9007199254740991 to 9007199254740991')
  END;
END;
--> statement-breakpoint
CREATE TRIGGER `points_ledger_types_updated` BEFORE UPDATE ON `points_ledger` BEGIN
  SELECT CASE
    WHEN typeof(NEW.`guild_id`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'points_ledger.guild_id must be text')
    WHEN NEW.`at` IS NOT NULL AND NEW.`at` IS NOT strftime('%Y-%m-%dT%H:%M:%fZ', NEW.`at`) THEN RAISE(ABORT, 'points_ledger.at must be a UTC instant written YYYY-MM-DDTHH:MM:SS.sssZ')
    WHEN typeof(NEW.`house`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'points_ledger.house must be text')
    WHEN typeof(NEW.`delta`) NOT IN ('integer', 'null') THEN RAISE(ABORT, 'points_ledger.delta must be an integer')
    WHEN NEW.`delta` NOT BETWEEN -9007199254740991 AND 9007199254740991 THEN RAISE(ABORT, 'points_ledger.delta must be an integer from -9007199254740991 to 9007199254740991')
    WHEN typeof(NEW.`total`) NOT IN ('integer', 'null') THEN RAISE(ABORT, 'points_ledger.total must be an integer')
    WHEN NEW.`total` NOT BETWEEN -9007199254740991 AND 9007199254740991 THEN RAISE(ABORT, 'points_ledger.total must be an integer from -9007199254740991 to 9007199254740991')
    WHEN typeof(NEW.`source`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'points_ledger.source must be text')
    WHEN typeof(NEW.`by_user`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'points_ledger.by_user must be text')
    WHEN typeof(NEW.`for_user`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'points_ledger.for_user must be text')
    WHEN typeof(NEW.`reason`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'points_ledger.reason must be text')
    WHEN typeof(NEW.`undone`) NOT IN ('integer', 'null') THEN RAISE(ABORT, 'points_ledger.undone must be an integer')
    WHEN typeof(NEW.`undoes`) NOT IN ('integer', 'null') THEN RAISE(ABORT, 'points_ledger.undoes must be an integer')
    WHEN NEW.`undoes` NOT BETWEEN -9007199254740991 AND 9007199254740991 THEN RAISE(ABORT, 'points_ledger.undoes must be an integer from -9007199254740991 to 9007199254740991')
  END;
END;
--> statement-breakpoint
UPDATE `points_ledger` SET `id` = `id` WHERE (typeof(`guild_id`) NOT IN ('text', 'null')) OR (`at` IS NOT NULL AND `at` IS NOT strftime('%Y-%m-%dT%H:%M:%fZ', `at`)) OR (typeof(`house`) NOT IN ('text', 'null')) OR (typeof(`delta`) NOT IN ('integer', 'null')) OR (`delta` NOT BETWEEN -9007199254740991 AND 9007199254740991) OR (typeof(`total`) NOT IN ('integer', 'null')) OR (`total` NOT BETWEEN -9007199254740991 AND 9007199254740991) OR (typeof(`source`) NOT IN ('text', 'null')) OR (typeof(`by_user`) NOT IN ('text', 'null')) OR (typeof(`for_user`) NOT IN ('text', 'null')) OR (typeof(`reason`) NOT IN ('text', 'null')) OR (typeof(`undone`) NOT IN ('integer', 'null')) OR (typeof(`undoes`) NOT IN ('integer', 'null')) OR (`undoes` NOT BETWEEN -9007199254740991 AND 9007199254740991);
--> statement-breakpoint
CREATE TRIGGER `points_ledger_changes_inserted` AFTER INSERT ON `points_ledger` BEGIN
  INSERT INTO `guild_changes` (`guild_id`, `area`, `seq`) VALUES (NEW.`guild_id`, 'history', (SELECT coalesce(max(`seq`), 0) + 1 FROM `guild_changes`)) ON CONFLICT (`guild_id`, `area`) DO UPDATE SET `seq` = excluded.`seq`;
END;
--> statement-breakpoint
CREATE TRIGGER `points_ledger_changes_updated` AFTER UPDATE ON `points_ledger`
WHEN OLD.`id` IS NOT NEW.`id` OR OLD.`guild_id` IS NOT NEW.`guild_id` OR OLD.`at` IS NOT NEW.`at` OR OLD.`house` IS NOT NEW.`house` OR OLD.`delta` IS NOT NEW.`delta` OR OLD.`total` IS NOT NEW.`total` OR OLD.`source` IS NOT NEW.`source` OR OLD.`by_user` IS NOT NEW.`by_user` OR OLD.`for_user` IS NOT NEW.`for_user` OR OLD.`reason` IS NOT NEW.`reason` OR OLD.`undone` IS NOT NEW.`undone` OR OLD.`undoes` IS NOT NEW.`undoes`
BEGIN
  INSERT INTO `guild_changes` (`guild_id`, `area`, `seq`) VALUES (NEW.`guild_id`, 'history', (SELECT coalesce(max(`seq`), 0) + 1 FROM `guild_changes`)) ON CONFLICT (`guild_id`, `area`) DO UPDATE SET `seq` = excluded.`seq`;
  INSERT INTO `guild_changes` (`guild_id`, `area`, `seq`) SELECT OLD.`guild_id`, 'history', (SELECT coalesce(max(`seq`), 0) + 1 FROM `guild_changes`) WHERE OLD.`guild_id` IS NOT NEW.`guild_id` ON CONFLICT (`guild_id`, `area`) DO UPDATE SET `seq` = excluded.`seq`;
END;
--> statement-breakpoint
CREATE TRIGGER `points_ledger_changes_deleted` AFTER DELETE ON `points_ledger` BEGIN
  INSERT INTO `guild_changes` (`guild_id`, `area`, `seq`) VALUES (OLD.`guild_id`, 'history', (SELECT coalesce(max(`seq`), 0) + 1 FROM `guild_changes`)) ON CONFLICT (`guild_id`, `area`) DO UPDATE SET `seq` = excluded.`seq`;
END;
--> statement-breakpoint
CREATE TABLE `points_ledger_context` (
  `one` integer PRIMARY KEY NOT NULL CHECK (`one` = 1),
  `context` text NOT NULL
);
--> statement-breakpoint
CREATE TRIGGER `house_points_ledger_inserted` AFTER INSERT ON `house_points` BEGIN
  INSERT INTO points_ledger (guild_id, at, house, delta, total, source, by_user, for_user, reason, undoes)
  SELECT NEW.guild_id, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), h.house, h.total - h.before, h.total,
    coalesce(json_extract(c.context, '$.source'), 'game'), json_extract(c.context, '$.by'), json_extract(c.context, '$.for'), json_extract(c.context, '$.reason'), json_extract(c.context, '$.undoes')
  FROM (SELECT 1 AS ord, 'gryffindor' AS house, NEW.gryffindor AS total, coalesce((SELECT total FROM points_ledger WHERE guild_id = NEW.guild_id AND house = 'gryffindor' ORDER BY id DESC LIMIT 1), 0) AS before
      UNION ALL SELECT 2 AS ord, 'slytherin' AS house, NEW.slytherin AS total, coalesce((SELECT total FROM points_ledger WHERE guild_id = NEW.guild_id AND house = 'slytherin' ORDER BY id DESC LIMIT 1), 0) AS before
      UNION ALL SELECT 3 AS ord, 'ravenclaw' AS house, NEW.ravenclaw AS total, coalesce((SELECT total FROM points_ledger WHERE guild_id = NEW.guild_id AND house = 'ravenclaw' ORDER BY id DESC LIMIT 1), 0) AS before
      UNION ALL SELECT 4 AS ord, 'hufflepuff' AS house, NEW.hufflepuff AS total, coalesce((SELECT total FROM points_ledger WHERE guild_id = NEW.guild_id AND house = 'hufflepuff' ORDER BY id DESC LIMIT 1), 0) AS before) AS h
  LEFT JOIN points_ledger_context AS c ON 1
  WHERE h.total IS NOT h.before
  ORDER BY h.ord;
END;
--> statement-breakpoint
CREATE TRIGGER `house_points_ledger_updated` AFTER UPDATE ON `house_points`
WHEN OLD.gryffindor IS NOT NEW.gryffindor OR OLD.slytherin IS NOT NEW.slytherin OR OLD.ravenclaw IS NOT NEW.ravenclaw OR OLD.hufflepuff IS NOT NEW.hufflepuff OR OLD.guild_id IS NOT NEW.guild_id
BEGIN
  INSERT INTO points_ledger (guild_id, at, house, delta, total, source, by_user, for_user, reason, undoes)
  SELECT OLD.guild_id, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), h.house, h.total - h.before, h.total,
    coalesce(json_extract(c.context, '$.source'), 'game'), json_extract(c.context, '$.by'), json_extract(c.context, '$.for'), json_extract(c.context, '$.reason'), json_extract(c.context, '$.undoes')
  FROM (SELECT 1 AS ord, 'gryffindor' AS house, 0 AS total, coalesce((SELECT total FROM points_ledger WHERE guild_id = OLD.guild_id AND house = 'gryffindor' ORDER BY id DESC LIMIT 1), 0) AS before
      UNION ALL SELECT 2 AS ord, 'slytherin' AS house, 0 AS total, coalesce((SELECT total FROM points_ledger WHERE guild_id = OLD.guild_id AND house = 'slytherin' ORDER BY id DESC LIMIT 1), 0) AS before
      UNION ALL SELECT 3 AS ord, 'ravenclaw' AS house, 0 AS total, coalesce((SELECT total FROM points_ledger WHERE guild_id = OLD.guild_id AND house = 'ravenclaw' ORDER BY id DESC LIMIT 1), 0) AS before
      UNION ALL SELECT 4 AS ord, 'hufflepuff' AS house, 0 AS total, coalesce((SELECT total FROM points_ledger WHERE guild_id = OLD.guild_id AND house = 'hufflepuff' ORDER BY id DESC LIMIT 1), 0) AS before) AS h
  LEFT JOIN points_ledger_context AS c ON 1
  WHERE h.total IS NOT h.before AND OLD.guild_id IS NOT NEW.guild_id
  ORDER BY h.ord;
  INSERT INTO points_ledger (guild_id, at, house, delta, total, source, by_user, for_user, reason, undoes)
  SELECT NEW.guild_id, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), h.house, h.total - h.before, h.total,
    coalesce(json_extract(c.context, '$.source'), 'game'), json_extract(c.context, '$.by'), json_extract(c.context, '$.for'), json_extract(c.context, '$.reason'), json_extract(c.context, '$.undoes')
  FROM (SELECT 1 AS ord, 'gryffindor' AS house, NEW.gryffindor AS total, coalesce((SELECT total FROM points_ledger WHERE guild_id = NEW.guild_id AND house = 'gryffindor' ORDER BY id DESC LIMIT 1), 0) AS before
      UNION ALL SELECT 2 AS ord, 'slytherin' AS house, NEW.slytherin AS total, coalesce((SELECT total FROM points_ledger WHERE guild_id = NEW.guild_id AND house = 'slytherin' ORDER BY id DESC LIMIT 1), 0) AS before
      UNION ALL SELECT 3 AS ord, 'ravenclaw' AS house, NEW.ravenclaw AS total, coalesce((SELECT total FROM points_ledger WHERE guild_id = NEW.guild_id AND house = 'ravenclaw' ORDER BY id DESC LIMIT 1), 0) AS before
      UNION ALL SELECT 4 AS ord, 'hufflepuff' AS house, NEW.hufflepuff AS total, coalesce((SELECT total FROM points_ledger WHERE guild_id = NEW.guild_id AND house = 'hufflepuff' ORDER BY id DESC LIMIT 1), 0) AS before) AS h
  LEFT JOIN points_ledger_context AS c ON 1
  WHERE h.total IS NOT h.before
  ORDER BY h.ord;
END;
--> statement-breakpoint
CREATE TRIGGER `house_points_ledger_deleted` AFTER DELETE ON `house_points` BEGIN
  INSERT INTO points_ledger (guild_id, at, house, delta, total, source, by_user, for_user, reason, undoes)
  SELECT OLD.guild_id, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), h.house, h.total - h.before, h.total,
    coalesce(json_extract(c.context, '$.source'), 'game'), json_extract(c.context, '$.by'), json_extract(c.context, '$.for'), json_extract(c.context, '$.reason'), json_extract(c.context, '$.undoes')
  FROM (SELECT 1 AS ord, 'gryffindor' AS house, 0 AS total, coalesce((SELECT total FROM points_ledger WHERE guild_id = OLD.guild_id AND house = 'gryffindor' ORDER BY id DESC LIMIT 1), 0) AS before
      UNION ALL SELECT 2 AS ord, 'slytherin' AS house, 0 AS total, coalesce((SELECT total FROM points_ledger WHERE guild_id = OLD.guild_id AND house = 'slytherin' ORDER BY id DESC LIMIT 1), 0) AS before
      UNION ALL SELECT 3 AS ord, 'ravenclaw' AS house, 0 AS total, coalesce((SELECT total FROM points_ledger WHERE guild_id = OLD.guild_id AND house = 'ravenclaw' ORDER BY id DESC LIMIT 1), 0) AS before
      UNION ALL SELECT 4 AS ord, 'hufflepuff' AS house, 0 AS total, coalesce((SELECT total FROM points_ledger WHERE guild_id = OLD.guild_id AND house = 'hufflepuff' ORDER BY id DESC LIMIT 1), 0) AS before) AS h
  LEFT JOIN points_ledger_context AS c ON 1
  WHERE h.total IS NOT h.before
  ORDER BY h.ord;
END;
