-- Every integer a column holds is a safe integer (at most 2^53 - 1 in size), as on PostgreSQL
-- (its `_safe` CHECKs, 0014): the type-check triggers of each table with such a column are made
-- again with the check of its size, from src/store/sqlite/type-checks.ts, which
-- test/store/type-checks-migration.test.ts holds this file to. A row stored before that breaks
-- them is written again unchanged, so its trigger refuses it and the migration stops: the start
-- names each such value, and nothing is repaired (docs/decisions.md).
DROP TRIGGER `api_keys_types_inserted`;
--> statement-breakpoint
DROP TRIGGER `api_keys_types_updated`;
--> statement-breakpoint
CREATE TRIGGER `api_keys_types_inserted` BEFORE INSERT ON `api_keys` BEGIN
  SELECT CASE
    WHEN typeof(NEW.`name`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'api_keys.name must be text')
    WHEN typeof(NEW.`digest`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'api_keys.digest must be text')
    WHEN typeof(NEW.`hint`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'api_keys.hint must be text')
    WHEN typeof(NEW.`guilds`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'api_keys.guilds must be text')
    WHEN typeof(NEW.`rate_limit`) NOT IN ('integer', 'null') THEN RAISE(ABORT, 'api_keys.rate_limit must be an integer')
    WHEN NEW.`rate_limit` NOT BETWEEN -9007199254740991 AND 9007199254740991 THEN RAISE(ABORT, 'api_keys.rate_limit must be an integer from -9007199254740991 to 9007199254740991')
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
    WHEN NEW.`rate_limit` NOT BETWEEN -9007199254740991 AND 9007199254740991 THEN RAISE(ABORT, 'api_keys.rate_limit must be an integer from -9007199254740991 to 9007199254740991')
    WHEN typeof(NEW.`created_at`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'api_keys.created_at must be text')
    WHEN typeof(NEW.`last_used_at`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'api_keys.last_used_at must be text')
    WHEN typeof(NEW.`revoked_at`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'api_keys.revoked_at must be text')
  END;
END;
--> statement-breakpoint
UPDATE `api_keys` SET `id` = `id` WHERE (typeof(`name`) NOT IN ('text', 'null')) OR (typeof(`digest`) NOT IN ('text', 'null')) OR (typeof(`hint`) NOT IN ('text', 'null')) OR (typeof(`guilds`) NOT IN ('text', 'null')) OR (typeof(`rate_limit`) NOT IN ('integer', 'null')) OR (`rate_limit` NOT BETWEEN -9007199254740991 AND 9007199254740991) OR (typeof(`created_at`) NOT IN ('text', 'null')) OR (typeof(`last_used_at`) NOT IN ('text', 'null')) OR (typeof(`revoked_at`) NOT IN ('text', 'null'));
--> statement-breakpoint
DROP TRIGGER `house_points_types_inserted`;
--> statement-breakpoint
DROP TRIGGER `house_points_types_updated`;
--> statement-breakpoint
CREATE TRIGGER `house_points_types_inserted` BEFORE INSERT ON `house_points` BEGIN
  SELECT CASE
    WHEN typeof(NEW.`guild_id`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'house_points.guild_id must be text')
    WHEN typeof(NEW.`gryffindor`) NOT IN ('integer', 'null') THEN RAISE(ABORT, 'house_points.gryffindor must be an integer')
    WHEN NEW.`gryffindor` NOT BETWEEN -9007199254740991 AND 9007199254740991 THEN RAISE(ABORT, 'house_points.gryffindor must be an integer from -9007199254740991 to 9007199254740991')
    WHEN typeof(NEW.`slytherin`) NOT IN ('integer', 'null') THEN RAISE(ABORT, 'house_points.slytherin must be an integer')
    WHEN NEW.`slytherin` NOT BETWEEN -9007199254740991 AND 9007199254740991 THEN RAISE(ABORT, 'house_points.slytherin must be an integer from -9007199254740991 to 9007199254740991')
    WHEN typeof(NEW.`ravenclaw`) NOT IN ('integer', 'null') THEN RAISE(ABORT, 'house_points.ravenclaw must be an integer')
    WHEN NEW.`ravenclaw` NOT BETWEEN -9007199254740991 AND 9007199254740991 THEN RAISE(ABORT, 'house_points.ravenclaw must be an integer from -9007199254740991 to 9007199254740991')
    WHEN typeof(NEW.`hufflepuff`) NOT IN ('integer', 'null') THEN RAISE(ABORT, 'house_points.hufflepuff must be an integer')
    WHEN NEW.`hufflepuff` NOT BETWEEN -9007199254740991 AND 9007199254740991 THEN RAISE(ABORT, 'house_points.hufflepuff must be an integer from -9007199254740991 to 9007199254740991')
  END;
