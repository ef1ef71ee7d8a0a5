CREATE TABLE `api_keys` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text DEFAULT '' NOT NULL,
	`digest` text NOT NULL,
	`hint` text NOT NULL,
	`guilds` text,
	`rate_limit` integer,
	`created_at` text NOT NULL,
	`last_used_at` text,
	`revoked_at` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `api_keys_digest_unique` ON `api_keys` (`digest`);--> statement-breakpoint
CREATE TABLE `house_points` (
	`guild_id` text PRIMARY KEY NOT NULL,
	`gryffindor` integer DEFAULT 0 NOT NULL,
	`slytherin` integer DEFAULT 0 NOT NULL,
	`ravenclaw` integer DEFAULT 0 NOT NULL,
	`hufflepuff` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `jobs` (
	`guild_id` text NOT NULL,
	`id` integer NOT NULL,
	`name` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`salary` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`guild_id`, `id`),
	CONSTRAINT "jobs_salary_non_negative" CHECK("jobs"."salary" >= 0)
);
--> statement-breakpoint
CREATE TABLE `premium` (
	`guild_id` text PRIMARY KEY NOT NULL,
	`expires_at` text
);
--> statement-breakpoint
CREATE TABLE `profiles` (
	`guild_id` text NOT NULL,
	`id` integer NOT NULL,
	`user_id` text NOT NULL,
	`name` text NOT NULL,
	`house` text,
	`year` integer,
	`job_id` integer,
	`galleons` integer DEFAULT 0 NOT NULL,
	`created_at` text NOT NULL,
	PRIMARY KEY(`guild_id`, `id`),
	FOREIGN KEY (`guild_id`,`job_id`) REFERENCES `jobs`(`guild_id`,`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "profiles_house_known" CHECK("profiles"."house" IS NULL OR "profiles"."house" IN ('gryffindor', 'slytherin', 'ravenclaw', 'hufflepuff')),
	CONSTRAINT "profiles_galleons_non_negative" CHECK("profiles"."galleons" >= 0),
	CONSTRAINT "profiles_year_range" CHECK("profiles"."year" IS NULL OR "profiles"."year" BETWEEN 1 AND 7)
);
--> statement-breakpoint
CREATE INDEX `profiles_guild_user_id` ON `profiles` (`guild_id`,`user_id`,`id`);--> statement-breakpoint
CREATE INDEX `profiles_guild_job` ON `profiles` (`guild_id`,`job_id`);