/*
 * The Redis connection behind the shared budgets: @redis/client itself (not a replacement of it),
 * held to budgets' needs: a connection attempt and a reply are waited for at most 500 ms and
 * 250 ms, after which the request is counted in memory (a node never waits on a sick Redis), and
 * the link probes its way back. @redis/client's own reconnection and offline queue would hold
 * requests for as long as Redis is down.
 */
import { createClient } from '@redis/client';
import { WINDOW_MS, type WindowThen } from '../budgets/windows.js';
import type { Logger } from '../logger.js';
import { isNoScript, type LuaScript } from './lua-script.js';
import { WINDOW_SCRIPT, windowCall } from './window-script.js';

/** Giving up on a connection attempt after this: start-up and recovery stay quick. */
const CONNECT_TIMEOUT_MS = 500;
/** A reply later than this is not waited for: the request is counted in memory instead. */
const REPLY_TIMEOUT_MS = 250;
/** How often pending replies are checked against that deadline. */
const WATCH_MS = 50;
/** While Redis is down, how often it is asked again (once it is connected). */
const PROBE_MS = 500;
const MAX_RECONNECT_DELAY_MS = 1_000;

interface RedisLinkOptions {
  url: string;
  logger: Logger;
  /** The key the health probe counts on (a window key of its own, expiring like the others). */
  probeKey: string;
}

/** One request waiting for Redis' answer. */
interface Call {
  settled: boolean;
  /** The watch tick it was sent at. */
  tick: number;
  answer: (reply: unknown) => void;
  otherwise: () => void;
}

const settledCall = () => {};

/**
 * Marks `call` settled and lets go of its callbacks: a settled call stays in the watch's list
 * until the next tick (up to WATCH_MS), and its callbacks hold the requests that waited on it,
 * which would otherwise outlive two collections of the young generation and be copied each time.
 */
function settle(call: Call): Pick<Call, 'answer' | 'otherwise'> {
  const { answer, otherwise } = call;
  call.settled = true;
  call.answer = settledCall;
  call.otherwise = settledCall;
  return { answer, otherwise };
}

function openClient(url: string) {
  return createClient({
    url,
    RESP: 2,
    // A request never waits for a connection: while there is none it is counted in memory.
    disableOfflineQueue: true,
    // node-redis' own per-command timeout arms an AbortSignal per command, costing more than the
    // call itself (docs/performance.md, "Redis command timeouts"); the watch below does it in bulk.
    commandOptions: { timeout: 0 },
    socket: {
      connectTimeout: CONNECT_TIMEOUT_MS,
      reconnectStrategy: (retries: number) => Math.min(50 * 2 ** retries, MAX_RECONNECT_DELAY_MS),
    },
  });
}
type Client = ReturnType<typeof openClient>;

/**
 * The node's connection to Redis, and whether shared budgets can be counted on it right now.
 *
 * Redis is "up" from a successful call until anything goes wrong: a connection error, an error
 * reply, or no reply within REPLY_TIMEOUT_MS (a stalled Redis). Then it is "down": callers count
 * in memory without trying Redis, node-redis reconnects in the background, and a probe (the
 * window script on `probeKey`) brings it back up once it answers again. Each change is logged
 * once: a warning when it goes, a line when it is back.
 */
export class RedisLink {
  private readonly client: Client;
  private readonly logger: Logger;
  private readonly probeKey: string;
  private up = false;
  private everUp = false;
  /** A "Redis unreachable" line has been written and no "back" line since. */
  private downLogged = false;
  private closed = false;
  private tick = 0;
  private calls: Call[] = [];
  /** Calls before this index are settled and may be forgotten. */
  private head = 0;
  /** The tick the probe in flight was sent at, or -1 when none is. */
  private readonly upListeners: (() => void)[] = [];
  private probeTick = -1;
  private readonly watch: NodeJS.Timeout;
  private readonly settledListeners: (() => void)[] = [];

