import { randomUUID } from 'node:crypto';
import { type REST, Routes } from 'discord.js';
import type { Logger } from '../../logger.js';
import { LIVE_MESSAGES_PER_GUILD } from '../../records/live-message.js';
import type { LiveMessage, LiveMessageStore } from '../../store/store.js';
import { type HouseCupSources, houseCupMessage } from '../house-cup-message.js';
import { resolveLanguage } from '../i18n/index.js';
import {
  deleteMessage,
  editMessage,
  postMessage,
  rateLimitOf,
  refusalOf,
} from './channel-messages.js';
import { botPermissionsIn } from './channel-permissions.js';
import { liveSeq } from './live-areas.js';
import type { LiveScoreboards } from './scoreboards.js';
import { everyWeekTurn, weekStartOf } from './week-turn.js';

/** How often each message may be edited, and how long a node's hold on a message lasts. */
interface LiveTiming {
  /** At most one edit per message per this long (10 s); a 5xx is tried again after it too. */
  editIntervalMs: number;
  /** A node's lease on a message (30 s): past it without renewal, another node takes it. */
  leaseMs: number;
}

const LIVE_TIMING: LiveTiming = { editIntervalMs: 10_000, leaseMs: 30_000 };

/**
 * Edits under way at once on a node: each draws a picture (a render slot, shared with the API)
 * and makes one call to Discord, whose global limit is 50 a second per bot. The others wait for
 * the next look, a tick later; the latest standings are read then.
 */
const EDITS_AT_ONCE = 4;

/**
 * Of those places, how many may go at once to messages whose last edit failed (a 5xx, no answer
 * in time): a channel Discord fails or leaves hanging never holds all of them, so every other
 * guild's message still has a place.
 */
const FAILING_PLACES = 2;

/**
 * How long one call to Discord for an edit may take before it is given up and its place goes
 * on: well under the REST client's own 15 s, which it would try four times on a hanging channel.
 */
const EDIT_TIMEOUT_MS = 5_000;

/** The longest wait between tries of a message whose edits keep failing. */
const MAX_BACKOFF_MS = 5 * 60_000;

interface LiveServiceOptions extends HouseCupSources {
  store: LiveMessageStore;
  /** A client with the bot token: channel messages are the bot's, in both Discord modes. */
  rest: REST;
  logger: Logger;
  timing?: LiveTiming;
  /** The time (ms since 1970) the edits, their leases and the week are judged by; tests set it. */
  clock?: () => number;
}

export interface RunningLive extends LiveScoreboards {
  /** This node's name in the leases. */
  readonly owner: string;
  /** Ends the edits (waiting for those under way) and gives the messages up to other nodes. */
  close(): Promise<void>;
}

/**
 * The node's live scoreboards: posts them, and keeps the messages it holds current. Every
 * `tick` it renews its leases (and takes the messages whose lease ran out), looks whether each
 * guild's shown changes moved past what its messages show, and edits those whose interval has
 * passed: the first change after a quiet time is shown within a tick, a burst's last standings
 * at the end of the interval. A new week (Monday 00:00 UTC) brings one edit of every message it
 * holds, as "this week" starts again from nothing. Everything it knows of a message is in the
 * store, so a restart, or another node, goes on from there.
 */
