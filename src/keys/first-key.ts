import type { Config } from '../config.js';
import type { Logger } from '../logger.js';
import type { KeyStore } from './key-store.js';

/*
 * The first API key, so the quick start works with one curl. Made only when this very start
 * created the database: a database whose keys were all revoked stays without one (revoking every
 * key must not be undone by a restart that prints a new all-guild key into a service's log).
 */

/** Creates the first key when the store is new and AUTO_FIRST_KEY allows it; returns it in clear. */
export async function createFirstKey(
  store: { readonly created: boolean; readonly keyStore: KeyStore },
  config: Pick<Config, 'autoFirstKey'>,
  logger: Logger,
): Promise<string | undefined> {
  const { keyStore } = store;
  if (store.created && config.autoFirstKey) {
    return (await keyStore.create({ name: 'first key' })).key;
  }
  if (!(await keyStore.hasActiveKey())) {
    // Why none was made, as true of this start: a first start told "only on the first start"
    // would be told something false.
    const why = store.created
      ? 'AUTO_FIRST_KEY=false: this start created the database and made no key'
      : 'a key is made automatically only by the start that creates the database, and this database already existed';
    logger.warn(`no API key works yet: create one with \`housecup keys create\` (${why})`);
  }
  return undefined;
}

/** A request that answers 200 with the first key: a guild's data if any, else an area description. */
export async function exampleRequest(
  store: { firstGuild(): Promise<{ area: string; guildId: string } | null> },
  baseUrl: string,
): Promise<string> {
  const guild = await store.firstGuild();
  return guild
    ? `${baseUrl}/v1/${guild.area}/${encodeURIComponent(guild.guildId)}`
    : `${baseUrl}/v1/points`;
}
