CREATE TABLE `published_guilds` (
	`guild_id` text PRIMARY KEY NOT NULL,
	`published_at` text NOT NULL
);
