import { Command, CommanderError } from 'commander';
import { ConfigError } from '../config.js';
import { DatabaseOpenError } from '../store/database.js';
import { ImportError } from '../transfer/import.js';
import { CliError } from './context.js';
import { addDataCommands } from './data.js';
import { addDiscordCommands } from './discord.js';
import { addKeyCommands } from './keys.js';

const program = new Command('housecup')
  .description(
    'housecup: guild data for a role-play Discord community, over HTTP and slash commands',
  )
  .showHelpAfterError()
  .exitOverride();

addKeyCommands(program);
addDataCommands(program);
addDiscordCommands(program);

const KNOWN_ERRORS = [CliError, ConfigError, DatabaseOpenError, ImportError];

try {
  await program.parseAsync(process.argv);
} catch (error) {
  if (error instanceof CommanderError) process.exit(error.exitCode);
  if (KNOWN_ERRORS.some((type) => error instanceof type)) {
    process.stderr.write(`housecup: ${(error as Error).message}\n`);
    process.exit(1);
  }
  const detail = error instanceof Error ? error.message : String(error);
  process.stderr.write(`housecup: unexpected error: ${detail}\n`);
  process.exit(1);
}
