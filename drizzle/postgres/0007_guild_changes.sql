-- One record of what changed (src/records/guild-changes.ts, docs/architecture.md): for each guild
-- and area, the number (from the sequence guild_change_numbers) of its last committed change,
-- written by triggers on every table of guild data whoever writes, and only when a row really
-- changed. Every node's change notifications now come from guild_changes' own triggers (a write
-- that changes nothing notifies nobody), replacing 0001's and 0004's per-statement
-- notifications, and it replaces area_changes (0005: counted writes to profiles and jobs).
-- Triggers written out from src/store/postgres/change-triggers.ts, which
-- test/store/change-triggers-migration.test.ts holds this file to.
DROP TRIGGER profiles_inserted ON "profiles";
--> statement-breakpoint
DROP TRIGGER profiles_updated ON "profiles";
--> statement-breakpoint
DROP TRIGGER profiles_deleted ON "profiles";
--> statement-breakpoint
DROP TRIGGER profiles_truncated ON "profiles";
--> statement-breakpoint
DROP TRIGGER jobs_inserted ON "jobs";
--> statement-breakpoint
DROP TRIGGER jobs_updated ON "jobs";
--> statement-breakpoint
DROP TRIGGER jobs_deleted ON "jobs";
--> statement-breakpoint
DROP TRIGGER jobs_truncated ON "jobs";
--> statement-breakpoint
DROP TRIGGER house_points_inserted ON "house_points";
--> statement-breakpoint
DROP TRIGGER house_points_updated ON "house_points";
--> statement-breakpoint
DROP TRIGGER house_points_deleted ON "house_points";
--> statement-breakpoint
DROP TRIGGER house_points_truncated ON "house_points";
--> statement-breakpoint
DROP TRIGGER premium_inserted ON "premium";
--> statement-breakpoint
DROP TRIGGER premium_updated ON "premium";
--> statement-breakpoint
DROP TRIGGER premium_deleted ON "premium";
--> statement-breakpoint
DROP TRIGGER premium_truncated ON "premium";
--> statement-breakpoint
DROP TRIGGER published_guilds_inserted ON "published_guilds";
--> statement-breakpoint
DROP TRIGGER published_guilds_updated ON "published_guilds";
--> statement-breakpoint
DROP TRIGGER published_guilds_deleted ON "published_guilds";
--> statement-breakpoint
DROP TRIGGER published_guilds_truncated ON "published_guilds";
--> statement-breakpoint
DROP TRIGGER profiles_changes_inserted ON "profiles";
--> statement-breakpoint
DROP TRIGGER profiles_changes_updated ON "profiles";
--> statement-breakpoint
DROP TRIGGER profiles_changes_deleted ON "profiles";
--> statement-breakpoint
DROP TRIGGER jobs_changes_inserted ON "jobs";
--> statement-breakpoint
DROP TRIGGER jobs_changes_updated ON "jobs";
--> statement-breakpoint
DROP TRIGGER jobs_changes_deleted ON "jobs";
--> statement-breakpoint
DROP FUNCTION housecup_notify_inserted();
--> statement-breakpoint
DROP FUNCTION housecup_notify_updated();
--> statement-breakpoint
DROP FUNCTION housecup_notify_deleted();
--> statement-breakpoint
DROP FUNCTION housecup_count_changes();
--> statement-breakpoint
CREATE TABLE "guild_changes" (
	"guild_id" text COLLATE "C" NOT NULL,
	"area" text COLLATE "C" NOT NULL,
	"seq" bigint NOT NULL,
	CONSTRAINT "guild_changes_guild_id_area_pk" PRIMARY KEY("guild_id","area"),
	CONSTRAINT "guild_changes_area_known" CHECK ("guild_changes"."area" IN ('players', 'jobs', 'points', 'premium', 'history', 'publication')),
	CONSTRAINT "guild_changes_seq_range" CHECK ("guild_changes"."seq" >= 1)
);
--> statement-breakpoint
CREATE INDEX "guild_changes_seq" ON "guild_changes" USING btree ("seq");
--> statement-breakpoint
DROP TABLE "area_changes" CASCADE;
--> statement-breakpoint
-- CACHE 1 (the default): numbers are handed out in the order they are asked for, whichever
-- session asks (docs/decisions.md: what a reader past a number must know).
CREATE SEQUENCE guild_change_numbers AS bigint OWNED BY guild_changes.seq;
--> statement-breakpoint
-- A guild's last history row equals its points (four nulls when it has none): imports of earlier
-- versions could leave a file's last entry after the points they wrote. The standings now are
-- recorded, once, where they are not the last row.
INSERT INTO points_history (guild_id, at, gryffindor, slytherin, ravenclaw, hufflepuff)
SELECT guild.guild_id, date_trunc('milliseconds', now()), now_points.gryffindor, now_points.slytherin, now_points.ravenclaw, now_points.hufflepuff
FROM (SELECT guild_id FROM house_points UNION SELECT guild_id FROM points_history) AS guild
LEFT JOIN house_points AS now_points ON now_points.guild_id = guild.guild_id
LEFT JOIN LATERAL (
  SELECT gryffindor, slytherin, ravenclaw, hufflepuff FROM points_history
  WHERE points_history.guild_id = guild.guild_id ORDER BY at DESC, id DESC LIMIT 1
) AS last ON true
WHERE (last.gryffindor, last.slytherin, last.ravenclaw, last.hufflepuff)
  IS DISTINCT FROM (now_points.gryffindor, now_points.slytherin, now_points.ravenclaw, now_points.hufflepuff);
