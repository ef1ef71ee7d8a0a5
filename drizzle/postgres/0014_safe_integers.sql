-- Every integer a column holds is a safe integer (at most 2^53 - 1 in size): bigint takes up to
-- 2^63, which no answer can serve exactly. drizzle-kit wrote the CHECKs (`<table>_<column>_safe`,
-- src/store/constraints.ts, from the records); by hand: one ALTER TABLE per table, so that each
-- table is read once to check its rows. A row stored before that breaks one stops the migration
-- (`check constraint "house_points_gryffindor_safe" … is violated by some row`), and nothing is
-- repaired: the operator corrects the row and starts again (docs/decisions.md).
ALTER TABLE "api_keys"
  ADD CONSTRAINT "api_keys_rate_limit_safe" CHECK ("api_keys"."rate_limit" IS NULL OR "api_keys"."rate_limit" BETWEEN -9007199254740991 AND 9007199254740991);
--> statement-breakpoint
ALTER TABLE "guild_changes"
  ADD CONSTRAINT "guild_changes_seq_safe" CHECK ("guild_changes"."seq" BETWEEN -9007199254740991 AND 9007199254740991);
--> statement-breakpoint
ALTER TABLE "house_points"
  ADD CONSTRAINT "house_points_gryffindor_safe" CHECK ("house_points"."gryffindor" BETWEEN -9007199254740991 AND 9007199254740991),
  ADD CONSTRAINT "house_points_slytherin_safe" CHECK ("house_points"."slytherin" BETWEEN -9007199254740991 AND 9007199254740991),
  ADD CONSTRAINT "house_points_ravenclaw_safe" CHECK ("house_points"."ravenclaw" BETWEEN -9007199254740991 AND 9007199254740991),
  ADD CONSTRAINT "house_points_hufflepuff_safe" CHECK ("house_points"."hufflepuff" BETWEEN -9007199254740991 AND 9007199254740991);
--> statement-breakpoint
ALTER TABLE "jobs"
  ADD CONSTRAINT "jobs_id_safe" CHECK ("jobs"."id" BETWEEN -9007199254740991 AND 9007199254740991),
  ADD CONSTRAINT "jobs_salary_safe" CHECK ("jobs"."salary" BETWEEN -9007199254740991 AND 9007199254740991);
--> statement-breakpoint
ALTER TABLE "live_messages"
  ADD CONSTRAINT "live_messages_seq_safe" CHECK ("live_messages"."seq" BETWEEN -9007199254740991 AND 9007199254740991),
  ADD CONSTRAINT "live_messages_lease_until_safe" CHECK ("live_messages"."lease_until" BETWEEN -9007199254740991 AND 9007199254740991),
  ADD CONSTRAINT "live_messages_next_edit_at_safe" CHECK ("live_messages"."next_edit_at" BETWEEN -9007199254740991 AND 9007199254740991);
--> statement-breakpoint
ALTER TABLE "points_history"
  ADD CONSTRAINT "points_history_gryffindor_safe" CHECK ("points_history"."gryffindor" IS NULL OR "points_history"."gryffindor" BETWEEN -9007199254740991 AND 9007199254740991),
  ADD CONSTRAINT "points_history_slytherin_safe" CHECK ("points_history"."slytherin" IS NULL OR "points_history"."slytherin" BETWEEN -9007199254740991 AND 9007199254740991),
  ADD CONSTRAINT "points_history_ravenclaw_safe" CHECK ("points_history"."ravenclaw" IS NULL OR "points_history"."ravenclaw" BETWEEN -9007199254740991 AND 9007199254740991),
  ADD CONSTRAINT "points_history_hufflepuff_safe" CHECK ("points_history"."hufflepuff" IS NULL OR "points_history"."hufflepuff" BETWEEN -9007199254740991 AND 9007199254740991);
--> statement-breakpoint
ALTER TABLE "profile_changes"
  ADD CONSTRAINT "profile_changes_profile_id_safe" CHECK ("profile_changes"."profile_id" BETWEEN -9007199254740991 AND 9007199254740991),
  ADD CONSTRAINT "profile_changes_change_safe" CHECK ("profile_changes"."change" BETWEEN -9007199254740991 AND 9007199254740991);
--> statement-breakpoint
ALTER TABLE "profiles"
  ADD CONSTRAINT "profiles_id_safe" CHECK ("profiles"."id" BETWEEN -9007199254740991 AND 9007199254740991),
  ADD CONSTRAINT "profiles_job_id_safe" CHECK ("profiles"."job_id" IS NULL OR "profiles"."job_id" BETWEEN -9007199254740991 AND 9007199254740991),
  ADD CONSTRAINT "profiles_galleons_safe" CHECK ("profiles"."galleons" BETWEEN -9007199254740991 AND 9007199254740991);
--> statement-breakpoint
ALTER TABLE "terms"
  ADD CONSTRAINT "terms_id_safe" CHECK ("terms"."id" BETWEEN -9007199254740991 AND 9007199254740991),
  ADD CONSTRAINT "terms_gryffindor_safe" CHECK ("terms"."gryffindor" IS NULL OR "terms"."gryffindor" BETWEEN -9007199254740991 AND 9007199254740991),
  ADD CONSTRAINT "terms_slytherin_safe" CHECK ("terms"."slytherin" IS NULL OR "terms"."slytherin" BETWEEN -9007199254740991 AND 9007199254740991),
  ADD CONSTRAINT "terms_ravenclaw_safe" CHECK ("terms"."ravenclaw" IS NULL OR "terms"."ravenclaw" BETWEEN -9007199254740991 AND 9007199254740991),
  ADD CONSTRAINT "terms_hufflepuff_safe" CHECK ("terms"."hufflepuff" IS NULL OR "terms"."hufflepuff" BETWEEN -9007199254740991 AND 9007199254740991);
--> statement-breakpoint
ALTER TABLE "webhook_attempts"
  ADD CONSTRAINT "webhook_attempts_subscription_id_safe" CHECK ("webhook_attempts"."subscription_id" BETWEEN -9007199254740991 AND 9007199254740991),
  ADD CONSTRAINT "webhook_attempts_attempt_safe" CHECK ("webhook_attempts"."attempt" BETWEEN -9007199254740991 AND 9007199254740991),
  ADD CONSTRAINT "webhook_attempts_duration_ms_safe" CHECK ("webhook_attempts"."duration_ms" BETWEEN -9007199254740991 AND 9007199254740991);
--> statement-breakpoint
ALTER TABLE "webhook_messages"
  ADD CONSTRAINT "webhook_messages_subscription_id_safe" CHECK ("webhook_messages"."subscription_id" BETWEEN -9007199254740991 AND 9007199254740991),
  ADD CONSTRAINT "webhook_messages_attempts_safe" CHECK ("webhook_messages"."attempts" BETWEEN -9007199254740991 AND 9007199254740991);
