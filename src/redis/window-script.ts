import { defineScript } from '@redis/client';

/*
 * One fixed window in one atomic step: count the request, and start the window's minute when it
 * is the first. The minute runs on Redis' own clock (the key's expiry), so the nodes' clocks
 * play no part. The reply is [count, milliseconds left]. The client sends it as EVALSHA and
 * falls back to EVAL when Redis does not know it (NOSCRIPT, after a restart).
 */
const SCRIPT = `
local count = redis.call('INCR', KEYS[1])
local left = redis.call('PTTL', KEYS[1])
if left < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  left = tonumber(ARGV[1])
end
return {count, left}
`;

export const WINDOW_SCRIPT = defineScript({
  NUMBER_OF_KEYS: 1,
  SCRIPT,
  parseCommand(parser, key: string, windowMs: number) {
    parser.pushKey(key);
    parser.push(String(windowMs));
  },
  // No transformation at run time (the two integers arrive as numbers); this only types them.
  transformReply: undefined as unknown as () => number[],
});
