-- The history's triggers also refuse points whose gain this week or in the open term would pass
-- the safe integers (src/store/gain-bounds.ts), as they refuse a change that large; the partial
-- indexes of the rows beyond half of them are what each write probes first.
CREATE INDEX points_history_beyond_half ON points_history (guild_id) WHERE abs(gryffindor) > 4503599627370495 OR abs(slytherin) > 4503599627370495 OR abs(ravenclaw) > 4503599627370495 OR abs(hufflepuff) > 4503599627370495;
--> statement-breakpoint
CREATE UNIQUE INDEX terms_open_beyond_half ON terms (guild_id) WHERE ended_at IS NULL AND (abs(start_gryffindor) > 4503599627370495 OR abs(start_slytherin) > 4503599627370495 OR abs(start_ravenclaw) > 4503599627370495 OR abs(start_hufflepuff) > 4503599627370495);
--> statement-breakpoint
DROP TRIGGER `points_history_inserted`;
--> statement-breakpoint
DROP TRIGGER `points_history_updated`;
--> statement-breakpoint
CREATE TRIGGER `points_history_inserted` AFTER INSERT ON `house_points` BEGIN
  INSERT INTO points_history (guild_id, at, gryffindor, slytherin, ravenclaw, hufflepuff, source, by_user, for_user, reason)
  SELECT NEW.guild_id, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), NEW.gryffindor, NEW.slytherin, NEW.ravenclaw, NEW.hufflepuff, c.source, c.by_user, c.for_user, c.reason
  FROM (SELECT 1) LEFT JOIN (SELECT gryffindor, slytherin, ravenclaw, hufflepuff FROM points_history WHERE guild_id = NEW.guild_id ORDER BY at DESC, id DESC LIMIT 1) AS last ON 1 LEFT JOIN points_ledger_context AS c ON 1
  WHERE NOT (last.gryffindor IS NEW.gryffindor AND last.slytherin IS NEW.slytherin AND last.ravenclaw IS NEW.ravenclaw AND last.hufflepuff IS NEW.hufflepuff) AND CASE WHEN abs(NEW.gryffindor - coalesce(last.gryffindor, 0)) > 9007199254740991 OR abs(NEW.slytherin - coalesce(last.slytherin, 0)) > 9007199254740991 OR abs(NEW.ravenclaw - coalesce(last.ravenclaw, 0)) > 9007199254740991 OR abs(NEW.hufflepuff - coalesce(last.hufflepuff, 0)) > 9007199254740991
    THEN RAISE(ABORT, 'house_points: a change of a house''s points must be within 9007199254740991 (its ledger entry''s delta)') ELSE 1 END AND CASE WHEN (abs(NEW.gryffindor) > 4503599627370495 OR abs(NEW.slytherin) > 4503599627370495 OR abs(NEW.ravenclaw) > 4503599627370495 OR abs(NEW.hufflepuff) > 4503599627370495
    OR EXISTS (SELECT 1 FROM points_history WHERE guild_id = NEW.guild_id AND (abs(gryffindor) > 4503599627370495 OR abs(slytherin) > 4503599627370495 OR abs(ravenclaw) > 4503599627370495 OR abs(hufflepuff) > 4503599627370495))
    OR EXISTS (SELECT 1 FROM terms WHERE guild_id = NEW.guild_id AND ended_at IS NULL AND (abs(start_gryffindor) > 4503599627370495 OR abs(start_slytherin) > 4503599627370495 OR abs(start_ravenclaw) > 4503599627370495 OR abs(start_hufflepuff) > 4503599627370495)))
    AND (EXISTS (SELECT 1 FROM (SELECT gryffindor, slytherin, ravenclaw, hufflepuff FROM (SELECT * FROM (SELECT gryffindor, slytherin, ravenclaw, hufflepuff, 1 AS k FROM points_history WHERE guild_id = NEW.guild_id
      AND at < strftime('%Y-%m-%dT00:00:00.000Z', 'now', '-6 days', 'weekday 1') ORDER BY at DESC, id DESC LIMIT 1) AS last_before
    UNION ALL SELECT * FROM (SELECT gryffindor, slytherin, ravenclaw, hufflepuff, 2 AS k FROM points_history WHERE guild_id = NEW.guild_id
      AND at >= strftime('%Y-%m-%dT00:00:00.000Z', 'now', '-6 days', 'weekday 1') AND gryffindor IS NOT NULL ORDER BY at, id LIMIT 1) AS first_after) AS candidates
    WHERE gryffindor IS NOT NULL ORDER BY k LIMIT 1) AS base WHERE abs(NEW.gryffindor - base.gryffindor) > 9007199254740991 OR abs(NEW.slytherin - base.slytherin) > 9007199254740991 OR abs(NEW.ravenclaw - base.ravenclaw) > 9007199254740991 OR abs(NEW.hufflepuff - base.hufflepuff) > 9007199254740991)
    OR EXISTS (SELECT 1 FROM (SELECT gryffindor, slytherin, ravenclaw, hufflepuff FROM (SELECT start_gryffindor AS gryffindor, start_slytherin AS slytherin, start_ravenclaw AS ravenclaw, start_hufflepuff AS hufflepuff, 0 AS k FROM terms WHERE guild_id = NEW.guild_id AND ended_at IS NULL
    UNION ALL SELECT * FROM (SELECT gryffindor, slytherin, ravenclaw, hufflepuff, 1 AS k FROM points_history WHERE guild_id = NEW.guild_id
      AND at <= (SELECT started_at FROM terms WHERE guild_id = NEW.guild_id AND ended_at IS NULL) ORDER BY at DESC, id DESC LIMIT 1) AS last_before
    UNION ALL SELECT * FROM (SELECT gryffindor, slytherin, ravenclaw, hufflepuff, 2 AS k FROM points_history WHERE guild_id = NEW.guild_id
      AND at >= (SELECT started_at FROM terms WHERE guild_id = NEW.guild_id AND ended_at IS NULL) AND gryffindor IS NOT NULL ORDER BY at, id LIMIT 1) AS first_after) AS candidates
    WHERE gryffindor IS NOT NULL ORDER BY k LIMIT 1) AS base WHERE abs(NEW.gryffindor - base.gryffindor) > 9007199254740991 OR abs(NEW.slytherin - base.slytherin) > 9007199254740991 OR abs(NEW.ravenclaw - base.ravenclaw) > 9007199254740991 OR abs(NEW.hufflepuff - base.hufflepuff) > 9007199254740991))
    THEN RAISE(ABORT, 'house_points: a house''s points must stay within 9007199254740991 of its points when this week and the open term began (its gain there)') ELSE 1 END;
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
    THEN RAISE(ABORT, 'house_points: a change of a house''s points must be within 9007199254740991 (its ledger entry''s delta)') ELSE 1 END AND CASE WHEN (abs(NEW.gryffindor) > 4503599627370495 OR abs(NEW.slytherin) > 4503599627370495 OR abs(NEW.ravenclaw) > 4503599627370495 OR abs(NEW.hufflepuff) > 4503599627370495
    OR EXISTS (SELECT 1 FROM points_history WHERE guild_id = NEW.guild_id AND (abs(gryffindor) > 4503599627370495 OR abs(slytherin) > 4503599627370495 OR abs(ravenclaw) > 4503599627370495 OR abs(hufflepuff) > 4503599627370495))
    OR EXISTS (SELECT 1 FROM terms WHERE guild_id = NEW.guild_id AND ended_at IS NULL AND (abs(start_gryffindor) > 4503599627370495 OR abs(start_slytherin) > 4503599627370495 OR abs(start_ravenclaw) > 4503599627370495 OR abs(start_hufflepuff) > 4503599627370495)))
    AND (EXISTS (SELECT 1 FROM (SELECT gryffindor, slytherin, ravenclaw, hufflepuff FROM (SELECT * FROM (SELECT gryffindor, slytherin, ravenclaw, hufflepuff, 1 AS k FROM points_history WHERE guild_id = NEW.guild_id
      AND at < strftime('%Y-%m-%dT00:00:00.000Z', 'now', '-6 days', 'weekday 1') ORDER BY at DESC, id DESC LIMIT 1) AS last_before
    UNION ALL SELECT * FROM (SELECT gryffindor, slytherin, ravenclaw, hufflepuff, 2 AS k FROM points_history WHERE guild_id = NEW.guild_id
      AND at >= strftime('%Y-%m-%dT00:00:00.000Z', 'now', '-6 days', 'weekday 1') AND gryffindor IS NOT NULL ORDER BY at, id LIMIT 1) AS first_after) AS candidates
    WHERE gryffindor IS NOT NULL ORDER BY k LIMIT 1) AS base WHERE abs(NEW.gryffindor - base.gryffindor) > 9007199254740991 OR abs(NEW.slytherin - base.slytherin) > 9007199254740991 OR abs(NEW.ravenclaw - base.ravenclaw) > 9007199254740991 OR abs(NEW.hufflepuff - base.hufflepuff) > 9007199254740991)
    OR EXISTS (SELECT 1 FROM (SELECT gryffindor, slytherin, ravenclaw, hufflepuff FROM (SELECT start_gryffindor AS gryffindor, start_slytherin AS slytherin, start_ravenclaw AS ravenclaw, start_hufflepuff AS hufflepuff, 0 AS k FROM terms WHERE guild_id = NEW.guild_id AND ended_at IS NULL
    UNION ALL SELECT * FROM (SELECT gryffindor, slytherin, ravenclaw, hufflepuff, 1 AS k FROM points_history WHERE guild_id = NEW.guild_id
      AND at <= (SELECT started_at FROM terms WHERE guild_id = NEW.guild_id AND ended_at IS NULL) ORDER BY at DESC, id DESC LIMIT 1) AS last_before
    UNION ALL SELECT * FROM (SELECT gryffindor, slytherin, ravenclaw, hufflepuff, 2 AS k FROM points_history WHERE guild_id = NEW.guild_id
      AND at >= (SELECT started_at FROM terms WHERE guild_id = NEW.guild_id AND ended_at IS NULL) AND gryffindor IS NOT NULL ORDER BY at, id LIMIT 1) AS first_after) AS candidates
    WHERE gryffindor IS NOT NULL ORDER BY k LIMIT 1) AS base WHERE abs(NEW.gryffindor - base.gryffindor) > 9007199254740991 OR abs(NEW.slytherin - base.slytherin) > 9007199254740991 OR abs(NEW.ravenclaw - base.ravenclaw) > 9007199254740991 OR abs(NEW.hufflepuff - base.hufflepuff) > 9007199254740991))
    THEN RAISE(ABORT, 'house_points: a house''s points must stay within 9007199254740991 of its points when this week and the open term began (its gain there)') ELSE 1 END;
END;
