import type { Language } from '../i18n/index.js';

/*
 * What `/scoreboard post` and `/scoreboard stop` ask of the node's live scoreboards
 * (docs/discord.md, "A live scoreboard"), free of discord.js: the command modules and both
 * transports see only this.
 */

/** What a post did. */
type LivePostOutcome =
  /** Posted and stored: kept current from now on. */
  | { kind: 'posted'; messageId: string }
  /** The guild has its most live messages already: nothing posted. */
  | { kind: 'full' }
  /** The guild has no house points: nothing to show, nothing posted. */
  | { kind: 'noPoints' }
  /** Discord refused the message (403: a permission missing; 404: no such channel). */
  | { kind: 'refused'; status: number };

export interface LiveScoreboards {
  /** Posts the house cup message in `channelId`, in `language`, and keeps it current. */
  post(guildId: string, channelId: string, language: Language): Promise<LivePostOutcome>;
  /**
   * The bot's permissions in a channel of the guild other than the interaction's; null when the
   * guild has no such channel.
   */
  permissionsIn(guildId: string, channelId: string): Promise<bigint | null>;
  /** Stops the guild's live messages in `channelId` (they stay as they are); how many. */
  stop(guildId: string, channelId: string): Promise<number>;
}

/**
 * Live scoreboards whose machinery is still loading (it needs discord.js, which start-up does
 * not wait for): each call waits for it.
 */
export function deferredScoreboards(ready: () => Promise<LiveScoreboards>): LiveScoreboards {
  return {
    post: async (guildId, channelId, language) =>
      (await ready()).post(guildId, channelId, language),
    permissionsIn: async (guildId, channelId) => (await ready()).permissionsIn(guildId, channelId),
    stop: async (guildId, channelId) => (await ready()).stop(guildId, channelId),
  };
}
