DROP INDEX "profile_changes_house_list";--> statement-breakpoint
DROP INDEX "profile_changes_house_members";--> statement-breakpoint
DROP INDEX "profile_changes_list";--> statement-breakpoint
DROP INDEX "profile_changes_members";--> statement-breakpoint
CREATE INDEX "profile_changes_list" ON "profile_changes" USING btree ("guild_id","kind","start","change","user_id","profile_id","house");--> statement-breakpoint
CREATE INDEX "profile_changes_members" ON "profile_changes" USING btree ("guild_id","kind","start","user_id","profile_id","house");