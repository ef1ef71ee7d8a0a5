import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, extname, join } from 'node:path';
import ts from 'typescript';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CommandLoadError, defaultCommandsFolder, loadCommands } from '../../src/bot/loader.js';
import { packageRoot } from '../../src/paths.js';

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

const GOOD = `export default {
  definition: { name: 'good', description: 'A good command' },
  async execute() { return { content: 'ok' }; },
};
`;

const commandsFolder = join(packageRoot, 'commands');

describe('loadCommands', () => {
  it('loads every module of commands/, sorted, each named as its file, with a handler', async () => {
    expect(defaultCommandsFolder.replace(/\/$/, '')).toBe(commandsFolder);
    const files = readdirSync(commandsFolder)
      .filter((file) => extname(file) === '.ts')
      .map((file) => basename(file, '.ts'))
      .sort();
    const commands = await loadCommands();
    expect(commands.map((c) => c.definition.name)).toEqual(files);
    for (const command of commands) expect(typeof command.execute).toBe('function');
    expect(typeof commands.find((c) => c.definition.name === 'players')?.button).toBe('function');
  });

  it('loads a well-formed module from another folder, ignoring other file types', async () => {
    const folder = folderWith({ 'good.ts': GOOD, 'README.md': '# not a command', 'x.js': '' });
    const commands = await loadCommands(folder);
    expect(commands.map((c) => c.definition.name)).toEqual(['good']);
  });

  it.each([
    [
      'named exports instead of a default one',
      "export const definition = { name: 'bad', description: 'x' }; export async function execute() {}",
      /must `export default \{ definition, execute \} satisfies CommandModule`/,
    ],
    ['no definition', 'export default { async execute() {} };', /must have a `definition`/],
    [
      'no handler',
      "export default { definition: { name: 'bad', description: 'x' } };",
      /must have an `execute` function/,
    ],
    [
      'a misspelled handler',
      "export default { definition: { name: 'bad', description: 'x' }, async exeucte() {} };",
      /must have an `execute` function/,
    ],
    [
      'a name that does not match the file',
      "export default { definition: { name: 'other', description: 'x' }, async execute() {} };",
      /must match the file name "bad"/,
    ],
    [
      'an upper-case name',
      "export default { definition: { name: 'Bad', description: 'x' }, async execute() {} };",
      /definition.name must be/,
    ],
    [
      'an empty description',
      "export default { definition: { name: 'bad', description: '' }, async execute() {} };",
      /description must be 1-100/,
    ],
    [
      'a non-function button',
      "export default { definition: { name: 'bad', description: 'x' }, async execute() {}, button: 1 };",
      /`button`, when given, must be a function/,
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

/**
 * tsc's messages for command modules written to one temp folder, by module name; anything else
 * tsc reports (an error in src/ itself) under ''. One program for every module: building one
 * takes 15-30 s on a loaded machine.
 */
function typeErrors(sources: Record<string, string>): Map<string, string[]> {
  const folder = folderWith(
    Object.fromEntries(Object.entries(sources).map(([name, source]) => [`${name}.ts`, source])),
  );
  const program = ts.createProgram(
    Object.keys(sources).map((name) => join(folder, `${name}.ts`)),
    {
      strict: true,
      noEmit: true,
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      target: ts.ScriptTarget.ES2023,
      skipLibCheck: true,
      types: ['node'],
    },
  );
  const messages = new Map<string, string[]>([
    ['', []],
    ...Object.keys(sources).map((name) => [name, []] as [string, string[]]),
  ]);
  for (const diagnostic of ts.getPreEmitDiagnostics(program)) {
    const file = diagnostic.file?.fileName ?? '';
    const name = file.startsWith(folder) ? basename(file, '.ts') : '';
    messages.get(name)?.push(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
  }
  return messages;
}

const from = (path: string) => join(packageRoot, path);

const TYPO = `import type { CommandModule } from '${from('src/bot/command.js')}';
export default {
  definition: { name: 'typo', description: 'A typo' },
  async exeucte() { return { content: 'ok' }; },
} satisfies CommandModule;
`;

const PAGED = `import type { Answer, CommandModule, RequestOf } from '${from('src/bot/command.js')}';
import { localizedCommand } from '${from('src/bot/i18n/commands.js')}';

const definition = localizedCommand(() => ({
  name: 'paged',
  description: 'A paged list',
  options: [{ type: 4, name: 'page', description: 'Which page' }],
}));

async function execute(request: RequestOf<typeof definition>): Promise<Answer> {
  const page: number | undefined = request.options.page;
  const text: string | undefined = request.options.page;
  return { content: \`\${page} \${text} \${request.options.size}\` };
}

export default { definition, execute } satisfies CommandModule<typeof definition>;
`;

describe('a command module typed as a module', () => {
  // Both modules in one program, checked once for the two tests.
  let checked: Map<string, string[]>;
  beforeAll(() => {
    checked = typeErrors({
      typo: TYPO,
      paged: PAGED,
    });
  });

  it('fails the type check when its handler is misspelled, before any loader runs', () => {
    expect(checked.get('')).toEqual([]);
    expect((checked.get('typo') ?? []).join('\n')).toMatch(
      /'exeucte' does not exist in type 'CommandModule[<']/,
    );
  });

  it('reads its options typed from its definition: a wrong type or a missing option fails tsc', () => {
    expect(checked.get('paged')).toEqual([
      expect.stringMatching(
        /^Type 'number \| undefined' is not assignable to type 'string \| undefined'/,
      ),
      expect.stringMatching(/^Property 'size' does not exist on type '\{ readonly page\?: number/),
    ]);
  });
});
