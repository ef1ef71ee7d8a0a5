import { type GuildState, readGuildState, type StateSources } from './area-answers.js';
import type { ClientStream } from './client-stream.js';
import { ALWAYS_NAMED, digestOf, type Held, NOTHING_HELD } from './event-id.js';
import { framesFrom } from './frames.js';

/** After a failed read (the store unreachable), the next try waits this long. */
const RETRY_AFTER_FAILURE_MS = 1_000;

/** Counts what a watch sends (the /metrics counters). */
type SentCounter = (eventIndex: number, streams: number) => void;

/**
 * The one watcher of a guild, however many streams watch it. When the guild's generation moves
 * (a commit here, in another process or on another node), it reads the four events' data once,
 * serializes the events of the areas that changed once, and writes that one Buffer to every
 * stream. A new stream gets its first events from the state held, without a read.
 */
export class GuildWatch {
  readonly streams = new Set<ClientStream>();
  private current: Held = NOTHING_HELD;
  private data: readonly Buffer[] = [];
  private marks: readonly Buffer[] = [];
  private known = false;
  /** The generation the state was read at; undefined before the first read. */
  private readAt: string | undefined;
  private staleAt = Number.POSITIVE_INFINITY;
  private retryAt = 0;
  private reading = false;
  /** A stream's complete first events, for a client that holds nothing: built once per state. */
  private fresh: { frames: Buffer; sent: number[] } | null = null;
  /** Callers of `whenKnown` waiting for the first read. */
  private waiting: ((error?: unknown) => void)[] = [];

  constructor(
    readonly guildId: string,
    private readonly sources: StateSources,
    private readonly count: SentCounter,
    private readonly onReadFailed: (error: unknown) => void,
  ) {}

  /** Whether anything still needs this watch: streams, or callers waiting for its first read. */
  get used(): boolean {
    return this.streams.size > 0 || this.waiting.length > 0;
  }

  /**
   * Calls `then` once the guild's state is known (at once if it is), or with the error of the
   * first read: a stream starts only on a state it can send.
   */
  whenKnown(then: (error?: unknown) => void): void {
    if (this.known) then();
    else this.waiting.push(then);
  }

  /** Adds a stream; it gets the guild's state now if it is known, else after the first read. */
  add(stream: ClientStream): void {
    this.streams.add(stream);
    if (this.known) this.welcome(stream);
  }

  remove(stream: ClientStream): void {
    this.streams.delete(stream);
  }

  /** Whether the state must be read again: the data moved, or an answer expired on its own. */
  due(now: number): boolean {
    if (this.reading || now < this.retryAt) return false;
    return (
      this.readAt === undefined ||
      now >= this.staleAt ||
      this.sources.generation(this.guildId) !== this.readAt
    );
  }

  /** Reads the state and sends what changed; one read at a time (ids chain from one another). */
  async refresh(): Promise<void> {
    if (this.reading) return;
    this.reading = true;
    try {
      // Taken before the read: a commit during it moves the generation and brings another read.
      const generation = this.sources.generation(this.guildId);
      const state = await readGuildState(this.sources, this.guildId);
      this.readAt = generation;
      this.apply(state);
    } catch (error) {
      this.retryAt = Date.now() + RETRY_AFTER_FAILURE_MS;
      this.onReadFailed(error);
      if (!this.known) this.settle(error);
    } finally {
      this.reading = false;
    }
    if (this.known) this.settle();
  }

  private apply(state: GuildState): void {
    this.staleAt = state.staleAt;
    // An area whose bytes did not move keeps its digest: no hashing for the unchanged ones
    // (on SQLite every watched guild is read again after any commit).
    // An event without data (a guild without terms) holds '', as a client that never got it.
    const next = state.marks.map((mark, index) =>
      mark.length === 0
        ? ''
        : this.marks[index]?.equals(mark)
          ? (this.current[index] ?? '')
          : digestOf(mark),
    );
    const change = framesFrom(this.current, next, state.data);
    this.current = next;
    this.data = state.data;
    this.marks = state.marks;
    const first = !this.known;
    this.known = true;
    if (change) this.fresh = null;
    for (const stream of this.streams) {
      if (!stream.joined) this.welcome(stream);
      else if (change && !first) {
        stream.held = next;
        stream.send(change.frames);
      }
    }
    if (change && !first) {
      for (const index of change.sent) this.count(index, this.streams.size);
    }
  }

  private settle(error?: unknown): void {
    for (const then of this.waiting.splice(0)) then(error);
  }

  /**
   * A stream's first events: the four areas' state unless it resumes, then only the events that
   * differ. The latest term is not part of the first state (a client is promised the four areas
   * at once); a stream holds it from the start, so it gets a `term` event when a term starts or
   * ends.
   */
  private welcome(stream: ClientStream): void {
    stream.joined = true;
    const resumed = stream.held.some((digest) => digest !== '');
    const frames = resumed ? framesFrom(stream.held, this.current, this.data) : this.freshFrames();
    stream.held = this.current;
    if (!frames) return;
    if (stream.send(frames.frames)) for (const index of frames.sent) this.count(index, 1);
  }

  private freshFrames() {
    const start = this.current.map((digest, index) => (index < ALWAYS_NAMED ? '' : digest));
    this.fresh ??= framesFrom(start, this.current, this.data);
    return this.fresh;
  }
}
