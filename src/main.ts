import './supported-node.js';
import { writeSync } from 'node:fs';
import { config as loadDotenv } from 'dotenv';
import { ConfigError, loadConfig } from './config.js';
import { createLogger } from './logger.js';
import { createShutdown, watchProcessFailures } from './process-failures.js';
import { startService } from './start.js';
import { StoreOpenError } from './store/errors.js';

loadDotenv({ quiet: true });

function fail(message: string): never {
  // One line, whatever the message holds: a supervisor's log shows it as one event.
  process.stderr.write(`housecup: ${message.replace(/\s*\n\s*/g, ' ')}\n`);
  process.exit(1);
}

async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
  const logger = createLogger({
    level: config.logLevel,
    secrets: config.discord.token ? [config.discord.token] : [],
  });

  // Listened for from the start: a signal during start-up (the first key is printed before
  // start-up ends) is a request to stop once started, not a kill; a failure no handler caught
  // stops the process by the policy of process-failures.ts.
  const shutdown = createShutdown(logger);
  watchProcessFailures(logger, shutdown);
  process.on('SIGTERM', () => shutdown.request('SIGTERM', 0));
  process.on('SIGINT', () => shutdown.request('SIGINT', 0));

  let service: Awaited<ReturnType<typeof startService>>;
  try {
    service = await startService(config, logger, {
      onFirstKey(key, exampleUrl) {
        // Shown once, on the terminal, never through the logger; written at once, as a failed
        // write of process.stdout is an 'error' event no one hears, which would stop the process.
        try {
          writeSync(
            1,
            `\nA new database, so housecup created a first API key (it reads every guild). It is shown only this once:\n\n  ${key}\n\n` +
              `Try it:\n  curl -H 'Authorization: ${key}' ${exampleUrl}\n\n`,
          );
        } catch (error) {
          const code = (error as NodeJS.ErrnoException).code ?? String(error);
          logger.warn(
            { code },
            'the first API key could not be shown on standard output; create one with `housecup keys create`',
          );
        }
      },
      onDamaged: (error) => fail(error.message),
    });
  } catch (error) {
    if (error instanceof StoreOpenError) fail(error.message);
    if (error instanceof Error && 'code' in error && error.code === 'EADDRINUSE') {
      fail(`Cannot listen on ${config.host}:${config.port}: the address is in use (set PORT)`);
    }
    throw error;
  }

  shutdown.attach(() => service.stop());
}

main().catch((error: unknown) => {
  const message = error instanceof Error ? error.message : String(error);
  fail(`start-up failed: ${message}`);
});
