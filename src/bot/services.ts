import { AnswerCache } from '../answers/answer-cache.js';
import { RenderSlots } from '../budgets/render-slots.js';
import { type Config, RENDER_DEFAULTS } from '../config.js';
import type { KeyStore } from '../keys/key-store.js';
import type { ReadService } from '../read/service.js';
import type { AwardStore, PublicationStore, Store, TermStore } from '../store/store.js';
import type { WebhookStore } from '../store/webhooks.js';
import type { LiveScoreboards } from './live/scoreboards.js';

/*
 * What the commands use beyond the interaction itself: one object, made once per process
 * (start.ts) and handed as it is to both transports, whose dispatcher hands it on to every
 * handler. A transport never names a service, so a command that needs a new one adds it here
 * (and, when it is not the store's, start.ts gives it), never in the transports.
 *
 * Free of discord.js: start.ts makes it before the bot's code loads.
 */

/**
 * What /webhook needs: the store's subscriptions and the operator's address rules
 * (WEBHOOK_ALLOW_HTTP, WEBHOOK_ALLOW_PRIVATE). The rules are the config's plain switches: the
 * command adds the resolver itself (src/webhooks sits above src/bot, which cannot name its types).
 */
interface WebhookAccess {
  store: WebhookStore;
  rules: Config['webhooks'];
}

export interface CommandServices {
  read: ReadService;
  keyStore: KeyStore;
  /** The public scoreboard's switch (/scoreboard publish, unpublish). */
  publication: PublicationStore;
  /** The guilds' terms (/term start and end). */
  terms: TermStore;
  /** Points given by hand and taken back (/award give and undo). */
  awards: AwardStore;
  /** The webhook subscriptions (/webhook). */
  webhooks: WebhookAccess;
  /** Where the public pages are reached (PUBLIC_URL). */
  publicUrl: string;
  /** The node's render slots: the /points picture waits for one like any chart. */
  renders: RenderSlots;
  /**
   * The node's answer cache, shared with the HTTP API: the /points picture is kept there per
   * guild and language until the guild's data changes.
   */
  cache: AnswerCache;
  /** The live scoreboards (/scoreboard post); absent where this process has no bot token. */
  live?: LiveScoreboards;
}

/** The parts of the store the commands use. */
type CommandStores = Pick<
  Store,
  'read' | 'keyStore' | 'publication' | 'terms' | 'awards' | 'webhooks'
>;

/** What the node shares with the commands, where it has them (start.ts gives all it has). */
interface NodeParts {
  /** The node's render slots; without them, slots of the commands' own (RENDER_DEFAULTS). */
  renders?: RenderSlots;
  /** The node's answer cache; without it, one of the commands' own. */
  cache?: AnswerCache;
  live?: LiveScoreboards;
}

/** The commands' services from the store, the config, and what the node shares of its own. */
export function commandServices(
  store: CommandStores,
  config: Pick<Config, 'publicUrl' | 'webhooks'>,
  node: NodeParts = {},
): CommandServices {
  return {
    read: store.read,
    keyStore: store.keyStore,
    publication: store.publication,
    terms: store.terms,
    awards: store.awards,
    webhooks: { store: store.webhooks, rules: config.webhooks },
    publicUrl: config.publicUrl,
    renders:
      node.renders ??
      new RenderSlots({ concurrency: RENDER_DEFAULTS.concurrency, queue: RENDER_DEFAULTS.queue }),
    cache: node.cache ?? new AnswerCache(),
    ...(node.live ? { live: node.live } : {}),
  };
}
