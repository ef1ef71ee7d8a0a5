import { readdir } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { CommandModule } from './command.js';

/**
 * This file runs as `src/bot/loader.ts` (tsx, vitest) or `dist/src/bot/loader.js` (npm start);
 * either way the command modules sit two folders up in `commands/`, in the same language.
 */
const ownExtension = extname(fileURLToPath(import.meta.url));
export const defaultCommandsFolder = fileURLToPath(new URL('../../commands/', import.meta.url));

export class CommandLoadError extends Error {
  override name = 'CommandLoadError';
}

const NAME = /^[-_\p{Ll}\p{Lo}\p{N}]{1,32}$/u;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** Checks a module's default export; throws naming the file and what is wrong. */
function validate(file: string, exports: unknown): CommandModule {
  const fail = (why: string) => new CommandLoadError(`commands/${file}: ${why}`);
  if (!isRecord(exports)) throw fail('not a module');
  const command = exports.default;
  if (!isRecord(command)) {
    throw fail('must `export default { definition, execute } satisfies CommandModule`');
  }
  const { definition, execute, button } = command;
  if (!isRecord(definition)) throw fail('must have a `definition` (the command as plain data)');
  if (typeof definition.name !== 'string' || !NAME.test(definition.name)) {
    throw fail('definition.name must be 1-32 lower-case letters, digits, - or _');
  }
  const base = file.slice(0, -extname(file).length);
  if (definition.name !== base) {
    throw fail(`definition.name "${definition.name}" must match the file name "${base}"`);
  }
  if (
    typeof definition.description !== 'string' ||
    definition.description.length < 1 ||
    definition.description.length > 100
  ) {
    throw fail('definition.description must be 1-100 characters');
  }
  if (definition.type !== undefined && definition.type !== 1) {
    throw fail('definition.type must be 1 (a slash command)');
  }
  if (definition.options !== undefined && !Array.isArray(definition.options)) {
    throw fail('definition.options must be an array');
  }
  if (typeof execute !== 'function') throw fail('must have an `execute` function');
  if (button !== undefined && typeof button !== 'function') {
    throw fail('`button`, when given, must be a function');
  }
  // The rest of the shape is checked by tsc: each module ends in `satisfies CommandModule`.
  return command as unknown as CommandModule;
}

/**
 * Loads every command module of `folder`, sorted by file name. The bot and `register` both
 * use it, so what is published is exactly what is handled. A module of the wrong shape
 * throws: a command silently missing would only show as "this interaction failed".
 */
export async function loadCommands(
  folder: string = defaultCommandsFolder,
): Promise<CommandModule[]> {
  const files = (await readdir(folder))
    .filter((file) => extname(file) === ownExtension && !file.endsWith(`.d${ownExtension}`))
    .sort();
  const commands: CommandModule[] = [];
  const seen = new Set<string>();
  for (const file of files) {
    let exports: unknown;
    try {
      exports = await import(pathToFileURL(join(folder, file)).href);
    } catch (error) {
      const why = error instanceof Error ? error.message : String(error);
      throw new CommandLoadError(`commands/${file}: cannot be loaded: ${why}`, { cause: error });
    }
    const command = validate(file, exports);
    if (seen.has(command.definition.name)) {
      throw new CommandLoadError(
        `commands/${file}: duplicate command "${command.definition.name}"`,
      );
    }
    seen.add(command.definition.name);
    commands.push(command);
  }
  if (commands.length === 0) {
    throw new CommandLoadError(`no command module (*${ownExtension}) found in ${folder}`);
  }
  return commands;
}
