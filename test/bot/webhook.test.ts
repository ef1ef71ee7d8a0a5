/*
 * /webhook add · list · remove (docs/discord.md, "Webhooks from Discord"), through the fake
 * Discord on both transports, the real discord.js client and the real POST /interactions over
 * one SQLite file, with the address rules as production has them (https only, no private
 * address): every answer private; the secret shown once, in add's answer, and never again
 * (not by list, not in a log line); URLs listed without their query string; a disabled
 * subscription marked with its reason; another server's number refused; the cap of 10; the
 * events as the options set them; refused URLs and events in the member's language, adding
 * nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningBot, startBot } from '../../src/bot/client.js';
import { ENGLISH, type Language, languageOf } from '../../src/bot/i18n/index.js';
import { commandServices } from '../../src/bot/services.js';
import { loadConfig } from '../../src/config.js';
import { EVENT_NAMES, type EventName } from '../../src/records/events.js';
import { SUBSCRIPTIONS_PER_GUILD } from '../../src/records/webhooks.js';
import { GONE_REASON } from '../../src/webhooks/deliverer.js';
import { type InteractionsApp, startInteractionsApp } from '../interactions/support.js';
import { openTestDatabase, type TestDatabase } from '../support/database.js';
import type { LocaleOptions } from '../support/fake-discord/objects.js';
import { messageProblems } from '../support/fake-discord/validation.js';
import {
  type CommandOption,
  FAKE_TOKEN,
  FakeDiscord,
  type InteractionCallback,
  type InteractionOptions,
} from '../support/fake-discord.js';
import { captureLog } from '../support/log-capture.js';
import { ALICE } from './support/fixture.js';

const GUILDS = { gateway: '1133557799224466860', http: '1133557799224466861' } as const;
/** A server of someone else's, whose subscription the others must not reach. */
const ELSEWHERE = '1133557799224466862';
const EPHEMERAL = 64;
/** An address on the internet, so the rules let it through without a DNS lookup. */
const PUBLIC_URL = 'https://8.8.8.8/hooks/housecup?token=receivers-own-token';
const SECRET = /whsec_[A-Za-z0-9+/]+=*/;

let database: TestDatabase;
let fake: FakeDiscord;
let bot: RunningBot;
let served: InteractionsApp;
const log = captureLog([FAKE_TOKEN]);

beforeAll(async () => {
  database = await openTestDatabase();
  fake = await FakeDiscord.start({ guilds: [...Object.values(GUILDS), ELSEWHERE] });
  // The address rules as production has them: WEBHOOK_ALLOW_HTTP and _PRIVATE off.
  const config = loadConfig({ DISCORD_TOKEN: FAKE_TOKEN, DISCORD_REST_URL: fake.restUrl });
  const services = commandServices(database.store, config);
  bot = await startBot({ config, services, logger: log.logger });
  served = await startInteractionsApp({
    database,
    services,
    publicKey: fake.publicKey,
    restUrl: fake.restUrl,
    logger: log.logger,
  });
});

afterAll(async () => {
  await bot?.stop();
  await served?.close();
  await fake?.close();
  database?.cleanup();
});

const string = (name: string, value: string): CommandOption => ({ name, type: 3, value });
/**
 * `/webhook add`, with a True or False for the events given, as Discord sends booleans, and
 * `events:` when a list is given.
 */
const add = (
  url: string,
  events: { [E in EventName]?: boolean } = {},
  list?: string,
): CommandOption[] => [
  {
    name: 'add',
    type: 1,
    options: [
      string('url', url),
      ...(list === undefined ? [] : [string('events', list)]),
      ...Object.entries(events).map(([name, value]) => ({ name, type: 5, value })),
    ],
  },
];
const list: CommandOption[] = [{ name: 'list', type: 1 }];
const remove = (id: number): CommandOption[] => [
  { name: 'remove', type: 1, options: [{ name: 'id', type: 4, value: id }] },
];

/** A private answer, as Discord would accept it (fake.ask: after a deferral too). */
function privately(answer: InteractionCallback): InteractionCallback {
  expect(answer.data.flags).toBe(EPHEMERAL);
  expect(messageProblems(answer.data)).toEqual([]);
  return answer;
}

