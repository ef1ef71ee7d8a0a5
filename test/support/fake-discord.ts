/*
 * A fake Discord for end-to-end tests: REST under /api/v10 and the gateway WebSocket on one
 * 127.0.0.1 port, enough for the real discord.js Client to log in, receive interactions and
 * answer them. It records every request, so tests assert on what the bot actually sent.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { WebSocket, WebSocketServer } from 'ws';

export const FAKE_TOKEN = 'fake-bot-token.for-tests.only';
export const APP_ID = '900000000000000001';
export const BOT_USER_ID = '900000000000000002';

export interface FakeDiscordOptions {
  /** The only token the gateway accepts; any other IDENTIFY is closed with 4004. */
  token?: string;
  /** Guilds the bot is in: announced in READY, then one GUILD_CREATE each. */
  guilds?: readonly string[];
  /** Answer REST calls with a wrong `Authorization: Bot <token>` by 401, as Discord does. */
  checkRestToken?: boolean;
}

export interface RecordedRequest {
  method: string;
  /** Below /api/v10, percent-decoded: `/webhooks/1/tok/messages/@original`. */
  path: string;
  query: URLSearchParams;
  authorization: string | undefined;
  body: unknown;
}

export interface InteractionCallback {
  interactionId: string;
  token: string;
  /** 4 reply, 5 deferred reply, 6 deferred update, 7 update. */
  type: number;
  data: MessageData;
  /** ms from INTERACTION_CREATE sent to this callback received. */
  roundTripMs: number;
}

export interface EmbedData {
  title?: string;
  description?: string;
  color?: number;
  footer?: { text: string };
  fields?: { name: string; value: string; inline?: boolean }[];
}

export interface ButtonData {
  type: number;
  custom_id: string;
  disabled?: boolean;
  emoji?: { name: string };
}

export interface MessageData {
  content?: string;
  embeds?: EmbedData[];
  components?: { type: number; components: ButtonData[] }[];
  flags?: number;
}

export interface UserData {
  id: string;
  username: string;
  global_name?: string | null;
}

export interface CommandOption {
  name: string;
  type: number;
  value?: string | number | boolean;
  options?: CommandOption[];
}

export interface InteractionOptions {
  /** null sends the interaction from a DM. */
  guildId: string | null;
  user: UserData;
  /** Member permissions bit set, as a decimal string; all permissions by default. */
  permissions?: string;
}

/** One IDENTIFY or RESUME the gateway answered, in arrival order. */
export interface Handshake {
  kind: 'identify' | 'resume';
  /**
   * `ready`: IDENTIFY answered with READY; `resumed`: RESUME answered with RESUMED (after any
   * missed events); `invalid`: RESUME of an unknown session, answered with op 9 (d: false);
   * `rejected`: a wrong token, closed with 4004.
   */
  outcome: 'ready' | 'resumed' | 'invalid' | 'rejected';
  /** Which gateway connection (1 = the first) it came on. */
  connection: number;
  sessionId: string | null;
  /** Events re-sent on RESUME because the client's `seq` had not reached them. */
  replayed: number;
}

/** How the fake answers the next interaction callback(s) instead of accepting them. */
export interface CallbackFault {
  status: 500 | 429;
  /** For 429: seconds, in the body's `retry_after` and the `retry-after` header. */
  retryAfter?: number;
  /** For 429: Discord's global limit, announced by the `x-ratelimit-global` header. */
  global?: boolean;
}

type Json = Record<string, unknown>;

/**
 * A gateway session: what READY named, every event dispatched in it (so a RESUME can replay
 * what the client missed), and the connection currently carrying it, if any.
 */
interface Session {
  id: string;
  events: { s: number; frame: string }[];
  socket: WebSocket | null;
}

interface PendingCallback {
  sentAt: number;
  resolve(callback: InteractionCallback): void;
}

