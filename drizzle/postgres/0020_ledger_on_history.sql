-- The ledger read off the points history (src/records/points-ledger.ts): each history row gets who
-- made its change and why; the ledger's own table, its triggers and its pruning go. By hand around
-- drizzle-kit's columns, indexes and checks: the ledger's triggers and function dropped first; each
-- entry's who and why, not the game's, moved onto the history row its change wrote (the same guild,
-- the first row at or after its instant holding its total: the history's row is written at the
-- commit, after the entry); then the history's function again, writing the transaction's context
-- (src/store/postgres/triggers.ts).
DROP TRIGGER house_points_ledger_inserted ON "house_points";
--> statement-breakpoint
DROP TRIGGER house_points_ledger_updated ON "house_points";
--> statement-breakpoint
DROP TRIGGER house_points_ledger_deleted ON "house_points";
--> statement-breakpoint
DROP TRIGGER house_points_ledger_truncated ON "house_points";
--> statement-breakpoint
DROP FUNCTION housecup_ledger_entries();
--> statement-breakpoint
ALTER TABLE "points_history" ADD COLUMN "source" text COLLATE "C";
--> statement-breakpoint
ALTER TABLE "points_history" ADD COLUMN "by_user" text COLLATE "C";
--> statement-breakpoint
ALTER TABLE "points_history" ADD COLUMN "for_user" text COLLATE "C";
--> statement-breakpoint
ALTER TABLE "points_history" ADD COLUMN "reason" text COLLATE "C";
--> statement-breakpoint
ALTER TABLE "points_history" ADD COLUMN "undone" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
CREATE INDEX "points_history_source" ON "points_history" USING btree ("guild_id","source","at") WHERE "points_history"."source" is not null;
--> statement-breakpoint
CREATE INDEX "points_history_by" ON "points_history" USING btree ("guild_id","by_user","at") WHERE "points_history"."by_user" is not null;
--> statement-breakpoint
CREATE INDEX "points_history_for" ON "points_history" USING btree ("guild_id","for_user","at") WHERE "points_history"."for_user" is not null;
--> statement-breakpoint
ALTER TABLE "points_history" ADD CONSTRAINT "points_history_source_known" CHECK ("points_history"."source" IS NULL OR "points_history"."source" IN ('award', 'undo', 'import', 'term-reset', 'baseline'));
--> statement-breakpoint
ALTER TABLE "points_history" ADD CONSTRAINT "points_history_undone_range" CHECK ("points_history"."undone" BETWEEN 0 AND 1);
--> statement-breakpoint
UPDATE points_history SET source = told.source, by_user = told.by_user, for_user = told.for_user,
  reason = told.reason, undone = told.undone
FROM (
  SELECT e.history_id, min(e.source) AS source, min(e.by_user) AS by_user, min(e.for_user) AS for_user,
    min(e.reason) AS reason, max(e.undone) AS undone
  FROM (
    SELECT l.*, (SELECT h.id FROM points_history AS h WHERE h.guild_id = l.guild_id AND h.at >= l.at
      AND coalesce(CASE l.house WHEN 'gryffindor' THEN h.gryffindor WHEN 'slytherin' THEN h.slytherin
        WHEN 'ravenclaw' THEN h.ravenclaw WHEN 'hufflepuff' THEN h.hufflepuff END, 0) = l.total
      ORDER BY h.at, h.id LIMIT 1) AS history_id
    FROM points_ledger AS l WHERE l.source <> 'game'
  ) AS e
  WHERE e.history_id IS NOT NULL GROUP BY e.history_id
) AS told
WHERE points_history.id = told.history_id;
--> statement-breakpoint
ALTER TABLE "points_ledger" DISABLE ROW LEVEL SECURITY;
--> statement-breakpoint
DROP TABLE "points_ledger" CASCADE;
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
    INSERT INTO points_history (guild_id, at, gryffindor, slytherin, ravenclaw, hufflepuff, source, by_user, for_user, reason)
    VALUES (guild, date_trunc('milliseconds', clock_timestamp()), now_points.gryffindor, now_points.slytherin, now_points.ravenclaw, now_points.hufflepuff,
            context ->> 'source', context ->> 'by', context ->> 'for', context ->> 'reason');
  END LOOP;
  RETURN NULL;
END $$;
