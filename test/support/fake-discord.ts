/*
 * A fake Discord for end-to-end tests: REST under /api/v10 and the gateway WebSocket on one
 * 127.0.0.1 port, enough for the real discord.js Client to log in (with one shard or several),
 * receive interactions and answer them; or, once an Interactions Endpoint URL is set, signed
 * interactions POSTed to that URL, as Discord does. It records every request, so tests assert
 * on what the bot actually sent, and it refuses (400, code 50035) every body real Discord
 * would refuse (./fake-discord/validation.ts), plus those breaking housecup's own rules.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { WebSocketServer } from 'ws';
import {
  type AcceptedEdit,
  type ChannelMessage,
  type EditFault,
  firstFileOf,
  MISSING_ACCESS,
  UNKNOWN_MESSAGE,
} from './fake-discord/channels.js';
import { checkEndpoint, postSigned } from './fake-discord/endpoint.js';
import { FakeGateway } from './fake-discord/gateway.js';
import { filesOf, parseBody, readRawBody } from './fake-discord/http.js';
import {
  APP_ID,
  BOT_PERMISSIONS,
  BOT_USER_ID,
  botUser,
  channelOf,
  commandData,
  interactionObject,
  type LocaleOptions,
  messageObject,
} from './fake-discord/objects.js';
import { InteractionSigner } from './fake-discord/signing.js';
import type {
  CallbackFault,
  CommandOption,
  Handshake,
  InteractionCallback,
  InteractionOptions,
  Json,
  MessageData,
  RecordedRequest,
  UserData,
} from './fake-discord/types.js';
import {
  attachmentProblems,
  commandProblems,
  invalidFormBody,
  messageRefusal,
  type Problem,
  responseRefusal,
} from './fake-discord/validation.js';

export type { AcceptedEdit, ChannelMessage, EditFault } from './fake-discord/channels.js';
export { shardOf } from './fake-discord/gateway.js';
export { APP_ID, BOT_USER_ID } from './fake-discord/objects.js';
export { InteractionSigner } from './fake-discord/signing.js';
export type * from './fake-discord/types.js';

const UNKNOWN_CHANNEL = { message: 'Unknown Channel', code: 10003 };
const MISSING_PERMISSIONS = { message: 'Missing Permissions', code: 50013 };

export const FAKE_TOKEN = 'fake-bot-token.for-tests.only';

export interface FakeDiscordOptions {
  /** The only token the gateway accepts; any other IDENTIFY is closed with 4004. */
  token?: string;
  /** Guilds the bot is in: announced in each shard's READY, then one GUILD_CREATE each. */
  guilds?: readonly string[];
  /** Answer REST calls with a wrong `Authorization: Bot <token>` by 401, as Discord does. */
  checkRestToken?: boolean;
  /** Shards `GET /gateway/bot` recommends (what discord.js's `shards: 'auto'` runs). */
  shards?: number;
  /** `session_start_limit.max_concurrency`: IDENTIFYs allowed at once, one per 5 s otherwise. */
  maxConcurrency?: number;
  /** Also refuse bodies breaking housecup's own rules (validation.ts); on unless a test says. */
  houseRules?: boolean;
}

type Reply = (status: number, body?: unknown, headers?: Record<string, string>) => void;

interface PendingCallback {
  sentAt: number;
  resolve(callback: InteractionCallback): void;
}

export class FakeDiscord {
  readonly requests: RecordedRequest[] = [];
  /** Every first answer accepted (REST callback, or HTTP response), in order. */
  readonly callbacks: InteractionCallback[] = [];
  /** Callbacks answered with an injected fault instead of being accepted. */
  readonly failedCallbacks: (RecordedRequest & { status: number })[] = [];
  /** Bodies refused as real Discord would refuse them, with the problems found. */
  readonly refused: (RecordedRequest & { problems: Problem[] })[] = [];
  /** The application's key pair: sign interactions with it, give its public key to the bot. */
  readonly signer = new InteractionSigner();

