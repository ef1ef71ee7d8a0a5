import type { ServerResponse } from 'node:http';
import type { AnswerCache } from '../answers/answer-cache.js';
import { pointsAnswer } from '../answers/points.js';
import { readEventData } from '../events/area-answers.js';
import type { ReadService } from '../read/service.js';

/**
 * The public pages' live updates: per guild, the open streams of `GET
 * /cup/:guildId/events`, which get `points` events (the bytes GET /v1/points answers) and
 * `term` events (the guild's latest term, as the API's stream sends it: no player data), each
 * when it differs from the last one sent. One timer asks each watched guild whether its
 * generation moved; when it did, the guild is checked again: unpublished, its streams end;
 * otherwise each gets what changed. Smaller than the API's EventHub on purpose: no keys, no ids.
 */

// As often as the API's EventHub looks: a check is cheap, and a slower poll made the public
// streams lag the API's (docs/performance.md, "Public stream polling").
const POLL_MS = 50;
const KEEP_ALIVE_MS = 25_000;

interface Watched {
  streams: Set<ServerResponse>;
  /**
   * The streams that got their first frames. Until then a refresh leaves a stream alone: its
   * first frames are the latest the others got, so a stream opened during a refresh gets no
   * event twice.
   */
  ready: Set<ServerResponse>;
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
      if (this.guilds.size === 0) this.stopTimers();
      onEnd();
    });
    this.startTimers();
    void Promise.all([this.points(guildId), this.term(guildId)]).then(([body, term]) => {
      if (response.writableEnded) return;
      watched.last ??= body;
      watched.lastTerm ??= term;
      if (watched.last) response.write(frame('points', watched.last));
      if (watched.lastTerm && watched.lastTerm.length > 0) {
        response.write(frame('term', watched.lastTerm));
      }
      watched.ready.add(response);
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

  /** The guild's latest term as the `term` event carries it; empty without terms. */
  private async term(guildId: string): Promise<Buffer | null> {
    try {
      return await readEventData(this.options, guildId, 'term');
    } catch {
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
    const [body, term] = await Promise.all([this.points(guildId), this.term(guildId)]);
    if (!body || !term) return;
    watched.generation = generation;
    const frames: string[] = [];
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
    for (const stream of watched.ready) stream.write(frames.join(''));
  }
}

function frame(event: 'points' | 'term', body: Buffer): string {
  return `event: ${event}\ndata: ${body.toString()}\n\n`;
}