END;
--> statement-breakpoint
CREATE TRIGGER `house_points_types_updated` BEFORE UPDATE ON `house_points` BEGIN
  SELECT CASE
    WHEN typeof(NEW.`guild_id`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'house_points.guild_id must be text')
    WHEN typeof(NEW.`gryffindor`) NOT IN ('integer', 'null') THEN RAISE(ABORT, 'house_points.gryffindor must be an integer')
    WHEN NEW.`gryffindor` NOT BETWEEN -9007199254740991 AND 9007199254740991 THEN RAISE(ABORT, 'house_points.gryffindor must be an integer from -9007199254740991 to 9007199254740991')
    WHEN typeof(NEW.`slytherin`) NOT IN ('integer', 'null') THEN RAISE(ABORT, 'house_points.slytherin must be an integer')
    WHEN NEW.`slytherin` NOT BETWEEN -9007199254740991 AND 9007199254740991 THEN RAISE(ABORT, 'house_points.slytherin must be an integer from -9007199254740991 to 9007199254740991')
    WHEN typeof(NEW.`ravenclaw`) NOT IN ('integer', 'null') THEN RAISE(ABORT, 'house_points.ravenclaw must be an integer')
    WHEN NEW.`ravenclaw` NOT BETWEEN -9007199254740991 AND 9007199254740991 THEN RAISE(ABORT, 'house_points.ravenclaw must be an integer from -9007199254740991 to 9007199254740991')
    WHEN typeof(NEW.`hufflepuff`) NOT IN ('integer', 'null') THEN RAISE(ABORT, 'house_points.hufflepuff must be an integer')
    WHEN NEW.`hufflepuff` NOT BETWEEN -9007199254740991 AND 9007199254740991 THEN RAISE(ABORT, 'house_points.hufflepuff must be an integer from -9007199254740991 to 9007199254740991')
  END;
END;
--> statement-breakpoint
UPDATE `house_points` SET `guild_id` = `guild_id` WHERE (typeof(`guild_id`) NOT IN ('text', 'null')) OR (typeof(`gryffindor`) NOT IN ('integer', 'null')) OR (`gryffindor` NOT BETWEEN -9007199254740991 AND 9007199254740991) OR (typeof(`slytherin`) NOT IN ('integer', 'null')) OR (`slytherin` NOT BETWEEN -9007199254740991 AND 9007199254740991) OR (typeof(`ravenclaw`) NOT IN ('integer', 'null')) OR (`ravenclaw` NOT BETWEEN -9007199254740991 AND 9007199254740991) OR (typeof(`hufflepuff`) NOT IN ('integer', 'null')) OR (`hufflepuff` NOT BETWEEN -9007199254740991 AND 9007199254740991);
--> statement-breakpoint
DROP TRIGGER `jobs_types_inserted`;
--> statement-breakpoint
DROP TRIGGER `jobs_types_updated`;
--> statement-breakpoint
CREATE TRIGGER `jobs_types_inserted` BEFORE INSERT ON `jobs` BEGIN
  SELECT CASE
    WHEN typeof(NEW.`id`) NOT IN ('integer', 'null') THEN RAISE(ABORT, 'jobs.id must be an integer')
    WHEN NEW.`id` NOT BETWEEN -9007199254740991 AND 9007199254740991 THEN RAISE(ABORT, 'jobs.id must be an integer from -9007199254740991 to 9007199254740991')
    WHEN typeof(NEW.`guild_id`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'jobs.guild_id must be text')
    WHEN typeof(NEW.`name`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'jobs.name must be text')
    WHEN typeof(NEW.`description`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'jobs.description must be text')
    WHEN typeof(NEW.`salary`) NOT IN ('integer', 'null') THEN RAISE(ABORT, 'jobs.salary must be an integer')
    WHEN NEW.`salary` NOT BETWEEN -9007199254740991 AND 9007199254740991 THEN RAISE(ABORT, 'jobs.salary must be an integer from -9007199254740991 to 9007199254740991')
  END;
