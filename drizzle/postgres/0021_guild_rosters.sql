-- The rosters of guild_changes (src/records/guild-changes.ts): the number of the last change of
-- which rows an area holds, where a table makes one (the players' profiles: a profile added,
-- removed, or moved to another guild or house). A member's rank keeps a list's length while the
-- guild's roster stands (src/store/period-players.ts). drizzle-kit wrote the column and its
-- CHECKs; by hand, the numbers' sequence, the triggers that renumber a guild's roster
-- (src/store/postgres/triggers.ts), and a first roster for every guild that has players.
ALTER TABLE "guild_changes" ADD COLUMN "roster" bigint;--> statement-breakpoint
ALTER TABLE "guild_changes" ADD CONSTRAINT "guild_changes_roster_range" CHECK ("guild_changes"."roster" IS NULL OR "guild_changes"."roster" >= 1);--> statement-breakpoint
ALTER TABLE "guild_changes" ADD CONSTRAINT "guild_changes_roster_safe" CHECK ("guild_changes"."roster" IS NULL OR "guild_changes"."roster" BETWEEN -9007199254740991 AND 9007199254740991);
--> statement-breakpoint
CREATE SEQUENCE guild_roster_numbers;
--> statement-breakpoint
CREATE FUNCTION housecup_profiles_roster() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE guild_changes SET roster = nextval('guild_roster_numbers') WHERE area = 'players' AND guild_id IN (SELECT guild_id FROM new_rows);
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE guild_changes SET roster = nextval('guild_roster_numbers') WHERE area = 'players' AND guild_id IN (SELECT guild_id FROM old_rows);
  ELSIF TG_OP = 'UPDATE' THEN
    UPDATE guild_changes SET roster = nextval('guild_roster_numbers') WHERE area = 'players' AND guild_id IN (OLD.guild_id, NEW.guild_id);
  ELSE
    UPDATE guild_changes SET roster = nextval('guild_roster_numbers') WHERE area = 'players' AND guild_id IN (SELECT guild_id FROM "profiles");
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER profiles_roster_inserted AFTER INSERT ON "profiles" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION housecup_profiles_roster();
--> statement-breakpoint
CREATE TRIGGER profiles_roster_moved AFTER UPDATE OF guild_id, house ON "profiles" FOR EACH ROW
WHEN (OLD.guild_id IS DISTINCT FROM NEW.guild_id OR OLD.house IS DISTINCT FROM NEW.house)
EXECUTE FUNCTION housecup_profiles_roster();
--> statement-breakpoint
CREATE TRIGGER profiles_roster_deleted AFTER DELETE ON "profiles" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION housecup_profiles_roster();
--> statement-breakpoint
CREATE TRIGGER profiles_roster_truncated BEFORE TRUNCATE ON "profiles" FOR EACH STATEMENT EXECUTE FUNCTION housecup_profiles_roster();
--> statement-breakpoint
UPDATE guild_changes SET roster = nextval('guild_roster_numbers') WHERE area = 'players';