--> statement-breakpoint
-- Every guild that holds data starts with a number per area it has data in.
INSERT INTO guild_changes (guild_id, area, seq)
SELECT guild_id, area, nextval('guild_change_numbers') FROM (
  SELECT guild_id, 'players' AS area FROM "profiles"
  UNION SELECT guild_id, 'jobs' AS area FROM "jobs"
  UNION SELECT guild_id, 'points' AS area FROM "house_points"
  UNION SELECT guild_id, 'premium' AS area FROM "premium"
  UNION SELECT guild_id, 'history' AS area FROM "points_history"
  UNION SELECT guild_id, 'publication' AS area FROM "published_guilds"
  ORDER BY guild_id, area
) AS existing;
--> statement-breakpoint
-- Nodes of the previous version, still running during a rolling upgrade, read their players and
-- jobs events' marks here; a later version drops it.
CREATE VIEW area_changes AS SELECT guild_id, area, seq AS changes FROM guild_changes WHERE area IN ('players', 'jobs');
--> statement-breakpoint
CREATE FUNCTION housecup_record_changes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Take the transaction's id before any number: a reader past a cursor (changes.ts) relies on
  -- every number having been taken by a transaction it can see running.
  PERFORM pg_current_xact_id();
  IF TG_OP = 'INSERT' THEN
    INSERT INTO guild_changes (guild_id, area, seq)
      SELECT guild_id, TG_ARGV[0], nextval('guild_change_numbers')
      FROM (SELECT DISTINCT guild_id FROM new_rows ORDER BY guild_id) AS changed
      ON CONFLICT (guild_id, area) DO UPDATE SET seq = excluded.seq;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO guild_changes (guild_id, area, seq)
      SELECT guild_id, TG_ARGV[0], nextval('guild_change_numbers')
      FROM (SELECT DISTINCT guild_id FROM old_rows ORDER BY guild_id) AS changed
      ON CONFLICT (guild_id, area) DO UPDATE SET seq = excluded.seq;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO guild_changes (guild_id, area, seq)
      SELECT guild_id, TG_ARGV[0], nextval('guild_change_numbers')
      FROM (
        SELECT guild_id FROM (SELECT * FROM new_rows EXCEPT SELECT * FROM old_rows) AS added
        UNION
        SELECT guild_id FROM (SELECT * FROM old_rows EXCEPT SELECT * FROM new_rows) AS removed
        ORDER BY guild_id
      ) AS changed
      ON CONFLICT (guild_id, area) DO UPDATE SET seq = excluded.seq;
  ELSE
    EXECUTE format(
      'INSERT INTO guild_changes (guild_id, area, seq)
         SELECT guild_id, $1, nextval(''guild_change_numbers'')
         FROM (SELECT DISTINCT guild_id FROM %I ORDER BY guild_id) AS changed
         ON CONFLICT (guild_id, area) DO UPDATE SET seq = excluded.seq',
      TG_TABLE_NAME) USING TG_ARGV[0];
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION housecup_notify_changes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('housecup_changes', 'g:' || guild_id)
    FROM (SELECT DISTINCT guild_id FROM changed_rows ORDER BY guild_id) AS guilds;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER profiles_changes_inserted AFTER INSERT ON "profiles" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION housecup_record_changes('players');
