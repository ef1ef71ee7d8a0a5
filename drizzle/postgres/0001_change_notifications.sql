-- Change notifications: every commit that touches a guild's data (an import on any node, the game
-- writing the tables directly) notifies channel housecup_changes with 'g:<guild id>' once per
-- guild and statement, and one that touches api_keys with 'k'. PostgreSQL delivers them at
-- commit (never for a rollback) and folds repeats within a transaction; every node listens.
CREATE FUNCTION housecup_notify_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE guild text;
BEGIN
  FOR guild IN SELECT DISTINCT guild_id FROM inserted_rows LOOP
    PERFORM pg_notify('housecup_changes', 'g:' || guild);
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION housecup_notify_updated() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE guild text;
BEGIN
  FOR guild IN SELECT guild_id FROM new_rows UNION SELECT guild_id FROM old_rows LOOP
    PERFORM pg_notify('housecup_changes', 'g:' || guild);
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION housecup_notify_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE guild text;
BEGIN
  FOR guild IN SELECT DISTINCT guild_id FROM deleted_rows LOOP
    PERFORM pg_notify('housecup_changes', 'g:' || guild);
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION housecup_notify_all() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('housecup_changes', CASE WHEN TG_TABLE_NAME = 'api_keys' THEN 'k' ELSE '*' END);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER profiles_inserted AFTER INSERT ON "profiles" REFERENCING NEW TABLE AS inserted_rows FOR EACH STATEMENT EXECUTE FUNCTION housecup_notify_inserted();
--> statement-breakpoint
CREATE TRIGGER profiles_updated AFTER UPDATE ON "profiles" REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION housecup_notify_updated();
--> statement-breakpoint
CREATE TRIGGER profiles_deleted AFTER DELETE ON "profiles" REFERENCING OLD TABLE AS deleted_rows FOR EACH STATEMENT EXECUTE FUNCTION housecup_notify_deleted();
--> statement-breakpoint
CREATE TRIGGER profiles_truncated AFTER TRUNCATE ON "profiles" FOR EACH STATEMENT EXECUTE FUNCTION housecup_notify_all();
--> statement-breakpoint
CREATE TRIGGER jobs_inserted AFTER INSERT ON "jobs" REFERENCING NEW TABLE AS inserted_rows FOR EACH STATEMENT EXECUTE FUNCTION housecup_notify_inserted();
--> statement-breakpoint
CREATE TRIGGER jobs_updated AFTER UPDATE ON "jobs" REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION housecup_notify_updated();
--> statement-breakpoint
CREATE TRIGGER jobs_deleted AFTER DELETE ON "jobs" REFERENCING OLD TABLE AS deleted_rows FOR EACH STATEMENT EXECUTE FUNCTION housecup_notify_deleted();
--> statement-breakpoint
CREATE TRIGGER jobs_truncated AFTER TRUNCATE ON "jobs" FOR EACH STATEMENT EXECUTE FUNCTION housecup_notify_all();
--> statement-breakpoint
CREATE TRIGGER house_points_inserted AFTER INSERT ON "house_points" REFERENCING NEW TABLE AS inserted_rows FOR EACH STATEMENT EXECUTE FUNCTION housecup_notify_inserted();
--> statement-breakpoint
CREATE TRIGGER house_points_updated AFTER UPDATE ON "house_points" REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION housecup_notify_updated();
--> statement-breakpoint
CREATE TRIGGER house_points_deleted AFTER DELETE ON "house_points" REFERENCING OLD TABLE AS deleted_rows FOR EACH STATEMENT EXECUTE FUNCTION housecup_notify_deleted();
--> statement-breakpoint
CREATE TRIGGER house_points_truncated AFTER TRUNCATE ON "house_points" FOR EACH STATEMENT EXECUTE FUNCTION housecup_notify_all();
--> statement-breakpoint
CREATE TRIGGER premium_inserted AFTER INSERT ON "premium" REFERENCING NEW TABLE AS inserted_rows FOR EACH STATEMENT EXECUTE FUNCTION housecup_notify_inserted();
--> statement-breakpoint
CREATE TRIGGER premium_updated AFTER UPDATE ON "premium" REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION housecup_notify_updated();
--> statement-breakpoint
CREATE TRIGGER premium_deleted AFTER DELETE ON "premium" REFERENCING OLD TABLE AS deleted_rows FOR EACH STATEMENT EXECUTE FUNCTION housecup_notify_deleted();
--> statement-breakpoint
CREATE TRIGGER premium_truncated AFTER TRUNCATE ON "premium" FOR EACH STATEMENT EXECUTE FUNCTION housecup_notify_all();
--> statement-breakpoint
CREATE TRIGGER api_keys_changed AFTER INSERT OR DELETE OR TRUNCATE ON "api_keys" FOR EACH STATEMENT EXECUTE FUNCTION housecup_notify_all();
--> statement-breakpoint
-- "Last used" times change every 30 s on busy nodes and decide nothing: they notify no one.
CREATE TRIGGER api_keys_updated AFTER UPDATE OF "digest", "guilds", "rate_limit", "revoked_at" ON "api_keys" FOR EACH STATEMENT EXECUTE FUNCTION housecup_notify_all();
