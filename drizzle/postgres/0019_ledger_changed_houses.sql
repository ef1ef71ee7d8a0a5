-- The ledger's function on an UPDATE of house_points looks only at the houses the statement
-- changed (a game's write changes one or two): the last totals of the others are not read.
-- Dropping the function drops its four triggers, made again here. Written from
-- src/store/postgres/ledger-triggers.ts.
DROP FUNCTION housecup_ledger_entries() CASCADE;--> statement-breakpoint
CREATE FUNCTION housecup_ledger_entries() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  context jsonb := nullif(current_setting('housecup.ledger', true), '')::jsonb;
  stamp timestamptz := date_trunc('milliseconds', clock_timestamp());
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO points_ledger (guild_id, at, house, delta, total, source, by_user, for_user, reason, undoes)
      SELECT p.guild_id, stamp, h.house, h.total - last.total, h.total,
        coalesce(context ->> 'source', 'game'), context ->> 'by', context ->> 'for',
        context ->> 'reason', (context ->> 'undoes')::bigint
      FROM (SELECT guild_id, gryffindor, slytherin, ravenclaw, hufflepuff FROM new_rows) AS p
      CROSS JOIN LATERAL (VALUES (1, 'gryffindor', p.gryffindor), (2, 'slytherin', p.slytherin), (3, 'ravenclaw', p.ravenclaw), (4, 'hufflepuff', p.hufflepuff)) AS h(ord, house, total)
      CROSS JOIN LATERAL (SELECT coalesce((SELECT l.total FROM points_ledger AS l
        WHERE l.guild_id = p.guild_id AND l.house = h.house ORDER BY l.id DESC LIMIT 1), 0) AS total) AS last
      WHERE h.total <> last.total
      ORDER BY p.guild_id, h.ord;
  ELSIF TG_OP = 'UPDATE' THEN
    -- A row moved to another guild: the guild it left has no points any more.
    INSERT INTO points_ledger (guild_id, at, house, delta, total, source, by_user, for_user, reason, undoes)
      SELECT p.guild_id, stamp, h.house, h.total - last.total, h.total,
        coalesce(context ->> 'source', 'game'), context ->> 'by', context ->> 'for',
        context ->> 'reason', (context ->> 'undoes')::bigint
      FROM (SELECT n.guild_id, n.gryffindor, n.slytherin, n.ravenclaw, n.hufflepuff, o.gryffindor AS was_gryffindor, o.slytherin AS was_slytherin, o.ravenclaw AS was_ravenclaw, o.hufflepuff AS was_hufflepuff
        FROM new_rows AS n LEFT JOIN old_rows AS o ON o.guild_id = n.guild_id
        UNION ALL SELECT guild_id, 0 AS gryffindor, 0 AS slytherin, 0 AS ravenclaw, 0 AS hufflepuff, NULL::bigint AS was_gryffindor, NULL::bigint AS was_slytherin, NULL::bigint AS was_ravenclaw, NULL::bigint AS was_hufflepuff FROM old_rows
        WHERE guild_id NOT IN (SELECT guild_id FROM new_rows)) AS p
      CROSS JOIN LATERAL (VALUES (1, 'gryffindor', p.gryffindor, p.was_gryffindor), (2, 'slytherin', p.slytherin, p.was_slytherin), (3, 'ravenclaw', p.ravenclaw, p.was_ravenclaw), (4, 'hufflepuff', p.hufflepuff, p.was_hufflepuff)) AS h(ord, house, total, was)
      CROSS JOIN LATERAL (SELECT coalesce((SELECT l.total FROM points_ledger AS l
        WHERE l.guild_id = p.guild_id AND l.house = h.house ORDER BY l.id DESC LIMIT 1), 0) AS total) AS last
      WHERE h.total IS DISTINCT FROM h.was AND h.total <> last.total
      ORDER BY p.guild_id, h.ord;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO points_ledger (guild_id, at, house, delta, total, source, by_user, for_user, reason, undoes)
      SELECT p.guild_id, stamp, h.house, h.total - last.total, h.total,
        coalesce(context ->> 'source', 'game'), context ->> 'by', context ->> 'for',
        context ->> 'reason', (context ->> 'undoes')::bigint
      FROM (SELECT guild_id, 0 AS gryffindor, 0 AS slytherin, 0 AS ravenclaw, 0 AS hufflepuff FROM old_rows) AS p
      CROSS JOIN LATERAL (VALUES (1, 'gryffindor', p.gryffindor), (2, 'slytherin', p.slytherin), (3, 'ravenclaw', p.ravenclaw), (4, 'hufflepuff', p.hufflepuff)) AS h(ord, house, total)
      CROSS JOIN LATERAL (SELECT coalesce((SELECT l.total FROM points_ledger AS l
        WHERE l.guild_id = p.guild_id AND l.house = h.house ORDER BY l.id DESC LIMIT 1), 0) AS total) AS last
      WHERE h.total <> last.total
      ORDER BY p.guild_id, h.ord;
  ELSE
    INSERT INTO points_ledger (guild_id, at, house, delta, total, source, by_user, for_user, reason, undoes)
      SELECT p.guild_id, stamp, h.house, h.total - last.total, h.total,
        coalesce(context ->> 'source', 'game'), context ->> 'by', context ->> 'for',
        context ->> 'reason', (context ->> 'undoes')::bigint
      FROM (SELECT guild_id, 0 AS gryffindor, 0 AS slytherin, 0 AS ravenclaw, 0 AS hufflepuff FROM house_points) AS p
      CROSS JOIN LATERAL (VALUES (1, 'gryffindor', p.gryffindor), (2, 'slytherin', p.slytherin), (3, 'ravenclaw', p.ravenclaw), (4, 'hufflepuff', p.hufflepuff)) AS h(ord, house, total)
      CROSS JOIN LATERAL (SELECT coalesce((SELECT l.total FROM points_ledger AS l
        WHERE l.guild_id = p.guild_id AND l.house = h.house ORDER BY l.id DESC LIMIT 1), 0) AS total) AS last
      WHERE h.total <> last.total
      ORDER BY p.guild_id, h.ord;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER house_points_ledger_inserted AFTER INSERT ON "house_points" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION housecup_ledger_entries();--> statement-breakpoint
CREATE TRIGGER house_points_ledger_updated AFTER UPDATE ON "house_points" REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION housecup_ledger_entries();--> statement-breakpoint
CREATE TRIGGER house_points_ledger_deleted AFTER DELETE ON "house_points" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION housecup_ledger_entries();--> statement-breakpoint
CREATE TRIGGER house_points_ledger_truncated BEFORE TRUNCATE ON "house_points" FOR EACH STATEMENT EXECUTE FUNCTION housecup_ledger_entries();
