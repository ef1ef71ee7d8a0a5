import type { Command } from 'commander';
import type { KeyRecord } from '../keys/key-store.js';
import { KEY_NAME_MAX } from '../records/api-key.js';
import { checkLine } from '../records/text-line.js';
import { withStore } from './configured-store.js';
import { collect, guildIdOption, nonNegativeInt, positiveInt } from './options.js';
import { CliError, print, table } from './output.js';

function describeKey(record: KeyRecord): string[] {
  return [
    String(record.id),
    record.name || '-',
    record.hint,
    record.guilds ? record.guilds.join(',') : 'all guilds',
    record.rate_limit === null
      ? 'default'
      : record.rate_limit === 0
        ? 'unlimited'
        : `${record.rate_limit}/min`,
    record.created_at,
    record.last_used_at ?? 'never',
    record.revoked_at ? `revoked ${record.revoked_at}` : 'active',
  ];
}

export function addKeyCommands(program: Command): void {
  const keys = program
    .command('keys')
    .description('manage API keys (stored hashed; a key is shown only when created)');

  keys
    .command('create')
    .description('create an API key and print it, alone, on one line')
    .option(
      '--name <label>',
      `a label to recognise the key by, at most ${KEY_NAME_MAX} characters on one line`,
      '',
    )
    .option(
      '--guild <id>',
      'limit the key to this guild (repeatable); default: every guild',
      collect(guildIdOption),
      [],
    )
    .option(
      '--rate-limit <n>',
      'requests per minute for this key (0 = unlimited); default: RATE_LIMIT_PER_MINUTE',
      nonNegativeInt,
    )
    .action(async (options: { name: string; guild: string[]; rateLimit?: number }) => {
      // What `keys list` prints on one row: one line, as Discord's option holds it.
      const name = checkLine(options.name, KEY_NAME_MAX, 0);
      if (!name.ok) throw new CliError(`Invalid name: ${name.problem}`);
      const { key } = await withStore((store) =>
        store.keyStore.create({
          name: name.text,
          guilds: options.guild,
          rateLimit: options.rateLimit,
        }),
      );
      print(key);
    });

  keys
    .command('list')
    .description(
      'list keys: id, name, hint, scope, rate limit, created, last used, state (never the key)',
    )
    .option('--json', 'print JSON instead of a table')
    .action(async (options: { json?: boolean }) => {
      const keys = await withStore((store) => store.keyStore.list());
      if (options.json) return print(JSON.stringify(keys, null, 2));
      if (keys.length === 0) return print('No API keys.');
      const header = ['ID', 'NAME', 'HINT', 'SCOPE', 'RATE LIMIT', 'CREATED', 'LAST USED', 'STATE'];
      print(table([header, ...keys.map(describeKey)]));
    });

  keys
    .command('revoke')
    .description('revoke a key by id; a running server refuses it from the next request on')
    .argument('<id>', 'the key id shown by `keys list`', positiveInt)
    .action(async (id: number) => {
      const revoked = await withStore((store) => store.keyStore.revoke(id));
      if (!revoked) throw new CliError(`No active key with id ${id}`);
      print(`Key ${id} revoked.`);
    });
}
