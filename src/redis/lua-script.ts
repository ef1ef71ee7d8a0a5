import { createHash } from 'node:crypto';

/*
 * A Lua script sent as raw commands rather than through node-redis' defineScript, whose script
 * commands wrap each call in two more async functions and a command parser. NOSCRIPT handling (a
 * Redis restarted or flushed) is RedisLink's: it resends with EVAL, which also stores the script
 * in Redis again.
 */
export class LuaScript {
  readonly sha1: string;

  constructor(readonly source: string) {
    this.sha1 = createHash('sha1').update(source).digest('hex');
  }

  /** EVALSHA: the call of every use. */
  evalsha(keys: readonly string[], args: readonly string[]): string[] {
    return ['EVALSHA', this.sha1, String(keys.length), ...keys, ...args];
  }

  /** EVAL: the first call after Redis lost its scripts, and the probe. */
  eval(keys: readonly string[], args: readonly string[]): string[] {
    return ['EVAL', this.source, String(keys.length), ...keys, ...args];
  }
}

/** Whether `error` is Redis saying it does not know the script (it restarted, or was flushed). */
export function isNoScript(error: unknown): boolean {
  return error instanceof Error && error.message.startsWith('NOSCRIPT');
}
