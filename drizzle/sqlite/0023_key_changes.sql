-- A number the keys' changes raise, so that the key check reads the keys again after their own
-- changes only, not after every commit (src/store/sqlite/triggers.ts).
CREATE TABLE `key_changes` (
  `one` integer PRIMARY KEY NOT NULL CHECK (`one` = 1),
  `seq` integer NOT NULL
);
--> statement-breakpoint
INSERT INTO `key_changes` (`one`, `seq`) VALUES (1, 0);
--> statement-breakpoint
CREATE TRIGGER `api_keys_changes_inserted` AFTER INSERT ON `api_keys` BEGIN
  UPDATE `key_changes` SET `seq` = `seq` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `api_keys_changes_updated` AFTER UPDATE OF `digest`, `guilds`, `rate_limit`, `revoked_at` ON `api_keys` BEGIN
  UPDATE `key_changes` SET `seq` = `seq` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `api_keys_changes_deleted` AFTER DELETE ON `api_keys` BEGIN
  UPDATE `key_changes` SET `seq` = `seq` + 1;
END;
