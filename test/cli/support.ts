import { runCliAsync } from '../support/cli.js';
import { APP_ID } from '../support/fake-discord.js';

/** A token no output may show. */
export const TOKEN = 'bot-token-that-must-not-show';

/** `housecup register` in a child process against the Discord at `restUrl`. */
export function register(restUrl: string, token = TOKEN) {
  return runCliAsync(['register'], {
    DATABASE_PATH: ':memory:',
    DISCORD_TOKEN: token,
    DISCORD_APPLICATION_ID: APP_ID,
    DISCORD_REST_URL: restUrl,
  });
}
