import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CommandLoadError, defaultCommandsFolder, loadCommands } from '../../src/bot/loader.js';
import { commandsFolder } from '../../src/paths.js';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** A temp commands folder holding `files` (name → source). */
function folderWith(files: Record<string, string>): string {
  const folder = mkdtempSync(join(tmpdir(), 'housecup-commands-'));
  folders.push(folder);
  for (const [name, source] of Object.entries(files)) writeFileSync(join(folder, name), source);
  return folder;
}

const GOOD = `export const definition = { name: 'good', description: 'A good command' };
export async function execute() { return { content: 'ok' }; }
`;

describe('loadCommands', () => {
  it('loads the five command modules of commands/, sorted, each with a handler', async () => {
    expect(defaultCommandsFolder.replace(/\/$/, '')).toBe(commandsFolder);
    const commands = await loadCommands();
    expect(commands.map((c) => c.definition.name)).toEqual([
      'apikey',
      'jobs',
      'players',
      'points',
      'premium',
    ]);
    for (const command of commands) expect(typeof command.execute).toBe('function');
    expect(typeof commands.find((c) => c.definition.name === 'players')?.button).toBe('function');
  });

  it('loads a well-formed module from another folder, ignoring other file types', async () => {
    const folder = folderWith({ 'good.ts': GOOD, 'README.md': '# not a command', 'x.js': '' });
    const commands = await loadCommands(folder);
    expect(commands.map((c) => c.definition.name)).toEqual(['good']);
  });

  it.each([
    ['no definition', 'export async function execute() {}', /must export `definition`/],
    [
      'no handler',
      "export const definition = { name: 'bad', description: 'x' };",
      /must export an `execute` function/,
    ],
    [
      'a name that does not match the file',
      "export const definition = { name: 'other', description: 'x' }; export async function execute() {}",
      /must match the file name "bad"/,
    ],
    [
      'an upper-case name',
      "export const definition = { name: 'Bad', description: 'x' }; export async function execute() {}",
      /definition.name must be/,
    ],
    [
      'an empty description',
      "export const definition = { name: 'bad', description: '' }; export async function execute() {}",
      /description must be 1-100/,
    ],
    [
      'a non-function button',
      "export const definition = { name: 'bad', description: 'x' }; export async function execute() {} export const button = 1;",
      /`button`, when exported, must be a function/,
    ],
  ])('throws, naming the file, for a module with %s', async (_what, source, message) => {
    const folder = folderWith({ 'good.ts': GOOD, 'bad.ts': source });
    const loading = loadCommands(folder);
    await expect(loading).rejects.toThrow(CommandLoadError);
    await expect(loadCommands(folder)).rejects.toThrow(message);
    await expect(loadCommands(folder)).rejects.toThrow(/commands\/bad\.ts/);
  });

  it('throws, naming the file, for a module that does not even load', async () => {
    const folder = folderWith({ 'good.ts': GOOD, 'broken.ts': 'throw new Error("kaboom");' });
    await expect(loadCommands(folder)).rejects.toThrow(
      /commands\/broken\.ts: cannot be loaded: kaboom/,
    );
  });

  it('throws when the folder holds no command at all', async () => {
    await expect(loadCommands(folderWith({ 'notes.txt': '' }))).rejects.toThrow(
      /no command module/,
    );
  });
});
