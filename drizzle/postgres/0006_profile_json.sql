-- Each profile's JSON text as the API sends it, kept by a trigger on whoever writes (an import on
-- any node, `copy`, the game writing the table directly): a list is then its rows' texts joined,
-- not nine to_json calls a row on every cold read (docs/performance.md, "Cold answers").
-- The expression is pgJsonObject(profile, 'NEW') (src/store/postgres/json.ts), byte for byte what
-- the SQLite store builds; test/store/profile-json.test.ts fails when the two part ways, and a
-- change to the profile record needs a migration that replaces this function.
ALTER TABLE "profiles" ADD COLUMN "json" text;
--> statement-breakpoint
CREATE FUNCTION housecup_profile_json() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.json := ('{"id":' || NEW.id::text || ',"user_id":' || to_json(NEW.user_id)::text || ',"guild_id":' || to_json(NEW.guild_id)::text || ',"name":' || to_json(NEW.name)::text || ',"house":' || coalesce(to_json(NEW.house)::text, 'null') || ',"year":' || coalesce(NEW.year::text, 'null') || ',"job_id":' || coalesce(NEW.job_id::text, 'null') || ',"galleons":' || NEW.galleons::text || ',"created_at":' || to_json(NEW.created_at)::text || '}');
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER profiles_json BEFORE INSERT OR UPDATE ON "profiles" FOR EACH ROW EXECUTE FUNCTION housecup_profile_json();
--> statement-breakpoint
-- Every existing row through the trigger.
UPDATE "profiles" SET "json" = NULL;
--> statement-breakpoint
ALTER TABLE "profiles" ALTER COLUMN "json" SET NOT NULL;