END;
--> statement-breakpoint
CREATE TRIGGER `jobs_types_updated` BEFORE UPDATE ON `jobs` BEGIN
  SELECT CASE
    WHEN typeof(NEW.`id`) NOT IN ('integer', 'null') THEN RAISE(ABORT, 'jobs.id must be an integer')
    WHEN NEW.`id` NOT BETWEEN -9007199254740991 AND 9007199254740991 THEN RAISE(ABORT, 'jobs.id must be an integer from -9007199254740991 to 9007199254740991')
    WHEN typeof(NEW.`guild_id`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'jobs.guild_id must be text')
    WHEN typeof(NEW.`name`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'jobs.name must be text')
    WHEN typeof(NEW.`description`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'jobs.description must be text')
    WHEN typeof(NEW.`salary`) NOT IN ('integer', 'null') THEN RAISE(ABORT, 'jobs.salary must be an integer')
    WHEN NEW.`salary` NOT BETWEEN -9007199254740991 AND 9007199254740991 THEN RAISE(ABORT, 'jobs.salary must be an integer from -9007199254740991 to 9007199254740991')
  END;
END;
--> statement-breakpoint
UPDATE `jobs` SET `id` = `id` WHERE (typeof(`id`) NOT IN ('integer', 'null')) OR (`id` NOT BETWEEN -9007199254740991 AND 9007199254740991) OR (typeof(`guild_id`) NOT IN ('text', 'null')) OR (typeof(`name`) NOT IN ('text', 'null')) OR (typeof(`description`) NOT IN ('text', 'null')) OR (typeof(`salary`) NOT IN ('integer', 'null')) OR (`salary` NOT BETWEEN -9007199254740991 AND 9007199254740991);
--> statement-breakpoint
DROP TRIGGER `profiles_types_inserted`;
--> statement-breakpoint
DROP TRIGGER `profiles_types_updated`;
--> statement-breakpoint
CREATE TRIGGER `profiles_types_inserted` BEFORE INSERT ON `profiles` BEGIN
  SELECT CASE
    WHEN typeof(NEW.`id`) NOT IN ('integer', 'null') THEN RAISE(ABORT, 'profiles.id must be an integer')
    WHEN NEW.`id` NOT BETWEEN -9007199254740991 AND 9007199254740991 THEN RAISE(ABORT, 'profiles.id must be an integer from -9007199254740991 to 9007199254740991')
    WHEN typeof(NEW.`user_id`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'profiles.user_id must be text')
    WHEN typeof(NEW.`guild_id`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'profiles.guild_id must be text')
    WHEN typeof(NEW.`name`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'profiles.name must be text')
    WHEN typeof(NEW.`house`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'profiles.house must be text')
    WHEN typeof(NEW.`year`) NOT IN ('integer', 'null') THEN RAISE(ABORT, 'profiles.year must be an integer')
    WHEN typeof(NEW.`job_id`) NOT IN ('integer', 'null') THEN RAISE(ABORT, 'profiles.job_id must be an integer')
    WHEN NEW.`job_id` NOT BETWEEN -9007199254740991 AND 9007199254740991 THEN RAISE(ABORT, 'profiles.job_id must be an integer from -9007199254740991 to 9007199254740991')
    WHEN typeof(NEW.`galleons`) NOT IN ('integer', 'null') THEN RAISE(ABORT, 'profiles.galleons must be an integer')
    WHEN NEW.`galleons` NOT BETWEEN -9007199254740991 AND 9007199254740991 THEN RAISE(ABORT, 'profiles.galleons must be an integer from -9007199254740991 to 9007199254740991')
    WHEN typeof(NEW.`created_at`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'profiles.created_at must be text')
  END;
