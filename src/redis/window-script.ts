import { createHash } from 'node:crypto';
import { WINDOW_MS } from '../budgets/windows.js';

/*
 * One fixed window in one atomic step: count the requests (ARGV[2] of them), and start the
 * window's minute when they are the first. The minute runs on Redis' own clock (the key's
 * expiry), so the nodes' clocks play no part. The reply is [count, milliseconds left].
 */
const SCRIPT = `
local count = redis.call('INCRBY', KEYS[1], ARGV[2])
local left = redis.call('PTTL', KEYS[1])
if left < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  left = tonumber(ARGV[1])
end
return {count, left}
`;
const SHA1 = createHash('sha1').update(SCRIPT).digest('hex');
const WINDOW = String(WINDOW_MS);

/*
 * Sent as raw commands rather than through node-redis' defineScript, whose script commands wrap
 * each call in two more async functions and a command parser. NOSCRIPT handling (a Redis
 * restarted or flushed) is the caller's: it resends with `evalWindow`, which also stores the
 * script in Redis again.
 */

/** EVALSHA of the script counting `requests` on `key`: the call of every batch of requests. */
export function evalshaWindow(key: string, requests: number): string[] {
  return ['EVALSHA', SHA1, '1', key, WINDOW, String(requests)];
}

/** EVAL of the script: the first call after Redis lost its scripts, and the probe. */
export function evalWindow(key: string, requests: number): string[] {
  return ['EVAL', SCRIPT, '1', key, WINDOW, String(requests)];
}

/** Whether `error` is Redis saying it does not know the script (it restarted, or was flushed). */
export function isNoScript(error: unknown): boolean {
  return error instanceof Error && error.message.startsWith('NOSCRIPT');
}
