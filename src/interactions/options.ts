import type { AnswerCache } from '../answers/answer-cache.js';
import type { WebhookAccess } from '../bot/command.js';
import type { Outcome } from '../bot/dispatcher.js';
import type { LiveScoreboards } from '../bot/live/scoreboards.js';
import type { RenderSlots } from '../budgets/render-slots.js';
import type { KeyStore } from '../keys/key-store.js';
import type { Logger } from '../logger.js';
import type { ReadService } from '../read/service.js';
import type { PublicationStore, TermStore } from '../store/store.js';

/** What `POST /interactions` needs beside the app's read service and logger. */
export interface InteractionsOptions {
  /** DISCORD_PUBLIC_KEY: 64 hex characters. */
  publicKey: string;
  /** DISCORD_APPLICATION_ID; when absent, each interaction's own `application_id`. */
  applicationId?: string | undefined;
  /** DISCORD_REST_URL, for the edits of deferred answers. */
  restUrl: string;
  /** For `/apikey`. */
  keyStore: KeyStore;
  /** For `/scoreboard`, and where its pages are reached (PUBLIC_URL). */
  publication?: PublicationStore;
  publicUrl?: string;
  /** For `/term start` and `/term end`. */
  terms?: TermStore;
  /** The live scoreboards, where this node has the bot token (it posts and edits them). */
  live?: LiveScoreboards;
  /** For `/webhook`: the subscriptions and the address rules (WEBHOOK_ALLOW_*). */
  webhooks?: WebhookAccess;
  /** As the gateway bot's: 2 s unless a test shortens it. */
  deferAfterMs?: number;
  /** Told of every handled interaction (housecup_bot_interactions_total). */
  onHandled?: (command: string, outcome: Outcome) => void;
  /** The node's render slots (start.ts), shared with the API's charts. */
  renders?: RenderSlots;
  /** The node's answer cache (the app's), where the /points pictures are kept. */
  cache?: AnswerCache;
}

export interface InteractionsDependencies extends InteractionsOptions {
  read: ReadService;
  logger: Logger;
}
