#!/usr/bin/env node
// `npm run test:unit [vitest arguments]`, the vitest run of `npm test`: runs vitest with the
// arguments given (`npm test -- test/cli` still runs only test/cli), then, on a run of the whole
// suite (no argument), checks its budget on the JSON report vitest.config.ts has it write
// (scripts/test-budget.js).
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const REPORT = 'test/artifacts/vitest-unit.json';

const args = process.argv.slice(2);
// vitest's own command line (its package exports no path to it, but does its package.json).
const vitest = join(
  dirname(createRequire(import.meta.url).resolve('vitest/package.json')),
  'vitest.mjs',
);
const run = spawnSync(process.execPath, [vitest, 'run', ...args], { stdio: 'inherit' });
if (run.status !== 0) process.exit(run.status ?? 1);
if (args.length > 0) {
  console.log('test budget: not checked (a run given arguments is not the whole suite)');
  process.exit(0);
}
const check = spawnSync(process.execPath, ['scripts/test-budget.js', REPORT], {
  stdio: 'inherit',
});
process.exit(check.status ?? 1);
