import { config as loadDotenv } from 'dotenv';
import { ConfigError, loadConfig } from './config.js';
import { createLogger } from './logger.js';
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
  // start-up ends) is a request to stop once started, not a kill.
  let requested: string | null = null;
  let shutdown = (signal: string) => {
    requested ??= signal;
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  let service: Awaited<ReturnType<typeof startService>>;
  try {
    service = await startService(config, logger, {
      onFirstKey(key, exampleUrl) {
        // Shown once, on the terminal, never through the logger.
        process.stdout.write(
          `\nA new database, so housecup created a first API key (it reads every guild). It is shown only this once:\n\n  ${key}\n\n` +
            `Try it:\n  curl -H 'Authorization: ${key}' ${exampleUrl}\n\n`,
        );
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

  let stopping = false;
  shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      logger.error('shutdown took over 10 s: exiting anyway');
      process.exit(1);
    }, 10_000);
    force.unref();
    service.stop().then(
      () => {
        logger.flush();
        process.exit(0);
      },
      (error: unknown) => {
        logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  if (requested) shutdown(requested);
}

main().catch((error: unknown) => {
  const message = error instanceof Error ? error.message : String(error);
  fail(`start-up failed: ${message}`);
});
