import { randomBytes } from 'node:crypto';
import type {
  MemoryStreamSlots,
  SlotOwner,
  StreamSlot,
  StreamSlots,
} from '../budgets/stream-slots.js';
import type { RedisLink } from './link.js';
import { LuaScript } from './lua-script.js';

/*
 * Open event streams per key, counted in Redis for every node: one sorted set per key whose
 * members are the streams (`<node>:<n>`), each scored with the instant it expires. A node renews
 * its streams every RENEW_MS, and at once when Redis answers again (a restarted Redis holds
 * none, and without it twice the cap could be held); a node that dies without closing
 * them stops renewing, and its streams stop counting TTL_MS later at most. The instants are
 * Redis' own clock (TIME), so the nodes' clocks play no part.
 */

const TTL_MS = 30_000;
const RENEW_MS = 10_000;

/** Takes a slot when fewer than ARGV[2] unexpired streams hold one: 1 taken, 0 full. */
const TAKE = new LuaScript(`
redis.replicate_commands()
local t = redis.call('TIME')
local now = t[1] * 1000 + math.floor(t[2] / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[2]) then return 0 end
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[3]), ARGV[1])
redis.call('PEXPIRE', KEYS[1], ARGV[3])
return 1
`);

/** Pushes back the expiry of the members ARGV[2…] (adding any Redis lost while it was away). */
const RENEW = new LuaScript(`
redis.replicate_commands()
local t = redis.call('TIME')
local until_ms = t[1] * 1000 + math.floor(t[2] / 1000) + tonumber(ARGV[1])
for i = 2, #ARGV do redis.call('ZADD', KEYS[1], until_ms, ARGV[i]) end
redis.call('PEXPIRE', KEYS[1], ARGV[1])
return 1
`);

/**
 * Slots shared by every node while Redis answers. While it does not (or a call fails or is
 * late), this node decides alone from its own count, as the rate limits do: the per-key limit
 * then holds per node. Every stream is also counted in `local` whichever way it was admitted.
 */
export class RedisStreamSlots implements StreamSlots {
  private readonly node = randomBytes(6).toString('base64url');
  private next = 0;
  /** This node's streams in Redis, by key id: renewed together, one call per key. */
  private readonly members = new Map<SlotOwner, Set<string>>();
  /**
   * Streams that ended while Redis was away, by key id. A slot asked of a stalled Redis may still
   * be written there when it wakes (the request sat in its socket), after this node gave up on
   * it and decided alone: removed once Redis answers again, it does not count for TTL_MS.
   */
  private readonly ended = new Map<SlotOwner, Set<string>>();
  /**
   * The held streams Redis may hold: asked for there, or written by a renewal. Only these are
   * removed there when they end; one admitted and ended while Redis was away costs nothing, so
   * `ended` holds at most the streams open when Redis went, however many come and go after.
   */
  private readonly written = new Set<string>();
  private readonly renewal: NodeJS.Timeout;

  constructor(
    private readonly link: RedisLink,
    /** The deployment's prefix, e.g. `housecup:`. */
    private readonly prefix: string,
    private readonly local: MemoryStreamSlots,
  ) {
    this.renewal = setInterval(() => this.renew(), RENEW_MS);
    this.renewal.unref();
    // A Redis that restarted has forgotten every stream: rebuild the counts before new ones
    // are admitted against them, not RENEW_MS later.
    link.onUp(() => this.renew());
  }

  take(keyId: SlotOwner, limit: number, then: (slot: StreamSlot | null) => void): void {
    const member = `${this.node}:${++this.next}`;
    // Admitted by this node alone, the stream still gets its member: once Redis is back it is
    // written there, so the key's count covers it on every node.
    const alone = (asked: boolean) =>
      then(this.local.count(keyId) < limit ? this.hold(keyId, member, asked) : null);
    if (!this.link.isUp()) {
      alone(false);
      return;
    }
    this.link.script(
      TAKE,
      [this.redisKeyOf(keyId)],
      [member, String(limit), String(TTL_MS)],
      (reply) => then(reply === 1 ? this.hold(keyId, member, true) : null),
      // Given up on, the call may still reach a stalled Redis when it wakes.
      () => alone(true),
    );
  }

  stop(): void {
    clearInterval(this.renewal);
  }

  // The key's numeric id names its set: never the key itself, which must not reach Redis.
  private redisKeyOf(keyId: SlotOwner): string {
    return `${this.prefix}streams:${keyId}`;
  }

  private hold(keyId: SlotOwner, member: string, asked: boolean): StreamSlot {
    const counted = this.local.hold(keyId);
    if (asked) this.written.add(member);
    let ofKey = this.members.get(keyId);
    if (!ofKey) {
      ofKey = new Set();
      this.members.set(keyId, ofKey);
    }
    ofKey.add(member);
    return {
      release: () => {
        if (!ofKey.delete(member)) return;
        if (ofKey.size === 0) this.members.delete(keyId);
        counted.release();
        if (!this.written.delete(member)) return;
        if (this.link.isUp()) {
          this.link.command(['ZREM', this.redisKeyOf(keyId), member], noop, noop);
        } else {
          let endedOfKey = this.ended.get(keyId);
          if (!endedOfKey) {
            endedOfKey = new Set();
            this.ended.set(keyId, endedOfKey);
          }
          endedOfKey.add(member);
        }
      },
    };
  }

  private renew(): void {
    if (!this.link.isUp()) return;
    for (const [keyId, members] of this.ended) {
      this.link.command(['ZREM', this.redisKeyOf(keyId), ...members], noop, noop);
    }
    this.ended.clear();
    for (const [keyId, members] of this.members) {
      for (const member of members) this.written.add(member);
      this.link.script(RENEW, [this.redisKeyOf(keyId)], [String(TTL_MS), ...members], noop, noop);
    }
  }
}

const noop = () => {};