END;
--> statement-breakpoint
CREATE TRIGGER `profiles_types_updated` BEFORE UPDATE ON `profiles` BEGIN
  SELECT CASE
    WHEN typeof(NEW.`id`) NOT IN ('integer', 'null') THEN RAISE(ABORT, 'profiles.id must be an integer')
    WHEN NEW.`id` NOT BETWEEN -9007199254740991 AND 9007199254740991 THEN RAISE(ABORT, 'profiles.id must be an integer from -9007199254740991 to 9007199254740991')
    WHEN typeof(NEW.`user_id`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'profiles.user_id must be text')
    WHEN typeof(NEW.`guild_id`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'profiles.guild_id must be text')
    WHEN typeof(NEW.`name`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'profiles.name must be text')
    WHEN typeof(NEW.`house`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'profiles.house must be text')
    WHEN typeof(NEW.`year`) NOT IN ('integer', 'null') THEN RAISE(ABORT, 'profiles.year must be an integer')
    WHEN typeof(NEW.`job_id`) NOT IN ('integer', 'null') THEN RAISE(ABORT, 'profiles.job_id must be an integer')
    WHEN NEW.`job_id` NOT BETWEEN -9007199254740991 AND 9007199254740991 THEN RAISE(ABORT, 'profiles.job_id must be an integer from -9007199254740991 to 9007199254740991')
    WHEN typeof(NEW.`galleons`) NOT IN ('integer', 'null') THEN RAISE(ABORT, 'profiles.galleons must be an integer')
    WHEN NEW.`galleons` NOT BETWEEN -9007199254740991 AND 9007199254740991 THEN RAISE(ABORT, 'profiles.galleons must be an integer from -9007199254740991 to 9007199254740991')
    WHEN typeof(NEW.`created_at`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'profiles.created_at must be text')
  END;
END;
--> statement-breakpoint
UPDATE `profiles` SET `id` = `id` WHERE (typeof(`id`) NOT IN ('integer', 'null')) OR (`id` NOT BETWEEN -9007199254740991 AND 9007199254740991) OR (typeof(`user_id`) NOT IN ('text', 'null')) OR (typeof(`guild_id`) NOT IN ('text', 'null')) OR (typeof(`name`) NOT IN ('text', 'null')) OR (typeof(`house`) NOT IN ('text', 'null')) OR (typeof(`year`) NOT IN ('integer', 'null')) OR (typeof(`job_id`) NOT IN ('integer', 'null')) OR (`job_id` NOT BETWEEN -9007199254740991 AND 9007199254740991) OR (typeof(`galleons`) NOT IN ('integer', 'null')) OR (`galleons` NOT BETWEEN -9007199254740991 AND 9007199254740991) OR (typeof(`created_at`) NOT IN ('text', 'null'));
--> statement-breakpoint
DROP TRIGGER `points_history_types_inserted`;
--> statement-breakpoint
DROP TRIGGER `points_history_types_updated`;
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
  END;
END;
--> statement-breakpoint
UPDATE `points_history` SET `id` = `id` WHERE (typeof(`guild_id`) NOT IN ('text', 'null')) OR (`at` IS NOT NULL AND `at` IS NOT strftime('%Y-%m-%dT%H:%M:%fZ', `at`)) OR (typeof(`gryffindor`) NOT IN ('integer', 'null')) OR (`gryffindor` NOT BETWEEN -9007199254740991 AND 9007199254740991) OR (typeof(`slytherin`) NOT IN ('integer', 'null')) OR (`slytherin` NOT BETWEEN -9007199254740991 AND 9007199254740991) OR (typeof(`ravenclaw`) NOT IN ('integer', 'null')) OR (`ravenclaw` NOT BETWEEN -9007199254740991 AND 9007199254740991) OR (typeof(`hufflepuff`) NOT IN ('integer', 'null')) OR (`hufflepuff` NOT BETWEEN -9007199254740991 AND 9007199254740991);
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
  END;
