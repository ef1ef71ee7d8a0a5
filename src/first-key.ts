import type { Config } from './config.js';
import type { KeyStore } from './keys/key-store.js';
import type { Logger } from './logger.js';
import type { Database } from './store/database.js';
import { firstGuild } from './store/first-guild.js';

/*
 * The first API key, so the quick start works with one curl. Made only when this very start
 * created the database: a database whose keys were all revoked stays without one (revoking every
 * key must not be undone by a restart that prints a new all-guild key into a service's log).
 */

/** Creates the first key when `db` is new and AUTO_FIRST_KEY allows it; returns it in clear. */
export function createFirstKey(
  db: Database,
  keys: KeyStore,
  config: Pick<Config, 'autoFirstKey'>,
  logger: Logger,
): string | undefined {
  if (db.created && config.autoFirstKey) return keys.create({ name: 'first key' }).key;
  if (!keys.hasActiveKey()) {
    logger.warn(
      'no API key works yet: create one with `housecup keys create` (a key is made automatically only when the first start creates the database)',
    );
  }
  return undefined;
}

/** A request that answers 200 with the first key: a guild's data if any, else an area description. */
export function exampleRequest(db: Database, baseUrl: string): string {
  const guild = firstGuild(db);
  return guild
    ? `${baseUrl}/v1/${guild.area}/${encodeURIComponent(guild.guildId)}`
    : `${baseUrl}/v1/points`;
}
