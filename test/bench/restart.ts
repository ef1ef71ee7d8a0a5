/*
 * Restart-to-ready: how long a restart takes from spawning the start command to /readyz
 * answering 200, over an existing database (a restart, not a first start). Prints each run and
 * the median.
 *
 *   tsx test/bench/restart.ts [--runs N] [--cwd DIR] -- <command…>
 *   tsx test/bench/restart.ts --runs 7 -- npm start
 *   tsx test/bench/restart.ts --runs 7 -- node dist/src/main.js
 *
 * The command runs in the repository root (or DIR: e.g. an older commit's `git archive` with
 * this checkout's node_modules linked in) with PORT, DATABASE_PATH, DEMO_DATA=false and
 * LOG_LEVEL=info set (stdout to /dev/null, as a service manager's journal would take it).
 */
import { spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, ROOT, waitForOk } from './processes.js';
import { median } from './stats.js';

function parseArgs(argv: string[]): { runs: number; cwd: string; command: string[] } {
  const split = argv.indexOf('--');
  const options = split === -1 ? argv : argv.slice(0, split);
  const command = split === -1 ? [] : argv.slice(split + 1);
  const runsAt = options.indexOf('--runs');
  const runs = runsAt === -1 ? 7 : Number(options[runsAt + 1]);
  const cwdAt = options.indexOf('--cwd');
  const cwd = cwdAt === -1 ? ROOT : (options[cwdAt + 1] ?? ROOT);
  if (command.length === 0 || !Number.isInteger(runs) || runs < 1) {
    throw new Error('usage: tsx test/bench/restart.ts [--runs N] [--cwd DIR] -- <command…>');
  }
  return { runs, cwd, command };
}

async function once(
  command: string[],
  cwd: string,
  env: NodeJS.ProcessEnv,
  url: string,
): Promise<number> {
  const devNull = openSync('/dev/null', 'w');
  const started = performance.now();
  const [file = '', ...args] = command;
  // Its own process group, stopped as a whole (as systemd stops a unit's control group): `npm
  // start` leaves node running when only npm gets the signal.
  const child = spawn(file, args, {
    cwd,
    env,
    stdio: ['ignore', devNull, 'inherit'],
    detached: true,
  });
  closeSync(devNull);
  const pid = child.pid;
  if (pid === undefined) throw new Error(`could not start ${file}`);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    return await waitForOk(`${url}/readyz`, {}, started, 120_000, [503]);
  } finally {
    process.kill(-pid, 'SIGTERM');
    await exited;
    await portClosed(url);
  }
}

/** Waits until nothing listens on the URL's port, so the next run times a new process. */
async function portClosed(url: string): Promise<void> {
  const { port } = new URL(url);
  for (let tries = 0; ; tries++) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect({ host: '127.0.0.1', port: Number(port) });
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (!open) return;
    if (tries > 200) throw new Error(`something still listens on ${url} after the stop`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const { runs, cwd, command } = parseArgs(process.argv.slice(2));
const dir = mkdtempSync(join(tmpdir(), 'housecup-restart-'));
try {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_PATH: join(dir, 'housecup.db'),
    DEMO_DATA: 'false',
    LOG_LEVEL: 'info',
  };
  const url = `http://127.0.0.1:${port}`;
  // The first start creates the database; it is not a restart and is not counted.
  await once(command, cwd, env, url);
  const times: number[] = [];
  for (let run = 0; run < runs; run++) {
    const ms = await once(command, cwd, env, url);
    times.push(ms);
    process.stdout.write(`run ${run + 1}: ${ms.toFixed(0)} ms\n`);
  }
  process.stdout.write(
    `${command.join(' ')}: median ${median(times).toFixed(0)} ms over ${runs} restarts ` +
      `(min ${Math.min(...times).toFixed(0)}, max ${Math.max(...times).toFixed(0)})\n`,
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
