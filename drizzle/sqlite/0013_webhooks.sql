CREATE TABLE `webhook_attempts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`subscription_id` integer NOT NULL,
	`message_id` text NOT NULL,
	`type` text NOT NULL,
	`attempt` integer NOT NULL,
	`attempted_at` text NOT NULL,
	`status` text NOT NULL,
	`duration_ms` integer NOT NULL,
	CONSTRAINT "webhook_attempts_subscription_id_range" CHECK("webhook_attempts"."subscription_id" >= 1),
	CONSTRAINT "webhook_attempts_type_known" CHECK("webhook_attempts"."type" IN ('ping', 'points.changed', 'premium.changed', 'players.changed', 'jobs.changed', 'term.started', 'term.ended')),
	CONSTRAINT "webhook_attempts_attempt_range" CHECK("webhook_attempts"."attempt" >= 1),
	CONSTRAINT "webhook_attempts_duration_ms_non_negative" CHECK("webhook_attempts"."duration_ms" >= 0)
);
--> statement-breakpoint
CREATE INDEX `webhook_attempts_subscription` ON `webhook_attempts` (`subscription_id`,`id`);--> statement-breakpoint
CREATE TABLE `webhook_cursors` (
	`name` text PRIMARY KEY NOT NULL,
	`cursor` text NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `webhook_messages` (
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
	CONSTRAINT "webhook_messages_subscription_id_range" CHECK("webhook_messages"."subscription_id" >= 1),
	CONSTRAINT "webhook_messages_type_known" CHECK("webhook_messages"."type" IN ('ping', 'points.changed', 'premium.changed', 'players.changed', 'jobs.changed', 'term.started', 'term.ended')),
	CONSTRAINT "webhook_messages_attempts_non_negative" CHECK("webhook_messages"."attempts" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `webhook_messages_message_id_unique` ON `webhook_messages` (`message_id`);--> statement-breakpoint
CREATE INDEX `webhook_messages_due` ON `webhook_messages` (`next_attempt_at`);--> statement-breakpoint
CREATE INDEX `webhook_messages_subscription` ON `webhook_messages` (`subscription_id`,`type`);--> statement-breakpoint
CREATE TABLE `webhook_subscriptions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`guild_id` text NOT NULL,
	`url` text NOT NULL,
	`events` text NOT NULL,
	`secret` text NOT NULL,
	`created_at` text NOT NULL,
	`disabled_at` text,
	`disabled_reason` text,
	`failing_since` text
);
--> statement-breakpoint
CREATE INDEX `webhook_subscriptions_guild` ON `webhook_subscriptions` (`guild_id`);
--> statement-breakpoint
-- SQLite's type checks (src/store/sqlite/type-checks.ts) of the new tables.
CREATE TRIGGER `webhook_subscriptions_types_inserted` BEFORE INSERT ON `webhook_subscriptions` BEGIN
  SELECT CASE
    WHEN typeof(NEW.`guild_id`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'webhook_subscriptions.guild_id must be text')
    WHEN typeof(NEW.`url`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'webhook_subscriptions.url must be text')
    WHEN typeof(NEW.`events`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'webhook_subscriptions.events must be text')
    WHEN typeof(NEW.`secret`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'webhook_subscriptions.secret must be text')
    WHEN typeof(NEW.`created_at`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'webhook_subscriptions.created_at must be text')
    WHEN typeof(NEW.`disabled_at`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'webhook_subscriptions.disabled_at must be text')
    WHEN typeof(NEW.`disabled_reason`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'webhook_subscriptions.disabled_reason must be text')
    WHEN typeof(NEW.`failing_since`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'webhook_subscriptions.failing_since must be text')
  END;
