-- The history's triggers also refuse points whose gain this week or in the open term would pass
-- the safe integers (src/store/gain-bounds.ts), as they refuse a change that large; the partial
-- indexes of the rows beyond half of them are what each write probes first.
CREATE INDEX points_history_beyond_half ON points_history (guild_id) WHERE abs(gryffindor) > 4503599627370495 OR abs(slytherin) > 4503599627370495 OR abs(ravenclaw) > 4503599627370495 OR abs(hufflepuff) > 4503599627370495;
--> statement-breakpoint
CREATE UNIQUE INDEX terms_open_beyond_half ON terms (guild_id) WHERE ended_at IS NULL AND (abs(start_gryffindor) > 4503599627370495 OR abs(start_slytherin) > 4503599627370495 OR abs(start_ravenclaw) > 4503599627370495 OR abs(start_hufflepuff) > 4503599627370495);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION housecup_record_points() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  guild text;
  now_points record;
  last_points record;
  context jsonb := nullif(current_setting('housecup.ledger', true), '')::jsonb;
BEGIN
  FOREACH guild IN ARRAY CASE
    WHEN TG_OP = 'DELETE' THEN ARRAY[OLD.guild_id]
    WHEN TG_OP = 'UPDATE' AND OLD.guild_id IS DISTINCT FROM NEW.guild_id
      THEN ARRAY[OLD.guild_id, NEW.guild_id]
    ELSE ARRAY[NEW.guild_id] END
  LOOP
    IF to_regclass('pg_temp.housecup_history_replaced') IS NOT NULL THEN
      CONTINUE WHEN EXISTS (SELECT 1 FROM pg_temp.housecup_history_replaced WHERE guild_id = guild);
    END IF;
    SELECT gryffindor, slytherin, ravenclaw, hufflepuff INTO now_points FROM house_points WHERE guild_id = guild;
    SELECT gryffindor, slytherin, ravenclaw, hufflepuff INTO last_points
      FROM points_history WHERE guild_id = guild ORDER BY at DESC, id DESC LIMIT 1;
    CONTINUE WHEN NOT FOUND AND now_points IS NULL;
    CONTINUE WHEN FOUND AND last_points.gryffindor IS NOT DISTINCT FROM now_points.gryffindor
     AND last_points.slytherin IS NOT DISTINCT FROM now_points.slytherin
     AND last_points.ravenclaw IS NOT DISTINCT FROM now_points.ravenclaw
     AND last_points.hufflepuff IS NOT DISTINCT FROM now_points.hufflepuff;
    IF abs(coalesce(now_points.gryffindor, 0) - coalesce(last_points.gryffindor, 0)) > 9007199254740991
       OR abs(coalesce(now_points.slytherin, 0) - coalesce(last_points.slytherin, 0)) > 9007199254740991
       OR abs(coalesce(now_points.ravenclaw, 0) - coalesce(last_points.ravenclaw, 0)) > 9007199254740991
       OR abs(coalesce(now_points.hufflepuff, 0) - coalesce(last_points.hufflepuff, 0)) > 9007199254740991 THEN
      RAISE EXCEPTION 'house_points of guild %: a change of a house''s points must be within 9007199254740991 (its ledger entry''s delta)', guild
        USING ERRCODE = 'check_violation';
    END IF;
    IF abs(now_points.gryffindor) > 4503599627370495 OR abs(now_points.slytherin) > 4503599627370495 OR abs(now_points.ravenclaw) > 4503599627370495 OR abs(now_points.hufflepuff) > 4503599627370495
    OR EXISTS (SELECT 1 FROM points_history WHERE guild_id = guild AND (abs(gryffindor) > 4503599627370495 OR abs(slytherin) > 4503599627370495 OR abs(ravenclaw) > 4503599627370495 OR abs(hufflepuff) > 4503599627370495))
    OR EXISTS (SELECT 1 FROM terms WHERE guild_id = guild AND ended_at IS NULL AND (abs(start_gryffindor) > 4503599627370495 OR abs(start_slytherin) > 4503599627370495 OR abs(start_ravenclaw) > 4503599627370495 OR abs(start_hufflepuff) > 4503599627370495)) THEN
      IF EXISTS (SELECT 1 FROM (SELECT gryffindor, slytherin, ravenclaw, hufflepuff FROM (SELECT * FROM (SELECT gryffindor, slytherin, ravenclaw, hufflepuff, 1 AS k FROM points_history WHERE guild_id = guild
      AND at < date_trunc('week', statement_timestamp() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' ORDER BY at DESC, id DESC LIMIT 1) AS last_before
    UNION ALL SELECT * FROM (SELECT gryffindor, slytherin, ravenclaw, hufflepuff, 2 AS k FROM points_history WHERE guild_id = guild
      AND at >= date_trunc('week', statement_timestamp() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' AND gryffindor IS NOT NULL ORDER BY at, id LIMIT 1) AS first_after) AS candidates
    WHERE gryffindor IS NOT NULL ORDER BY k LIMIT 1) AS base WHERE abs(now_points.gryffindor - base.gryffindor) > 9007199254740991 OR abs(now_points.slytherin - base.slytherin) > 9007199254740991 OR abs(now_points.ravenclaw - base.ravenclaw) > 9007199254740991 OR abs(now_points.hufflepuff - base.hufflepuff) > 9007199254740991)
    OR EXISTS (SELECT 1 FROM (SELECT gryffindor, slytherin, ravenclaw, hufflepuff FROM (SELECT start_gryffindor AS gryffindor, start_slytherin AS slytherin, start_ravenclaw AS ravenclaw, start_hufflepuff AS hufflepuff, 0 AS k FROM terms WHERE guild_id = guild AND ended_at IS NULL
    UNION ALL SELECT * FROM (SELECT gryffindor, slytherin, ravenclaw, hufflepuff, 1 AS k FROM points_history WHERE guild_id = guild
      AND at <= (SELECT started_at FROM terms WHERE guild_id = guild AND ended_at IS NULL) ORDER BY at DESC, id DESC LIMIT 1) AS last_before
    UNION ALL SELECT * FROM (SELECT gryffindor, slytherin, ravenclaw, hufflepuff, 2 AS k FROM points_history WHERE guild_id = guild
      AND at >= (SELECT started_at FROM terms WHERE guild_id = guild AND ended_at IS NULL) AND gryffindor IS NOT NULL ORDER BY at, id LIMIT 1) AS first_after) AS candidates
    WHERE gryffindor IS NOT NULL ORDER BY k LIMIT 1) AS base WHERE abs(now_points.gryffindor - base.gryffindor) > 9007199254740991 OR abs(now_points.slytherin - base.slytherin) > 9007199254740991 OR abs(now_points.ravenclaw - base.ravenclaw) > 9007199254740991 OR abs(now_points.hufflepuff - base.hufflepuff) > 9007199254740991) THEN
        RAISE EXCEPTION 'house_points of guild %: a house''s points must stay within 9007199254740991 of its points when this week and the open term began (its gain there)', guild
          USING ERRCODE = 'check_violation';
      END IF;
    END IF;
    INSERT INTO points_history (guild_id, at, gryffindor, slytherin, ravenclaw, hufflepuff, source, by_user, for_user, reason)
    VALUES (guild, date_trunc('milliseconds', clock_timestamp()), now_points.gryffindor, now_points.slytherin, now_points.ravenclaw, now_points.hufflepuff,
            context ->> 'source', context ->> 'by', context ->> 'for', context ->> 'reason');
  END LOOP;
  RETURN NULL;
END $$;