  constructor(options: RedisLinkOptions) {
    this.logger = options.logger;
    this.probeKey = options.probeKey;
    this.client = openClient(options.url);
    // Without an 'error' listener an EventEmitter throws: Redis going away must never crash us.
    this.client.on('error', (error: unknown) => this.goDown(error));
    this.client.on('end', () => this.goDown(new Error('connection closed')));
    this.client.on('ready', () => this.probe());
    // connect() keeps retrying until it succeeds or close() ends it; the events above say how
    // it goes, so its outcome itself is of no interest.
    this.client.connect().catch(() => undefined);
    this.watch = setInterval(() => this.onWatch(), WATCH_MS);
    this.watch.unref();
  }

  /** Whether shared budgets can be counted right now; when false, count in memory. */
  isUp(): boolean {
    return this.up;
  }

  /**
   * Calls `listener` each time Redis answers again after being away: a restarted Redis holds
   * nothing, so what the nodes keep in it (their open streams) is written back at once.
   */
  onUp(listener: () => void): void {
    this.upListeners.push(listener);
  }

  /**
   * Resolves once the link knows where it stands: Redis answered, or it is logged as
   * unreachable, or `timeoutMs` passed (then it is logged as unreachable).
   */
  settled(timeoutMs = CONNECT_TIMEOUT_MS + REPLY_TIMEOUT_MS): Promise<void> {
    if (this.up || this.downLogged) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.goDown(new Error(`no answer within ${timeoutMs} ms`));
        resolve();
      }, timeoutMs);
      this.settledListeners.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  /**
   * Counts `requests` requests in the window named `redisKey`, calling `then` with Redis' answer (the count
   * after them), or `otherwise` (exactly one of them, once) when Redis fails or is too slow.
   */
  count(redisKey: string, requests: number, then: WindowThen, otherwise: () => void): void {
    const [keys, args] = windowCall(redisKey, requests);
    this.script(
      WINDOW_SCRIPT,
      keys,
      args,
      (reply) => {
        const [count, leftMs] = reply as readonly number[];
        then(count ?? 0, leftMs ?? WINDOW_MS);
      },
      otherwise,
    );
  }

  /**
   * Runs `script` under the same deadline as every call: `then` gets Redis' reply, or `otherwise`
   * runs (exactly one of them, once) when Redis fails or is too slow.
   */
  script(
    script: LuaScript,
    keys: readonly string[],
    args: readonly string[],
    then: (reply: unknown) => void,
    otherwise: () => void,
  ): void {
    const call: Call = { settled: false, tick: this.tick, answer: then, otherwise };
    this.calls.push(call);
    this.sendScript(call, script, keys, args, false);
  }

  /** Sends one plain command under the same deadline (`then` or `otherwise`, once). */
  command(command: string[], then: (reply: unknown) => void, otherwise: () => void): void {
    const call: Call = { settled: false, tick: this.tick, answer: then, otherwise };
    this.calls.push(call);
    try {
      this.client.sendCommand(command).then(
        (reply) => this.answered(call, reply),
        (error: unknown) => this.failed(call, error),
      );
    } catch (error) {
      this.failed(call, error);
    }
  }

  /** Sends the script as EVALSHA, or (`asEval`, after a NOSCRIPT) once more as EVAL. */
  private sendScript(
    call: Call,
    script: LuaScript,
    keys: readonly string[],
    args: readonly string[],
    asEval: boolean,
  ): void {
    try {
      const command = asEval ? script.eval(keys, args) : script.evalsha(keys, args);
      this.client.sendCommand(command).then(
        (reply) => this.answered(call, reply),
        (error: unknown) => {
          if (!asEval && isNoScript(error)) this.sendScript(call, script, keys, args, true);
          else this.failed(call, error);
        },
      );
    } catch (error) {
      this.failed(call, error);
    }
  }

  /**
   * Stops reconnecting and drops the connection. Commands already sent get up to
   * REPLY_TIMEOUT_MS to be answered (at shutdown, the event streams give their slots back just
   * before: those must reach Redis); then waiting calls go to their `otherwise`.
   */
  async close(): Promise<void> {
    if (this.closed) return;
    const wasUp = this.up;
    this.closed = true;
    this.up = false;
    clearInterval(this.watch);
    if (wasUp && this.client.isReady) {
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, REPLY_TIMEOUT_MS);
      });
      await Promise.race([this.client.close().catch(() => undefined), late]);
      clearTimeout(timer);
    }
    this.giveUpWaiting();
    // Already closed by close() above, or never open: nothing left to drop.
    if (this.client.isOpen) this.client.destroy();
  }

  private answered(call: Call, reply: unknown): void {
    if (call.settled) return;
    settle(call).answer(reply);
  }

  private failed(call: Call, error: unknown): void {
    if (call.settled) return;
    settle(call).otherwise();
    this.goDown(error);
  }

  private onWatch(): void {
    this.tick += 1;
    const calls = this.calls;
    while (this.head < calls.length && calls[this.head]?.settled) this.head += 1;
    const oldest = calls[this.head];
    if (oldest && (this.tick - oldest.tick) * WATCH_MS > REPLY_TIMEOUT_MS) {
      this.giveUpWaiting();
      this.goDown(new Error(`no reply within ${REPLY_TIMEOUT_MS} ms`));
    } else if (this.head > 0) {
      this.calls = calls.slice(this.head);
      this.head = 0;
    }
    if (this.probeTick >= 0 && (this.tick - this.probeTick) * WATCH_MS > REPLY_TIMEOUT_MS) {
      this.probeTick = -1;
    }
    if (!this.up && this.tick % (PROBE_MS / WATCH_MS) === 0) this.probe();
  }

  /** Every waiting call goes to its `otherwise`; a reply arriving later is ignored. */
  private giveUpWaiting(): void {
    const calls = this.calls;
    this.calls = [];
    for (let i = this.head; i < calls.length; i++) {
      const call = calls[i];
      if (call && !call.settled) settle(call).otherwise();
    }
    this.head = 0;
  }

  /** Asks Redis, off the request path, whether it counts again; up when it does. */
  private probe(): void {
    if (this.closed || this.up || this.probeTick >= 0 || !this.client.isReady) return;
    const sentAt = this.tick;
    this.probeTick = sentAt;
    const settle = (ok: boolean, error?: unknown) => {
      if (this.probeTick !== sentAt) return; // timed out meanwhile: a later probe decides
      this.probeTick = -1;
      if (ok) this.goUp();
      else this.goDown(error);
    };
    try {
      // EVAL, not EVALSHA: it also stores the script, so requests find it once Redis is up.
      this.client.sendCommand(WINDOW_SCRIPT.eval(...windowCall(this.probeKey, 1))).then(
        () => settle(true),
        (error: unknown) => settle(false, error),
      );
    } catch (error) {
      settle(false, error);
    }
  }

  private goUp(): void {
    if (this.up || this.closed) return;
    this.up = true;
    if (this.downLogged) {
      this.logger.info('Redis is back: rate-limit budgets are shared by every node again');
    } else if (!this.everUp) {
      this.logger.info('Redis connected: rate-limit budgets are shared by every node');
    }
    this.downLogged = false;
    this.everUp = true;
    this.notifySettled();
    for (const listener of this.upListeners) listener();
  }

  private goDown(error: unknown): void {
    if (this.closed) return;
    this.up = false;
    if (this.downLogged) return;
    this.downLogged = true;
    this.logger.warn(
      { err: error },
      'Redis unreachable: each node counts rate-limit budgets on its own until it is back',
    );
    this.notifySettled();
  }

  private notifySettled(): void {
    for (const listener of this.settledListeners.splice(0)) listener();
  }
}
