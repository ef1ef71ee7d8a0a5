import { AnswerCache } from '../answers/answer-cache.js';
import { type EventName, readEventData } from '../events/area-answers.js';
import type { GuildChange, ReadService } from '../read/service.js';
import type { ChangeArea } from '../records/guild-changes.js';
import type { MessageType, WebhookEvent } from '../records/webhooks.js';
import type { NewMessage, WebhookSubscription } from '../store/webhooks.js';
import { messageBody } from './message-body.js';
import { newMessageId } from './signing.js';

/*
 * From changes to messages: each changed area of a guild that a subscription asked for becomes
 * one message to it, carrying the area's data as the event stream sends it (read once per
 * area, whatever the number of subscriptions). The areas no event reports (the history, the
 * publication) send nothing. A change of the terms area sends the `term` event's data (the
 * guild's latest term) as `term.started` while that term is open, `term.ended` once it ended.
 */

/** The areas of guild_changes that send a message, and what each sends. */
const AREA_MESSAGES: Partial<
  Record<ChangeArea, { event: WebhookEvent & EventName; type: MessageType }>
> = {
  points: { event: 'points', type: 'points.changed' },
  premium: { event: 'premium', type: 'premium.changed' },
  players: { event: 'players', type: 'players.changed' },
  jobs: { event: 'jobs', type: 'jobs.changed' },
};

/** Whether any subscription could want a message for this change. */
export function reportsChange(change: GuildChange): boolean {
  return AREA_MESSAGES[change.area] !== undefined || change.area === 'terms';
}

/** The term event's data and its message type; null when the guild has no term (all deleted). */
async function termMessage(
  sources: Parameters<typeof readEventData>[0],
  guildId: string,
): Promise<{ data: Buffer; type: MessageType } | null> {
  const data = await readEventData(sources, guildId, 'term');
  if (data.length === 0) return null;
  const { endedAt } = JSON.parse(data.toString('utf8')) as { endedAt: string | null };
  return { data, type: endedAt === null ? 'term.started' : 'term.ended' };
}

/** The messages `changes` make for `subscriptions` (the open ones of those guilds). */
export async function messagesFor(
  read: ReadService,
  changes: readonly GuildChange[],
  subscriptions: readonly WebhookSubscription[],
  now: Date,
): Promise<NewMessage[]> {
  // A cache of this batch's own: its answers are read after the changes committed, whatever
  // this node's generations say yet (on PostgreSQL they follow notifications, which may lag).
  const cache = new AnswerCache();
  const sources = { read, cache, generation: () => 'batch' };
  const messages: NewMessage[] = [];
  for (const change of changes) {
    const event = change.area === 'terms' ? 'term' : AREA_MESSAGES[change.area]?.event;
    if (!event) continue;
    const wanting = subscriptions.filter(
      (each) => each.guildId === change.guildId && each.events.includes(event),
    );
    if (wanting.length === 0) continue;
    const kind = AREA_MESSAGES[change.area];
    const message = kind
      ? { data: await readEventData(sources, change.guildId, kind.event), type: kind.type }
      : await termMessage(sources, change.guildId);
    if (!message) continue;
    const { data, type } = message;
    const payload = messageBody(type, change.guildId, now, data, change.seq);
    for (const subscription of wanting) {
      messages.push({
        messageId: newMessageId(),
        subscriptionId: subscription.id,
        guildId: change.guildId,
        type,
        payload,
      });
    }
  }
  return messages;
}
