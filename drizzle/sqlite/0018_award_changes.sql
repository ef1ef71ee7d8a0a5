-- The area `awards` of guild_changes, and the webhook message type `points.awarded`, in the
-- CHECKs of their columns (drizzle-kit's rebuilds of the three tables); then, by hand, the type
-- checks of the three rebuilt tables again (src/store/sqlite/type-checks.ts), which their drop
-- took with them, and the check of the rows stored before.
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_guild_changes` (
	`guild_id` text NOT NULL,
	`area` text NOT NULL,
	`seq` integer NOT NULL,
	PRIMARY KEY(`guild_id`, `area`),
	CONSTRAINT "guild_changes_area_known" CHECK("area" IN ('players', 'jobs', 'points', 'premium', 'history', 'publication', 'terms', 'awards')),
	CONSTRAINT "guild_changes_seq_range" CHECK("seq" >= 1)
);
--> statement-breakpoint
INSERT INTO `__new_guild_changes`("guild_id", "area", "seq") SELECT "guild_id", "area", "seq" FROM `guild_changes`;--> statement-breakpoint
DROP TABLE `guild_changes`;--> statement-breakpoint
-- Every table's change triggers name guild_changes: the legacy rename leaves them as they are
-- (a modern one would parse them while guild_changes is missing, and fail).
PRAGMA legacy_alter_table=ON;--> statement-breakpoint
ALTER TABLE `__new_guild_changes` RENAME TO `guild_changes`;--> statement-breakpoint
PRAGMA legacy_alter_table=OFF;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE INDEX `guild_changes_seq` ON `guild_changes` (`seq`);--> statement-breakpoint
CREATE TABLE `__new_webhook_attempts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`subscription_id` integer NOT NULL,
	`message_id` text NOT NULL,
	`type` text NOT NULL,
	`attempt` integer NOT NULL,
	`attempted_at` text NOT NULL,
	`status` text NOT NULL,
	`duration_ms` integer NOT NULL,
	CONSTRAINT "webhook_attempts_subscription_id_range" CHECK("subscription_id" >= 1),
	CONSTRAINT "webhook_attempts_type_known" CHECK("type" IN ('ping', 'points.changed', 'premium.changed', 'players.changed', 'jobs.changed', 'term.started', 'term.ended', 'points.awarded')),
	CONSTRAINT "webhook_attempts_attempt_range" CHECK("attempt" >= 1),
	CONSTRAINT "webhook_attempts_duration_ms_non_negative" CHECK("duration_ms" >= 0)
);
--> statement-breakpoint
INSERT INTO `__new_webhook_attempts`("id", "subscription_id", "message_id", "type", "attempt", "attempted_at", "status", "duration_ms") SELECT "id", "subscription_id", "message_id", "type", "attempt", "attempted_at", "status", "duration_ms" FROM `webhook_attempts`;--> statement-breakpoint
DROP TABLE `webhook_attempts`;--> statement-breakpoint
ALTER TABLE `__new_webhook_attempts` RENAME TO `webhook_attempts`;--> statement-breakpoint
CREATE INDEX `webhook_attempts_subscription` ON `webhook_attempts` (`subscription_id`,`id`);--> statement-breakpoint
CREATE TABLE `__new_webhook_messages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`message_id` text NOT NULL,
	`subscription_id` integer NOT NULL,
	`guild_id` text NOT NULL,
	`type` text NOT NULL,
	`payload` text NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` text NOT NULL,
	`locked_until` text,
	`lease` text,
	`last_status` text,
	`created_at` text NOT NULL,
	CONSTRAINT "webhook_messages_subscription_id_range" CHECK("subscription_id" >= 1),
	CONSTRAINT "webhook_messages_type_known" CHECK("type" IN ('ping', 'points.changed', 'premium.changed', 'players.changed', 'jobs.changed', 'term.started', 'term.ended', 'points.awarded')),
	CONSTRAINT "webhook_messages_attempts_non_negative" CHECK("attempts" >= 0)
);
--> statement-breakpoint
INSERT INTO `__new_webhook_messages`("id", "message_id", "subscription_id", "guild_id", "type", "payload", "attempts", "next_attempt_at", "locked_until", "lease", "last_status", "created_at") SELECT "id", "message_id", "subscription_id", "guild_id", "type", "payload", "attempts", "next_attempt_at", "locked_until", "lease", "last_status", "created_at" FROM `webhook_messages`;--> statement-breakpoint
DROP TABLE `webhook_messages`;--> statement-breakpoint
ALTER TABLE `__new_webhook_messages` RENAME TO `webhook_messages`;--> statement-breakpoint
CREATE UNIQUE INDEX `webhook_messages_message_id_unique` ON `webhook_messages` (`message_id`);--> statement-breakpoint
CREATE INDEX `webhook_messages_due` ON `webhook_messages` (`next_attempt_at`);--> statement-breakpoint
CREATE INDEX `webhook_messages_subscription` ON `webhook_messages` (`subscription_id`,`type`);--> statement-breakpoint
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
