import type pg from 'pg';
import type { Logger } from '../../logger.js';
import { errorText } from '../errors.js';
import { createClient } from './connection.js';

const CHANNEL = 'housecup_changes';

const RETRY_FIRST_MS = 100;
const RETRY_MAX_MS = 5_000;

interface ChangeListener {
  /** The token of one guild's data: changes when that guild's data may have changed. */
  guild(guildId: string): string;
  keys(): string;
  /** Calls `listener` whenever the keys may have changed (a notification, a reconnection). */
  onKeysChanged(listener: () => void): void;
  /** Whether the listening connection is up (what /readyz reports for the database). */
  connected(): boolean;
  /** Resolves once the first connection listens; rejects if it cannot be made. */
  started: Promise<void>;
  close(): Promise<void>;
}

/** Per-guild change counts (docs/architecture.md, "What each engine keeps of its own"). */
export function listenForChanges(url: string, logger: Logger): ChangeListener {
  const guilds = new Map<string, number>();
  let epoch = 0;
  let everything = 0;
  let keys = 0;
  let offline = 0;
  let client: pg.Client | null = null;
  let up = false;
  let closed = false;
  let retryMs = RETRY_FIRST_MS;
  let timer: NodeJS.Timeout | undefined;
  let wasDown = false;
  const keyListeners: (() => void)[] = [];
  const keysChanged = () => {
    for (const listener of keyListeners) listener();
  };

  const onNotification = (message: pg.Notification) => {
    const payload = message.payload ?? '*';
    if (payload === 'k') {
      keys += 1;
      keysChanged();
    } else if (payload.startsWith('g:')) {
      const guild = payload.slice(2);
      guilds.set(guild, (guilds.get(guild) ?? 0) + 1);
    } else everything += 1;
  };

  const lost = (error?: unknown) => {
    if (closed) return;
    if (up) {
      up = false;
      wasDown = true;
      logger.error(
        { err: error },
        'PostgreSQL unreachable (its change notifications are lost): /readyz says not ready, and nothing is cached until it is back',
      );
    }
    quiet(client);
    void client?.end().catch(() => {});
    client = null;
    clearTimeout(timer);
    timer = setTimeout(() => void connect().catch(lost), retryMs);
    retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
  };

  async function connect(): Promise<void> {
    const next = createClient(url);
    next.on('error', lost);
    next.on('end', () => lost());
    next.on('notification', onNotification);
    client = next;
    await next.connect();
    await next.query(`LISTEN ${CHANNEL}`);
    // Whatever was committed while no one listened is unknown: a new epoch forgets everything.
    epoch += 1;
    guilds.clear();
    up = true;
    retryMs = RETRY_FIRST_MS;
    if (wasDown) {
      logger.info('PostgreSQL is back: change notifications resumed, caches start afresh');
      keysChanged();
    }
  }

  const started = connect().catch((error: unknown) => {
    lost(error);
    throw new Error(`cannot listen for changes: ${errorText(error)}`);
  });

  return {
    guild(guildId) {
      if (!up) return `offline.${++offline}`;
      return `${epoch}.${everything}.${guilds.get(guildId) ?? 0}`;
    },
    keys() {
      // Reloading the keys costs a query: while offline, at most once a second.
      if (!up) return `offline.${Math.floor(Date.now() / 1000)}`;
      return `${epoch}.${everything}.${keys}`;
    },
    onKeysChanged(listener) {
      keyListeners.push(listener);
    },
    connected: () => up,
    started,
    async close() {
      closed = true;
      up = false;
      clearTimeout(timer);
      quiet(client);
      await client?.end().catch(() => {});
    },
  };
}

/** Lets a client go, keeping an 'error' listener: an unheard 'error' is an uncaught exception. */
function quiet(client: pg.Client | null): void {
  client?.removeAllListeners();
  client?.on('error', () => {});
}