describe.each(['gateway', 'http'] as const)('over the %s', (via) => {
  const guildId = GUILDS[via];
  const webhook = async (options: CommandOption[], locale = 'en-US') => {
    const who: InteractionOptions & LocaleOptions = { guildId, user: ALICE, locale };
    return privately(await fake.ask(fake.command('webhook', options, who)));
  };
  const stored = () => database.store.webhooks.list(guildId);
  const refusedIn = async (
    language: Language,
    options: CommandOption[],
    expected: (t: Language['t']) => string,
  ) => {
    const before = (await stored()).length;
    const answer = await webhook(options, language.locale);
    expect(answer.data.embeds ?? []).toEqual([]);
    expect(answer.data.content).toBe(expected(language.t));
    expect(await stored()).toHaveLength(before);
  };

  beforeAll(async () => {
    await fake.setInteractionsEndpoint(via === 'http' ? `${served.url}/interactions` : null);
  });

  it('adds a subscription and shows its secret once, only to the admin; list never shows it', async () => {
    const answer = await webhook(add(PUBLIC_URL, { jobs: true, points: true, players: false }));
    const [embed] = answer.data.embeds ?? [];
    const [subscription] = await stored();
    expect(subscription).toMatchObject({ url: PUBLIC_URL, events: ['points', 'jobs'] });
    expect(embed?.title).toBe(ENGLISH.t.webhook.addedTitle(String(subscription?.id)));
    const secret = SECRET.exec(embed?.description ?? '')?.[0] ?? '';
    expect(secret).toMatch(SECRET);
    expect(embed?.description).toContain(ENGLISH.t.webhook.keepSecret);
    expect(embed?.description).toContain(ENGLISH.t.webhook.howToVerify);
    // The receiver's own token in the query string is not repeated back either.
    expect(embed?.description).not.toContain('receivers-own-token');

    const listed = await webhook(list);
    const text = JSON.stringify(listed.data);
    expect(listed.data.embeds?.[0]?.title).toBe(ENGLISH.t.webhook.listTitle('1', '10'));
    expect(listed.data.embeds?.[0]?.description).toContain(
      `**#${subscription?.id}** \`https://8.8.8.8/hooks/housecup\` · points, jobs`,
    );
    expect(listed.data.embeds?.[0]?.footer?.text).toBe(ENGLISH.t.webhook.urlsCut);
    expect(text).not.toContain(secret);
    expect(text).not.toContain('whsec_');
    expect(text).not.toContain('receivers-own-token');
    expect(log.raw.join('\n')).not.toContain(secret);
  });

  it('lists a disabled subscription with its reason', async () => {
    const [subscription] = await stored();
    database.db.sqlite
      .prepare('UPDATE webhook_subscriptions SET disabled_at = ?, disabled_reason = ? WHERE id = ?')
      .run('2026-11-20T10:00:00.000Z', GONE_REASON, subscription?.id);
    const listed = await webhook(list);
    expect(listed.data.embeds?.[0]?.description).toContain(
      ENGLISH.t.webhook.disabled('2026-11-20', ENGLISH.t.webhook.reasons.gone),
    );
    const german = languageOf('de');
    const inGerman = await webhook(list, 'de');
    expect(inGerman.data.embeds?.[0]?.description).toContain(
      german.t.webhook.disabled(
        german.day('2026-11-20T10:00:00.000Z'),
        'der Endpunkt antwortete 410 Gone',
      ),
    );
  });

  it('refuses http:// (WEBHOOK_ALLOW_HTTP is off), a private address and every event set False, adding nothing', async () => {
    await refusedIn(ENGLISH, add('http://8.8.8.8/hook'), (t) => t.webhook.url.scheme('`https://`'));
    await refusedIn(ENGLISH, add('https://10.1.2.3/hook'), (t) =>
      t.webhook.url.forbiddenAddress('`10.1.2.3`'),
    );
    await refusedIn(ENGLISH, add('https://169.254.169.254/latest'), (t) =>
      t.webhook.url.forbiddenAddress('`169.254.169.254`'),
    );
    await refusedIn(ENGLISH, add('https://user:pass@8.8.8.8/'), (t) => t.webhook.url.credentials);
    await refusedIn(ENGLISH, add('not a url'), (t) => t.webhook.url.notUrl);
    const none = Object.fromEntries(EVENT_NAMES.map((event) => [event, false]));
    await refusedIn(ENGLISH, add(PUBLIC_URL, none), (t) => t.webhook.noEvents);
  });

  it('subscribes to every event without any set, and to all but those set False', async () => {
    for (const [given, events] of [
      [{}, EVENT_NAMES],
      [{ players: false, term: false }, ['points', 'premium', 'jobs', 'award']],
    ] as const) {
      const answer = await webhook(add(PUBLIC_URL, given));
      const id = Number(/#(\d+)/.exec(answer.data.embeds?.[0]?.title ?? '')?.[1]);
      expect((await database.store.webhooks.get(id))?.events).toEqual(events);
      await database.store.webhooks.remove(id);
    }
  });

  it('subscribes to the events of `events:`, a comma list as the command line takes', async () => {
    for (const [list, given, events] of [
      ['points,term', {}, ['points', 'term']],
      [' Term , points, term', {}, ['points', 'term']],
      ['points', { award: true }, ['points', 'award']],
      ['points,jobs', { jobs: false }, ['points']],
    ] as const) {
      const answer = await webhook(add(PUBLIC_URL, given, list));
      const id = Number(/#(\d+)/.exec(answer.data.embeds?.[0]?.title ?? '')?.[1]);
      expect((await database.store.webhooks.get(id))?.events, list).toEqual(events);
      await database.store.webhooks.remove(id);
    }
    await refusedIn(ENGLISH, add(PUBLIC_URL, {}, 'points,scores'), (t) =>
      t.webhook.unknownEvents(EVENT_NAMES.join(',')),
    );
  });

  it('refuses in the member’s language', async () => {
    const german = languageOf('de');
    await refusedIn(german, add('https://127.0.0.1/hook'), (t) =>
      t.webhook.url.forbiddenAddress('`127.0.0.1`'),
    );
    const answer = await webhook(add('https://192.168.0.10/'), 'de');
    expect(answer.data.content).toContain('privaten Netz');
  });

  it('removes one of this server’s subscriptions, and no other server’s', async () => {
    const theirs = await database.store.webhooks.add(
      { guildId: ELSEWHERE, url: 'https://8.8.4.4/theirs', events: ['points'], secret: 'whsec_x' },
      SUBSCRIPTIONS_PER_GUILD,
    );
    const refused = await webhook(remove(theirs?.id ?? 0));
    expect(refused.data.content).toBe(ENGLISH.t.notFound.webhook);
    expect(await database.store.webhooks.get(theirs?.id ?? 0)).not.toBeNull();

    const [mine] = await stored();
    const removed = await webhook(remove(mine?.id ?? 0));
    expect(removed.data.content).toBe(ENGLISH.t.webhook.removed(String(mine?.id)));
    expect(await stored()).toEqual([]);
    const again = await webhook(remove(mine?.id ?? 0));
    expect(again.data.content).toBe(ENGLISH.t.notFound.webhook);

    const empty = await webhook(list);
    expect(empty.data.embeds?.[0]?.description).toBe(ENGLISH.t.webhook.empty);
  });

  it(`refuses the ${SUBSCRIPTIONS_PER_GUILD + 1}th subscription, saying how to make room`, async () => {
    for (let i = 1; i < SUBSCRIPTIONS_PER_GUILD; i++) {
      await database.store.webhooks.add(
        { guildId, url: `https://8.8.8.8/${i}`, events: ['points'], secret: `whsec_${i}` },
        SUBSCRIPTIONS_PER_GUILD,
      );
    }
    const last = await webhook(add(PUBLIC_URL));
    expect(last.data.embeds?.[0]?.title).toMatch(/^Webhook #\d+ added$/);
    expect(await stored()).toHaveLength(SUBSCRIPTIONS_PER_GUILD);

    await refusedIn(ENGLISH, add(PUBLIC_URL), (t) => t.webhook.full('10'));
    const listed = await webhook(list);
    expect(listed.data.embeds?.[0]?.title).toBe(ENGLISH.t.webhook.listTitle('10', '10'));
  });
});
