import { resolve } from 'node:path';
import type { Command } from 'commander';
import { createLogger } from '../logger.js';
import { COPY_LEAVES } from '../records/index.js';
import type { RecordDefinition } from '../records/record.js';
import type { CopyRows, RowBatches, Store } from '../store/store.js';
import { cliConfig, withStore } from './configured-store.js';
import { CliError, print } from './output.js';

const POSTGRES_URL = /^postgres(ql)?:\/\//;

/** The store `--to` names: a PostgreSQL URL, or a SQLite file's path (created if missing). */
async function openTarget(to: string): Promise<Store> {
  if (POSTGRES_URL.test(to)) {
    const { openPostgresStore } = await import('../store/postgres/store.js');
    return openPostgresStore(to, { logger: createLogger({ level: 'silent' }) });
  }
  const { openSqliteStore } = await import('../store/sqlite/store.js');
  return openSqliteStore(to);
}

/** Counts the rows that pass, per table, for the closing line. */
function counting(rows: CopyRows, counts: Map<string, number>) {
  return async function* (record: RecordDefinition): RowBatches {
    for await (const batch of rows(record)) {
      counts.set(record.table, (counts.get(record.table) ?? 0) + batch.length);
      yield batch;
    }
  };
}

const listed = (counts: ReadonlyMap<string, number>) =>
  [...counts]
    .filter(([, n]) => n > 0)
    .map(([table, n]) => `${n} ${table}`)
    .join(', ');

/**
 * The closing line: the rows copied per table, then the rows of the source left behind
 * (COPY_LEAVES: the webhooks' outbox, attempts and cursor), when there are any.
 */
function copiedLine(
  source: Store,
  target: Store,
  counts: ReadonlyMap<string, number>,
  left: ReadonlyMap<string, number>,
): string {
  const copied = `Copied ${source.location} to ${target.location}: ${listed(counts) || 'nothing (empty)'}`;
  const behind = listed(left);
  if (behind === '') return `${copied}.`;
  return `${copied}; not copied: ${behind} (the webhooks' outbox, delivery attempts and cursor stay behind; the target delivers the changes made after the copy).`;
}

export function addCopyCommand(program: Command): void {
  program
    .command('copy')
    .description(
      'copy everything (guild data, API key digests with revoked keys, webhook subscriptions with their secrets, live scoreboards) from the configured store into another, in one transaction on the target; the webhook outbox and delivery attempts stay behind',
    )
    .requiredOption('--to <target>', 'a SQLite file path, or a postgres:// URL')
    .option(
      '--replace',
      'make a target that already holds guild data or keys hold the copied data, writing only the rows that differ',
    )
    .action(async (options: { to: string; replace?: boolean }) => {
      const config = cliConfig();
      const same = POSTGRES_URL.test(options.to)
        ? options.to === config.databaseUrl
        : !config.databaseUrl && resolve(options.to) === resolve(config.databasePath);
      if (same) throw new CliError('The target is the configured store itself: nothing to copy');
      await withStore(async (source) => {
        const target = await openTarget(options.to);
        try {
          const counts = new Map<string, number>();
          const left = new Map<string, number>();
          const copied = await source.readEverything(async (rows, count) => {
            const written = await target.writeEverything(counting(rows, counts), {
              replace: options.replace === true,
            });
            for (const record of COPY_LEAVES) left.set(record.table, await count(record));
            return written;
          });
          if (!copied) {
            throw new CliError(
              `${target.location} already holds guild data or keys: nothing copied (--replace overwrites it)`,
            );
          }
          print(copiedLine(source, target, counts, left));
        } finally {
          await target.close();
        }
      });
    });
}
