import type { FastifyInstance } from 'fastify';
import type { CommandModule } from '../../src/bot/command.js';
import { createDispatcher, type Dispatch } from '../../src/bot/dispatcher.js';
import { loadCommands } from '../../src/bot/loader.js';
import { commandServices } from '../../src/bot/services.js';
import { loadConfig } from '../../src/config.js';
import { buildApp } from '../../src/http/app.js';
import { createKeyVerifier } from '../../src/keys/key-verifier.js';
import { createLogger } from '../../src/logger.js';
import type { Store } from '../../src/store/store.js';
import { publicPages } from '../pages/support.js';
import { listen } from '../support/app.js';
import { openEventStream, type TestEventStream } from '../support/event-stream.js';
import { openTestStore, type StoreKind, type TestStore } from '../support/store.js';
import { type GameConnection, openGameConnection } from './game-connection.js';
import { GUILD_NAMES, GUILDS, type GuildName } from './steps.js';

/*
 * What one sequence runs against: a real store of its own, the real app over it (the API and the
 * public pages, as start.ts mounts them) on a loopback port, the bot's dispatcher over the same
 * read service, a second handle on the store (another process), the game's own connection, and
 * an event stream per guild held open from the start.
 */

/** A guild no step touches: a write to it after each step fences the streams (stream-checks.ts). */
export const FENCE = '100000000000000009';

/** A server over a store: its address, and a key that reads it. */
export interface Node {
  app: FastifyInstance;
  url: string;
}

export interface World {
  kind: StoreKind;
  test: TestStore;
  node: Node;
  /** Reads every guild; never revoked (its streams would end). */
  key: string;
  /** A second handle on the same database: another process or node. */
  other: Store;
  game: GameConnection;
  dispatch: Dispatch;
  /** /v1/events/:guildId of each guild, and of the fence. */
  streams: Map<string, TestEventStream>;
  /** /cup/:guildId/events of each published guild. */
  publicStreams: Map<GuildName, TestEventStream>;
  /** Keys the sequence created and has not revoked, oldest first. */
  keys: number[];
  /** `keys` when the store was last copied out in this sequence; undefined before. */
  copied?: number[];
  /** How many fences were written (stream-checks.ts): each writes the next number. */
  fences: number;
  /** Where `copy` writes (a store of the other kind when this run has both). */
  copy: CopyTarget;
  close(): Promise<void>;
}

export interface CopyTarget {
  test: TestStore;
  node: Node;
}

let commands: Promise<CommandModule[]> | undefined;

/** The app as start.ts builds it, without the bot: the API and the public pages. */
export async function startNode(store: Store): Promise<Node> {
  const keyVerifier = createKeyVerifier(store.keyTable);
  await keyVerifier.load();
  const app = await buildApp({
    read: store.read,
    keyVerifier,
    logger: createLogger({ level: 'silent' }),
    // Every step reads each guild's chart with the one key: no budget may turn a view into a 429.
    config: { rateLimitPerMinute: 0, rendersPerMinute: 0 },
    mounts: [publicPages(store)],
  });
  const { url } = await listen(app);
  return { app, url };
}

/** A store and a node over it, for `copy` to write into; reused by every sequence of a suite. */
export async function openCopyTarget(kind: StoreKind): Promise<CopyTarget> {
  const test = await openTestStore(kind);
  return { test, node: await startNode(test.store) };
}

export async function closeCopyTarget(copy: CopyTarget | undefined): Promise<void> {
  await copy?.node.app.close();
  await copy?.test.cleanup();
}

export async function openApiStream(
  node: Node,
  key: string,
  guildId: string,
): Promise<TestEventStream> {
  const stream = await openEventStream(`${node.url}/v1/events/${guildId}`, {
    authorization: key,
  });
  if (stream.status !== 200) throw new Error(`event stream of ${guildId}: ${stream.status}`);
  await stream.waitForEvents(4);
  return stream;
}

export async function openWorld(kind: StoreKind, copy: CopyTarget): Promise<World> {
  const test = await openTestStore(kind);
  const { store } = test;
  const { key } = await store.keyStore.create({ name: 'coherence' });
  const node = await startNode(store);
  const other = await test.reopen();
  const game = await openGameConnection(test);
  commands ??= loadCommands();
  const dispatch = createDispatcher({
    commands: await commands,
    services: commandServices(store, loadConfig({})),
    logger: createLogger({ level: 'silent' }),
    // The dispatcher defers past this: a reply then comes as an edit, read alike (views.ts).
    deferAfterMs: 60_000,
  });
  const streams = new Map<string, TestEventStream>();
  for (const guildId of [...GUILD_NAMES.map((name) => GUILDS[name]), FENCE]) {
    streams.set(guildId, await openApiStream(node, key, guildId));
  }
  const publicStreams = new Map<GuildName, TestEventStream>();
  return {
    kind,
    test,
    node,
    key,
    other,
    game,
    dispatch,
    streams,
    publicStreams,
    keys: [],
    fences: 0,
    copy,
    async close() {
      for (const stream of [...streams.values(), ...publicStreams.values()]) stream.close();
      await node.app.close();
      await game.close();
      await test.cleanup();
    },
  };
}
