import type { AnswerCache } from '../answers/answer-cache.js';
import { pointsAnswer } from '../answers/points.js';
import { readEventData } from '../events/area-answers.js';
import { MAX_BUFFERED_BYTES, type StreamSink, writeWithin } from '../events/client-stream.js';
import { KEEP_ALIVE } from '../events/frames.js';
import { POLL_MS, WatchTimers } from '../events/watch-timers.js';
import type { Logger } from '../logger.js';
import type { ReadService } from '../read/service.js';

/**
 * The public pages' live updates: per guild, the open streams of `GET
 * /cup/:guildId/events`, which get `points` events (the bytes GET /v1/points answers) and
 * `term` events (the guild's latest term, as the API's stream sends it: no player data), each
 * when it differs from the last one sent. The API's timers look at each watched guild's
 * generation; when it moved, the guild is checked again: unpublished, its streams end;
 * otherwise each gets what changed. Smaller than the API's EventHub on purpose: no keys, no ids;
 * the same bound on a client that stops reading.
 */

const KEEP_ALIVE_MS = 25_000;

/** The response of a public stream, as far as the streams need it. */
interface PublicSink extends StreamSink {
  readonly writableEnded: boolean;
  once(event: 'close', listener: () => void): unknown;
}

interface Watched {
  streams: Set<PublicSink>;
  /**
   * The streams that got their first frames. Until then a refresh leaves a stream alone: its
   * first frames are the latest the others got, so a stream opened during a refresh gets no
   * event twice.
   */
  ready: Set<PublicSink>;
  generation: string;
  last: Buffer | null;
  /** The last `term` data sent; empty while the guild has no term (nothing is sent then). */
  lastTerm: Buffer | null;
  busy: boolean;
}

interface PublicStreamsOptions {
  read: ReadService;
  cache: AnswerCache;
  generation(guildId: string): string;
  logger: Logger;
  pollMs?: number;
  maxBufferedBytes?: number;
}

export class PublicStreams {
  private readonly guilds = new Map<string, Watched>();
  private readonly timers: WatchTimers;
  private readonly maxBufferedBytes: number;
  private closed = false;

  constructor(private readonly options: PublicStreamsOptions) {
    this.maxBufferedBytes = options.maxBufferedBytes ?? MAX_BUFFERED_BYTES;
    this.timers = new WatchTimers({
      what: 'public streams',
      logger: options.logger,
      pollMs: options.pollMs ?? POLL_MS,
      keepAliveMs: KEEP_ALIVE_MS,
      onPoll: () => this.onPoll(),
      onKeepAlive: () => {
        for (const [guildId, watched] of this.guilds)
          this.send(guildId, watched.streams, KEEP_ALIVE);
      },
      watching: () => this.guilds.size > 0,
    });
  }

  get open(): number {
    let count = 0;
    for (const watched of this.guilds.values()) count += watched.streams.size;
    return count;
  }

  /** Starts sending `guildId`'s points to `response` (headers already written); `onEnd` once. */
  add(guildId: string, response: PublicSink, onEnd: () => void): void {
    // A slot granted after shutdown began (Redis answers late): the server is waiting for the
    // open streams to end, so this one ends at once rather than hold the close up.
    if (this.closed) {
      response.end();
      onEnd();
      return;
    }
    let watched = this.guilds.get(guildId);
    if (!watched) {
      watched = {
        streams: new Set(),
        ready: new Set(),
        generation: '',
        last: null,
        lastTerm: null,
        busy: false,
      };
      this.guilds.set(guildId, watched);
    }
    watched.streams.add(response);
    response.once('close', () => {
      watched.streams.delete(response);
      watched.ready.delete(response);
      if (watched.streams.size === 0) this.guilds.delete(guildId);
      if (this.guilds.size === 0) this.timers.stop();
      onEnd();
    });
    this.timers.start();
    void Promise.all([this.points(guildId), this.term(guildId)]).then(([body, term]) => {
      // A client that left during the read is gone from `streams` (its 'close' came first): not
      // made ready, or it would be written to, and held, while the guild's others stay open.
      if (response.writableEnded || !watched.streams.has(response)) return;
      watched.last ??= body;
      watched.lastTerm ??= term;
      const frames = [
        ...(watched.last ? [frame('points', watched.last)] : []),
        ...(watched.lastTerm && watched.lastTerm.length > 0
          ? [frame('term', watched.lastTerm)]
          : []),
      ];
      if (frames.length > 0) this.send(guildId, [response], Buffer.concat(frames));
      watched.ready.add(response);
    });
  }

  /** Ends every stream (shutdown). */
  close(): void {
    this.closed = true;
    for (const watched of this.guilds.values()) for (const stream of watched.streams) stream.end();
    this.timers.stop();
  }

  /**
   * Writes `chunk` to each of `streams`; a client more than the bound behind is dropped (its
   * 'close' then forgets it), and logged with its guild.
   */
  private send(guildId: string, streams: Iterable<PublicSink>, chunk: Buffer): void {
    for (const stream of streams) {
      if (stream.writableEnded || writeWithin(stream, chunk, this.maxBufferedBytes)) continue;
      stream.destroy();
      this.options.logger.warn(
        { guild: guildId, maxBufferedBytes: this.maxBufferedBytes },
        'public stream dropped: its client reads too slowly',
      );
    }
  }

  private async points(guildId: string): Promise<Buffer | null> {
    const { read, cache, generation } = this.options;
    const answer = pointsAnswer(read, guildId);
    try {
      return (await cache.get(answer.cacheKey, () => generation(guildId), answer.build)).body;
    } catch {
      // A read that fails now is tried again at the next change; the stream stays open.
      return null;
    }
  }

  /** The guild's latest term as the `term` event carries it; empty without terms. */
  private async term(guildId: string): Promise<Buffer | null> {
    try {
      return await readEventData(this.options, guildId, 'term');
    } catch {
      return null;
    }
  }

  private onPoll(): void {
    for (const [guildId, watched] of this.guilds) {
      const generation = this.options.generation(guildId);
      if (watched.busy || generation === watched.generation) continue;
      watched.busy = true;
      void this.refresh(guildId, watched, generation).finally(() => {
        watched.busy = false;
      });
    }
  }

  private async refresh(guildId: string, watched: Watched, generation: string): Promise<void> {
    let published: boolean;
    try {
      published = await this.options.read.publication.isPublished(guildId);
    } catch {
      return;
    }
    if (!published) {
      for (const stream of watched.streams) stream.end();
      return;
    }
    const [body, term] = await Promise.all([this.points(guildId), this.term(guildId)]);
    if (!body || !term) return;
    watched.generation = generation;
    const frames: Buffer[] = [];
    if (!watched.last?.equals(body)) {
      watched.last = body;
      frames.push(frame('points', body));
    }
    // A term started or ended: the page takes its new hall (and its new term's name).
    if (!watched.lastTerm?.equals(term)) {
      watched.lastTerm = term;
      if (term.length > 0) frames.push(frame('term', term));
    }
    if (frames.length === 0) return;
    this.send(guildId, watched.ready, Buffer.concat(frames));
  }
}

function frame(event: 'points' | 'term', body: Buffer): Buffer {
  return Buffer.concat([Buffer.from(`event: ${event}\ndata: `), body, Buffer.from('\n\n')]);
}
