-- The ledger's indexes of who gave and for whom hold only the entries that name someone: the
-- game's entries (most of them) name no one, and each index a write touches is a page more in
-- its commit. A filter on a member (by_user = ..., never null) still reads them.
DROP INDEX "points_ledger_by";--> statement-breakpoint
DROP INDEX "points_ledger_for";--> statement-breakpoint
CREATE INDEX "points_ledger_by" ON "points_ledger" USING btree ("guild_id","by_user","id") WHERE "points_ledger"."by_user" is not null;--> statement-breakpoint
CREATE INDEX "points_ledger_for" ON "points_ledger" USING btree ("guild_id","for_user","id") WHERE "points_ledger"."for_user" is not null;