END;
--> statement-breakpoint
UPDATE `terms` SET `guild_id` = `guild_id` WHERE (typeof(`guild_id`) NOT IN ('text', 'null')) OR (typeof(`id`) NOT IN ('integer', 'null')) OR (`id` NOT BETWEEN -9007199254740991 AND 9007199254740991) OR (typeof(`name`) NOT IN ('text', 'null')) OR (`started_at` IS NOT NULL AND `started_at` IS NOT strftime('%Y-%m-%dT%H:%M:%fZ', `started_at`)) OR (`ended_at` IS NOT NULL AND `ended_at` IS NOT strftime('%Y-%m-%dT%H:%M:%fZ', `ended_at`)) OR (typeof(`gryffindor`) NOT IN ('integer', 'null')) OR (`gryffindor` NOT BETWEEN -9007199254740991 AND 9007199254740991) OR (typeof(`slytherin`) NOT IN ('integer', 'null')) OR (`slytherin` NOT BETWEEN -9007199254740991 AND 9007199254740991) OR (typeof(`ravenclaw`) NOT IN ('integer', 'null')) OR (`ravenclaw` NOT BETWEEN -9007199254740991 AND 9007199254740991) OR (typeof(`hufflepuff`) NOT IN ('integer', 'null')) OR (`hufflepuff` NOT BETWEEN -9007199254740991 AND 9007199254740991);
--> statement-breakpoint
DROP TRIGGER `guild_changes_types_inserted`;
--> statement-breakpoint
DROP TRIGGER `guild_changes_types_updated`;
--> statement-breakpoint
CREATE TRIGGER `guild_changes_types_inserted` BEFORE INSERT ON `guild_changes` BEGIN
  SELECT CASE
    WHEN typeof(NEW.`guild_id`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'guild_changes.guild_id must be text')
    WHEN typeof(NEW.`area`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'guild_changes.area must be text')
    WHEN typeof(NEW.`seq`) NOT IN ('integer', 'null') THEN RAISE(ABORT, 'guild_changes.seq must be an integer')
    WHEN NEW.`seq` NOT BETWEEN -9007199254740991 AND 9007199254740991 THEN RAISE(ABORT, 'guild_changes.seq must be an integer from -9007199254740991 to 9007199254740991')
  END;
END;
--> statement-breakpoint
CREATE TRIGGER `guild_changes_types_updated` BEFORE UPDATE ON `guild_changes` BEGIN
  SELECT CASE
    WHEN typeof(NEW.`guild_id`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'guild_changes.guild_id must be text')
    WHEN typeof(NEW.`area`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'guild_changes.area must be text')
    WHEN typeof(NEW.`seq`) NOT IN ('integer', 'null') THEN RAISE(ABORT, 'guild_changes.seq must be an integer')
    WHEN NEW.`seq` NOT BETWEEN -9007199254740991 AND 9007199254740991 THEN RAISE(ABORT, 'guild_changes.seq must be an integer from -9007199254740991 to 9007199254740991')
  END;
END;
--> statement-breakpoint
UPDATE `guild_changes` SET `guild_id` = `guild_id` WHERE (typeof(`guild_id`) NOT IN ('text', 'null')) OR (typeof(`area`) NOT IN ('text', 'null')) OR (typeof(`seq`) NOT IN ('integer', 'null')) OR (`seq` NOT BETWEEN -9007199254740991 AND 9007199254740991);
--> statement-breakpoint
DROP TRIGGER `live_messages_types_inserted`;
--> statement-breakpoint
DROP TRIGGER `live_messages_types_updated`;
--> statement-breakpoint
CREATE TRIGGER `live_messages_types_inserted` BEFORE INSERT ON `live_messages` BEGIN
  SELECT CASE
    WHEN typeof(NEW.`guild_id`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'live_messages.guild_id must be text')
    WHEN typeof(NEW.`channel_id`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'live_messages.channel_id must be text')
    WHEN typeof(NEW.`message_id`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'live_messages.message_id must be text')
    WHEN typeof(NEW.`locale`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'live_messages.locale must be text')
    WHEN typeof(NEW.`created_at`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'live_messages.created_at must be text')
    WHEN typeof(NEW.`seq`) NOT IN ('integer', 'null') THEN RAISE(ABORT, 'live_messages.seq must be an integer')
    WHEN NEW.`seq` NOT BETWEEN -9007199254740991 AND 9007199254740991 THEN RAISE(ABORT, 'live_messages.seq must be an integer from -9007199254740991 to 9007199254740991')
    WHEN typeof(NEW.`lease_owner`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'live_messages.lease_owner must be text')
    WHEN typeof(NEW.`lease_until`) NOT IN ('integer', 'null') THEN RAISE(ABORT, 'live_messages.lease_until must be an integer')
    WHEN NEW.`lease_until` NOT BETWEEN -9007199254740991 AND 9007199254740991 THEN RAISE(ABORT, 'live_messages.lease_until must be an integer from -9007199254740991 to 9007199254740991')
    WHEN typeof(NEW.`next_edit_at`) NOT IN ('integer', 'null') THEN RAISE(ABORT, 'live_messages.next_edit_at must be an integer')
    WHEN NEW.`next_edit_at` NOT BETWEEN -9007199254740991 AND 9007199254740991 THEN RAISE(ABORT, 'live_messages.next_edit_at must be an integer from -9007199254740991 to 9007199254740991')
  END;
