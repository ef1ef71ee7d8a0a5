import { hash } from 'node:crypto';

/** An answer as bytes, ready to send again and again. */
export interface CachedAnswer {
  status: number;
  body: Buffer;
  /**
   * The same body as text when it is small JSON: Node writes the headers and a text body in one
   * `write`, a Buffer body as a second buffer of a `writev` (docs/performance.md, "Small answers
   * as text").
   */
  text?: string;
  /** Strong validator of a 200 body; null on other answers. */
  etag: string | null;
  /** Its Content-Type when not JSON (a picture). */
  type?: string;
  /**
   * Epoch ms after which the answer is stale whatever the data (premium expiry), or Infinity;
   * absent on answers that never change (the area descriptions).
   */
  staleAt?: number;
}

interface Entry extends CachedAnswer {
  generation: string;
  staleAt: number;
}

/** A build under way, and the generation it started at. */
interface Pending {
  generation: string;
  entry: Promise<Entry>;
}

export interface Built {
  status: number;
  body: string | Buffer;
  /** Its Content-Type when not JSON (a picture). */
  type?: string;
  /** Epoch ms at which this answer stops being true on its own (a premium that expires). */
  staleAt?: number;
  /**
   * False: answered (and shared by the requests waiting on its build), not held. For answers
   * anyone can ask for under any id, such as the public page's 404: held, they would let anonymous
   * clients push out the answers worth holding.
   */
  keep?: false;
}

interface AnswerCacheOptions {
  /** Bytes of answers kept at most (sizeOf); least recently used go first. */
  maxBytes?: number;
  now?: () => number;
}

/** JSON bodies up to this size are also kept as text (CachedAnswer.text). */
const TEXT_MAX_BYTES = 4096;

// Bounded so that the process stays within its memory budget with the largest lists being built
// and served (docs/performance.md, "Memory").
const DEFAULT_MAX_BYTES = 32 * 1024 * 1024;

// crypto.hash, one call with no Hash object: 0.3 against 1.0–1.8 µs for a small answer's body
// (docs/performance.md, "How the answers are made fast").
export function etagOf(body: Buffer): string {
  return `"${hash('sha1', body, 'base64url')}"`;
}

/**
 * Serialized answers keyed by what determines them (endpoint, guild, page), each valid while the
 * generation of its guild's data is unchanged (ReadService.generation). Concurrent misses for one
 * cache key share one build.
 */
export class AnswerCache {
  private readonly entries = new Map<string, Entry>();
  private readonly building = new Map<string, Pending>();
  private bytes = 0;
  private readonly maxBytes: number;
  private readonly now: () => number;

  constructor(options: AnswerCacheOptions = {}) {
    this.maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
    this.now = options.now ?? Date.now;
  }

  get size(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.bytes };
  }

  /** The answer for `cacheKey` if one is held and still true at `generation`, without a promise. */
  peek(cacheKey: string, generation: string): CachedAnswer | undefined {
    const hit = this.entries.get(cacheKey);
    if (!hit || hit.generation !== generation || hit.staleAt <= this.now()) {
      return undefined;
    }
    // Re-inserting keeps the Map in least-recently-used order.
    this.entries.delete(cacheKey);
    this.entries.set(cacheKey, hit);
    return hit;
  }

  /**
   * Whether an answer for `cacheKey` is being built at `generation`: a request now joins that
   * build.
   */
  isBuilding(cacheKey: string, generation: string): boolean {
    return this.building.get(cacheKey)?.generation === generation;
  }

  /**
   * The answer for `cacheKey`: the one held, or one being built for a request that came at the same
   * generation, or a new build. A request never takes a build that started before a change it
   * could see, nor one whose answer stopped being true before it arrived (a history whose
   * default end was the second just past): it builds its own.
   */
  async get(
    cacheKey: string,
    generation: () => string,
    build: () => Promise<Built>,
  ): Promise<CachedAnswer> {
    const current = generation();
    const hit = this.peek(cacheKey, current);
    if (hit) return hit;
    const pending = this.building.get(cacheKey);
    if (pending?.generation === current) {
      const entry = await pending.entry;
      if (entry.staleAt > this.now()) return entry;
    }
    const mine: Pending = {
      generation: current,
      entry: this.fill(cacheKey, current, generation, build),
    };
    this.building.set(cacheKey, mine);
    try {
      return await mine.entry;
    } finally {
      if (this.building.get(cacheKey) === mine) this.building.delete(cacheKey);
    }
  }

  private async fill(
    cacheKey: string,
    generation: string,
    generationOf: () => string,
    build: () => Promise<Built>,
  ): Promise<Entry> {
    const built = await build();
    const body = typeof built.body === 'string' ? Buffer.from(built.body) : built.body;
    const entry: Entry = {
      status: built.status,
      body,
      etag: built.status === 200 ? etagOf(body) : null,
      generation,
      staleAt: built.staleAt ?? Number.POSITIVE_INFINITY,
      ...(built.type ? { type: built.type } : {}),
      ...(!built.type && body.length <= TEXT_MAX_BYTES ? { text: body.toString() } : {}),
    };
    // A build that saw a later generation than it started with may hold either: don't keep it;
    // nor one no longer true (a slow build that a later one has already replaced).
    const current = generationOf() === generation && entry.staleAt > this.now();
    if (current && built.keep !== false) this.store(cacheKey, entry);
    return entry;
  }

  private store(cacheKey: string, entry: Entry): void {
    this.remove(cacheKey);
    if (sizeOf(entry) > this.maxBytes / 2) return;
    this.entries.set(cacheKey, entry);
    this.bytes += sizeOf(entry);
    for (const [oldest] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.remove(oldest);
    }
  }

  private remove(cacheKey: string): void {
    const entry = this.entries.get(cacheKey);
    if (!entry) return;
    this.entries.delete(cacheKey);
    this.bytes -= sizeOf(entry);
  }
}

/**
 * What a held answer costs beside its body and text: the entry, its Buffer and ETag, its key and
 * its place in the Map (about 500 bytes on Node 26, measured over 100,000 answers of 66 bytes).
 * Counted, so that the bound holds for small answers too: without it, 32 MiB of such answers
 * were 250,000 entries and 120 MiB more besides.
 */
export const ENTRY_BYTES = 512;

/** What an entry holds: its bytes, its text (counted a unit per character), and ENTRY_BYTES. */
function sizeOf(entry: CachedAnswer): number {
  return entry.body.length + (entry.text?.length ?? 0) + ENTRY_BYTES;
}

/** Whether an If-None-Match header names this ETag (weak comparison, as RFC 9110 asks). */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}
