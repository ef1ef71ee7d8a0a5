import { WINDOW_MS } from '../budgets/windows.js';
import { LuaScript } from './lua-script.js';

/*
 * One fixed window in one atomic step: count the requests (ARGV[2] of them), and start the
 * window's minute when they are the first. The minute runs on Redis' own clock (the key's
 * expiry), so the nodes' clocks play no part. The reply is [count, milliseconds left].
 */
export const WINDOW_SCRIPT = new LuaScript(`
local count = redis.call('INCRBY', KEYS[1], ARGV[2])
local left = redis.call('PTTL', KEYS[1])
if left < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  left = tonumber(ARGV[1])
end
return {count, left}
`);
const WINDOW = String(WINDOW_MS);

/** The script's arguments for counting `requests` on `redisKey`. */
export function windowCall(redisKey: string, requests: number): [string[], string[]] {
  return [[redisKey], [WINDOW, String(requests)]];
}
