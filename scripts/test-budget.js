#!/usr/bin/env node
// The budget of `npm test`'s vitest run, checked on its JSON report (vitest.config.ts writes it):
// - the child processes the tests start (test/setup/count-processes.ts counts them): what made
//   the run slow, and a count is the same on a loaded machine as on a quiet one;
// - the sum of the test files' times, with room for a loaded machine: what any new slow suite
//   adds to, whatever the workers did in parallel;
// - each file's share of that sum, which moves less with the machine than the sum does.
// docs/development.md ("Speed, and the budget of `npm test`") has the figures. A file over its
// share belongs in `npm run test:e2e` (named *.e2e.test.ts), or needs its slow part shared or moved.
import { readFileSync } from 'node:fs';

/** Child processes started by the whole run. */
const PROCESSES = 200;
/** Seconds, the sum of every file's time (TEST_BUDGET_SCALE widens it); one file's share of it. */
const TOTAL_S = 720;
const FILE_SHARE = 0.2;
/** A run of fewer files is a contributor's partial run: shares say nothing there. */
const WHOLE_RUN_FILES = 50;

const [reportPath] = process.argv.slice(2);
if (!reportPath) {
  console.error('usage: node scripts/test-budget.js <vitest JSON report>');
  process.exit(2);
}
const scale = Number(process.env.TEST_BUDGET_SCALE ?? '1');
if (!(scale > 0)) {
  console.error(
    `TEST_BUDGET_SCALE must be a positive number, not ${process.env.TEST_BUDGET_SCALE}`,
  );
  process.exit(2);
}

const report = JSON.parse(readFileSync(reportPath, 'utf8'));
const root = `${process.cwd()}/`;
const files = report.testResults
  .map((result) => ({
    file: result.name.startsWith(root) ? result.name.slice(root.length) : result.name,
    seconds: (result.endTime - result.startTime) / 1000,
  }))
  .sort((a, b) => b.seconds - a.seconds);
const total = files.reduce((sum, { seconds }) => sum + seconds, 0);
const processes = report.testResults
  .flatMap((result) => result.assertionResults)
  .reduce((sum, test) => sum + (test.meta?.processes ?? 0), 0);
const whole = files.length >= WHOLE_RUN_FILES;
const over = whole ? files.filter(({ seconds }) => seconds > FILE_SHARE * total) : [];

const line = ({ file, seconds }) => `${seconds.toFixed(1).padStart(7)} s  ${file}`;
console.log(
  `test budget: ${processes} child processes (budget ${PROCESSES}); ${files.length} files, ${total.toFixed(0)} s in all (budget ${(TOTAL_S * scale).toFixed(0)} s, ${FILE_SHARE * 100}% of it a file); the slowest:`,
);
for (const each of files.slice(0, 5)) console.log(line(each));

const problems = [];
if (processes > PROCESSES) {
  problems.push(`the tests start ${processes} child processes, past the budget of ${PROCESSES}`);
}
if (total > TOTAL_S * scale) {
  problems.push(
    `the files take ${total.toFixed(0)} s in all, past the ${TOTAL_S * scale} s budget`,
  );
}
for (const each of over) {
  const share = ((100 * each.seconds) / total).toFixed(0);
  problems.push(`${each.file} takes ${each.seconds.toFixed(1)} s, ${share}% of the run`);
}
if (problems.length > 0) {
  console.error(`npm test is over its budget:\n  ${problems.join('\n  ')}`);
  console.error(
    'Move what is slow and whole-process to test:e2e (*.e2e.test.ts), or share its servers and databases (docs/development.md).',
  );
  process.exit(1);
}
