import type { APIEmbed } from 'discord.js';
import type { WebhookSubscription } from '../../store/webhooks.js';
import type { Language } from '../i18n/index.js';
import { NEUTRAL_COLOUR } from './houses.js';
import { clip, fitEmbed, LIMITS, linesWithin } from './limits.js';

/** The longest URL a line of the list shows; the rest is cut with an ellipsis. */
const SHOWN_URL_MAX = 200;

/**
 * A subscription's URL as Discord shows it: origin and path only. A receiver often takes its
 * own shared secret in the query string (`?token=…`), and a list is seen by every admin who
 * runs it, in a channel's history; the path is enough to recognise which endpoint it is.
 * In a code span: the URL parser percent-encodes a backtick in the path, so none can close it.
 */
export function shownUrl(url: string): string {
  let shown: string;
  try {
    const parsed = new URL(url);
    shown = `${parsed.origin}${parsed.pathname}`;
  } catch {
    // Stored URLs were parsed when added; this is only what a broken row would show.
    shown = '?';
  }
  return `\`${clip(shown, SHOWN_URL_MAX)}\``;
}

/**
 * Which of the catalogue's reasons a stored one is: the store keeps the deliverer's English
 * words, which only src/webhooks knows, so the command says which is which.
 */
export type ReasonKind = (reason: string | null) => 'gone' | 'failing' | 'other';

function stateOf(
  subscription: WebhookSubscription,
  kindOf: ReasonKind,
  language: Language,
): string {
  const { t } = language;
  if (subscription.disabledAt !== null) {
    const why = t.webhook.reasons[kindOf(subscription.disabledReason)];
    return ` · ${t.webhook.disabled(language.day(subscription.disabledAt), why)}`;
  }
  if (subscription.failingSince !== null) {
    return ` · ${t.webhook.failing(language.day(subscription.failingSince))}`;
  }
  return '';
}

/** The guild's subscriptions: never a secret (the store's list has none to give). */
export function webhookListEmbed(
  subscriptions: readonly WebhookSubscription[],
  max: number,
  kindOf: ReasonKind,
  language: Language,
): APIEmbed {
  const { t } = language;
  const lines = subscriptions.map(
    (each) =>
      `**#${language.digits(each.id)}** ${shownUrl(each.url)} · ${each.events.join(', ')} · ${t.webhook.created(language.day(each.createdAt))}${stateOf(each, kindOf, language)}`,
  );
  return fitEmbed(
    {
      title: t.webhook.listTitle(language.digits(subscriptions.length), language.digits(max)),
      description:
        lines.length > 0 ? linesWithin(lines, LIMITS.description, t.lists) : t.webhook.empty,
      ...(lines.length > 0 ? { footer: { text: t.webhook.urlsCut } } : {}),
      color: NEUTRAL_COLOUR,
    },
    t.lists,
  );
}

/** The one time the secret is shown: in an ephemeral reply to the admin who added it. */
export function newWebhookEmbed(
  subscription: WebhookSubscription,
  secret: string,
  language: Language,
): APIEmbed {
  const { t } = language;
  return fitEmbed({
    title: t.webhook.addedTitle(language.digits(subscription.id)),
    description: [
      t.webhook.sendsTo(shownUrl(subscription.url), subscription.events.join(', ')),
      `\`\`\`\n${secret}\n\`\`\``,
      t.webhook.keepSecret,
      t.webhook.howToVerify,
    ].join('\n'),
    color: NEUTRAL_COLOUR,
  });
}