END;
--> statement-breakpoint
CREATE TRIGGER `live_messages_types_updated` BEFORE UPDATE ON `live_messages` BEGIN
  SELECT CASE
    WHEN typeof(NEW.`guild_id`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'live_messages.guild_id must be text')
    WHEN typeof(NEW.`channel_id`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'live_messages.channel_id must be text')
    WHEN typeof(NEW.`message_id`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'live_messages.message_id must be text')
    WHEN typeof(NEW.`locale`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'live_messages.locale must be text')
    WHEN typeof(NEW.`created_at`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'live_messages.created_at must be text')
    WHEN typeof(NEW.`seq`) NOT IN ('integer', 'null') THEN RAISE(ABORT, 'live_messages.seq must be an integer')
    WHEN NEW.`seq` NOT BETWEEN -9007199254740991 AND 9007199254740991 THEN RAISE(ABORT, 'live_messages.seq must be an integer from -9007199254740991 to 9007199254740991')
    WHEN typeof(NEW.`lease_owner`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'live_messages.lease_owner must be text')
    WHEN typeof(NEW.`lease_until`) NOT IN ('integer', 'null') THEN RAISE(ABORT, 'live_messages.lease_until must be an integer')
    WHEN NEW.`lease_until` NOT BETWEEN -9007199254740991 AND 9007199254740991 THEN RAISE(ABORT, 'live_messages.lease_until must be an integer from -9007199254740991 to 9007199254740991')
    WHEN typeof(NEW.`next_edit_at`) NOT IN ('integer', 'null') THEN RAISE(ABORT, 'live_messages.next_edit_at must be an integer')
    WHEN NEW.`next_edit_at` NOT BETWEEN -9007199254740991 AND 9007199254740991 THEN RAISE(ABORT, 'live_messages.next_edit_at must be an integer from -9007199254740991 to 9007199254740991')
  END;
END;
--> statement-breakpoint
UPDATE `live_messages` SET `guild_id` = `guild_id` WHERE (typeof(`guild_id`) NOT IN ('text', 'null')) OR (typeof(`channel_id`) NOT IN ('text', 'null')) OR (typeof(`message_id`) NOT IN ('text', 'null')) OR (typeof(`locale`) NOT IN ('text', 'null')) OR (typeof(`created_at`) NOT IN ('text', 'null')) OR (typeof(`seq`) NOT IN ('integer', 'null')) OR (`seq` NOT BETWEEN -9007199254740991 AND 9007199254740991) OR (typeof(`lease_owner`) NOT IN ('text', 'null')) OR (typeof(`lease_until`) NOT IN ('integer', 'null')) OR (`lease_until` NOT BETWEEN -9007199254740991 AND 9007199254740991) OR (typeof(`next_edit_at`) NOT IN ('integer', 'null')) OR (`next_edit_at` NOT BETWEEN -9007199254740991 AND 9007199254740991);
--> statement-breakpoint
DROP TRIGGER `webhook_messages_types_inserted`;
--> statement-breakpoint
DROP TRIGGER `webhook_messages_types_updated`;
--> statement-breakpoint
CREATE TRIGGER `webhook_messages_types_inserted` BEFORE INSERT ON `webhook_messages` BEGIN
  SELECT CASE
    WHEN typeof(NEW.`message_id`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'webhook_messages.message_id must be text')
    WHEN typeof(NEW.`subscription_id`) NOT IN ('integer', 'null') THEN RAISE(ABORT, 'webhook_messages.subscription_id must be an integer')
    WHEN NEW.`subscription_id` NOT BETWEEN -9007199254740991 AND 9007199254740991 THEN RAISE(ABORT, 'webhook_messages.subscription_id must be an integer from -9007199254740991 to 9007199254740991')
    WHEN typeof(NEW.`guild_id`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'webhook_messages.guild_id must be text')
    WHEN typeof(NEW.`type`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'webhook_messages.type must be text')
    WHEN typeof(NEW.`payload`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'webhook_messages.payload must be text')
    WHEN typeof(NEW.`attempts`) NOT IN ('integer', 'null') THEN RAISE(ABORT, 'webhook_messages.attempts must be an integer')
    WHEN NEW.`attempts` NOT BETWEEN -9007199254740991 AND 9007199254740991 THEN RAISE(ABORT, 'webhook_messages.attempts must be an integer from -9007199254740991 to 9007199254740991')
    WHEN typeof(NEW.`next_attempt_at`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'webhook_messages.next_attempt_at must be text')
    WHEN typeof(NEW.`locked_until`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'webhook_messages.locked_until must be text')
    WHEN typeof(NEW.`lease`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'webhook_messages.lease must be text')
    WHEN typeof(NEW.`last_status`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'webhook_messages.last_status must be text')
    WHEN typeof(NEW.`created_at`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'webhook_messages.created_at must be text')
  END;
