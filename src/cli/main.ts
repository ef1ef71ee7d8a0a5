import '../supported-node.js';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Command, CommanderError, Help } from 'commander';
import { ConfigError } from '../config.js';
import { packageRoot } from '../paths.js';
import { StoreBusyError, StoreOpenError } from '../store/errors.js';
import { ImportError } from '../transfer/format.js';
import { addAwardCommands } from './awards.js';
import { addCopyCommand } from './copy.js';
import { addDataCommands } from './data.js';
import { addDiscordCommands } from './discord.js';
import { addKeyCommands } from './keys.js';
import { CliError } from './output.js';
import { addPublishCommands } from './publish.js';
import { addTermCommands } from './terms.js';
import { addWebhookCommands } from './webhooks.js';

/*
 * `housecup --help` is the map of the CLI: every command a user can run, subcommands included
 * (`keys create`, not just `keys`), each on one line with the short summary below. The full
 * description stays in `housecup <command> --help`.
 */
const SUMMARIES: Record<string, string> = {
  'keys create': 'create an API key and print it, once',
  'keys list': 'list keys: id, name, scope, state (never the key)',
  'keys revoke': 'revoke an API key by id',
  import: 'replace the data of the guilds in a JSON file',
  export: 'write guild data to stdout in the import format',
  migrate: 'create the database and apply pending migrations',
  copy: 'copy everything into another SQLite or PostgreSQL',
  register: 'publish the slash commands to Discord',
  publish: "make a guild's house cup page public (/cup/<id>)",
  unpublish: "take a guild's public house cup page down",
  'term start': 'start a term on a guild (--name)',
  'term end': "end a guild's open term (--reset zeroes the houses)",
  'term list': "list a guild's terms, newest first, with their winners",
  award: 'give a house points, with a reason (--reason)',
  unaward: "take an award back, by its id in the guild's ledger",
  'webhook add': 'subscribe a URL to a guild; prints id, then secret (once)',
  'webhook list': "list a guild's webhooks and their state",
  'webhook remove': 'remove a webhook by id',
  'webhook test': 'send a ping to a webhook now',
  'webhook deliveries': "a webhook's last 50 attempts: time, status, duration",
};

/** `keys create`: the words to type after `housecup`. */
function commandPath(command: Command): string {
  const names: string[] = [];
  for (let c: Command | null = command; c?.parent; c = c.parent) names.unshift(c.name());
  return names.join(' ');
}

function summarize(command: Command): void {
  for (const sub of command.commands) {
    const summary = SUMMARIES[commandPath(sub)];
    if (summary) sub.summary(summary);
    summarize(sub);
  }
}

function everyCommandOnOneLine(): Partial<Help> {
  const standard = new Help();
  return {
    // A group (`keys`) is listed as its subcommands; the CLI nests one level deep.
    visibleCommands: (command) =>
      standard
        .visibleCommands(command)
        .flatMap((sub) => (sub.commands.length > 0 ? sub.commands : [sub])),
    subcommandTerm: (command) => {
      const term = standard.subcommandTerm(command);
      const parent = command.parent ? commandPath(command.parent) : '';
      return parent && command.name() !== 'help' ? `${parent} ${term}` : term;
    },
  };
}

/** A message as one line: whatever a library wrote over several, an operator's log keeps one. */
const oneLine = (text: string) => text.replace(/\s*\n\s*/g, ' ').trim();

/**
 * A command line the CLI cannot read (an unknown command, a missing argument, a bad option
 * value) is an error like any other: one line on stderr, naming where the usage is, rather
 * than the whole help after it.
 */
function usageErrorsOnOneLine(command: Command): void {
  const path = commandPath(command);
  const help = `housecup${path ? ` ${path}` : ''} --help`;
  command.showHelpAfterError(false).configureOutput({
    outputError: (message, write) =>
      write(
        `housecup: ${oneLine(message.replace(/^error: /, ''))} (\`${help}\` shows the usage)\n`,
      ),
  });
  for (const sub of command.commands) usageErrorsOnOneLine(sub);
}

function packageVersion(): string {
  const manifest = JSON.parse(readFileSync(join(packageRoot, 'package.json'), 'utf8')) as {
    version: string;
  };
  return manifest.version;
}

const program = new Command('housecup')
  .description(
    'housecup: guild data for a role-play Discord community, over HTTP and slash commands',
  )
  .version(packageVersion(), '-V, --version', 'print the version of housecup')
  .exitOverride()
  .configureHelp(everyCommandOnOneLine());

addKeyCommands(program);
addDataCommands(program);
addCopyCommand(program);
addDiscordCommands(program);
addPublishCommands(program);
addTermCommands(program);
addAwardCommands(program);
addWebhookCommands(program);
summarize(program);
usageErrorsOnOneLine(program);

const KNOWN_ERRORS = [CliError, ConfigError, StoreOpenError, StoreBusyError, ImportError];

try {
  await program.parseAsync(process.argv);
} catch (error) {
  if (error instanceof CommanderError) process.exit(error.exitCode);
  if (KNOWN_ERRORS.some((type) => error instanceof type)) {
    process.stderr.write(`housecup: ${oneLine((error as Error).message)}\n`);
    process.exit(1);
  }
  const detail = error instanceof Error ? error.message : String(error);
  process.stderr.write(`housecup: unexpected error: ${oneLine(detail)}\n`);
  process.exit(1);
}
