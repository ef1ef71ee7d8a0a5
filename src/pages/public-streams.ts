import type { ServerResponse } from 'node:http';
import type { AnswerCache } from '../answers/answer-cache.js';
import { pointsAnswer } from '../answers/points.js';
import type { ReadService } from '../read/service.js';

/**
 * The public pages' live updates: per guild, the open streams of `GET
 * /cup/:guildId/events`, which get only `points` events (the bytes GET /v1/points answers).
 * One timer asks each watched guild whether its generation moved; when it did, the guild is
 * checked again: unpublished, its streams end; otherwise each gets the new points if they
 * changed. Smaller than the API's EventHub on purpose: no keys, no ids, one event.
 */

// As often as the API's EventHub looks: a check is cheap, and a slower poll made the public
// streams lag the API's (docs/performance.md, "Public stream polling").
const POLL_MS = 50;
const KEEP_ALIVE_MS = 25_000;

interface Watched {
  streams: Set<ServerResponse>;
  generation: string;
  last: Buffer | null;
  busy: boolean;
}

export interface PublicStreamsOptions {
  read: ReadService;
  cache: AnswerCache;
  generation(guildId: string): string;
  pollMs?: number;
}

export class PublicStreams {
  private readonly guilds = new Map<string, Watched>();
  private poll: NodeJS.Timeout | undefined;
  private keepAlive: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(private readonly options: PublicStreamsOptions) {}

  get open(): number {
    let count = 0;
    for (const watched of this.guilds.values()) count += watched.streams.size;
    return count;
  }

  /** Starts sending `guildId`'s points to `response` (headers already written); `onEnd` once. */
  add(guildId: string, response: ServerResponse, onEnd: () => void): void {
    // A slot granted after shutdown began (Redis answers late): the server is waiting for the
    // open streams to end, so this one ends at once rather than hold the close up.
    if (this.closed) {
      response.end();
      onEnd();
      return;
    }
    let watched = this.guilds.get(guildId);
    if (!watched) {
      watched = { streams: new Set(), generation: '', last: null, busy: false };
      this.guilds.set(guildId, watched);
    }
    watched.streams.add(response);
    response.once('close', () => {
      watched.streams.delete(response);
      if (watched.streams.size === 0) this.guilds.delete(guildId);
      if (this.guilds.size === 0) this.stopTimers();
      onEnd();
    });
    this.startTimers();
    void this.points(guildId).then((body) => {
      if (!body || response.writableEnded) return;
      watched.last ??= body;
      response.write(frame(body));
    });
  }

  /** Ends every stream (shutdown). */
  close(): void {
    this.closed = true;
    for (const watched of this.guilds.values()) for (const stream of watched.streams) stream.end();
    this.stopTimers();
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

  private startTimers(): void {
    if (this.poll) return;
    this.poll = setInterval(() => this.onPoll(), this.options.pollMs ?? POLL_MS);
    this.poll.unref();
    this.keepAlive = setInterval(() => {
      for (const watched of this.guilds.values()) {
        for (const stream of watched.streams) stream.write(': keep-alive\n\n');
      }
    }, KEEP_ALIVE_MS);
    this.keepAlive.unref();
  }

  private stopTimers(): void {
    clearInterval(this.poll);
    clearInterval(this.keepAlive);
    this.poll = undefined;
    this.keepAlive = undefined;
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
    const body = await this.points(guildId);
    if (!body) return;
    watched.generation = generation;
    if (watched.last?.equals(body)) return;
    watched.last = body;
    for (const stream of watched.streams) stream.write(frame(body));
  }
}

function frame(body: Buffer): string {
  return `event: points\ndata: ${body.toString()}\n\n`;
}
