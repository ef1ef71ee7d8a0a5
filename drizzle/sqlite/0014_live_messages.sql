-- The live scoreboards in Discord (src/records/live-message.ts): housecup's own rows, not guild
-- data, so no change trigger; the type checks as every table's (src/store/sqlite/type-checks.ts).
CREATE TABLE `live_messages` (
	`guild_id` text NOT NULL,
	`channel_id` text NOT NULL,
	`message_id` text PRIMARY KEY NOT NULL,
	`locale` text NOT NULL,
	`created_at` text NOT NULL,
	`seq` integer DEFAULT 0 NOT NULL,
	`lease_owner` text,
	`lease_until` integer DEFAULT 0 NOT NULL,
	`next_edit_at` integer DEFAULT 0 NOT NULL,
	CONSTRAINT "live_messages_seq_non_negative" CHECK("live_messages"."seq" >= 0),
	CONSTRAINT "live_messages_lease_until_non_negative" CHECK("live_messages"."lease_until" >= 0),
	CONSTRAINT "live_messages_next_edit_at_non_negative" CHECK("live_messages"."next_edit_at" >= 0)
);
--> statement-breakpoint
CREATE INDEX `live_messages_guild` ON `live_messages` (`guild_id`,`channel_id`);
--> statement-breakpoint
CREATE TRIGGER `live_messages_types_inserted` BEFORE INSERT ON `live_messages` BEGIN
  SELECT CASE
    WHEN typeof(NEW.`guild_id`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'live_messages.guild_id must be text')
    WHEN typeof(NEW.`channel_id`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'live_messages.channel_id must be text')
    WHEN typeof(NEW.`message_id`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'live_messages.message_id must be text')
    WHEN typeof(NEW.`locale`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'live_messages.locale must be text')
    WHEN typeof(NEW.`created_at`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'live_messages.created_at must be text')
    WHEN typeof(NEW.`seq`) NOT IN ('integer', 'null') THEN RAISE(ABORT, 'live_messages.seq must be an integer')
    WHEN typeof(NEW.`lease_owner`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'live_messages.lease_owner must be text')
    WHEN typeof(NEW.`lease_until`) NOT IN ('integer', 'null') THEN RAISE(ABORT, 'live_messages.lease_until must be an integer')
    WHEN typeof(NEW.`next_edit_at`) NOT IN ('integer', 'null') THEN RAISE(ABORT, 'live_messages.next_edit_at must be an integer')
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
    WHEN typeof(NEW.`lease_owner`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'live_messages.lease_owner must be text')
    WHEN typeof(NEW.`lease_until`) NOT IN ('integer', 'null') THEN RAISE(ABORT, 'live_messages.lease_until must be an integer')
    WHEN typeof(NEW.`next_edit_at`) NOT IN ('integer', 'null') THEN RAISE(ABORT, 'live_messages.next_edit_at must be an integer')
  END;
END;
--> statement-breakpoint
UPDATE `live_messages` SET `guild_id` = `guild_id` WHERE (typeof(`guild_id`) NOT IN ('text', 'null')) OR (typeof(`channel_id`) NOT IN ('text', 'null')) OR (typeof(`message_id`) NOT IN ('text', 'null')) OR (typeof(`locale`) NOT IN ('text', 'null')) OR (typeof(`created_at`) NOT IN ('text', 'null')) OR (typeof(`seq`) NOT IN ('integer', 'null')) OR (typeof(`lease_owner`) NOT IN ('text', 'null')) OR (typeof(`lease_until`) NOT IN ('integer', 'null')) OR (typeof(`next_edit_at`) NOT IN ('integer', 'null'));