--> statement-breakpoint
CREATE TRIGGER profiles_changes_updated AFTER UPDATE ON "profiles" REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION housecup_record_changes('players');
--> statement-breakpoint
CREATE TRIGGER profiles_changes_deleted AFTER DELETE ON "profiles" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION housecup_record_changes('players');
--> statement-breakpoint
CREATE TRIGGER profiles_changes_truncated BEFORE TRUNCATE ON "profiles" FOR EACH STATEMENT EXECUTE FUNCTION housecup_record_changes('players');
--> statement-breakpoint
CREATE TRIGGER jobs_changes_inserted AFTER INSERT ON "jobs" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION housecup_record_changes('jobs');
--> statement-breakpoint
CREATE TRIGGER jobs_changes_updated AFTER UPDATE ON "jobs" REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION housecup_record_changes('jobs');
--> statement-breakpoint
CREATE TRIGGER jobs_changes_deleted AFTER DELETE ON "jobs" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION housecup_record_changes('jobs');
--> statement-breakpoint
CREATE TRIGGER jobs_changes_truncated BEFORE TRUNCATE ON "jobs" FOR EACH STATEMENT EXECUTE FUNCTION housecup_record_changes('jobs');
--> statement-breakpoint
CREATE TRIGGER house_points_changes_inserted AFTER INSERT ON "house_points" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION housecup_record_changes('points');
--> statement-breakpoint
CREATE TRIGGER house_points_changes_updated AFTER UPDATE ON "house_points" REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION housecup_record_changes('points');
--> statement-breakpoint
CREATE TRIGGER house_points_changes_deleted AFTER DELETE ON "house_points" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION housecup_record_changes('points');
--> statement-breakpoint
CREATE TRIGGER house_points_changes_truncated BEFORE TRUNCATE ON "house_points" FOR EACH STATEMENT EXECUTE FUNCTION housecup_record_changes('points');
--> statement-breakpoint
CREATE TRIGGER premium_changes_inserted AFTER INSERT ON "premium" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION housecup_record_changes('premium');
--> statement-breakpoint
CREATE TRIGGER premium_changes_updated AFTER UPDATE ON "premium" REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION housecup_record_changes('premium');
--> statement-breakpoint
CREATE TRIGGER premium_changes_deleted AFTER DELETE ON "premium" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION housecup_record_changes('premium');
--> statement-breakpoint
CREATE TRIGGER premium_changes_truncated BEFORE TRUNCATE ON "premium" FOR EACH STATEMENT EXECUTE FUNCTION housecup_record_changes('premium');
--> statement-breakpoint
CREATE TRIGGER points_history_changes_inserted AFTER INSERT ON "points_history" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION housecup_record_changes('history');
--> statement-breakpoint
CREATE TRIGGER points_history_changes_updated AFTER UPDATE ON "points_history" REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION housecup_record_changes('history');
--> statement-breakpoint
CREATE TRIGGER points_history_changes_deleted AFTER DELETE ON "points_history" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION housecup_record_changes('history');
--> statement-breakpoint
CREATE TRIGGER points_history_changes_truncated BEFORE TRUNCATE ON "points_history" FOR EACH STATEMENT EXECUTE FUNCTION housecup_record_changes('history');
--> statement-breakpoint
CREATE TRIGGER published_guilds_changes_inserted AFTER INSERT ON "published_guilds" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION housecup_record_changes('publication');
--> statement-breakpoint
CREATE TRIGGER published_guilds_changes_updated AFTER UPDATE ON "published_guilds" REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION housecup_record_changes('publication');
--> statement-breakpoint
CREATE TRIGGER published_guilds_changes_deleted AFTER DELETE ON "published_guilds" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION housecup_record_changes('publication');
--> statement-breakpoint
CREATE TRIGGER published_guilds_changes_truncated BEFORE TRUNCATE ON "published_guilds" FOR EACH STATEMENT EXECUTE FUNCTION housecup_record_changes('publication');
--> statement-breakpoint
CREATE TRIGGER guild_changes_notify_inserted AFTER INSERT ON "guild_changes" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION housecup_notify_changes();
--> statement-breakpoint
CREATE TRIGGER guild_changes_notify_updated AFTER UPDATE ON "guild_changes" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION housecup_notify_changes();
