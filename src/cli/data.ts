import { readFileSync } from 'node:fs';
import type { Command } from 'commander';
import { decodeUtf8 } from '../transfer/decode.js';
import { checkTransferFile } from '../transfer/format.js';
import { withStore } from './configured-store.js';
import { collect, guildIdOption } from './options.js';
import { CliError, print } from './output.js';

/** The text of `file`, or of standard input when it is `-` (a pipe from the game's export job). */
async function readInput(file: string): Promise<string> {
  const source = file === '-' ? 'standard input' : file;
  if (file === '-' && process.stdin.isTTY) {
    // Waiting for a person to type a whole JSON file is never what was meant.
    throw new CliError('import - reads standard input: pipe the file in (… | housecup import -)');
  }
  try {
    if (file !== '-') return decodeUtf8(readFileSync(file));
    const chunks: Buffer[] = [];
    for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
    return decodeUtf8(Buffer.concat(chunks));
  } catch (error) {
    throw new CliError(`Cannot read ${source}: ${whyUnreadable(error)}`);
  }
}

/** Why a file could not be read, in words: an operator reads it, not an errno table. */
const UNREADABLE: Record<string, string> = {
  ENOENT: 'no such file',
  ENOTDIR: 'no such file (a part of the path is not a folder)',
  EISDIR: 'it is a folder, not a file',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  ELOOP: 'too many symbolic links',
  ENAMETOOLONG: 'the path is too long',
  EMFILE: 'too many files open',
  EIO: 'the disk could not be read',
};

function whyUnreadable(error: unknown): string {
  const code = error instanceof Error && 'code' in error ? String(error.code) : '';
  return UNREADABLE[code] ?? 'it cannot be read';
}

async function readJson(file: string): Promise<unknown> {
  const text = await readInput(file);
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new CliError(
      `${file === '-' ? 'standard input' : file} is not valid JSON: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}

export function addDataCommands(program: Command): void {
  program
    .command('import')
    .description(
      'validate a JSON file, then replace the data of each guild in it (one transaction)',
    )
    .argument('<file>', 'a file in the import/export format, or - to read standard input')
    .action(async (file: string) => {
      const data = await readJson(file);
      // Checked before the store opens, once: a file with problems makes no database.
      const checked = checkTransferFile(data);
      const summary = await withStore((store) => store.importData(checked), { creates: true });
      print(
        `Imported ${summary.guilds} guild(s): ${summary.players} profile(s), ${summary.jobs} job(s).`,
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
      const { data, path } = await withStore(async (store) => ({
        data: await store.exportData(options.guild),
        path: store.location,
      }));
      // A guild asked for by id that has no data is a mistake (a typo, the wrong database), not an
      // empty export. (A guild exists for housecup once it has data.)
      const found = new Set(data.guilds.map((guild) => guild.id));
      const missing = [...new Set(options.guild)].filter((id) => !found.has(id));
      if (missing.length > 0) {
        const guilds = missing.length === 1 ? 'Guild' : 'Guilds';
        throw new CliError(
          `${guilds} ${missing.join(', ')} not found in ${path}: nothing exported`,
        );
      }
      print(JSON.stringify(data, null, 2));
    });

  program
    .command('migrate')
    .description('create the database if needed and apply pending migrations')
    .action(async () => {
      const path = await withStore((store) => store.location, { creates: true });
      print(`Database ${path} is up to date.`);
    });
}
