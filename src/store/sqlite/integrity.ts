import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

// In a worker thread: a full read of a large file takes a while, and start-up has other work.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
let answer;
try {
  const db = new Database(workerData.path, { readonly: true, fileMustExist: true });
  try {
    answer = db.pragma('quick_check(1)', { simple: true });
  } finally {
    db.close();
  }
} catch (error) {
  answer = error && error.message ? error.message : String(error);
}
parentPort.postMessage(answer);
`;

/** SQLite's quick_check of the file at `path`: null when sound, else the first problem. */
export function quickCheck(path: string): Promise<string | null> {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { path, driver } });
    worker.once('message', (answer: unknown) => {
      resolve(answer === 'ok' ? null : oneLine(String(answer)));
      void worker.terminate();
    });
    worker.once('error', reject);
  });
}

/** SQLite reports over several lines (`*** in database main ***`, then one per problem). */
function oneLine(report: string): string {
  return report
    .replace(/\*\*\* in database \w+ \*\*\*/g, '')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .join('; ');
}
