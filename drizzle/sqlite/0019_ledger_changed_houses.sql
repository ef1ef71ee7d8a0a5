-- The ledger's trigger on an UPDATE of house_points looks only at the houses the write changed
-- (a game's write changes one or two): the last totals of the others are not read. A row moved
-- to another guild has a trigger of its own. Written from src/store/sqlite/ledger-triggers.ts.
DROP TRIGGER `house_points_ledger_updated`;--> statement-breakpoint
CREATE TRIGGER `house_points_ledger_updated` AFTER UPDATE ON `house_points`
WHEN OLD.guild_id IS NEW.guild_id AND (OLD.gryffindor IS NOT NEW.gryffindor OR OLD.slytherin IS NOT NEW.slytherin OR OLD.ravenclaw IS NOT NEW.ravenclaw OR OLD.hufflepuff IS NOT NEW.hufflepuff)
BEGIN
  INSERT INTO points_ledger (guild_id, at, house, delta, total, source, by_user, for_user, reason, undoes)
  SELECT NEW.guild_id, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), h.house, h.total - h.before, h.total,
    coalesce(json_extract(c.context, '$.source'), 'game'), json_extract(c.context, '$.by'), json_extract(c.context, '$.for'), json_extract(c.context, '$.reason'), json_extract(c.context, '$.undoes')
  FROM (SELECT 1 AS ord, 'gryffindor' AS house, NEW.gryffindor AS total, coalesce((SELECT total FROM points_ledger WHERE guild_id = NEW.guild_id AND house = 'gryffindor' ORDER BY id DESC LIMIT 1), 0) AS before WHERE OLD.gryffindor IS NOT NEW.gryffindor
      UNION ALL SELECT 2 AS ord, 'slytherin' AS house, NEW.slytherin AS total, coalesce((SELECT total FROM points_ledger WHERE guild_id = NEW.guild_id AND house = 'slytherin' ORDER BY id DESC LIMIT 1), 0) AS before WHERE OLD.slytherin IS NOT NEW.slytherin
      UNION ALL SELECT 3 AS ord, 'ravenclaw' AS house, NEW.ravenclaw AS total, coalesce((SELECT total FROM points_ledger WHERE guild_id = NEW.guild_id AND house = 'ravenclaw' ORDER BY id DESC LIMIT 1), 0) AS before WHERE OLD.ravenclaw IS NOT NEW.ravenclaw
      UNION ALL SELECT 4 AS ord, 'hufflepuff' AS house, NEW.hufflepuff AS total, coalesce((SELECT total FROM points_ledger WHERE guild_id = NEW.guild_id AND house = 'hufflepuff' ORDER BY id DESC LIMIT 1), 0) AS before WHERE OLD.hufflepuff IS NOT NEW.hufflepuff) AS h
  LEFT JOIN points_ledger_context AS c ON 1
  WHERE h.total IS NOT h.before
  ORDER BY h.ord;
END;--> statement-breakpoint
CREATE TRIGGER `house_points_ledger_moved` AFTER UPDATE ON `house_points`
WHEN OLD.guild_id IS NOT NEW.guild_id
BEGIN
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
