import { setTimeout as sleep } from 'node:timers/promises';
import type BetterSqlite3 from 'better-sqlite3';
import { StoreBusyError, WRITE_PATIENCE_MS } from '../errors.js';

const FIRST_PAUSE_MS = 10;
const LONGEST_PAUSE_MS = 250;

function isBusy(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && (code.startsWith('SQLITE_BUSY') || code === 'SQLITE_LOCKED');
}

/** One try that never waits (docs/architecture.md, "What each engine keeps of its own"). */
function tryWrite<T>(
  sqlite: BetterSqlite3.Database,
  write: () => T,
): { done: true; value: T } | { done: false } {
  const timeout = sqlite.pragma('busy_timeout', { simple: true }) as number;
  sqlite.pragma('busy_timeout = 0');
  try {
    return { done: true, value: write() };
  } catch (error) {
    if (isBusy(error)) return { done: false };
    throw error;
  } finally {
    sqlite.pragma(`busy_timeout = ${timeout}`);
  }
}

interface WriteWhenFreeOptions {
  patienceMs?: number;
  /** Stops waiting for the lock (rejects with the signal's reason): the service is stopping. */
  signal?: AbortSignal | undefined;
}

/** Runs `write` as soon as no other connection holds the lock, without blocking meanwhile. */
export async function writeWhenFree<T>(
  sqlite: BetterSqlite3.Database,
  write: () => T,
  { patienceMs = WRITE_PATIENCE_MS, signal }: WriteWhenFreeOptions = {},
): Promise<T> {
  const until = Date.now() + patienceMs;
  let pause = FIRST_PAUSE_MS;
  for (;;) {
    signal?.throwIfAborted();
    const attempt = tryWrite(sqlite, write);
    if (attempt.done) return attempt.value;
    if (Date.now() >= until) {
      throw new StoreBusyError(patienceMs);
    }
    await sleep(pause, undefined, signal ? { signal } : undefined);
    pause = Math.min(pause * 2, LONGEST_PAUSE_MS);
  }
}
