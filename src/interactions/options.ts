import type { Outcome } from '../bot/dispatcher.js';
import type { CommandServices } from '../bot/services.js';
import type { Logger } from '../logger.js';

/** What `POST /interactions` needs beside the app's logger. */
export interface InteractionsOptions {
  /** DISCORD_PUBLIC_KEY: 64 hex characters. */
  publicKey: string;
  /** DISCORD_APPLICATION_ID; when absent, each interaction's own `application_id`. */
  applicationId?: string | undefined;
  /** DISCORD_REST_URL, for the edits of deferred answers. */
  restUrl: string;
  /** What the commands use: the gateway bot's own object, where this node has one (start.ts). */
  services: CommandServices;
  /** As the gateway bot's: 2 s unless a test shortens it. */
  deferAfterMs?: number;
  /** Told of every handled interaction (housecup_bot_interactions_total). */
  onHandled?: (command: string, outcome: Outcome) => void;
}

export interface InteractionsDependencies extends InteractionsOptions {
  logger: Logger;
}
