-- The ledger's context as a column each (it was one JSON text), and the history's triggers copying them.
DROP TRIGGER `points_history_inserted`;
--> statement-breakpoint
DROP TRIGGER `points_history_updated`;
--> statement-breakpoint
DROP TRIGGER `points_history_deleted`;
--> statement-breakpoint
DROP TABLE `points_ledger_context`;
--> statement-breakpoint
CREATE TABLE `points_ledger_context` (
  `one` integer PRIMARY KEY NOT NULL CHECK (`one` = 1),
  `source` text,
  `by_user` text,
  `for_user` text,
  `reason` text
);
--> statement-breakpoint
CREATE TRIGGER `points_history_inserted` AFTER INSERT ON `house_points` BEGIN
  INSERT INTO points_history (guild_id, at, gryffindor, slytherin, ravenclaw, hufflepuff, source, by_user, for_user, reason)
  SELECT NEW.guild_id, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), NEW.gryffindor, NEW.slytherin, NEW.ravenclaw, NEW.hufflepuff, c.source, c.by_user, c.for_user, c.reason
  FROM (SELECT 1) LEFT JOIN (SELECT gryffindor, slytherin, ravenclaw, hufflepuff FROM points_history WHERE guild_id = NEW.guild_id ORDER BY at DESC, id DESC LIMIT 1) AS last ON 1 LEFT JOIN points_ledger_context AS c ON 1
  WHERE NOT (last.gryffindor IS NEW.gryffindor AND last.slytherin IS NEW.slytherin AND last.ravenclaw IS NEW.ravenclaw AND last.hufflepuff IS NEW.hufflepuff) AND CASE WHEN abs(NEW.gryffindor - coalesce(last.gryffindor, 0)) > 9007199254740991 OR abs(NEW.slytherin - coalesce(last.slytherin, 0)) > 9007199254740991 OR abs(NEW.ravenclaw - coalesce(last.ravenclaw, 0)) > 9007199254740991 OR abs(NEW.hufflepuff - coalesce(last.hufflepuff, 0)) > 9007199254740991
    THEN RAISE(ABORT, 'house_points: a change of a house''s points must be within 9007199254740991 (its ledger entry''s delta)') ELSE 1 END;
END;
--> statement-breakpoint
CREATE TRIGGER `points_history_updated` AFTER UPDATE ON `house_points`
WHEN OLD.gryffindor IS NOT NEW.gryffindor OR OLD.slytherin IS NOT NEW.slytherin OR OLD.ravenclaw IS NOT NEW.ravenclaw OR OLD.hufflepuff IS NOT NEW.hufflepuff OR OLD.guild_id IS NOT NEW.guild_id
BEGIN
  INSERT INTO points_history (guild_id, at, gryffindor, slytherin, ravenclaw, hufflepuff, source, by_user, for_user, reason)
  SELECT OLD.guild_id, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), NULL, NULL, NULL, NULL, c.source, c.by_user, c.for_user, c.reason
  FROM (SELECT 1) LEFT JOIN points_ledger_context AS c ON 1
  WHERE OLD.guild_id IS NOT NEW.guild_id;
  INSERT INTO points_history (guild_id, at, gryffindor, slytherin, ravenclaw, hufflepuff, source, by_user, for_user, reason)
  SELECT NEW.guild_id, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), NEW.gryffindor, NEW.slytherin, NEW.ravenclaw, NEW.hufflepuff, c.source, c.by_user, c.for_user, c.reason
  FROM (SELECT 1) LEFT JOIN points_ledger_context AS c ON 1
  WHERE CASE WHEN abs(NEW.gryffindor - coalesce(OLD.gryffindor, 0)) > 9007199254740991 OR abs(NEW.slytherin - coalesce(OLD.slytherin, 0)) > 9007199254740991 OR abs(NEW.ravenclaw - coalesce(OLD.ravenclaw, 0)) > 9007199254740991 OR abs(NEW.hufflepuff - coalesce(OLD.hufflepuff, 0)) > 9007199254740991
    THEN RAISE(ABORT, 'house_points: a change of a house''s points must be within 9007199254740991 (its ledger entry''s delta)') ELSE 1 END;
END;
--> statement-breakpoint
CREATE TRIGGER `points_history_deleted` AFTER DELETE ON `house_points` BEGIN
  INSERT INTO points_history (guild_id, at, gryffindor, slytherin, ravenclaw, hufflepuff, source, by_user, for_user, reason)
  SELECT OLD.guild_id, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), NULL, NULL, NULL, NULL, c.source, c.by_user, c.for_user, c.reason
  FROM (SELECT 1) LEFT JOIN points_ledger_context AS c ON 1;
END;
