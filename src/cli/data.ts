import { readFileSync } from 'node:fs';
import type { Command } from 'commander';
import { exportData } from '../transfer/export.js';
import { importData } from '../transfer/import.js';
import { withDatabase } from './configured-store.js';
import { collect, guildIdOption } from './options.js';
import { CliError, print } from './output.js';

function readJsonFile(file: string): unknown {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    const code = error instanceof Error && 'code' in error ? ` (${String(error.code)})` : '';
    throw new CliError(`Cannot read ${file}${code}`);
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new CliError(
      `${file} is not valid JSON: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}

export function addDataCommands(program: Command): void {
  program
    .command('import')
    .description(
      'validate a JSON file, then replace the data of each guild in it (one transaction)',
    )
    .argument('<file>', 'a file in the import/export format')
    .action(async (file: string) => {
      const data = readJsonFile(file);
      const summary = await withDatabase((db) => importData(db, data));
      process.stderr.write(
        `Imported ${summary.guilds} guild(s): ${summary.players} profile(s), ${summary.jobs} job(s).\n`,
      );
    });

  program
    .command('export')
    .description('write guild data to stdout in the import format')
    .option(
      '--guild <id>',
      'only this guild (repeatable); default: every guild',
      collect(guildIdOption),
      [],
    )
    .action(async (options: { guild: string[] }) => {
      const data = await withDatabase((db) => exportData(db, options.guild));
      print(JSON.stringify(data, null, 2));
    });

  program
    .command('migrate')
    .description('create the database if needed and apply pending migrations')
    .action(async () => {
      const path = await withDatabase((db) => db.path);
      process.stderr.write(`Database ${path} is up to date.\n`);
    });
}
