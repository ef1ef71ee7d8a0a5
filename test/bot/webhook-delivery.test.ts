/*
 * A webhook added in Discord is a subscription like any other: over each transport, /webhook add
 * subscribes a real receiver on loopback (WEBHOOK_ALLOW_HTTP and WEBHOOK_ALLOW_PRIVATE on, as a
 * closed network would have them), and the next change of the guild's points reaches it as a
 * message that verifies, with the Standard Webhooks library, against the secret the add showed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningBot, startBot } from '../../src/bot/client.js';
import { ENGLISH } from '../../src/bot/i18n/index.js';
import { commandServices } from '../../src/bot/services.js';
import { loadConfig } from '../../src/config.js';
import { createLogger } from '../../src/logger.js';
import { systemResolver } from '../../src/webhooks/safety.js';
import { startWebhooks, type WebhookService } from '../../src/webhooks/service.js';
import { type InteractionsApp, startInteractionsApp } from '../interactions/support.js';
import { openTestDatabase, type TestDatabase } from '../support/database.js';
import { eventually } from '../support/eventually.js';
import { FAKE_TOKEN, FakeDiscord } from '../support/fake-discord.js';
import { fixture, RICH } from '../support/fixture.js';
import { captureLog } from '../support/log-capture.js';
import { type Receiver, startReceiver } from '../webhooks/support/receiver.js';
import { ALICE } from './support/fixture.js';

let database: TestDatabase;
let fake: FakeDiscord;
let bot: RunningBot;
let served: InteractionsApp;
let node: WebhookService;
const receivers: Receiver[] = [];
const log = captureLog([FAKE_TOKEN]);

beforeAll(async () => {
  database = await openTestDatabase(fixture);
  fake = await FakeDiscord.start({ guilds: [RICH] });
  const config = loadConfig({
    DISCORD_TOKEN: FAKE_TOKEN,
    DISCORD_REST_URL: fake.restUrl,
    WEBHOOK_ALLOW_HTTP: 'true',
    WEBHOOK_ALLOW_PRIVATE: 'true',
  });
  const services = commandServices(database.store, config);
  bot = await startBot({ config, services, logger: log.logger });
  served = await startInteractionsApp({
    database,
    services,
    publicKey: fake.publicKey,
    restUrl: fake.restUrl,
    logger: log.logger,
  });
  node = startWebhooks({
    read: database.store.read,
    webhooks: database.store.webhooks,
    rules: { ...config.webhooks, resolve: systemResolver },
    logger: createLogger({ level: 'silent' }),
    pollMs: 20,
  });
});

afterAll(async () => {
  await node?.stop();
  for (const receiver of receivers) await receiver.close();
  await bot?.stop();
  await served?.close();
  await fake?.close();
  database?.cleanup();
});

describe.each(['gateway', 'http'] as const)('over the %s', (via) => {
  it('delivers the next change to the URL added, signed with the secret shown', async () => {
    await fake.setInteractionsEndpoint(via === 'http' ? `${served.url}/interactions` : null);
    const receiver = await startReceiver();
    receivers.push(receiver);
    const answer = await fake.ask(
      fake.command(
        'webhook',
        [
          {
            name: 'add',
            type: 1,
            options: [
              { name: 'url', type: 3, value: receiver.url },
              { name: 'points', type: 5, value: true },
            ],
          },
        ],
        { guildId: RICH, user: ALICE, locale: 'en-US' },
      ),
    );
    expect(answer.data.flags).toBe(64);
    const [embed] = answer.data.embeds ?? [];
    expect(embed?.title).toMatch(/^Webhook #\d+ added$/);
    expect(embed?.description).toContain(ENGLISH.t.webhook.keepSecret);
    receiver.secret = /whsec_[A-Za-z0-9+/]+=*/.exec(embed?.description ?? '')?.[0] ?? '';

    const points = via === 'gateway' ? 4321 : 5432;
    database.db.sqlite.exec(
      `UPDATE house_points SET gryffindor = ${points} WHERE guild_id = '${RICH}'`,
    );
    const received = await eventually(
      async () => receiver.received,
      (got) => got.length >= 1,
    );
    expect(receiver.refused).toEqual([]);
    expect(received[0]?.message).toMatchObject({ type: 'points.changed', guildId: RICH });
    expect(JSON.stringify(received[0]?.message.data)).toContain(String(points));
  });
});