END;
--> statement-breakpoint
CREATE TRIGGER `webhook_subscriptions_types_updated` BEFORE UPDATE ON `webhook_subscriptions` BEGIN
  SELECT CASE
    WHEN typeof(NEW.`guild_id`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'webhook_subscriptions.guild_id must be text')
    WHEN typeof(NEW.`url`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'webhook_subscriptions.url must be text')
    WHEN typeof(NEW.`events`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'webhook_subscriptions.events must be text')
    WHEN typeof(NEW.`secret`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'webhook_subscriptions.secret must be text')
    WHEN typeof(NEW.`created_at`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'webhook_subscriptions.created_at must be text')
    WHEN typeof(NEW.`disabled_at`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'webhook_subscriptions.disabled_at must be text')
    WHEN typeof(NEW.`disabled_reason`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'webhook_subscriptions.disabled_reason must be text')
    WHEN typeof(NEW.`failing_since`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'webhook_subscriptions.failing_since must be text')
  END;
END;
--> statement-breakpoint
UPDATE `webhook_subscriptions` SET `id` = `id` WHERE (typeof(`guild_id`) NOT IN ('text', 'null')) OR (typeof(`url`) NOT IN ('text', 'null')) OR (typeof(`events`) NOT IN ('text', 'null')) OR (typeof(`secret`) NOT IN ('text', 'null')) OR (typeof(`created_at`) NOT IN ('text', 'null')) OR (typeof(`disabled_at`) NOT IN ('text', 'null')) OR (typeof(`disabled_reason`) NOT IN ('text', 'null')) OR (typeof(`failing_since`) NOT IN ('text', 'null'));
--> statement-breakpoint
CREATE TRIGGER `webhook_messages_types_inserted` BEFORE INSERT ON `webhook_messages` BEGIN
  SELECT CASE
    WHEN typeof(NEW.`message_id`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'webhook_messages.message_id must be text')
    WHEN typeof(NEW.`subscription_id`) NOT IN ('integer', 'null') THEN RAISE(ABORT, 'webhook_messages.subscription_id must be an integer')
    WHEN typeof(NEW.`guild_id`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'webhook_messages.guild_id must be text')
    WHEN typeof(NEW.`type`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'webhook_messages.type must be text')
    WHEN typeof(NEW.`payload`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'webhook_messages.payload must be text')
    WHEN typeof(NEW.`attempts`) NOT IN ('integer', 'null') THEN RAISE(ABORT, 'webhook_messages.attempts must be an integer')
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
    WHEN typeof(NEW.`guild_id`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'webhook_messages.guild_id must be text')
    WHEN typeof(NEW.`type`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'webhook_messages.type must be text')
    WHEN typeof(NEW.`payload`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'webhook_messages.payload must be text')
    WHEN typeof(NEW.`attempts`) NOT IN ('integer', 'null') THEN RAISE(ABORT, 'webhook_messages.attempts must be an integer')
    WHEN typeof(NEW.`next_attempt_at`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'webhook_messages.next_attempt_at must be text')
    WHEN typeof(NEW.`locked_until`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'webhook_messages.locked_until must be text')
    WHEN typeof(NEW.`lease`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'webhook_messages.lease must be text')
    WHEN typeof(NEW.`last_status`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'webhook_messages.last_status must be text')
    WHEN typeof(NEW.`created_at`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'webhook_messages.created_at must be text')
  END;
