import type pg from 'pg';
import { lockGuilds as lockGuildsOp } from '../guild-locks.js';
import { drive } from './driver.js';

/**
 * The guilds' locks (src/store/guild-locks.ts) on a connection of the import's own transaction,
 * until the import runs as an operation of SqlDb.write and takes them itself.
 */
export async function lockGuilds(
  client: pg.PoolClient,
  guildIds: readonly string[],
): Promise<void> {
  await drive(client, lockGuildsOp(guildIds));
}
