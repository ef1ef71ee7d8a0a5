/** The shapes the fake Discord records and builds, as tests read them. */

export type Json = Record<string, unknown>;

export interface RecordedRequest {
  method: string;
  /** Below /api/v10, percent-decoded: `/webhooks/1/tok/messages/@original`. */
  path: string;
  query: URLSearchParams;
  authorization: string | undefined;
  body: unknown;
  /** The files of a multipart request, by name, and whether each is a PNG. */
  files: { name: string; png: boolean }[];
  /** performance.now() when the whole request had arrived: for timing, never for asserting. */
  receivedAt: number;
}

export interface InteractionCallback {
  interactionId: string;
  token: string;
  /** 4 reply, 5 deferred reply, 6 deferred update, 7 update. */
  type: number;
  data: MessageData;
  /** ms from the interaction sent (gateway event or HTTP request) to its first answer. */
  roundTripMs: number;
  /** How the interaction reached the bot, and so how its first answer came back. */
  via: 'gateway' | 'http';
}

export interface EmbedData {
  title?: string;
  description?: string;
  color?: number;
  footer?: { text: string };
  fields?: { name: string; value: string; inline?: boolean }[];
  image?: { url: string };
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
  allowed_mentions?: { parse?: string[] };
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
  /** The bot's permissions in the channel (`app_permissions`), as a decimal string. */
  appPermissions?: string;
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
  /** `[shard id, shard count]` of the session (IDENTIFY's `shard`, `[0, 1]` when absent). */
  shard: [number, number] | null;
}

/** How the fake answers the next interaction callback(s) instead of accepting them. */
export interface CallbackFault {
  status: 500 | 429;
  /**
   * For 500: Discord took the answer, then failed to say so; the client's retry is then told the
   * interaction was acknowledged already (400, code 40060), as Discord does.
   */
  accepted?: boolean;
  /** For 429: seconds, in the body's `retry_after` and the `retry-after` header. */
  retryAfter?: number;
  /** For 429: Discord's global limit, announced by the `x-ratelimit-global` header. */
  global?: boolean;
}
