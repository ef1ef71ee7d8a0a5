import { cpSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cruise, type IConfiguration, type IReporterOutput } from 'dependency-cruiser';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = new URL('../..', import.meta.url).pathname;
const config = (await import(join(ROOT, '.dependency-cruiser.cjs'))).default as IConfiguration;

async function violations(root: string): Promise<string[]> {
  const cwd = process.cwd();
  process.chdir(root);
  try {
    const result: IReporterOutput = await cruise(['src', 'commands'], {
      ...config.options,
      ruleSet: { forbidden: config.forbidden },
      validate: true,
    });
    if (typeof result.output === 'string') throw new Error(result.output);
    return result.output.summary.violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`);
  } finally {
    process.chdir(cwd);
  }
}

describe('the layers (docs/architecture.md)', () => {
  const copy = mkdtempSync(join(tmpdir(), 'housecup-layers-'));
  afterAll(() => rmSync(copy, { recursive: true, force: true }));

  it('hold in src/ and commands/: no cycle, no presenter importing another', async () => {
    expect(await violations(ROOT)).toEqual([]);
  });

  /** A copy of the code with `text` appended to `file`. */
  function copyWith(file: string, text: string): string {
    const root = mkdtempSync(join(copy, 'code-'));
    for (const part of ['src', 'commands', 'tsconfig.json'])
      cpSync(join(ROOT, part), join(root, part), { recursive: true });
    symlinkSync(join(ROOT, 'node_modules'), join(root, 'node_modules'));
    writeFileSync(join(root, file), text, { flag: 'a' });
    return root;
  }

  it('are checked: a presenter importing another presenter is reported', async () => {
    const root = copyWith(
      'src/http/health.ts',
      "import type { InteractionsOptions } from '../interactions/options.js';\nexport type Probe = InteractionsOptions;\n",
    );
    expect(await violations(root)).toContain(
      'presenter-imports-presenter: src/http/health.ts → src/interactions/options.ts',
    );
  });

  it('are checked: a room importing a room above it is reported, though no module cycle forms', async () => {
    const root = copyWith(
      'src/budgets/windows.ts',
      "import type { LuaScript } from '../redis/lua-script.js';\nexport type Probe = LuaScript;\n",
    );
    expect(await violations(root)).toEqual([
      'room-imports-room-beside-or-above: src/budgets/windows.ts → src/redis/lua-script.ts',
    ]);
  });

  it('are checked: config.ts importing a room is reported', async () => {
    const root = copyWith(
      'src/config.ts',
      "import { clientUrl } from './http/client-url.js';\nexport const probe = clientUrl;\n",
    );
    expect(await violations(root)).toEqual([
      'root-file-imports-room: src/config.ts → src/http/client-url.ts',
    ]);
  });
});
