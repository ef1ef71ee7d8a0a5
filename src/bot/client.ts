import {
  Client,
  type ClientOptions,
  DiscordjsErrorCodes,
  Events,
  GatewayIntentBits,
} from 'discord.js';
import type { Config } from '../config.js';
import type { Logger } from '../logger.js';
import { createDispatcher, type DispatcherOptions } from './dispatcher.js';
import { gatewayListener, rawPermissionsOf } from './gateway.js';
import { loadCommands } from './loader.js';
import { guardPackets } from './packet-guard.js';
import { restOptions } from './rest.js';
import type { CommandServices } from './services.js';

interface BotDeps {
  config: Config;
  /** What the commands use (start.ts makes it once, for both transports). */
  services: CommandServices;
  logger: Logger;
  /** How long a handler may run before its interaction is deferred; tests shorten it. */
  deferAfterMs?: number;
  /** Told of every handled interaction, for metrics. */
  onHandled?: DispatcherOptions['onHandled'];
}

export interface RunningBot {
  client: Client;
  /** Whether login reached READY; false when Discord refused or could not be reached. */
  ready: boolean;
  stop(): Promise<void>;
}

/** Gateway close code for a token Discord does not accept. */
const AUTHENTICATION_FAILED = 4004;

export const BAD_TOKEN_MESSAGE =
  'Discord rejected the token (gateway close 4004 / HTTP 401): check DISCORD_TOKEN. The bot stays off; the HTTP API keeps serving.';

/** Both ways Discord says "bad token": 401 on the REST handshake, or close 4004 on the gateway. */
function isBadToken(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if ('code' in error && error.code === DiscordjsErrorCodes.TokenInvalid) return true;
  return error.message === 'Authentication failed';
}

/**
 * discord.js's own sharding options: `auto` asks Discord how many shards to run (GET
 * /gateway/bot); `auto` with a count runs all of them; a list runs only those ids of the count,
 * so several machines split one bot. Config has checked that the two agree.
 */
function shardOptions(
  discord: Pick<Config['discord'], 'shards' | 'shardCount'>,
): Pick<ClientOptions, 'shards' | 'shardCount'> {
  const { shards, shardCount } = discord;
  if (shards !== 'auto') return { shards, shardCount: shardCount ?? shards.length };
  if (shardCount === undefined) return { shards: 'auto' };
  return { shards: Array.from({ length: shardCount }, (_, id) => id), shardCount };
}

/** Logs the gateway's news of its connections; a token revoked while running stops the bot. */
function watchGateway(client: Client, log: Logger, bot: RunningBot): void {
  client.once(Events.ClientReady, (ready) => {
    log.info(
      { user: ready.user.tag, guilds: ready.guilds.cache.size, shards: ready.ws.shards.size },
      'Discord bot ready',
    );
  });
  client.on(Events.ShardReady, (shard) => {
    log.info({ shard, of: client.options.shardCount }, 'Discord gateway shard ready');
  });
  client.on(Events.Error, (error) => log.error({ err: error }, 'Discord client error'));
  client.on(Events.Warn, (message) => log.warn(message));
  client.on(Events.ShardError, (error, shard) => {
    // The 4004 case is reported once, as fatal, below and in the login failure.
    if (!isBadToken(error)) log.error({ err: error, shard }, 'Discord gateway error');
  });
  // A dropped connection (close 4000, a network cut…) is reconnected by discord.js, which
  // resumes the session when Discord still knows it, else identifies afresh.
  client.on(Events.ShardReconnecting, (shard) => {
    log.warn({ shard }, 'Discord gateway connection lost; reconnecting');
  });
  client.on(Events.ShardResume, (shard, replayed) => {
    log.info({ shard, replayed }, 'Discord gateway session resumed');
  });
  client.on(Events.ShardDisconnect, (event, shard) => {
    if (event.code === AUTHENTICATION_FAILED && bot.ready) {
      // The token was revoked while running: discord.js gives up on this shard; so do we.
      log.fatal({ shard, code: event.code }, BAD_TOKEN_MESSAGE);
      void bot.stop().catch(() => {});
    } else {
      log.error({ shard, code: event.code }, 'Discord gateway closed and will not reconnect');
    }
  });
}

/**
 * Logs the bot in and routes its interactions. Resolves once login has settled (READY, or
 * failed) and never rejects: the bot is an extra face of the service, and nothing it meets
 * (a bad token, Discord down) may take the HTTP API down with it.
 */
export async function startBot(deps: BotDeps): Promise<RunningBot> {
  const { config, logger } = deps;
  const log = logger.child({ component: 'discord' });
  const client = new Client({
    intents: [GatewayIntentBits.Guilds],
    rest: restOptions(config.discord.restUrl),
    // housecup's answers go out as raw bodies that carry it too; this covers anything else.
    allowedMentions: { parse: [] },
    ...shardOptions(config.discord),
  });
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    await client.destroy();
  };
  const bot: RunningBot = { client, ready: false, stop };
  // Before login: an event discord.js cannot read is dropped, never thrown out of the client.
  guardPackets(client, log);
  if (!config.discord.token) {
    // main.ts starts the bot only with a token; say so plainly if that ever changes.
    log.error('DISCORD_TOKEN is not set: the Discord bot is not started');
    await stop();
    return bot;
  }

  try {
    const dispatch = createDispatcher({
      commands: await loadCommands(),
      services: deps.services,
      logger: log,
      ...(deps.deferAfterMs === undefined ? {} : { deferAfterMs: deps.deferAfterMs }),
      ...(deps.onHandled === undefined ? {} : { onHandled: deps.onHandled }),
    });
    // Listeners first: READY can arrive before login() resolves.
    const rawPermissions = rawPermissionsOf(client);
    client.on(Events.InteractionCreate, gatewayListener(dispatch, client.rest, rawPermissions));
    watchGateway(client, log, bot);
    await client.login(config.discord.token);
    bot.ready = true;
  } catch (error) {
    if (isBadToken(error)) log.fatal(BAD_TOKEN_MESSAGE);
    else log.error({ err: error }, 'Discord bot could not start; the HTTP API keeps serving');
    // login() destroys the client on failure; this also covers a failure before login.
    await stop().catch(() => {});
  }
  return bot;
}