export class FakeDiscord {
  readonly requests: RecordedRequest[] = [];
  /** Every callback received, in order. */
  readonly callbacks: InteractionCallback[] = [];
  /** How many gateway connections were opened, and IDENTIFY / RESUME payloads received. */
  connections = 0;
  identifies = 0;
  resumes = 0;
  /** Every IDENTIFY and RESUME with how it was answered, in order. */
  readonly handshakes: Handshake[] = [];
  /** Callbacks answered with an injected fault instead of being accepted. */
  readonly failedCallbacks: (RecordedRequest & { status: number })[] = [];

  private readonly sockets = new Set<WebSocket>();
  private readonly sessions = new Map<string, Session>();
  /** The session the latest READY opened: where interactions are dispatched. */
  private current: Session | null = null;
  private readonly handshakeWaiters: { index: number; resolve(h: Handshake): void }[] = [];
  private readonly callbackFaults: CallbackFault[] = [];
  private readonly pending = new Map<string, PendingCallback>();
  /** The message each interaction token's `@original` stands for. */
  private readonly originals = new Map<string, Json>();
  private readonly waiters: {
    test(r: RecordedRequest): boolean;
    resolve(r: RecordedRequest): void;
  }[] = [];
  private nextId = 1_000_000_000_000_000n;

  private constructor(
    private readonly server: Server,
    private readonly wss: WebSocketServer,
    readonly port: number,
    private readonly options: Required<FakeDiscordOptions>,
  ) {}

  static async start(options: FakeDiscordOptions = {}): Promise<FakeDiscord> {
    const server = createServer();
    const wss = new WebSocketServer({ server });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const fake = new FakeDiscord(server, wss, port, {
      token: options.token ?? FAKE_TOKEN,
      guilds: options.guilds ?? [],
      checkRestToken: options.checkRestToken ?? false,
    });
    server.on('request', (req, res) => void fake.onRequest(req, res));
    wss.on('connection', (socket) => fake.onConnection(socket));
    return fake;
  }

  /** What discord.js takes as `rest.api` (it appends `/v10`). */
  get restUrl(): string {
    return `http://127.0.0.1:${this.port}/api`;
  }

  channelOf(guildId: string): string {
    return (BigInt(guildId) + 1_000n).toString();
  }

  // ---------- REST ----------

  private async onRequest(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const receivedAt = performance.now();
    const url = new URL(req.url ?? '/', `http://127.0.0.1:${this.port}`);
    const raw = await readBody(req);
    const record: RecordedRequest = {
      method: req.method ?? 'GET',
      path: decodeURIComponent(url.pathname.replace(/^\/api\/v10/, '')),
      query: url.searchParams,
      authorization: req.headers.authorization,
      body: parseBody(raw, req.headers['content-type']),
    };
    this.requests.push(record);
    for (const waiter of [...this.waiters]) {
      if (waiter.test(record)) {
        this.waiters.splice(this.waiters.indexOf(waiter), 1);
        waiter.resolve(record);
      }
    }
    const reply = (status: number, body?: unknown, headers: Record<string, string> = {}) => {
      if (body === undefined) {
        res.writeHead(status, headers).end();
        return;
      }
      res
        .writeHead(status, { ...headers, 'content-type': 'application/json' })
        .end(JSON.stringify(body));
    };

    if (!url.pathname.startsWith('/api/v10/'))
      return reply(404, { message: '404: Not Found', code: 0 });
    const parts = record.path.split('/').filter(Boolean);
    const bot = record.authorization === `Bot ${this.options.token}`;
    const route = `${record.method} ${record.path}`;

    // Interaction callbacks and webhooks authenticate by their token, not the bot's.
    if (parts[0] === 'interactions' && parts[3] === 'callback' && record.method === 'POST') {
      return this.onCallback(parts[1] ?? '', parts[2] ?? '', record, receivedAt, reply);
    }
    if (parts[0] === 'webhooks') return this.onWebhook(parts, record, reply);
    if (this.options.checkRestToken && !bot)
      return reply(401, { message: '401: Unauthorized', code: 0 });

    if (route === 'GET /gateway/bot') {
      return reply(200, {
        url: `ws://127.0.0.1:${this.port}`,
        shards: 1,
        session_start_limit: { total: 1000, remaining: 999, reset_after: 0, max_concurrency: 1 },
      });
    }
    if (record.method === 'GET' && record.path === '/applications/@me') {
      return reply(200, { id: APP_ID, name: 'housecup', flags: 0, bot_public: true });
    }
    if (
      record.method === 'PUT' &&
      parts[0] === 'applications' &&
      (parts.length === 3 || parts.length === 5) &&
      parts.at(-1) === 'commands'
    ) {
      const body = Array.isArray(record.body) ? (record.body as Json[]) : [];
      return reply(
        200,
        body.map((command) => ({
          id: this.snowflake(),
          application_id: parts[1],
          version: this.snowflake(),
          ...(parts.length === 5 ? { guild_id: parts[3] } : {}),
          ...command,
        })),
      );
    }
    reply(404, { message: `404: Not Found (${route})`, code: 0 });
  }

