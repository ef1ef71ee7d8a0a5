import { it } from 'vitest';
import { startBot } from '../../src/bot/client.js';
import { loadConfig } from '../../src/config.js';
import { createKeyStore } from '../../src/keys/key-store.js';
import { createReadService } from '../../src/read/service.js';
import { openTestDatabase } from '../support/database.js';
import { FAKE_TOKEN, FakeDiscord } from '../support/fake-discord.js';
import { captureLog } from './log-capture.js';
it('debug', async () => {
  const d = openTestDatabase();
  const fake = await FakeDiscord.start({ guilds: ['1133557799224466880'] });
  const log = captureLog();
  const bot = await startBot({ config: loadConfig({ DISCORD_TOKEN: FAKE_TOKEN, DISCORD_REST_URL: fake.restUrl }), read: createReadService(d.db), keys: createKeyStore(d.db), logger: log.logger });
  console.log(log.raw.join(''), fake.requests.map(r=>r.method+' '+r.path));
  await bot.stop(); await fake.close(); d.cleanup();
});