  private readonly gateway: FakeGateway;
  private endpoint: string | null = null;
  private readonly callbackFaults: CallbackFault[] = [];
  private readonly pending = new Map<string, PendingCallback>();
  /** The interactions answered: Discord refuses a second callback (40060). */
  private readonly acknowledged = new Set<string>();
  /** The message each interaction token's `@original` stands for. */
  private readonly originals = new Map<string, Json>();
  private readonly waiters: {
    test(r: RecordedRequest): boolean;
    resolve(r: RecordedRequest): void;
  }[] = [];
  private nextId = 1_000_000_000_000_000n;
  /** The messages posted in channels with the bot token, by id. */
  readonly channelMessages = new Map<string, ChannelMessage>();
  /** Every message edit accepted, in order. */
  readonly edits: AcceptedEdit[] = [];
  /** Message edits answered with an injected fault instead of being accepted. */
  readonly failedEdits: (RecordedRequest & { status: EditFault['status'] })[] = [];
  private readonly editFaults: EditFault[] = [];
  /** Faults that every edit in a channel gets until taken away (`failEditsIn`). */
  private readonly channelEditFaults = new Map<string, EditFault>();
  private readonly channelFaults = new Map<string, 403 | 404>();
  /** Channels besides each guild's general one (`addChannel`), with their overwrites. */
  private readonly extraChannels = new Map<string, { guildId: string; overwrites: Json[] }>();
  private readonly editWaiters: {
    test(e: AcceptedEdit): boolean;
    resolve(e: AcceptedEdit): void;
  }[] = [];

  private constructor(
    private readonly server: Server,
    private readonly wss: WebSocketServer,
    readonly port: number,
    private readonly options: Required<FakeDiscordOptions>,
  ) {
    this.gateway = new FakeGateway({
      token: options.token,
      guilds: options.guilds,
      url: `ws://127.0.0.1:${port}`,
    });
  }

  static async start(options: FakeDiscordOptions = {}): Promise<FakeDiscord> {
    const server = createServer();
    const wss = new WebSocketServer({ server });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const fake = new FakeDiscord(server, wss, port, {
      token: options.token ?? FAKE_TOKEN,
      guilds: options.guilds ?? [],
      checkRestToken: options.checkRestToken ?? false,
      shards: options.shards ?? 1,
      maxConcurrency: options.maxConcurrency ?? 1,
      houseRules: options.houseRules ?? true,
    });
    server.on('request', (req, res) => void fake.onRequest(req, res));
    wss.on('connection', (socket) => fake.gateway.onConnection(socket));
    return fake;
  }

  /** What discord.js takes as `rest.api` (it appends `/v10`). */
  get restUrl(): string {
    return `http://127.0.0.1:${this.port}/api`;
  }

  /** The application's public key, as DISCORD_PUBLIC_KEY. */
  get publicKey(): string {
    return this.signer.publicKey;
  }

  channelOf(guildId: string): string {
    return channelOf(guildId);
  }

  // ---------- the gateway, delegated ----------

  get connections(): number {
    return this.gateway.connections;
  }
  get identifies(): number {
    return this.gateway.identifies;
  }
  get resumes(): number {
    return this.gateway.resumes;
  }
  get handshakes(): readonly Handshake[] {
    return this.gateway.handshakes;
  }
  waitForHandshake(index: number): Promise<Handshake> {
    return this.gateway.waitForHandshake(index);
  }
  disconnect(code: number, reason?: string): void {
    this.gateway.disconnect(code, reason);
  }
  terminate(): void {
    this.gateway.terminate();
  }
  forgetSessions(): void {
    this.gateway.forgetSessions();
  }

  // ---------- REST ----------