  private onCallback(
    interactionId: string,
    token: string,
    record: RecordedRequest,
    receivedAt: number,
    reply: (status: number, body?: unknown, headers?: Record<string, string>) => void,
  ) {
    const fault = this.callbackFaults.shift();
    if (fault) {
      // Refused: the interaction stays unanswered, and its round trip is still pending.
      this.failedCallbacks.push({ ...record, status: fault.status });
      if (fault.status === 500)
        return reply(500, { message: '500: Internal Server Error', code: 0 });
      const retryAfter = fault.retryAfter ?? 0.1;
      // Discord sends x-ratelimit-global only for the global limit (its docs: "returned only
      // … if the rate limit encountered is the global rate limit"); @discordjs/rest tests
      // the header's presence, so a `false` value would wrongly read as global.
      return reply(
        429,
        { message: 'You are being rate limited.', retry_after: retryAfter, global: !!fault.global },
        {
          'retry-after': String(retryAfter),
          'x-ratelimit-scope': fault.global ? 'global' : 'user',
          ...(fault.global ? { 'x-ratelimit-global': 'true' } : {}),
        },
      );
    }
    const body = (record.body ?? {}) as { type?: number; data?: MessageData };
    const type = body.type ?? 0;
    const data = body.data ?? {};
    const pending = this.pending.get(interactionId);
    const callback: InteractionCallback = {
      interactionId,
      token,
      type,
      data,
      roundTripMs: pending ? receivedAt - pending.sentAt : Number.NaN,
    };
    this.callbacks.push(callback);
    if (pending) {
      this.pending.delete(interactionId);
      pending.resolve(callback);
    }
    if (type === 4 || type === 5) this.originals.set(token, this.message(data));
    const message = this.originals.get(token);
    if (record.query.get('with_response') === 'true') {
      return reply(200, {
        interaction: { id: interactionId, type: 2, response_message_id: message?.id },
        resource: { type, message },
      });
    }
    reply(204);
  }

  private onWebhook(
    parts: string[],
    record: RecordedRequest,
    reply: (status: number, body?: unknown) => void,
  ) {
    const token = parts[2] ?? '';
    const data = (record.body ?? {}) as MessageData;
    if (parts[3] === 'messages' && parts[4] === '@original') {
      const original = this.originals.get(token) ?? this.message({});
      if (record.method === 'DELETE') {
        this.originals.delete(token);
        return reply(204);
      }
      if (record.method === 'PATCH') Object.assign(original, data, { edited_timestamp: now() });
      this.originals.set(token, original);
      return reply(200, original);
    }
    if (record.method === 'POST' && parts.length === 3) return reply(200, this.message(data));
    reply(404, { message: '404: Unknown Webhook', code: 10015 });
  }

  /** A full message object, as Discord answers webhook calls with. */
  message(data: MessageData, guildId?: string): Json {
    return {
      id: this.snowflake(),
      type: 20,
      channel_id: guildId ? this.channelOf(guildId) : '1',
      ...(guildId ? { guild_id: guildId } : {}),
      author: botUser(),
      content: '',
      timestamp: now(),
      edited_timestamp: null,
      tts: false,
      mention_everyone: false,
      mentions: [],
      mention_roles: [],
      attachments: [],
      embeds: [],
      components: [],
      pinned: false,
      flags: 0,
      application_id: APP_ID,
      webhook_id: APP_ID,
      ...data,
    };
  }

