#!/usr/bin/env node
// The budget of `npm test`'s vitest run, checked on its JSON report (vitest.config.ts writes it).
// It fails on one thing only: the child processes the tests start (test/setup/count-processes.ts
// counts them). A process start is what made the run slow, and the count is the same on a loaded
// machine as on a quiet one. Times are reported, never judged: a busy machine stretches them, and
// a check that fails there teaches contributors to ignore it. docs/development.md ("Speed, and the
// budget of `npm test`") has the figures; a file that takes a large share of the run belongs in
// `npm run test:e2e` (named *.e2e.test.ts), or needs its slow part shared or moved.
import { readFileSync } from 'node:fs';

/** Child processes started by the whole run. */
const PROCESSES = 240;
/** A run of fewer files is a contributor's partial run: shares say nothing there. */
const WHOLE_RUN_FILES = 50;
/** A file past this share of the run's summed time is named in the report (not a failure). */
const NOTABLE_SHARE = 0.2;

const [reportPath] = process.argv.slice(2);
if (!reportPath) {
  console.error('usage: node scripts/test-budget.js <vitest JSON report>');
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
const large = whole ? files.filter(({ seconds }) => seconds > NOTABLE_SHARE * total) : [];

const line = ({ file, seconds }) => `${seconds.toFixed(1).padStart(7)} s  ${file}`;
console.log(
  `test budget: ${processes} child processes (budget ${PROCESSES}); ${files.length} files, ${total.toFixed(0)} s in all (a time, reported, not checked); the slowest:`,
);
for (const each of files.slice(0, 5)) console.log(line(each));
for (const each of large) {
  const share = ((100 * each.seconds) / total).toFixed(0);
  console.log(
    `note: ${each.file} took ${share}% of the run's time; a candidate for test:e2e or a shared server`,
  );
}

if (processes > PROCESSES) {
  console.error(
    `npm test is over its budget: the tests start ${processes} child processes, past the budget of ${PROCESSES}`,
  );
  console.error(
    'Call in-process what a process start only wraps, share a file’s servers, or move what is whole-process to test:e2e (*.e2e.test.ts); docs/development.md.',
  );
  process.exit(1);
}
