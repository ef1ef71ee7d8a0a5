CREATE TABLE "live_messages" (
	"guild_id" text COLLATE "C" NOT NULL,
	"channel_id" text COLLATE "C" NOT NULL,
	"message_id" text COLLATE "C" NOT NULL,
	"locale" text COLLATE "C" NOT NULL,
	"created_at" text COLLATE "C" NOT NULL,
	"seq" bigint DEFAULT 0 NOT NULL,
	"lease_owner" text COLLATE "C",
	"lease_until" bigint DEFAULT 0 NOT NULL,
	"next_edit_at" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "live_messages_message_id_pk" PRIMARY KEY("message_id"),
	CONSTRAINT "live_messages_seq_non_negative" CHECK ("live_messages"."seq" >= 0),
	CONSTRAINT "live_messages_lease_until_non_negative" CHECK ("live_messages"."lease_until" >= 0),
	CONSTRAINT "live_messages_next_edit_at_non_negative" CHECK ("live_messages"."next_edit_at" >= 0)
);
--> statement-breakpoint
CREATE INDEX "live_messages_guild" ON "live_messages" USING btree ("guild_id","channel_id");