  private async onRequest(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const receivedAt = performance.now();
    const url = new URL(req.url ?? '/', `http://127.0.0.1:${this.port}`);
    // A caller that gives up before its answer (an edit it stopped waiting for) closes the
    // connection, which the server reports as the request's error ("aborted"), while its body is
    // read or after: nothing is left to answer then.
    req.on('error', () => {});
    let bytes: Buffer;
    try {
      bytes = await readRawBody(req);
    } catch {
      return;
    }
    const raw = bytes.toString('utf8');
    const record: RecordedRequest = {
      receivedAt: performance.now(),
      method: req.method ?? 'GET',
      path: decodeURIComponent(url.pathname.replace(/^\/api\/v10/, '')),
      query: url.searchParams,
      authorization: req.headers.authorization,
      body: parseBody(raw, req.headers['content-type']),
      files: filesOf(raw, req.headers['content-type']),
    };
    this.requests.push(record);
    for (const waiter of [...this.waiters]) {
      if (waiter.test(record)) {
        this.waiters.splice(this.waiters.indexOf(waiter), 1);
        waiter.resolve(record);
      }
    }
    const reply: Reply = (status, body, headers = {}) => {
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
        shards: this.options.shards,
        session_start_limit: {
          total: 1000,
          remaining: 999,
          reset_after: 0,
          max_concurrency: this.options.maxConcurrency,
        },
      });
    }
    if (route === 'GET /users/@me') return reply(200, botUser());
    if (record.method === 'GET' && parts[0] === 'channels' && parts.length === 2) {
      return this.onGetChannel(parts[1] ?? '', reply);
    }
    if (
      record.method === 'GET' &&
      parts[0] === 'guilds' &&
      parts.length === 3 &&
      parts[2] === 'roles'
    ) {
      const guildId = parts[1] ?? '';
      if (!this.options.guilds.includes(guildId))
        return reply(404, { message: 'Unknown Guild', code: 10004 });
      return reply(200, [
        { id: guildId, name: '@everyone', permissions: BOT_PERMISSIONS, position: 0 },
      ]);
    }
    if (
      record.method === 'GET' &&
      parts[0] === 'guilds' &&
      parts[2] === 'members' &&
      parts[3] === BOT_USER_ID
    ) {
      return reply(200, {
        user: botUser(),
        roles: [],
        joined_at: new Date().toISOString(),
        deaf: false,
        mute: false,
        flags: 0,
      });
    }
    if (parts[0] === 'channels' && parts[2] === 'messages') {
      const png = firstFileOf(bytes, req.headers['content-type']);
      return this.onChannelMessage(parts[1] ?? '', parts[3], record, png, reply);
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
      if (this.refuse(record, commandProblems(record.body), reply)) return;
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

  /** Answers 400 as Discord does when `problems` is not empty; says whether it did. */
  private refuse(record: RecordedRequest, problems: Problem[], reply: Reply): boolean {
    if (problems.length === 0) return false;
    this.refused.push({ ...record, problems });
    reply(400, invalidFormBody(problems));
    return true;
  }

  private onCallback(
    interactionId: string,
    token: string,
    record: RecordedRequest,
    receivedAt: number,
    reply: Reply,
  ) {
    // Discord answers an interaction once: a second callback is refused.
    if (this.acknowledged.has(interactionId)) {
      return reply(400, { message: 'Interaction has already been acknowledged.', code: 40060 });
    }
    const fault = this.callbackFaults.shift();
    if (fault?.accepted) {
      const body = (record.body ?? {}) as { type?: number; data?: MessageData };
      this.accept(
        interactionId,
        token,
        body,
        'gateway',
        receivedAt,
        this.pending.get(interactionId),
      );
      this.failedCallbacks.push({ ...record, status: fault.status });
      return reply(500, { message: '500: Internal Server Error', code: 0 });
    }
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
    const problems = [
      ...responseRefusal(record.body, this.options.houseRules),
      ...attachmentProblems(body.data, record.files, ['data']),
    ];
    if (this.refuse(record, problems, reply)) return;
    const pending = this.pending.get(interactionId);
    const callback = this.accept(interactionId, token, body, 'gateway', receivedAt, pending);
    const message = this.originals.get(token);
    if (record.query.get('with_response') === 'true') {
      return reply(200, {
        interaction: { id: interactionId, type: 2, response_message_id: message?.id },
        resource: { type: callback.type, message },
      });
    }
    reply(204);
  }

  /** Records a first answer Discord accepted, and settles whoever waits for it. */
  private accept(
    interactionId: string,
    token: string,
    body: { type?: number; data?: MessageData },
    via: InteractionCallback['via'],
    receivedAt: number,
    pending: PendingCallback | undefined,
  ): InteractionCallback {
    const callback: InteractionCallback = {
      interactionId,
      token,
      type: body.type ?? 0,
      data: body.data ?? {},
      roundTripMs: pending ? receivedAt - pending.sentAt : Number.NaN,
      via,
    };
    this.callbacks.push(callback);
    this.acknowledged.add(interactionId);
    if (pending) {
      this.pending.delete(interactionId);
      pending.resolve(callback);
    }
    if (callback.type === 4 || callback.type === 5) {
      this.originals.set(token, this.message(callback.data as Json));
    }
    return callback;
  }

  private onWebhook(parts: string[], record: RecordedRequest, reply: Reply) {
    const token = parts[2] ?? '';
    const data = (record.body ?? {}) as Json;
    const refusal = () => [
      ...messageRefusal(data, [], this.options.houseRules),
      ...attachmentProblems(data, record.files, []),
    ];
    if (parts[3] === 'messages' && parts[4] === '@original') {
      const original = this.originals.get(token) ?? this.message({});
      if (record.method === 'DELETE') {
        this.originals.delete(token);
        return reply(204);
      }
      if (record.method === 'PATCH') {
        if (this.refuse(record, refusal(), reply)) return;
        Object.assign(original, data, { edited_timestamp: new Date().toISOString() });
      }
      this.originals.set(token, original);
      return reply(200, original);
    }
    if (record.method === 'POST' && parts.length === 3) {
      if (this.refuse(record, refusal(), reply)) return;
      return reply(200, this.message(data));
    }
    reply(404, { message: '404: Unknown Webhook', code: 10015 });
  }

  /** A guild text channel: each guild's general one, or one a test added. */
  private onGetChannel(channelId: string, reply: Reply) {
    const extra = this.extraChannels.get(channelId);
    const guildId = extra?.guildId ?? this.options.guilds.find((g) => channelOf(g) === channelId);
    if (guildId === undefined) return reply(404, UNKNOWN_CHANNEL);
    return reply(200, {
      id: channelId,
      type: 0,
      guild_id: guildId,
      name: extra ? `channel-${channelId}` : 'general',
      position: 0,
      permission_overwrites: extra?.overwrites ?? [],
      nsfw: false,
      parent_id: null,
      topic: null,
      last_message_id: null,
      rate_limit_per_user: 0,
    });
  }

  /**
   * Adds a text channel to `guildId`, with permission overwrites (`{ id, type: 0 role | 1
   * member, allow, deny }`): `GET /channels/{id}` answers it, and posts there are accepted.
   */
  addChannel(guildId: string, channelId: string, overwrites: Json[] = []): void {
    this.extraChannels.set(channelId, { guildId, overwrites });
  }

  private onChannelMessage(
    channelId: string,
    messageId: string | undefined,
    record: RecordedRequest,
    png: Buffer | null,
    reply: Reply,
  ) {
    const data = (record.body ?? {}) as Json;
    const refusal = () => [
      ...messageRefusal(data, [], this.options.houseRules),
      ...attachmentProblems(data, record.files, []),
    ];
    if (messageId === undefined && record.method === 'POST') {
      if (this.refuse(record, refusal(), reply)) return;
      const fault = this.channelFaults.get(channelId);
      if (fault) return reply(fault, fault === 404 ? UNKNOWN_CHANNEL : MISSING_PERMISSIONS);
      const message: Json = { ...this.message(data), channel_id: channelId, webhook_id: undefined };
      const id = String(message.id);
      this.channelMessages.set(id, { id, channelId, message, png, edits: 0 });
      return reply(200, message);
    }
    const held = messageId === undefined ? undefined : this.channelMessages.get(messageId);
    if (record.method === 'DELETE') {
      if (!held) return reply(404, UNKNOWN_MESSAGE);
      this.channelMessages.delete(held.id);
      return reply(204);
    }
    if (record.method === 'PATCH' && messageId !== undefined) {
      const fault = this.channelEditFaults.get(channelId) ?? this.editFaults.shift();
      if (fault) {
        this.failedEdits.push({ ...record, status: fault.status });
        // Never answered: the request stays open until the caller gives up or the fake closes.
        if (fault.status === 'hang') return;
        if (fault.status === 404) return reply(404, UNKNOWN_MESSAGE);
        if (fault.status === 403) return reply(403, MISSING_ACCESS);
        if (fault.status === 500)
          return reply(500, { message: '500: Internal Server Error', code: 0 });
        const retryAfter = fault.retryAfter ?? 0.1;
        return reply(
          429,
          { message: 'You are being rate limited.', retry_after: retryAfter, global: false },
          { 'retry-after': String(retryAfter), 'x-ratelimit-scope': 'user' },
        );
      }
      if (!held || held.channelId !== channelId) return reply(404, UNKNOWN_MESSAGE);
      if (this.refuse(record, refusal(), reply)) return;
      Object.assign(held.message, data, { edited_timestamp: new Date().toISOString() });
      held.edits += 1;
      if (png) held.png = png;
      const edit: AcceptedEdit = {
        channelId,
        messageId,
        body: data,
        png,
        receivedAt: record.receivedAt,
      };
      this.edits.push(edit);
      for (const waiter of [...this.editWaiters]) {
        if (waiter.test(edit)) {
          this.editWaiters.splice(this.editWaiters.indexOf(waiter), 1);
          waiter.resolve(edit);
        }
      }
      return reply(200, held.message);
    }
    reply(404, { message: `404: Not Found (${record.method} ${record.path})`, code: 0 });
  }

  /** Answers the next `times` message edits with `fault` instead of accepting them. */
  failEdits(fault: EditFault, times = 1): void {
    for (let i = 0; i < times; i += 1) this.editFaults.push({ ...fault });
  }

  /**
   * Answers every edit in `channelId` with `fault` (a 429 with a long `retry_after`: Discord making
   * that channel wait) until called again with null; edits elsewhere go on as usual.
   */
  failEditsIn(channelId: string, fault: EditFault | null): void {
    if (fault === null) this.channelEditFaults.delete(channelId);
    else this.channelEditFaults.set(channelId, { ...fault });
  }

  /**
   * Answers posts in `channelId` with 403 (the bot may not write there) or 404 (no such channel);
   * null accepts them again.
   */
  refuseChannel(channelId: string, status: 403 | 404 | null): void {
    if (status === null) this.channelFaults.delete(channelId);
    else this.channelFaults.set(channelId, status);
  }

  /** Resolves with the first accepted edit, already received or still to come, passing `test`. */
  waitForEdit(test: (edit: AcceptedEdit) => boolean): Promise<AcceptedEdit> {
    const seen = this.edits.find(test);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve) => this.editWaiters.push({ test, resolve }));
  }

  /** A full message object, as Discord answers webhook calls with. */
  message(data: MessageData | Json, guildId?: string): Json {
    return messageObject(this.snowflake(), data as Json, guildId);
  }

  /**
   * Sends `interaction` (sendInteraction) and resolves once the member has their answer: its
   * first callback, with `data` the message finally read (finalMessage), so that a deferral (a
   * busy machine defers) changes nothing a test reads.
   */
  async ask(interaction: Json): Promise<InteractionCallback> {
    const callback = await this.sendInteraction(interaction);
    return { ...callback, data: await this.finalMessage(callback) };
  }

  /**
   * The message a member finally reads for an interaction first answered by `callback`: that
   * answer, or after a deferral (a busy machine defers) the edit of it, or the follow-up sent in
   * its place (an ephemeral answer cannot edit a public deferral: the deferral is deleted).
   */
  async finalMessage(callback: InteractionCallback): Promise<MessageData> {
    if (callback.type !== 5 && callback.type !== 6) return callback.data;
    const token = `/${callback.token}`;
    const answer = await this.waitForRequest(
      (r) =>
        (r.method === 'PATCH' && r.path.endsWith(`${token}/messages/@original`)) ||
        (r.method === 'POST' && r.path.endsWith(token)),
    );
    return (answer.body ?? {}) as MessageData;
  }

  /** Resolves with the first request, already received or still to come, that passes `test`. */
  waitForRequest(test: (request: RecordedRequest) => boolean): Promise<RecordedRequest> {
    const seen = this.requests.find(test);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve) => this.waiters.push({ test, resolve }));
  }

  // ---------- Interactions ----------

  private ids() {
    return { id: this.snowflake(), token: `interaction-token-${this.snowflake()}` };
  }

  /** An APPLICATION_COMMAND interaction (type 2) for a slash command. */
  command(
    name: string,
    options: CommandOption[],
    who: InteractionOptions & LocaleOptions,
    resolvedUsers: UserData[] = [],
  ): Json {
    const data = commandData(this.snowflake(), name, options, resolvedUsers);
    return interactionObject(this.ids(), 2, who, data);
  }

  /** A MESSAGE_COMPONENT interaction (type 3): `who` pressed `customId` on `message`. */
  button(customId: string, message: Json, who: InteractionOptions): Json {
    const data = { custom_id: customId, component_type: 2 };
    return { ...interactionObject(this.ids(), 3, who, data), message };
  }

  /**
   * As saving the Interactions Endpoint URL in the developer portal (endpoint.ts): checked with
   * a signed and a forged PING, then every interaction goes there instead of the gateway.
   * `null` goes back to the gateway.
   */
  async setInteractionsEndpoint(url: string | null): Promise<void> {
    if (url !== null) await checkEndpoint(url, this.signer, this.snowflake());
    this.endpoint = url;
  }

  /**
   * Delivers an interaction the way Discord would now: as INTERACTION_CREATE on the gateway
   * shard owning its guild (resolving with the bot's callback), or as a signed POST to the
   * Interactions Endpoint URL (resolving with the response, which must be one Discord accepts).
   * While a shard has no live connection the event waits for the client's RESUME.
   */
  sendInteraction(interaction: Json): Promise<InteractionCallback> {
    if (this.endpoint !== null) return this.postInteraction(this.endpoint, interaction);
    const id = String(interaction.id);
    return new Promise((resolve) => {
      this.pending.set(id, { sentAt: performance.now(), resolve });
      this.gateway.dispatchInteraction(interaction);
    });
  }

  private async postInteraction(url: string, interaction: Json): Promise<InteractionCallback> {
    const { answer, sentAt, receivedAt } = await postSigned(url, interaction, this.signer);
    // A JSON response carries no file: any attachment it names is one Discord never got.
    const problems = [
      ...responseRefusal(answer, this.options.houseRules),
      ...attachmentProblems((answer as { data?: unknown }).data, [], ['data']),
    ];
    if (problems.length > 0) {
      throw new Error(
        `Discord would refuse this answer: ${JSON.stringify(invalidFormBody(problems))}`,
      );
    }
    const pending: PendingCallback = { sentAt, resolve: () => {} };
    const [id, token] = [String(interaction.id), String(interaction.token)];
    return this.accept(id, token, answer, 'http', receivedAt, pending);
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

  /** Closes the gateway with 4004 (so no client tries to reconnect), then the port. */
  async close(): Promise<void> {
    this.gateway.closeAll();
    await new Promise<void>((resolve) => this.wss.close(() => resolve()));
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