END;
--> statement-breakpoint
UPDATE `webhook_messages` SET `id` = `id` WHERE (typeof(`message_id`) NOT IN ('text', 'null')) OR (typeof(`subscription_id`) NOT IN ('integer', 'null')) OR (typeof(`guild_id`) NOT IN ('text', 'null')) OR (typeof(`type`) NOT IN ('text', 'null')) OR (typeof(`payload`) NOT IN ('text', 'null')) OR (typeof(`attempts`) NOT IN ('integer', 'null')) OR (typeof(`next_attempt_at`) NOT IN ('text', 'null')) OR (typeof(`locked_until`) NOT IN ('text', 'null')) OR (typeof(`lease`) NOT IN ('text', 'null')) OR (typeof(`last_status`) NOT IN ('text', 'null')) OR (typeof(`created_at`) NOT IN ('text', 'null'));
--> statement-breakpoint
CREATE TRIGGER `webhook_attempts_types_inserted` BEFORE INSERT ON `webhook_attempts` BEGIN
  SELECT CASE
    WHEN typeof(NEW.`subscription_id`) NOT IN ('integer', 'null') THEN RAISE(ABORT, 'webhook_attempts.subscription_id must be an integer')
    WHEN typeof(NEW.`message_id`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'webhook_attempts.message_id must be text')
    WHEN typeof(NEW.`type`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'webhook_attempts.type must be text')
    WHEN typeof(NEW.`attempt`) NOT IN ('integer', 'null') THEN RAISE(ABORT, 'webhook_attempts.attempt must be an integer')
    WHEN typeof(NEW.`attempted_at`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'webhook_attempts.attempted_at must be text')
    WHEN typeof(NEW.`status`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'webhook_attempts.status must be text')
    WHEN typeof(NEW.`duration_ms`) NOT IN ('integer', 'null') THEN RAISE(ABORT, 'webhook_attempts.duration_ms must be an integer')
  END;
END;
--> statement-breakpoint
CREATE TRIGGER `webhook_attempts_types_updated` BEFORE UPDATE ON `webhook_attempts` BEGIN
  SELECT CASE
    WHEN typeof(NEW.`subscription_id`) NOT IN ('integer', 'null') THEN RAISE(ABORT, 'webhook_attempts.subscription_id must be an integer')
    WHEN typeof(NEW.`message_id`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'webhook_attempts.message_id must be text')
    WHEN typeof(NEW.`type`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'webhook_attempts.type must be text')
    WHEN typeof(NEW.`attempt`) NOT IN ('integer', 'null') THEN RAISE(ABORT, 'webhook_attempts.attempt must be an integer')
    WHEN typeof(NEW.`attempted_at`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'webhook_attempts.attempted_at must be text')
    WHEN typeof(NEW.`status`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'webhook_attempts.status must be text')
    WHEN typeof(NEW.`duration_ms`) NOT IN ('integer', 'null') THEN RAISE(ABORT, 'webhook_attempts.duration_ms must be an integer')
  END;
END;
--> statement-breakpoint
UPDATE `webhook_attempts` SET `id` = `id` WHERE (typeof(`subscription_id`) NOT IN ('integer', 'null')) OR (typeof(`message_id`) NOT IN ('text', 'null')) OR (typeof(`type`) NOT IN ('text', 'null')) OR (typeof(`attempt`) NOT IN ('integer', 'null')) OR (typeof(`attempted_at`) NOT IN ('text', 'null')) OR (typeof(`status`) NOT IN ('text', 'null')) OR (typeof(`duration_ms`) NOT IN ('integer', 'null'));
--> statement-breakpoint
CREATE TRIGGER `webhook_cursors_types_inserted` BEFORE INSERT ON `webhook_cursors` BEGIN
  SELECT CASE
    WHEN typeof(NEW.`name`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'webhook_cursors.name must be text')
    WHEN typeof(NEW.`cursor`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'webhook_cursors.cursor must be text')
    WHEN typeof(NEW.`updated_at`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'webhook_cursors.updated_at must be text')
  END;
END;
--> statement-breakpoint
CREATE TRIGGER `webhook_cursors_types_updated` BEFORE UPDATE ON `webhook_cursors` BEGIN
  SELECT CASE
    WHEN typeof(NEW.`name`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'webhook_cursors.name must be text')
    WHEN typeof(NEW.`cursor`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'webhook_cursors.cursor must be text')
    WHEN typeof(NEW.`updated_at`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'webhook_cursors.updated_at must be text')
  END;
END;
--> statement-breakpoint
UPDATE `webhook_cursors` SET `name` = `name` WHERE (typeof(`name`) NOT IN ('text', 'null')) OR (typeof(`cursor`) NOT IN ('text', 'null')) OR (typeof(`updated_at`) NOT IN ('text', 'null'));