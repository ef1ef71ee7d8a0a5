import type { Logger } from '../logger.js';
import { EVENT_NAMES, type EventName } from '../records/events.js';
import type { StateSources } from './area-answers.js';
import {
  ClientStream,
  type EndReason,
  MAX_BUFFERED_BYTES,
  type StreamSink,
} from './client-stream.js';
import { parseEventId } from './event-id.js';
import { KEEP_ALIVE } from './frames.js';
import { GuildWatch } from './guild-watch.js';
import { POLL_MS, WatchTimers } from './watch-timers.js';

interface EventHubOptions {
  sources: StateSources;
  /** The ids of the working keys (key-verifier.ts): a revoked key's streams are ended. */
  activeKeyIds(): ReadonlySet<number>;
  logger: Logger;
  /**
   * Interval of the `: keep-alive` comment: at most 25 s, under the idle timeouts of common
   * proxies.
   */
  keepAliveMs: number;
  pollMs?: number;
  maxBufferedBytes?: number;
}

/** What /metrics reports of the streams. */
export interface StreamStats {
  open: number;
  /** Events written to streams since start, by event name. */
  sent: Readonly<Record<EventName, number>>;
}

/**
 * Every event stream of this node: one GuildWatch per watched guild, one timer that asks each
 * whether its guild changed (and whether a stream's key was revoked), one keep-alive timer.
 */
export class EventHub {
  private readonly watches = new Map<string, GuildWatch>();
  private readonly byKey = new Map<number, Set<ClientStream>>();
  private readonly sent = EVENT_NAMES.map(() => 0);
  private open = 0;
  private activeKeys: ReadonlySet<number> | null = null;
  private readonly timers: WatchTimers;
  private readonly maxBufferedBytes: number;
  private closed = false;

  constructor(private readonly options: EventHubOptions) {
    this.maxBufferedBytes = options.maxBufferedBytes ?? MAX_BUFFERED_BYTES;
    this.timers = new WatchTimers({
      what: 'event streams',
      logger: options.logger,
      pollMs: options.pollMs ?? POLL_MS,
      keepAliveMs: options.keepAliveMs,
      onPoll: () => {
        this.checkGuilds();
        this.checkKeys();
      },
      onKeepAlive: () => this.onKeepAlive(),
      watching: () => this.watches.size > 0,
    });
  }

  /**
   * Calls `then` once the state of `guildId` is known, so that a stream can start on it: at once
   * when the guild is watched already, after one read otherwise (with its error if it fails: the
   * request is then answered 500 as any other read that fails).
   */
  prepare(guildId: string, then: (error?: unknown) => void): void {
    if (this.closed) {
      then(new Error('the server is closing'));
      return;
    }
    let watch = this.watches.get(guildId);
    if (!watch) {
      watch = new GuildWatch(
        guildId,
        this.options.sources,
        (index, streams) => {
          this.sent[index] = (this.sent[index] ?? 0) + streams;
        },
        (error) =>
          this.options.logger.error(
            { err: error },
            'event stream: reading a guild failed; trying again in a second',
          ),
      );
      this.watches.set(guildId, watch);
      this.timers.start();
      void watch.refresh();
    }
    watch.whenKnown(then);
  }

  /**
   * Starts a stream of `guildId` (after `prepare`) on `sink` for key `keyId`, resuming from
   * `lastEventId` when it is one of ours. `ended` runs once when the stream ends, whatever ends
   * it.
   */
  add(
    sink: StreamSink,
    keyId: number,
    guildId: string,
    lastEventId: string | undefined,
    ended: (reason: EndReason) => void,
  ): ClientStream {
    const stream = new ClientStream(
      sink,
      keyId,
      guildId,
      parseEventId(lastEventId),
      this.maxBufferedBytes,
      (gone, reason) => {
        this.forget(gone, reason);
        ended(reason);
      },
    );
    this.open += 1;
    let ofKey = this.byKey.get(keyId);
    if (!ofKey) {
      ofKey = new Set();
      this.byKey.set(keyId, ofKey);
    }
    ofKey.add(stream);
    const watch = this.watches.get(guildId);
    if (this.closed || !watch) stream.end('shutdown');
    else watch.add(stream);
    return stream;
  }

  stats(): StreamStats {
    const sent = Object.fromEntries(EVENT_NAMES.map((name, i) => [name, this.sent[i] ?? 0]));
    return { open: this.open, sent: sent as Record<EventName, number> };
  }

  /** Ends every stream cleanly and stops the timers: the server can then close. */
  close(): void {
    this.closed = true;
    this.timers.stop();
    for (const streams of [...this.byKey.values()]) {
      for (const stream of [...streams]) stream.end('shutdown');
    }
  }

  private forget(stream: ClientStream, reason: EndReason): void {
    this.open -= 1;
    const ofKey = this.byKey.get(stream.keyId);
    ofKey?.delete(stream);
    if (ofKey?.size === 0) this.byKey.delete(stream.keyId);
    const watch = this.watches.get(stream.guildId);
    watch?.remove(stream);
    if (watch && !watch.used) this.watches.delete(stream.guildId);
    if (reason === 'slow') {
      // The guild and the key's id, never the key: logs must not carry credentials.
      this.options.logger.warn(
        { guild: stream.guildId, key: stream.keyId, maxBufferedBytes: this.maxBufferedBytes },
        'event stream dropped: its client reads too slowly',
      );
    }
  }

  private checkGuilds(): void {
    const now = Date.now();
    for (const [guildId, watch] of this.watches) {
      // Prepared for a client that left before its stream started, or whose first read failed.
      if (!watch.used) this.watches.delete(guildId);
      else if (watch.due(now)) void watch.refresh();
    }
  }

  private checkKeys(): void {
    if (this.byKey.size === 0) return;
    // A reload of the keys is a new Set: only then can a key have been revoked.
    const active = this.options.activeKeyIds();
    if (active === this.activeKeys) return;
    this.activeKeys = active;
    for (const [keyId, streams] of [...this.byKey]) {
      if (active.has(keyId)) continue;
      for (const stream of [...streams]) stream.end('revoked');
    }
  }

  private onKeepAlive(): void {
    for (const watch of this.watches.values()) {
      for (const stream of watch.streams) stream.send(KEEP_ALIVE);
    }
  }
}