export function startLiveService(options: LiveServiceOptions): RunningLive {
  const { store, rest, logger } = options;
  const timing = options.timing ?? LIVE_TIMING;
  const clock = options.clock ?? Date.now;
  const log = logger.child({ component: 'live-scoreboards' });
  const owner = randomUUID();
  const tickMs = Math.max(50, Math.min(1_000, Math.floor(timing.editIntervalMs / 4)));
  const renewEveryMs = Math.floor(timing.leaseMs / 3);
  /** The messages this node holds, by id. */
  let held = new Map<string, LiveMessage>();
  const editing = new Map<string, Promise<void>>();
  /**
   * The week (its start, ms) each held message's figures were drawn in: one drawn in an earlier
   * week is due whatever the changes say, for its "this week" to start again.
   */
  const drawnIn = new Map<string, number>();
  /** Each held message's failed edits in a row (none: its last edit went through). */
  const failures = new Map<string, number>();
  let week = weekStartOf(clock());
  /** Each guild's shown change, and the generation it was read at. */
  const seen = new Map<string, { generation: string; seq: number }>();
  let renewAt = 0;
  let botUser: Promise<string> | null = null;
  const botUserId = () => {
    botUser ??= rest.get(Routes.user('@me')).then((user) => {
      const id = (user as { id?: unknown }).id;
      if (typeof id !== 'string') throw new Error('Discord answered GET /users/@me without an id');
      return id;
    });
    // A failure is asked again next time.
    botUser.catch(() => {
      botUser = null;
    });
    return botUser;
  };
  let stopped = false;
  let ticking: Promise<void> | null = null;
  // A stop ends the edits under way (their calls to Discord): what they showed is still due,
  // for whichever node holds the message next.
  const stopping = new AbortController();

  async function seqOf(guildId: string): Promise<number> {
    const generation = options.read.generation(guildId);
    const known = seen.get(guildId);
    if (known && known.generation === generation) return known.seq;
    const seq = liveSeq(await options.read.changes.of(guildId));
    seen.set(guildId, { generation, seq });
    return seq;
  }

  /** A message this node no longer holds, and what it knew of it. */
  function letGo(messageId: string): void {
    held.delete(messageId);
    drawnIn.delete(messageId);
    failures.delete(messageId);
  }

  async function forget(message: LiveMessage, status: number): Promise<void> {
    letGo(message.messageId);
    await store.forget(message.messageId);
    const why =
      status === 404 ? 'the message or its channel is gone' : 'a permission was taken away';
    log.warn(
      { guild: message.guildId, channel: message.channelId, message: message.messageId, status },
      `live scoreboard forgotten: ${why}`,
    );
  }

  async function edit(message: LiveMessage, seq: number): Promise<void> {
    const language = resolveLanguage(message.locale, null);
    let wait = timing.editIntervalMs;
    try {
      const drawnAt = clock();
      const answer = await houseCupMessage(options, message.guildId, language, drawnAt);
      // The points are gone (a guild emptied): the message keeps the last standings it had.
      if (answer) {
        const { channelId, messageId } = message;
        const signal = AbortSignal.any([stopping.signal, AbortSignal.timeout(EDIT_TIMEOUT_MS)]);
        await editMessage(rest, channelId, messageId, answer, signal);
      }
      message.seq = seq;
      drawnIn.set(message.messageId, weekStartOf(drawnAt));
      failures.delete(message.messageId);
    } catch (error) {
      const refusal = refusalOf(error);
      if (refusal !== null) return forget(message, refusal);
      const limited = rateLimitOf(error);
      if (limited !== null) {
        // Discord makes this channel wait: this message alone waits, its place goes on to others.
        wait = Math.max(wait, limited);
        log.warn(
          { guild: message.guildId, channel: message.channelId, retryAfterMs: limited },
          'live scoreboard edit rate-limited; trying again when Discord allows',
        );
      } else if (!stopping.signal.aborted) {
        // A 5xx, no answer in time, the network, a render that failed: the same change, later,
        // each failure in a row waiting twice as long (a channel failing for hours is tried a
        // few times an hour, and takes one of the few places for failing messages meanwhile).
        const failed = (failures.get(message.messageId) ?? 0) + 1;
        failures.set(message.messageId, failed);
        wait = Math.min(MAX_BACKOFF_MS, wait * 2 ** Math.min(failed - 1, 16));
        log.warn(
          { guild: message.guildId, message: message.messageId, failed, waitMs: wait, err: error },
          'live scoreboard edit failed; trying again later',
        );
      }
    }
    message.nextEditAt = clock() + wait;
    const still = await store.edited(message.messageId, owner, message.seq, message.nextEditAt);
    if (!still) letGo(message.messageId);
  }

  /**
   * The week a message taken from the store was last drawn in, as near as the store tells: its
   * last edit was at most an interval before its next one was allowed, else it is as posted.
   */
  function weekDrawn(message: LiveMessage): number {
    const lastEdit = message.nextEditAt - timing.editIntervalMs;
    return weekStartOf(Math.max(Date.parse(message.createdAt) || 0, lastEdit));
  }

  async function tick(): Promise<void> {
    const now = clock();
    // A lease that ran out (a node died) is taken at the next look, not at the next renewal:
    // a dead node's messages move within the lease and a tick.
    if (now < renewAt && (await store.anyFree(now))) renewAt = now;
    if (now >= renewAt) {
      const claimed = await store.claim(owner, now, now + timing.leaseMs);
      renewAt = now + renewEveryMs;
      const next = new Map<string, LiveMessage>();
      // What this node knows better than the store (an edit whose record is under way) stays.
      for (const message of claimed) {
        next.set(message.messageId, held.get(message.messageId) ?? message);
        if (!drawnIn.has(message.messageId)) drawnIn.set(message.messageId, weekDrawn(message));
      }
      held = next;
      for (const id of drawnIn.keys()) if (!held.has(id)) letGo(id);
      for (const id of failures.keys()) if (!held.has(id)) letGo(id);
      // A guild whose messages all went elsewhere (or were forgotten) is forgotten here too.
      const guilds = new Set([...held.values()].map((message) => message.guildId));
      for (const guildId of seen.keys()) if (!guilds.has(guildId)) seen.delete(guildId);
    }
    await startDueEdits();
  }

  let starting = false;
  /**
   * Starts the edits that are due, as many as may run at once; called every tick and whenever
   * an edit ends, so a node with many messages to edit keeps its places busy.
   */
  async function startDueEdits(): Promise<void> {
    if (starting || stopped) return;
    starting = true;
    try {
      const now = clock();
      let failing = 0;
      for (const id of editing.keys()) if (failures.has(id)) failing += 1;
      for (const message of held.values()) {
        if (editing.size >= EDITS_AT_ONCE) break;
        if (editing.has(message.messageId) || now < message.nextEditAt) continue;
        const retry = failures.has(message.messageId);
        if (retry && failing >= FAILING_PLACES) continue;
        const seq = await seqOf(message.guildId);
        const lastWeek = (drawnIn.get(message.messageId) ?? week) < week;
        if ((seq === message.seq && !lastWeek) || editing.has(message.messageId)) continue;
        const id = message.messageId;
        const work = edit(message, seq)
          .catch((error: unknown) => log.error({ err: error, message: id }, 'live scoreboard edit'))
          .finally(() => {
            editing.delete(id);
            void startDueEdits().catch(() => {});
          });
        editing.set(id, work);
        if (retry) failing += 1;
      }
    } finally {
      starting = false;
    }
  }

  const timer = setInterval(() => {
    if (ticking || stopped) return;
    ticking = tick()
      .catch((error: unknown) => log.error({ err: error }, 'live scoreboards could not look'))
      .finally(() => {
        ticking = null;
      });
  }, tickMs);
  timer.unref();
  // The week's turn: every held message is due once (each in its turn, as the places free up).
  const stopWeekTurns = everyWeekTurn(
    clock,
    (start) => {
      week = start;
      void startDueEdits().catch((error: unknown) =>
        log.error({ err: error }, 'live scoreboards could not start the new week'),
      );
    },
    week,
  );
  // Names this node as the store's leases do, so an operator can tell who edits what.
  log.info({ owner }, 'live scoreboards started');

  return {
    owner,
    async post(guildId, channelId, language) {
      if ((await store.count(guildId)) >= LIVE_MESSAGES_PER_GUILD) return { kind: 'full' };
      // Read before the message is drawn: a change during the drawing brings an edit.
      const seq = liveSeq(await options.read.changes.of(guildId));
      const drawnAt = clock();
      const answer = await houseCupMessage(options, guildId, language, drawnAt);
      if (!answer) return { kind: 'noPoints' };
      let messageId: string;
      try {
        messageId = await postMessage(rest, channelId, answer);
      } catch (error) {
        const refusal = refusalOf(error);
        if (refusal !== null) return { kind: 'refused', status: refusal };
        throw error;
      }
      const message = { guildId, channelId, messageId, locale: language.locale, seq };
      let added: Awaited<ReturnType<typeof store.add>>;
      try {
        added = await store.add(message, LIVE_MESSAGES_PER_GUILD);
      } catch (error) {
        // Not kept (the store busy or down): a message nothing would edit or stop goes again.
        await deleteMessage(rest, channelId, messageId).catch(() => {});
        throw error;
      }
      if (added === 'full') {
        // Another post of the guild took the last place meanwhile: this one goes again.
        await deleteMessage(rest, channelId, messageId).catch(() => {});
        return { kind: 'full' };
      }
      log.info(
        { guild: guildId, channel: channelId, message: messageId },
        'live scoreboard posted',
      );
      drawnIn.set(messageId, weekStartOf(drawnAt));
      // Taken at the next look (the lease is free): at once, rather than at the next renewal.
      renewAt = 0;
      return { kind: 'posted', messageId };
    },
    permissionsIn: (guildId, channelId) => botPermissionsIn(rest, guildId, channelId, botUserId),
    async stop(guildId, channelId) {
      const removed = await store.removeInChannel(guildId, channelId);
      for (const message of removed) letGo(message.messageId);
      log.info(
        { guild: guildId, channel: channelId, removed: removed.length },
        'live scoreboard stopped',
      );
      return removed.length;
    },
    async close() {
      stopped = true;
      clearInterval(timer);
      stopWeekTurns();
      stopping.abort();
      await ticking;
      await Promise.all(editing.values());
      await store.release(owner).catch((error: unknown) => {
        log.warn(
          { err: error },
          'live scoreboards could not be given up; other nodes wait out the lease',
        );
      });
    },
  };
}
