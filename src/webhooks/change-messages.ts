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
 * publication) send nothing. Terms will send `term.started` and `term.ended` from their own
 * records (the `term` event), once terms are stored.
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
  return AREA_MESSAGES[change.area] !== undefined;
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
    const kind = AREA_MESSAGES[change.area];
    if (!kind) continue;
    const wanting = subscriptions.filter(
      (each) => each.guildId === change.guildId && each.events.includes(kind.event),
    );
    if (wanting.length === 0) continue;
    const data = await readEventData(sources, change.guildId, kind.event);
    const payload = messageBody(kind.type, change.guildId, now, data, change.seq);
    for (const subscription of wanting) {
      messages.push({
        messageId: newMessageId(),
        subscriptionId: subscription.id,
        guildId: change.guildId,
        type: kind.type,
        payload,
      });
    }
  }
  return messages;
}
