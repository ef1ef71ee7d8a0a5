-- SQLite refuses what PostgreSQL's column types refuse (docs/decisions.md): on every record's
-- table, whoever writes (an import, `copy`, the game's own SQL), an integer column takes only
-- integers (no 1.5, no -1e308, no 'oops'), a text column only text (no blob), and
-- points_history.at only an instant in the store's one form. Each trigger names the column it
-- refuses. Written out from src/store/sqlite/type-checks.ts, which
-- test/store/type-checks-migration.test.ts holds this file to.
CREATE TRIGGER `api_keys_types_inserted` BEFORE INSERT ON `api_keys` BEGIN
  SELECT CASE
    WHEN typeof(NEW.`name`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'api_keys.name must be text')
    WHEN typeof(NEW.`digest`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'api_keys.digest must be text')
    WHEN typeof(NEW.`hint`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'api_keys.hint must be text')
    WHEN typeof(NEW.`guilds`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'api_keys.guilds must be text')
    WHEN typeof(NEW.`rate_limit`) NOT IN ('integer', 'null') THEN RAISE(ABORT, 'api_keys.rate_limit must be an integer')
    WHEN typeof(NEW.`created_at`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'api_keys.created_at must be text')
    WHEN typeof(NEW.`last_used_at`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'api_keys.last_used_at must be text')
    WHEN typeof(NEW.`revoked_at`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'api_keys.revoked_at must be text')
  END;
END;
--> statement-breakpoint
CREATE TRIGGER `api_keys_types_updated` BEFORE UPDATE ON `api_keys` BEGIN
  SELECT CASE
    WHEN typeof(NEW.`name`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'api_keys.name must be text')
    WHEN typeof(NEW.`digest`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'api_keys.digest must be text')
    WHEN typeof(NEW.`hint`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'api_keys.hint must be text')
    WHEN typeof(NEW.`guilds`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'api_keys.guilds must be text')
    WHEN typeof(NEW.`rate_limit`) NOT IN ('integer', 'null') THEN RAISE(ABORT, 'api_keys.rate_limit must be an integer')
    WHEN typeof(NEW.`created_at`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'api_keys.created_at must be text')
    WHEN typeof(NEW.`last_used_at`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'api_keys.last_used_at must be text')
    WHEN typeof(NEW.`revoked_at`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'api_keys.revoked_at must be text')
  END;
END;
--> statement-breakpoint
CREATE TRIGGER `house_points_types_inserted` BEFORE INSERT ON `house_points` BEGIN
  SELECT CASE
    WHEN typeof(NEW.`guild_id`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'house_points.guild_id must be text')
    WHEN typeof(NEW.`gryffindor`) NOT IN ('integer', 'null') THEN RAISE(ABORT, 'house_points.gryffindor must be an integer')
    WHEN typeof(NEW.`slytherin`) NOT IN ('integer', 'null') THEN RAISE(ABORT, 'house_points.slytherin must be an integer')
    WHEN typeof(NEW.`ravenclaw`) NOT IN ('integer', 'null') THEN RAISE(ABORT, 'house_points.ravenclaw must be an integer')
    WHEN typeof(NEW.`hufflepuff`) NOT IN ('integer', 'null') THEN RAISE(ABORT, 'house_points.hufflepuff must be an integer')
  END;
END;
--> statement-breakpoint
CREATE TRIGGER `house_points_types_updated` BEFORE UPDATE ON `house_points` BEGIN
  SELECT CASE
    WHEN typeof(NEW.`guild_id`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'house_points.guild_id must be text')
    WHEN typeof(NEW.`gryffindor`) NOT IN ('integer', 'null') THEN RAISE(ABORT, 'house_points.gryffindor must be an integer')
    WHEN typeof(NEW.`slytherin`) NOT IN ('integer', 'null') THEN RAISE(ABORT, 'house_points.slytherin must be an integer')
    WHEN typeof(NEW.`ravenclaw`) NOT IN ('integer', 'null') THEN RAISE(ABORT, 'house_points.ravenclaw must be an integer')
    WHEN typeof(NEW.`hufflepuff`) NOT IN ('integer', 'null') THEN RAISE(ABORT, 'house_points.hufflepuff must be an integer')
  END;
END;
--> statement-breakpoint
CREATE TRIGGER `jobs_types_inserted` BEFORE INSERT ON `jobs` BEGIN
  SELECT CASE
    WHEN typeof(NEW.`id`) NOT IN ('integer', 'null') THEN RAISE(ABORT, 'jobs.id must be an integer')
    WHEN typeof(NEW.`guild_id`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'jobs.guild_id must be text')
    WHEN typeof(NEW.`name`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'jobs.name must be text')
    WHEN typeof(NEW.`description`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'jobs.description must be text')
    WHEN typeof(NEW.`salary`) NOT IN ('integer', 'null') THEN RAISE(ABORT, 'jobs.salary must be an integer')
  END;
END;
--> statement-breakpoint
CREATE TRIGGER `jobs_types_updated` BEFORE UPDATE ON `jobs` BEGIN
  SELECT CASE
    WHEN typeof(NEW.`id`) NOT IN ('integer', 'null') THEN RAISE(ABORT, 'jobs.id must be an integer')
    WHEN typeof(NEW.`guild_id`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'jobs.guild_id must be text')
    WHEN typeof(NEW.`name`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'jobs.name must be text')
    WHEN typeof(NEW.`description`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'jobs.description must be text')
    WHEN typeof(NEW.`salary`) NOT IN ('integer', 'null') THEN RAISE(ABORT, 'jobs.salary must be an integer')
  END;
END;
--> statement-breakpoint
CREATE TRIGGER `premium_types_inserted` BEFORE INSERT ON `premium` BEGIN
  SELECT CASE
    WHEN typeof(NEW.`guild_id`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'premium.guild_id must be text')
    WHEN typeof(NEW.`expires_at`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'premium.expires_at must be text')
  END;
END;
--> statement-breakpoint
CREATE TRIGGER `premium_types_updated` BEFORE UPDATE ON `premium` BEGIN
  SELECT CASE
    WHEN typeof(NEW.`guild_id`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'premium.guild_id must be text')
    WHEN typeof(NEW.`expires_at`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'premium.expires_at must be text')
  END;
END;
--> statement-breakpoint
CREATE TRIGGER `profiles_types_inserted` BEFORE INSERT ON `profiles` BEGIN
  SELECT CASE
    WHEN typeof(NEW.`id`) NOT IN ('integer', 'null') THEN RAISE(ABORT, 'profiles.id must be an integer')
    WHEN typeof(NEW.`user_id`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'profiles.user_id must be text')
    WHEN typeof(NEW.`guild_id`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'profiles.guild_id must be text')
    WHEN typeof(NEW.`name`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'profiles.name must be text')
    WHEN typeof(NEW.`house`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'profiles.house must be text')
    WHEN typeof(NEW.`year`) NOT IN ('integer', 'null') THEN RAISE(ABORT, 'profiles.year must be an integer')
    WHEN typeof(NEW.`job_id`) NOT IN ('integer', 'null') THEN RAISE(ABORT, 'profiles.job_id must be an integer')
    WHEN typeof(NEW.`galleons`) NOT IN ('integer', 'null') THEN RAISE(ABORT, 'profiles.galleons must be an integer')
    WHEN typeof(NEW.`created_at`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'profiles.created_at must be text')
  END;
END;
--> statement-breakpoint
CREATE TRIGGER `profiles_types_updated` BEFORE UPDATE ON `profiles` BEGIN
  SELECT CASE
    WHEN typeof(NEW.`id`) NOT IN ('integer', 'null') THEN RAISE(ABORT, 'profiles.id must be an integer')
    WHEN typeof(NEW.`user_id`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'profiles.user_id must be text')
    WHEN typeof(NEW.`guild_id`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'profiles.guild_id must be text')
    WHEN typeof(NEW.`name`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'profiles.name must be text')
    WHEN typeof(NEW.`house`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'profiles.house must be text')
    WHEN typeof(NEW.`year`) NOT IN ('integer', 'null') THEN RAISE(ABORT, 'profiles.year must be an integer')
    WHEN typeof(NEW.`job_id`) NOT IN ('integer', 'null') THEN RAISE(ABORT, 'profiles.job_id must be an integer')
    WHEN typeof(NEW.`galleons`) NOT IN ('integer', 'null') THEN RAISE(ABORT, 'profiles.galleons must be an integer')
    WHEN typeof(NEW.`created_at`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'profiles.created_at must be text')
  END;
END;
--> statement-breakpoint
CREATE TRIGGER `points_history_types_inserted` BEFORE INSERT ON `points_history` BEGIN
  SELECT CASE
    WHEN typeof(NEW.`guild_id`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'points_history.guild_id must be text')
    WHEN NEW.`at` IS NOT NULL AND NEW.`at` IS NOT strftime('%Y-%m-%dT%H:%M:%fZ', NEW.`at`) THEN RAISE(ABORT, 'points_history.at must be a UTC instant written YYYY-MM-DDTHH:MM:SS.sssZ')
    WHEN typeof(NEW.`gryffindor`) NOT IN ('integer', 'null') THEN RAISE(ABORT, 'points_history.gryffindor must be an integer')
    WHEN typeof(NEW.`slytherin`) NOT IN ('integer', 'null') THEN RAISE(ABORT, 'points_history.slytherin must be an integer')
    WHEN typeof(NEW.`ravenclaw`) NOT IN ('integer', 'null') THEN RAISE(ABORT, 'points_history.ravenclaw must be an integer')
    WHEN typeof(NEW.`hufflepuff`) NOT IN ('integer', 'null') THEN RAISE(ABORT, 'points_history.hufflepuff must be an integer')
  END;
END;
--> statement-breakpoint
CREATE TRIGGER `points_history_types_updated` BEFORE UPDATE ON `points_history` BEGIN
  SELECT CASE
    WHEN typeof(NEW.`guild_id`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'points_history.guild_id must be text')
    WHEN NEW.`at` IS NOT NULL AND NEW.`at` IS NOT strftime('%Y-%m-%dT%H:%M:%fZ', NEW.`at`) THEN RAISE(ABORT, 'points_history.at must be a UTC instant written YYYY-MM-DDTHH:MM:SS.sssZ')
    WHEN typeof(NEW.`gryffindor`) NOT IN ('integer', 'null') THEN RAISE(ABORT, 'points_history.gryffindor must be an integer')
    WHEN typeof(NEW.`slytherin`) NOT IN ('integer', 'null') THEN RAISE(ABORT, 'points_history.slytherin must be an integer')
    WHEN typeof(NEW.`ravenclaw`) NOT IN ('integer', 'null') THEN RAISE(ABORT, 'points_history.ravenclaw must be an integer')
    WHEN typeof(NEW.`hufflepuff`) NOT IN ('integer', 'null') THEN RAISE(ABORT, 'points_history.hufflepuff must be an integer')
  END;
END;
--> statement-breakpoint
CREATE TRIGGER `published_guilds_types_inserted` BEFORE INSERT ON `published_guilds` BEGIN
  SELECT CASE
    WHEN typeof(NEW.`guild_id`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'published_guilds.guild_id must be text')
    WHEN typeof(NEW.`published_at`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'published_guilds.published_at must be text')
  END;
END;
--> statement-breakpoint
CREATE TRIGGER `published_guilds_types_updated` BEFORE UPDATE ON `published_guilds` BEGIN
  SELECT CASE
    WHEN typeof(NEW.`guild_id`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'published_guilds.guild_id must be text')
    WHEN typeof(NEW.`published_at`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'published_guilds.published_at must be text')
  END;
END;
--> statement-breakpoint
CREATE TRIGGER `area_changes_types_inserted` BEFORE INSERT ON `area_changes` BEGIN
  SELECT CASE
    WHEN typeof(NEW.`guild_id`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'area_changes.guild_id must be text')
    WHEN typeof(NEW.`area`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'area_changes.area must be text')
    WHEN typeof(NEW.`changes`) NOT IN ('integer', 'null') THEN RAISE(ABORT, 'area_changes.changes must be an integer')
  END;
END;
--> statement-breakpoint
CREATE TRIGGER `area_changes_types_updated` BEFORE UPDATE ON `area_changes` BEGIN
  SELECT CASE
    WHEN typeof(NEW.`guild_id`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'area_changes.guild_id must be text')
    WHEN typeof(NEW.`area`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'area_changes.area must be text')
    WHEN typeof(NEW.`changes`) NOT IN ('integer', 'null') THEN RAISE(ABORT, 'area_changes.changes must be an integer')
  END;
END;
--> statement-breakpoint
-- Rows stored before these checks: each one that breaks them is written again unchanged, so
-- its trigger refuses it and the migration stops, nothing of it kept; the service then names the
-- rows (src/store/sqlite/database.ts). Rows that pass are not touched.
UPDATE `api_keys` SET `id` = `id` WHERE (typeof(`name`) NOT IN ('text', 'null')) OR (typeof(`digest`) NOT IN ('text', 'null')) OR (typeof(`hint`) NOT IN ('text', 'null')) OR (typeof(`guilds`) NOT IN ('text', 'null')) OR (typeof(`rate_limit`) NOT IN ('integer', 'null')) OR (typeof(`created_at`) NOT IN ('text', 'null')) OR (typeof(`last_used_at`) NOT IN ('text', 'null')) OR (typeof(`revoked_at`) NOT IN ('text', 'null'));
--> statement-breakpoint
UPDATE `house_points` SET `guild_id` = `guild_id` WHERE (typeof(`guild_id`) NOT IN ('text', 'null')) OR (typeof(`gryffindor`) NOT IN ('integer', 'null')) OR (typeof(`slytherin`) NOT IN ('integer', 'null')) OR (typeof(`ravenclaw`) NOT IN ('integer', 'null')) OR (typeof(`hufflepuff`) NOT IN ('integer', 'null'));
--> statement-breakpoint
UPDATE `jobs` SET `id` = `id` WHERE (typeof(`id`) NOT IN ('integer', 'null')) OR (typeof(`guild_id`) NOT IN ('text', 'null')) OR (typeof(`name`) NOT IN ('text', 'null')) OR (typeof(`description`) NOT IN ('text', 'null')) OR (typeof(`salary`) NOT IN ('integer', 'null'));
--> statement-breakpoint
UPDATE `premium` SET `guild_id` = `guild_id` WHERE (typeof(`guild_id`) NOT IN ('text', 'null')) OR (typeof(`expires_at`) NOT IN ('text', 'null'));
--> statement-breakpoint
UPDATE `profiles` SET `id` = `id` WHERE (typeof(`id`) NOT IN ('integer', 'null')) OR (typeof(`user_id`) NOT IN ('text', 'null')) OR (typeof(`guild_id`) NOT IN ('text', 'null')) OR (typeof(`name`) NOT IN ('text', 'null')) OR (typeof(`house`) NOT IN ('text', 'null')) OR (typeof(`year`) NOT IN ('integer', 'null')) OR (typeof(`job_id`) NOT IN ('integer', 'null')) OR (typeof(`galleons`) NOT IN ('integer', 'null')) OR (typeof(`created_at`) NOT IN ('text', 'null'));
--> statement-breakpoint
UPDATE `points_history` SET `id` = `id` WHERE (typeof(`guild_id`) NOT IN ('text', 'null')) OR (`at` IS NOT NULL AND `at` IS NOT strftime('%Y-%m-%dT%H:%M:%fZ', `at`)) OR (typeof(`gryffindor`) NOT IN ('integer', 'null')) OR (typeof(`slytherin`) NOT IN ('integer', 'null')) OR (typeof(`ravenclaw`) NOT IN ('integer', 'null')) OR (typeof(`hufflepuff`) NOT IN ('integer', 'null'));
--> statement-breakpoint
UPDATE `published_guilds` SET `guild_id` = `guild_id` WHERE (typeof(`guild_id`) NOT IN ('text', 'null')) OR (typeof(`published_at`) NOT IN ('text', 'null'));
--> statement-breakpoint
UPDATE `area_changes` SET `guild_id` = `guild_id` WHERE (typeof(`guild_id`) NOT IN ('text', 'null')) OR (typeof(`area`) NOT IN ('text', 'null')) OR (typeof(`changes`) NOT IN ('integer', 'null'));
