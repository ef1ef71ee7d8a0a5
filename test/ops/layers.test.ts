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

  it('are checked: a presenter importing another presenter is reported', async () => {
    for (const part of ['src', 'commands', 'tsconfig.json'])
      cpSync(join(ROOT, part), join(copy, part), { recursive: true });
    symlinkSync(join(ROOT, 'node_modules'), join(copy, 'node_modules'));
    writeFileSync(
      join(copy, 'src/http/health.ts'),
      "import type { InteractionsOptions } from '../interactions/options.js';\nexport type Probe = InteractionsOptions;\n",
      { flag: 'a' },
    );
    expect(await violations(copy)).toContain(
      'presenter-imports-presenter: src/http/health.ts → src/interactions/options.ts',
    );
  });
});