END;
--> statement-breakpoint
CREATE TRIGGER `webhook_messages_types_updated` BEFORE UPDATE ON `webhook_messages` BEGIN
  SELECT CASE
    WHEN typeof(NEW.`message_id`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'webhook_messages.message_id must be text')
    WHEN typeof(NEW.`subscription_id`) NOT IN ('integer', 'null') THEN RAISE(ABORT, 'webhook_messages.subscription_id must be an integer')
    WHEN NEW.`subscription_id` NOT BETWEEN -9007199254740991 AND 9007199254740991 THEN RAISE(ABORT, 'webhook_messages.subscription_id must be an integer from -9007199254740991 to 9007199254740991')
    WHEN typeof(NEW.`guild_id`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'webhook_messages.guild_id must be text')
    WHEN typeof(NEW.`type`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'webhook_messages.type must be text')
    WHEN typeof(NEW.`payload`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'webhook_messages.payload must be text')
    WHEN typeof(NEW.`attempts`) NOT IN ('integer', 'null') THEN RAISE(ABORT, 'webhook_messages.attempts must be an integer')
    WHEN NEW.`attempts` NOT BETWEEN -9007199254740991 AND 9007199254740991 THEN RAISE(ABORT, 'webhook_messages.attempts must be an integer from -9007199254740991 to 9007199254740991')
    WHEN typeof(NEW.`next_attempt_at`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'webhook_messages.next_attempt_at must be text')
    WHEN typeof(NEW.`locked_until`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'webhook_messages.locked_until must be text')
    WHEN typeof(NEW.`lease`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'webhook_messages.lease must be text')
    WHEN typeof(NEW.`last_status`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'webhook_messages.last_status must be text')
    WHEN typeof(NEW.`created_at`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'webhook_messages.created_at must be text')
  END;
