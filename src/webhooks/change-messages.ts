import { AnswerCache } from '../answers/answer-cache.js';
import { readEventData } from '../events/area-answers.js';
import type { GuildChange, ReadService } from '../read/service.js';
import { EVENT_OF_AREA, type EventData, messageOf } from '../records/events.js';
import type { NewMessage, WebhookSubscription } from '../store/webhooks.js';
import { messageBody } from './message-body.js';
import { newMessageId } from './signing.js';

/*
 * From changes to messages: each changed area of a guild that an event tells of (the catalogue,
 * records/events.ts), when a subscription asked for that event, becomes one message to it,
 * carrying the event's data as the stream sends it (read once per area, whatever the number of
 * subscriptions), of the type the catalogue picks for it. The areas no event tells of (the
 * history, the publication) send nothing; nor does an event without data (a guild whose terms
 * were all deleted), as the stream sends nothing then.
 */

/** Whether any subscription could want a message for this change. */
export function reportsChange(change: GuildChange): boolean {
  return EVENT_OF_AREA.has(change.area);
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
    const event = EVENT_OF_AREA.get(change.area);
    if (!event) continue;
    const wanting = subscriptions.filter(
      (each) => each.guildId === change.guildId && each.events.includes(event),
    );
    if (wanting.length === 0) continue;
    const data = await readEventData(sources, change.guildId, event);
    if (data.length === 0) continue;
    const type = messageOf(event, () => JSON.parse(data.toString('utf8')) as EventData);
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
