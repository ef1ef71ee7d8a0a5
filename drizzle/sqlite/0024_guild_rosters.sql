-- The rosters of guild_changes (src/records/guild-changes.ts): the number of the last change of
-- which rows an area holds, where a table makes one (the players' profiles: a profile added,
-- removed, or moved to another guild or house). A member's rank keeps a list's length while the
-- guild's roster stands (src/store/period-players.ts). drizzle-kit's rebuild of guild_changes
-- (the column's CHECK), its rename made legacy as before; then, by hand, the type checks of the
-- rebuilt table (src/store/sqlite/type-checks.ts), the profiles' change triggers that now set
-- the roster (src/store/sqlite/triggers.ts), and a first roster for every guild that has players.
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_guild_changes` (
	`guild_id` text NOT NULL,
	`area` text NOT NULL,
	`seq` integer NOT NULL,
	`roster` integer,
	PRIMARY KEY(`guild_id`, `area`),
	CONSTRAINT "guild_changes_area_known" CHECK("area" IN ('players', 'jobs', 'points', 'premium', 'history', 'publication', 'terms', 'awards')),
	CONSTRAINT "guild_changes_seq_range" CHECK("seq" >= 1),
	CONSTRAINT "guild_changes_roster_range" CHECK("roster" IS NULL OR "roster" >= 1)
);
--> statement-breakpoint
INSERT INTO `__new_guild_changes`("guild_id", "area", "seq", "roster") SELECT "guild_id", "area", "seq", NULL FROM `guild_changes`;--> statement-breakpoint
DROP TABLE `guild_changes`;--> statement-breakpoint
-- Every table's change triggers name guild_changes: the legacy rename leaves them as they are
-- (a modern one would parse them while guild_changes is missing, and fail).
PRAGMA legacy_alter_table=ON;--> statement-breakpoint
ALTER TABLE `__new_guild_changes` RENAME TO `guild_changes`;--> statement-breakpoint
PRAGMA legacy_alter_table=OFF;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE INDEX `guild_changes_seq` ON `guild_changes` (`seq`);
--> statement-breakpoint
CREATE TRIGGER `guild_changes_types_inserted` BEFORE INSERT ON `guild_changes` BEGIN
  SELECT CASE
    WHEN typeof(NEW.`guild_id`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'guild_changes.guild_id must be text')
    WHEN typeof(NEW.`area`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'guild_changes.area must be text')
    WHEN typeof(NEW.`seq`) NOT IN ('integer', 'null') THEN RAISE(ABORT, 'guild_changes.seq must be an integer')
    WHEN NEW.`seq` NOT BETWEEN -9007199254740991 AND 9007199254740991 THEN RAISE(ABORT, 'guild_changes.seq must be an integer from -9007199254740991 to 9007199254740991')
    WHEN typeof(NEW.`roster`) NOT IN ('integer', 'null') THEN RAISE(ABORT, 'guild_changes.roster must be an integer')
    WHEN NEW.`roster` NOT BETWEEN -9007199254740991 AND 9007199254740991 THEN RAISE(ABORT, 'guild_changes.roster must be an integer from -9007199254740991 to 9007199254740991')
  END;
END;
--> statement-breakpoint
CREATE TRIGGER `guild_changes_types_updated` BEFORE UPDATE ON `guild_changes` BEGIN
  SELECT CASE
    WHEN typeof(NEW.`guild_id`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'guild_changes.guild_id must be text')
    WHEN typeof(NEW.`area`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'guild_changes.area must be text')
    WHEN typeof(NEW.`seq`) NOT IN ('integer', 'null') THEN RAISE(ABORT, 'guild_changes.seq must be an integer')
    WHEN NEW.`seq` NOT BETWEEN -9007199254740991 AND 9007199254740991 THEN RAISE(ABORT, 'guild_changes.seq must be an integer from -9007199254740991 to 9007199254740991')
    WHEN typeof(NEW.`roster`) NOT IN ('integer', 'null') THEN RAISE(ABORT, 'guild_changes.roster must be an integer')
    WHEN NEW.`roster` NOT BETWEEN -9007199254740991 AND 9007199254740991 THEN RAISE(ABORT, 'guild_changes.roster must be an integer from -9007199254740991 to 9007199254740991')
  END;
END;
--> statement-breakpoint
UPDATE `guild_changes` SET `guild_id` = `guild_id` WHERE (typeof(`guild_id`) NOT IN ('text', 'null')) OR (typeof(`area`) NOT IN ('text', 'null')) OR (typeof(`seq`) NOT IN ('integer', 'null')) OR (`seq` NOT BETWEEN -9007199254740991 AND 9007199254740991) OR (typeof(`roster`) NOT IN ('integer', 'null')) OR (`roster` NOT BETWEEN -9007199254740991 AND 9007199254740991);
--> statement-breakpoint
DROP TRIGGER `profiles_changes_inserted`;
--> statement-breakpoint
DROP TRIGGER `profiles_changes_updated`;
--> statement-breakpoint
DROP TRIGGER `profiles_changes_deleted`;
--> statement-breakpoint
CREATE TRIGGER `profiles_changes_inserted` AFTER INSERT ON `profiles` BEGIN
  INSERT INTO `guild_changes` (`guild_id`, `area`, `seq`, `roster`) VALUES (NEW.`guild_id`, 'players', (SELECT coalesce(max(`seq`), 0) + 1 FROM `guild_changes`), (SELECT coalesce(max(`seq`), 0) + 1 FROM `guild_changes`)) ON CONFLICT (`guild_id`, `area`) DO UPDATE SET `seq` = excluded.`seq`, `roster` = excluded.`roster`;
END;
--> statement-breakpoint
CREATE TRIGGER `profiles_changes_updated` AFTER UPDATE ON `profiles`
WHEN OLD.`id` IS NOT NEW.`id` OR OLD.`user_id` IS NOT NEW.`user_id` OR OLD.`guild_id` IS NOT NEW.`guild_id` OR OLD.`name` IS NOT NEW.`name` OR OLD.`house` IS NOT NEW.`house` OR OLD.`year` IS NOT NEW.`year` OR OLD.`job_id` IS NOT NEW.`job_id` OR OLD.`galleons` IS NOT NEW.`galleons` OR OLD.`created_at` IS NOT NEW.`created_at`
BEGIN
  INSERT INTO `guild_changes` (`guild_id`, `area`, `seq`, `roster`) VALUES (NEW.`guild_id`, 'players', (SELECT coalesce(max(`seq`), 0) + 1 FROM `guild_changes`), (SELECT coalesce(max(`seq`), 0) + 1 FROM `guild_changes`)) ON CONFLICT (`guild_id`, `area`) DO UPDATE SET `seq` = excluded.`seq`, `roster` = CASE WHEN OLD.`guild_id` IS NOT NEW.`guild_id` OR OLD.`house` IS NOT NEW.`house` THEN excluded.`roster` ELSE `roster` END;
  INSERT INTO `guild_changes` (`guild_id`, `area`, `seq`, `roster`) SELECT OLD.`guild_id`, 'players', (SELECT coalesce(max(`seq`), 0) + 1 FROM `guild_changes`), (SELECT coalesce(max(`seq`), 0) + 1 FROM `guild_changes`) WHERE OLD.`guild_id` IS NOT NEW.`guild_id` ON CONFLICT (`guild_id`, `area`) DO UPDATE SET `seq` = excluded.`seq`, `roster` = excluded.`roster`;
END;
--> statement-breakpoint
CREATE TRIGGER `profiles_changes_deleted` AFTER DELETE ON `profiles` BEGIN
  INSERT INTO `guild_changes` (`guild_id`, `area`, `seq`, `roster`) VALUES (OLD.`guild_id`, 'players', (SELECT coalesce(max(`seq`), 0) + 1 FROM `guild_changes`), (SELECT coalesce(max(`seq`), 0) + 1 FROM `guild_changes`)) ON CONFLICT (`guild_id`, `area`) DO UPDATE SET `seq` = excluded.`seq`, `roster` = excluded.`roster`;
END;
--> statement-breakpoint
UPDATE `guild_changes` SET `roster` = `seq` WHERE `area` = 'players';