END;
--> statement-breakpoint
UPDATE `webhook_messages` SET `id` = `id` WHERE (typeof(`message_id`) NOT IN ('text', 'null')) OR (typeof(`subscription_id`) NOT IN ('integer', 'null')) OR (`subscription_id` NOT BETWEEN -9007199254740991 AND 9007199254740991) OR (typeof(`guild_id`) NOT IN ('text', 'null')) OR (typeof(`type`) NOT IN ('text', 'null')) OR (typeof(`payload`) NOT IN ('text', 'null')) OR (typeof(`attempts`) NOT IN ('integer', 'null')) OR (`attempts` NOT BETWEEN -9007199254740991 AND 9007199254740991) OR (typeof(`next_attempt_at`) NOT IN ('text', 'null')) OR (typeof(`locked_until`) NOT IN ('text', 'null')) OR (typeof(`lease`) NOT IN ('text', 'null')) OR (typeof(`last_status`) NOT IN ('text', 'null')) OR (typeof(`created_at`) NOT IN ('text', 'null'));
--> statement-breakpoint
DROP TRIGGER `webhook_attempts_types_inserted`;
--> statement-breakpoint
DROP TRIGGER `webhook_attempts_types_updated`;
--> statement-breakpoint
CREATE TRIGGER `webhook_attempts_types_inserted` BEFORE INSERT ON `webhook_attempts` BEGIN
  SELECT CASE
    WHEN typeof(NEW.`subscription_id`) NOT IN ('integer', 'null') THEN RAISE(ABORT, 'webhook_attempts.subscription_id must be an integer')
    WHEN NEW.`subscription_id` NOT BETWEEN -9007199254740991 AND 9007199254740991 THEN RAISE(ABORT, 'webhook_attempts.subscription_id must be an integer from -9007199254740991 to 9007199254740991')
    WHEN typeof(NEW.`message_id`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'webhook_attempts.message_id must be text')
    WHEN typeof(NEW.`type`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'webhook_attempts.type must be text')
    WHEN typeof(NEW.`attempt`) NOT IN ('integer', 'null') THEN RAISE(ABORT, 'webhook_attempts.attempt must be an integer')
    WHEN NEW.`attempt` NOT BETWEEN -9007199254740991 AND 9007199254740991 THEN RAISE(ABORT, 'webhook_attempts.attempt must be an integer from -9007199254740991 to 9007199254740991')
    WHEN typeof(NEW.`attempted_at`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'webhook_attempts.attempted_at must be text')
    WHEN typeof(NEW.`status`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'webhook_attempts.status must be text')
    WHEN typeof(NEW.`duration_ms`) NOT IN ('integer', 'null') THEN RAISE(ABORT, 'webhook_attempts.duration_ms must be an integer')
    WHEN NEW.`duration_ms` NOT BETWEEN -9007199254740991 AND 9007199254740991 THEN RAISE(ABORT, 'webhook_attempts.duration_ms must be an integer from -9007199254740991 to 9007199254740991')
  END;
END;
--> statement-breakpoint
CREATE TRIGGER `webhook_attempts_types_updated` BEFORE UPDATE ON `webhook_attempts` BEGIN
  SELECT CASE
    WHEN typeof(NEW.`subscription_id`) NOT IN ('integer', 'null') THEN RAISE(ABORT, 'webhook_attempts.subscription_id must be an integer')
    WHEN NEW.`subscription_id` NOT BETWEEN -9007199254740991 AND 9007199254740991 THEN RAISE(ABORT, 'webhook_attempts.subscription_id must be an integer from -9007199254740991 to 9007199254740991')
    WHEN typeof(NEW.`message_id`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'webhook_attempts.message_id must be text')
    WHEN typeof(NEW.`type`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'webhook_attempts.type must be text')
    WHEN typeof(NEW.`attempt`) NOT IN ('integer', 'null') THEN RAISE(ABORT, 'webhook_attempts.attempt must be an integer')
    WHEN NEW.`attempt` NOT BETWEEN -9007199254740991 AND 9007199254740991 THEN RAISE(ABORT, 'webhook_attempts.attempt must be an integer from -9007199254740991 to 9007199254740991')
    WHEN typeof(NEW.`attempted_at`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'webhook_attempts.attempted_at must be text')
    WHEN typeof(NEW.`status`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'webhook_attempts.status must be text')
    WHEN typeof(NEW.`duration_ms`) NOT IN ('integer', 'null') THEN RAISE(ABORT, 'webhook_attempts.duration_ms must be an integer')
    WHEN NEW.`duration_ms` NOT BETWEEN -9007199254740991 AND 9007199254740991 THEN RAISE(ABORT, 'webhook_attempts.duration_ms must be an integer from -9007199254740991 to 9007199254740991')
  END;
END;
--> statement-breakpoint
UPDATE `webhook_attempts` SET `id` = `id` WHERE (typeof(`subscription_id`) NOT IN ('integer', 'null')) OR (`subscription_id` NOT BETWEEN -9007199254740991 AND 9007199254740991) OR (typeof(`message_id`) NOT IN ('text', 'null')) OR (typeof(`type`) NOT IN ('text', 'null')) OR (typeof(`attempt`) NOT IN ('integer', 'null')) OR (`attempt` NOT BETWEEN -9007199254740991 AND 9007199254740991) OR (typeof(`attempted_at`) NOT IN ('text', 'null')) OR (typeof(`status`) NOT IN ('text', 'null')) OR (typeof(`duration_ms`) NOT IN ('integer', 'null')) OR (`duration_ms` NOT BETWEEN -9007199254740991 AND 9007199254740991);
