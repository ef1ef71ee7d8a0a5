-- The public page's own title (null: the default heading), from the record
-- (src/records/published-guild.ts). Its UPDATEs notify every node through the triggers of 0004.
ALTER TABLE "published_guilds" ADD COLUMN "title" text COLLATE "C";
