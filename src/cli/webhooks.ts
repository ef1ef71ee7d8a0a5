import type { Command } from 'commander';
import type { Config } from '../config.js';
import { createLogger } from '../logger.js';
import { EVENT_NAMES, type EventName, eventList } from '../records/events.js';
import type { WebhookSubscription } from '../store/webhooks.js';
import { ATTEMPTS_KEPT } from '../webhooks/deliverer.js';
import { sendPing } from '../webhooks/ping.js';
import { type SafetyRules, systemResolver } from '../webhooks/safety.js';
import { addSubscription } from '../webhooks/subscriptions.js';
import { withStore } from './configured-store.js';
import { guildIdOption, positiveInt } from './options.js';
import { CliError, print, table } from './output.js';

/*
 * `housecup webhook …` (docs/webhooks.md): a guild's subscriptions. The secret is printed once,
 * by `add`, and by nothing else.
 */

const rulesOf = (config: Config): SafetyRules => ({ ...config.webhooks, resolve: systemResolver });

/** The events of `--events points,players`; every event when it is left out or empty. */
function parseEvents(text: string | undefined): EventName[] | null {
  return text === undefined || text.trim() === '' ? [...EVENT_NAMES] : eventList(text);
}

function stateOf(subscription: WebhookSubscription): string {
  if (subscription.disabledAt) {
    return `disabled ${subscription.disabledAt}: ${subscription.disabledReason ?? ''}`.trim();
  }
  if (subscription.unreadable) return `set aside: ${subscription.unreadable}`;
  if (subscription.failingSince) return `failing since ${subscription.failingSince}`;
  return 'open';
}

/** `webhook add`: prints the new subscription's id, then its secret, the only time it is shown. */
async function addWebhook(guildId: string, url: string, options: { events?: string }) {
  const events = parseEvents(options.events);
  if (events === null) {
    throw new CliError(`Webhook not added: events must be among ${EVENT_NAMES.join(', ')}`);
  }
  const result = await withStore((store, config) =>
    addSubscription(
      { webhooks: store.webhooks, read: store.read, rules: rulesOf(config) },
      { guildId, url, events },
    ),
  );
  if (!result.ok) throw new CliError(`Webhook not added: ${result.detail}`);
  print(String(result.subscription.id));
  print(result.secret);
}

async function listWebhooks(guildId: string, options: { json?: boolean }) {
  const subscriptions = await withStore((store) => store.webhooks.list(guildId));
  if (options.json) return print(JSON.stringify(subscriptions, null, 2));
  if (subscriptions.length === 0) return print(`No webhooks for guild ${guildId}.`);
  const header = ['ID', 'URL', 'EVENTS', 'CREATED', 'STATE'];
  const rows = subscriptions.map((each) => [
    String(each.id),
    each.url,
    each.events.join(','),
    each.createdAt,
    stateOf(each),
  ]);
  print(table([header, ...rows]));
}

/** `webhook test`: the ping's outcome, an error when the endpoint did not take it. */
async function pingWebhook(id: number) {
  const line = await withStore(async (store, config) => {
    const subscription = await store.webhooks.get(id);
    if (!subscription) throw new CliError(`No webhook with id ${id}`);
    const attempt = await sendPing(
      {
        webhooks: store.webhooks,
        rules: rulesOf(config),
        logger: createLogger({ level: 'silent' }),
      },
      subscription,
    );
    if (!attempt) return `ping queued for webhook ${id}: a running node sends it`;
    const outcome = `ping ${attempt.messageId}: ${attempt.status} in ${attempt.durationMs} ms`;
    if (/^2\d\d$/.test(attempt.status)) return outcome;
    const after = await store.webhooks.get(id);
    const state = after?.disabledAt ? `; webhook disabled: ${after.disabledReason}` : '';
    throw new CliError(`${outcome}${state}`);
  });
  print(line);
}

async function listDeliveries(id: number, options: { json?: boolean }) {
  const attempts = await withStore(async (store) => {
    if (!(await store.webhooks.get(id))) throw new CliError(`No webhook with id ${id}`);
    return store.webhooks.attempts(id, ATTEMPTS_KEPT);
  });
  if (options.json) return print(JSON.stringify(attempts, null, 2));
  if (attempts.length === 0) return print(`No deliveries yet for webhook ${id}.`);
  const header = ['TIME', 'STATUS', 'DURATION', 'TYPE', 'ATTEMPT', 'MESSAGE'];
  const rows = attempts.map((each) => [
    each.attemptedAt,
    each.status,
    `${each.durationMs} ms`,
    each.type,
    String(each.attempt),
    each.messageId,
  ]);
  print(table([header, ...rows]));
}

export function addWebhookCommands(program: Command): void {
  const webhook = program
    .command('webhook')
    .description('manage webhook subscriptions: a signed POST to a URL at each change of a guild');
  webhook
    .command('add')
    .description(
      'subscribe a URL to a guild’s changes; prints the id, then the signing secret (shown once)',
    )
    .argument('<guildId>', 'the guild', guildIdOption)
    .argument('<url>', 'where to POST (https://)')
    .option('--events <list>', `comma-separated, among ${EVENT_NAMES.join(',')}; default: all`)
    .action(addWebhook);
  webhook
    .command('list')
    .description('list a guild’s subscriptions: id, URL, events, created, state (never the secret)')
    .argument('<guildId>', 'the guild', guildIdOption)
    .option('--json', 'print JSON instead of a table')
    .action(listWebhooks);
  webhook
    .command('remove')
    .description('remove a subscription, with the messages still waiting for it')
    .argument('<id>', 'the id shown by `webhook list`', positiveInt)
    .action(async (id: number) => {
      const removed = await withStore((store) => store.webhooks.remove(id));
      if (!removed) throw new CliError(`No webhook with id ${id}`);
      print(`Webhook ${id} removed.`);
    });
  webhook
    .command('test')
    .description('send a ping to a subscription now and print what its endpoint answered')
    .argument('<id>', 'the id shown by `webhook list`', positiveInt)
    .action(pingWebhook);
  webhook
    .command('deliveries')
    .description(`the last ${ATTEMPTS_KEPT} attempts of a subscription: time, status, duration`)
    .argument('<id>', 'the id shown by `webhook list`', positiveInt)
    .option('--json', 'print JSON instead of a table')
    .action(listDeliveries);
}