  /** Resolves with the first request, already received or still to come, that passes `test`. */
  waitForRequest(test: (request: RecordedRequest) => boolean): Promise<RecordedRequest> {
    const seen = this.requests.find(test);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve) => this.waiters.push({ test, resolve }));
  }

  // ---------- Gateway ----------

  private onConnection(socket: WebSocket): void {
    this.connections += 1;
    const connection = this.connections;
    this.sockets.add(socket);
    socket.on('close', () => {
      this.sockets.delete(socket);
      for (const session of this.sessions.values()) {
        if (session.socket === socket) session.socket = null;
      }
    });
    socket.on('message', (raw) => this.onFrame(socket, connection, raw.toString()));
    socket.send(JSON.stringify({ op: 10, d: { heartbeat_interval: 45_000 }, s: null, t: null }));
  }

  private onFrame(socket: WebSocket, connection: number, raw: string): void {
    const frame = JSON.parse(raw) as { op: number; d: Json | null };
    if (frame.op === 1) {
      socket.send(JSON.stringify({ op: 11, d: null, s: null, t: null }));
      return;
    }
    if (frame.op === 2) this.onIdentify(socket, connection, frame.d ?? {});
    if (frame.op === 6) this.onResume(socket, connection, frame.d ?? {});
  }

  private onIdentify(socket: WebSocket, connection: number, d: Json): void {
    this.identifies += 1;
    if (d.token !== this.options.token) {
      socket.close(4004, 'Authentication failed.');
      this.recordHandshake({ kind: 'identify', outcome: 'rejected', connection, sessionId: null });
      return;
    }
    const session: Session = { id: `fake-session-${this.identifies}`, events: [], socket };
    this.sessions.set(session.id, session);
    this.current = session;
    this.dispatchIn(session, 'READY', {
      v: 10,
      user: botUser(),
      guilds: this.options.guilds.map((id) => ({ id, unavailable: true })),
      session_id: session.id,
      resume_gateway_url: `ws://127.0.0.1:${this.port}`,
      shard: [0, 1],
      application: { id: APP_ID, flags: 0 },
    });
    for (const id of this.options.guilds) this.dispatchIn(session, 'GUILD_CREATE', this.guild(id));
    this.recordHandshake({ kind: 'identify', outcome: 'ready', connection, sessionId: session.id });
  }

  /** RESUME {token, session_id, seq}: replay what the client missed, then RESUMED. */
  private onResume(socket: WebSocket, connection: number, d: Json): void {
    this.resumes += 1;
    const sessionId = typeof d.session_id === 'string' ? d.session_id : null;
    if (d.token !== this.options.token) {
      socket.close(4004, 'Authentication failed.');
      this.recordHandshake({ kind: 'resume', outcome: 'rejected', connection, sessionId });
      return;
    }
    const session = sessionId === null ? undefined : this.sessions.get(sessionId);
    if (!session) {
      // As Discord: "not resumable", so the client must IDENTIFY afresh.
      socket.send(JSON.stringify({ op: 9, d: false, s: null, t: null }));
      this.recordHandshake({ kind: 'resume', outcome: 'invalid', connection, sessionId });
      return;
    }
    session.socket = socket;
    const seq = typeof d.seq === 'number' ? d.seq : 0;
    const missed = session.events.filter((event) => event.s > seq);
    for (const event of missed) socket.send(event.frame);
    this.dispatchIn(session, 'RESUMED', null);
    this.recordHandshake({
      kind: 'resume',
      outcome: 'resumed',
      connection,
      sessionId,
      replayed: missed.length,
    });
  }

  private recordHandshake(handshake: Omit<Handshake, 'replayed'> & { replayed?: number }): void {
    const recorded: Handshake = { replayed: 0, ...handshake };
    this.handshakes.push(recorded);
    const index = this.handshakes.length - 1;
    for (const waiter of [...this.handshakeWaiters]) {
      if (waiter.index === index) {
        this.handshakeWaiters.splice(this.handshakeWaiters.indexOf(waiter), 1);
        waiter.resolve(recorded);
      }
    }
  }

  /**
   * Resolves with handshake number `index` (0-based, in arrival order) once it has been
   * answered: `waitForHandshake(fake.handshakes.length)` waits for the next one.
   */
  waitForHandshake(index: number): Promise<Handshake> {
    const seen = this.handshakes[index];
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve) => this.handshakeWaiters.push({ index, resolve }));
  }

  /**
   * Numbers the event in its session and sends it if the session has a live connection;
   * otherwise (or if that connection is dying) the event waits in the session for a RESUME.
   */
  private dispatchIn(session: Session, event: string, d: unknown): void {
    const s = session.events.length + 1;
    const frame = JSON.stringify({ op: 0, t: event, s, d });
    session.events.push({ s, frame });
    if (session.socket?.readyState === WebSocket.OPEN) session.socket.send(frame);
  }

  private guild(id: string): Json {
    return {
      id,
      name: `Guild ${id}`,
      icon: null,
      splash: null,
      discovery_splash: null,
      banner: null,
      description: null,
      owner_id: '1',
      afk_channel_id: null,
      afk_timeout: 300,
      verification_level: 0,
      default_message_notifications: 0,
      explicit_content_filter: 0,
      mfa_level: 0,
      nsfw_level: 0,
      premium_tier: 0,
      premium_progress_bar_enabled: false,
      preferred_locale: 'en-US',
      system_channel_id: null,
      system_channel_flags: 0,
      rules_channel_id: null,
      public_updates_channel_id: null,
      safety_alerts_channel_id: null,
      vanity_url_code: null,
      application_id: null,
      features: [],
      roles: [
        {
          id,
          name: '@everyone',
          permissions: '0',
          position: 0,
          color: 0,
          hoist: false,
          managed: false,
          mentionable: false,
          flags: 0,
        },
      ],
      emojis: [],
      stickers: [],
      joined_at: now(),
      large: false,
      unavailable: false,
      member_count: 1,
      members: [],
      voice_states: [],
      presences: [],
      threads: [],
      stage_instances: [],
      guild_scheduled_events: [],
      soundboard_sounds: [],
      channels: [
        {
          id: this.channelOf(id),
          type: 0,
          guild_id: id,
          name: 'general',
          position: 0,
          permission_overwrites: [],
          nsfw: false,
          parent_id: null,
          topic: null,
          last_message_id: null,
          rate_limit_per_user: 0,
        },
      ],
    };
  }

  // ---------- Interactions ----------

  /** An APPLICATION_COMMAND interaction (type 2) for a slash command. */
  command(
    name: string,
    options: CommandOption[],
    who: InteractionOptions,
    resolvedUsers: UserData[] = [],
  ): Json {
    const users = Object.fromEntries(resolvedUsers.map((u) => [u.id, userObject(u)]));
    const members = Object.fromEntries(resolvedUsers.map((u) => [u.id, memberObject(null)]));
    return this.interaction(2, who, {
      id: this.snowflake(),
      name,
      type: 1,
      options,
      ...(resolvedUsers.length > 0 ? { resolved: { users, members } } : {}),
    });
  }

  /** A MESSAGE_COMPONENT interaction (type 3): `who` pressed `customId` on `message`. */
  button(customId: string, message: Json, who: InteractionOptions): Json {
    return {
      ...this.interaction(3, who, { custom_id: customId, component_type: 2 }),
      message,
    };
  }

  private interaction(type: number, who: InteractionOptions, data: Json): Json {
    const base: Json = {
      id: this.snowflake(),
      application_id: APP_ID,
      type,
      token: `interaction-token-${this.snowflake()}`,
      version: 1,
      locale: 'en-US',
      app_permissions: '2248473465835073',
      entitlements: [],
      attachment_size_limit: 8 * 1024 * 1024,
      data,
    };
    if (who.guildId === null) {
      return {
        ...base,
        user: userObject(who.user),
        channel_id: '1',
        channel: { id: '1', type: 1, recipients: [userObject(who.user)] },
        context: 1,
        authorizing_integration_owners: { '1': who.user.id },
      };
    }
    return {
      ...base,
      guild_id: who.guildId,
      guild_locale: 'en-US',
      guild: { id: who.guildId, locale: 'en-US', features: [] },
      channel_id: this.channelOf(who.guildId),
      channel: {
        id: this.channelOf(who.guildId),
        type: 0,
        guild_id: who.guildId,
        name: 'general',
        permissions: '2248473465835073',
      },
      member: {
        ...memberObject(who.permissions ?? '2251799813685247'),
        user: userObject(who.user),
      },
      context: 0,
      authorizing_integration_owners: { '0': who.guildId },
    };
  }

  /**
   * Dispatches an INTERACTION_CREATE in the current gateway session and resolves with the
   * bot's callback for it (reply, deferral or update), timing the round trip. While the
   * session has no live connection the event waits for the client's RESUME, as on Discord.
   */
  sendInteraction(interaction: Json): Promise<InteractionCallback> {
    const id = String(interaction.id);
    const session = this.current;
    if (!session) throw new Error('fake Discord: no gateway session to send in');
    return new Promise((resolve) => {
      this.pending.set(id, { sentAt: performance.now(), resolve });
      this.dispatchIn(session, 'INTERACTION_CREATE', interaction);
    });
  }

  /** Answers the next `times` interaction callbacks with `fault` instead of accepting them. */
  failCallbacks(fault: CallbackFault, times = 1): void {
    for (let i = 0; i < times; i += 1) this.callbackFaults.push({ ...fault });
  }

  /** Drops the faults not used yet and says how many there were. */
  clearCallbackFaults(): number {
    return this.callbackFaults.splice(0).length;
  }

  /** The message behind an interaction token's `@original`, as the fake holds it now. */
  original(token: string): Json | undefined {
    return this.originals.get(token);
  }

  private snowflake(): string {
    this.nextId += 1n;
    return this.nextId.toString();
  }

  /** Closes every gateway connection with `code`, as Discord does when it drops a session. */
  disconnect(code: number, reason = 'fake Discord disconnect'): void {
    for (const socket of this.sockets) socket.close(code, reason);
  }

  /** Cuts every gateway connection without a close frame: the client sees 1006 (abnormal). */
  terminate(): void {
    for (const socket of this.sockets) socket.terminate();
  }

  /** Forgets every session, as after a long outage: the next RESUME gets op 9 (d: false). */
  forgetSessions(): void {
    this.sessions.clear();
  }

  /** Closes the gateway with 4004 (so no client tries to reconnect), then the port. */
  async close(): Promise<void> {
    for (const socket of this.sockets) socket.close(4004, 'fake Discord closing');
    await new Promise<void>((resolve) => this.wss.close(() => resolve()));
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

function now(): string {
  return new Date().toISOString();
}

function botUser(): Json {
  return {
    id: BOT_USER_ID,
    username: 'housecup',
    discriminator: '0',
    global_name: null,
    avatar: null,
    bot: true,
    flags: 0,
  };
}

function userObject(user: UserData): Json {
  return {
    id: user.id,
    username: user.username,
    discriminator: '0',
    global_name: user.global_name ?? null,
    avatar: null,
    public_flags: 0,
  };
}

function memberObject(permissions: string | null): Json {
  return {
    roles: [],
    nick: null,
    avatar: null,
    premium_since: null,
    joined_at: now(),
    pending: false,
    mute: false,
    deaf: false,
    flags: 0,
    ...(permissions === null ? {} : { permissions }),
  };
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** JSON bodies as objects; a multipart body (files) as its `payload_json` part. */
function parseBody(raw: string, type: string | undefined): unknown {
  if (raw === '') return undefined;
  if (type?.startsWith('application/json')) return JSON.parse(raw);
  const payload = /name="payload_json"(?:\r\n[^\r\n]*)*\r\n\r\n([\s\S]*?)\r\n--/.exec(raw);
  return payload?.[1] ? JSON.parse(payload[1]) : raw;
}
