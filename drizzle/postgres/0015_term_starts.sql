-- The points each house had when its term started (src/records/terms.ts), so that a term's cup
-- is what the houses gained in it. drizzle-kit wrote the columns and their `_safe` CHECKs; by
-- hand: one ALTER TABLE, and the starts of the terms already stored, read from the points history
-- (its last change at or before the term's start; left null where the history holds none, and the
-- store then counts from the history's first points inside the term, else from nothing:
-- docs/cli-and-data.md, "Terms"), with the table's change trigger off, so that nothing records
-- them as a change of the terms (no webhook message, no edit of a live message: what a term's
-- event tells is unchanged).
ALTER TABLE "terms"
  ADD COLUMN "start_gryffindor" bigint,
  ADD COLUMN "start_slytherin" bigint,
  ADD COLUMN "start_ravenclaw" bigint,
  ADD COLUMN "start_hufflepuff" bigint,
  ADD CONSTRAINT "terms_start_gryffindor_safe" CHECK ("terms"."start_gryffindor" IS NULL OR "terms"."start_gryffindor" BETWEEN -9007199254740991 AND 9007199254740991),
  ADD CONSTRAINT "terms_start_slytherin_safe" CHECK ("terms"."start_slytherin" IS NULL OR "terms"."start_slytherin" BETWEEN -9007199254740991 AND 9007199254740991),
  ADD CONSTRAINT "terms_start_ravenclaw_safe" CHECK ("terms"."start_ravenclaw" IS NULL OR "terms"."start_ravenclaw" BETWEEN -9007199254740991 AND 9007199254740991),
  ADD CONSTRAINT "terms_start_hufflepuff_safe" CHECK ("terms"."start_hufflepuff" IS NULL OR "terms"."start_hufflepuff" BETWEEN -9007199254740991 AND 9007199254740991);
--> statement-breakpoint
ALTER TABLE "terms" DISABLE TRIGGER terms_changes_updated;
--> statement-breakpoint
UPDATE "terms" SET ("start_gryffindor", "start_slytherin", "start_ravenclaw", "start_hufflepuff") = (
  SELECT h."gryffindor", h."slytherin", h."ravenclaw", h."hufflepuff" FROM "points_history" AS h
  WHERE h."guild_id" = "terms"."guild_id" AND h."at" <= "terms"."started_at"
  ORDER BY h."at" DESC, h."id" DESC LIMIT 1
);
--> statement-breakpoint
ALTER TABLE "terms" ENABLE TRIGGER terms_changes_updated;
