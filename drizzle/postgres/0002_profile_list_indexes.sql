CREATE INDEX "profiles_guild_house_user_id" ON "profiles" USING btree ("guild_id","house","user_id","id");--> statement-breakpoint
CREATE INDEX "profiles_guild_galleons" ON "profiles" USING btree ("guild_id","galleons","user_id","id");--> statement-breakpoint
CREATE INDEX "profiles_guild_house_galleons" ON "profiles" USING btree ("guild_id","house","galleons","user_id","id");--> statement-breakpoint
CREATE INDEX "profiles_guild_name" ON "profiles" USING btree ("guild_id","name","user_id","id");--> statement-breakpoint
CREATE INDEX "profiles_guild_house_name" ON "profiles" USING btree ("guild_id","house","name","user_id","id");--> statement-breakpoint
CREATE INDEX "profiles_guild_year" ON "profiles" USING btree ("guild_id","year","user_id","id");--> statement-breakpoint
CREATE INDEX "profiles_guild_house_year" ON "profiles" USING btree ("guild_id","house","year","user_id","id");--> statement-breakpoint
CREATE INDEX "profiles_guild_created_at" ON "profiles" USING btree ("guild_id","created_at","user_id","id");--> statement-breakpoint
CREATE INDEX "profiles_guild_house_created_at" ON "profiles" USING btree ("guild_id","house","created_at","user_id","id");