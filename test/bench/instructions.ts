import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';
import { DEMO_GUILD } from '../../src/http/endpoints/demo-ids.js';
import { freePort } from '../support/free-port.js';
import { get } from './http-get.js';
import { jitNames, named } from './jit-names.js';
import { ROOT, waitForOk } from './processes.js';

/*
 * Instructions per request, counted by valgrind's callgrind: the same figure for the same build
 * and request whatever else the machine does, where req/s moves with the hour. One server under
 * callgrind on the demo data (or A, or F), warmed, then exactly `--requests` requests over 20
 * keep-alive connections, counted; the split says how much of it was V8 collecting garbage and
 * compiling (which a longer warm-up shrinks), the rest being the answer's own work.
 * With `--commit`, a cold answer's instead: one connection, and before each request a commit to
 * the guild's points from another connection (a game's write), so that every answer is built
 * anew; `--server L` is then the cold limit (cold-limit.mjs) on the same database. A cold count
 * moves by several thousand between runs of one build: under valgrind a request outlasts the
 * millisecond the database's generation is kept (src/store/sqlite/database.ts), so how often it is
 * read follows the machine; count statements or time a change in process as well.
 *
 * With `--names N`, the N functions that ran the most instructions themselves follow on
 * standard error, per request, V8's compiled JavaScript named from `node --perf-basic-prof`'s map.
 *
 *   npx tsx test/bench/instructions.ts [--server housecup|A|F|L] [--path /v1/points/…]
 *     [--requests 16000] [--warm 18000] [--commit] [--names 40] [--dir <a built checkout>]
 *
 * Needs valgrind (apt-get install valgrind). About a minute per 16,000 requests.
 */

const COLLECTING = /Scaveng|Heap::|Evacuat|Marking|Sweep|SemiSpace|FreeList/;
const COMPILING = /compiler::|maglev::|RelocIterator|Assembler|BytecodeAnalysis|JSHeapBroker/;

const { values: args } = parseArgs({
  options: {
    server: { type: 'string', default: 'housecup' },
    path: { type: 'string', default: `/v1/points/${DEMO_GUILD}` },
    requests: { type: 'string', default: '16000' },
    warm: { type: 'string', default: '18000' },
    commit: { type: 'boolean', default: false },
    names: { type: 'string' },
    dir: { type: 'string', default: ROOT },
  },
});

const entries: Record<string, string> = {
  housecup: 'dist/src/main.js',
  A: join(ROOT, 'test/bench/baseline.mjs'),
  F: join(ROOT, 'test/bench/fastify-baseline.mjs'),
  L: join(ROOT, 'test/bench/cold-limit.mjs'),
};
const entry = entries[args.server];
if (!entry) throw new Error(`--server ${args.server}: one of ${Object.keys(entries).join(', ')}`);
const onDemo = args.server === 'housecup' || args.server === 'L';
const served = onDemo ? args.path : '/';
const health = { housecup: '/healthz', L: served }[args.server] ?? '/';

/**
 * Sends `count` GETs of `path` over 20 keep-alive connections, or over one with a commit before
 * each (`before`); throws on any answer but 200.
 */
async function load(
  port: number,
  path: string,
  count: number,
  key: string,
  before?: () => void,
): Promise<void> {
  const connections = before ? 1 : 20;
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  const url = `http://127.0.0.1:${port}${path}`;
  let sent = 0;
  const one = async (): Promise<void> => {
    while (sent < count) {
      sent += 1;
      before?.();
      const { status } = await get(url, { authorization: key }, agent);
      if (status !== 200) throw new Error(`${path} answered ${status}`);
    }
  };
  await Promise.all(Array.from({ length: connections }, one));
  agent.destroy();
}

/** A game's write to the guild's points, from a connection of its own: the next answer is cold. */
function committer(databasePath: string): { commit: () => void; close: () => void } {
  const db = new Database(databasePath);
  db.pragma('busy_timeout = 5000');
  const write = db.prepare(
    'UPDATE house_points SET gryffindor = gryffindor + 1 WHERE guild_id = ?',
  );
  const guild = served.split('/')[3];
  return { commit: () => void write.run(guild), close: () => db.close() };
}

/** Waits for the first 200 of `health` (a start under valgrind takes a minute or more). */
const listening = (port: number, health: string) =>
  waitForOk(`http://127.0.0.1:${port}${health}`, {}, performance.now(), 300_000);

/** The demo database and its first key, made by a first start without valgrind. */
async function demo(work: string): Promise<{ env: Record<string, string>; key: string }> {
  const env = { DATABASE_PATH: join(work, 'h.db'), RATE_LIMIT_PER_MINUTE: '0', LOG_LEVEL: 'info' };
  const port = await freePort();
  const first = spawn(process.execPath, [entries.housecup as string], {
    cwd: args.dir,
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  first.stdout?.on('data', (chunk: Buffer) => {
    out += chunk.toString();
  });
  await listening(port, '/healthz');
  first.kill('SIGTERM');
  await new Promise((resolve) => first.once('exit', resolve));
  const key = /hc_[A-Za-z0-9_-]{32}/.exec(out)?.[0];
  if (!key) throw new Error('the first start printed no key');
  return { env, key };
}

/** Runs callgrind_control on the server, and a request to wake it: it reads commands when busy. */
async function control(pid: number, port: number, command: string): Promise<void> {
  const run = spawn('callgrind_control', [command, String(pid)], { stdio: 'ignore' });
  const ran = new Promise((resolve) => run.once('exit', resolve));
  await sleep(1000);
  request({ port, host: '127.0.0.1', path: '/' })
    .on('error', () => undefined)
    .end();
  await ran;
}

/** The functions of callgrind_annotate's listing (`12,345 ( 1.2%)  file:function`), in order. */
function* functionLines(listing: string): Generator<{ instructions: number; what: string }> {
  for (const line of listing.split('\n')) {
    const [, count, what] = /^\s*([\d,]+) \(\s*[\d.]+%\)\s+(.*)$/.exec(line) ?? [];
    if (!count || !what || what.includes('PROGRAM TOTALS')) continue;
    yield { instructions: Number(count.replaceAll(',', '')), what };
  }
}

/** The `count` functions with the most instructions of their own, per request, named. */
function topFunctions(
  perFunction: string,
  pid: number,
  count: number,
  per: (n: number) => number,
): string {
  const nameOf = jitNames(`/tmp/perf-${pid}.map`);
  const rows: string[] = [];
  for (const { instructions, what } of functionLines(named(perFunction, nameOf))) {
    rows.push(`${String(per(instructions)).padStart(7)}  ${what}`);
    if (rows.length === count) break;
  }
  return rows.join('\n');
}

const work = mkdtempSync(join(tmpdir(), 'housecup-instructions-'));
let server: ChildProcess | undefined;
let writer: ReturnType<typeof committer> | undefined;
try {
  const { env, key } = onDemo ? await demo(work) : { env: {}, key: '' };
  writer = args.commit ? committer(env.DATABASE_PATH as string) : undefined;
  const port = await freePort();
  server = spawn(
    'valgrind',
    [
      '--tool=callgrind',
      '--smc-check=all-non-file',
      '--instr-atstart=no',
      `--callgrind-out-file=${join(work, 'out')}`,
      process.execPath,
      '--max-semi-space-size=16',
      ...(args.names ? ['--perf-basic-prof'] : []),
      entry,
    ],
    { cwd: args.dir, env: { ...process.env, ...env, PORT: String(port) }, stdio: 'ignore' },
  );
  const pid = server.pid as number;
  const path = served;
  const requests = Number(args.requests);
  const say = (text: string) => process.stderr.write(`${text}\n`);
  await listening(port, health);
  say(`warming with ${args.warm} requests`);
  await load(port, path, Number(args.warm), key, writer?.commit);
  await control(pid, port, '--instr=on');
  say(`counting ${requests} requests`);
  await load(port, path, requests, key, writer?.commit);
  await control(pid, port, '--dump');
  const dump = readdirSync(work).find((name) => name.startsWith('out.'));
  if (!dump) throw new Error('callgrind wrote no dump');
  const total = Number(/^totals: (\d+)/m.exec(readFileSync(join(work, dump), 'utf8'))?.[1]);
  const perFunction = execFileSync(
    'callgrind_annotate',
    ['--inclusive=no', '--threshold=100', join(work, dump)],
    { encoding: 'utf8', maxBuffer: 1 << 28 },
  );
  let collecting = 0;
  let compiling = 0;
  for (const { instructions, what } of functionLines(perFunction)) {
    if (COLLECTING.test(what)) collecting += instructions;
    else if (COMPILING.test(what)) compiling += instructions;
  }
  const per = (n: number) => Math.round(n / requests);
  if (args.names) say(topFunctions(perFunction, pid, Number(args.names), per));
  process.stdout.write(
    `${JSON.stringify({
      server: args.server,
      path,
      commit: args.commit,
      requests,
      perRequest: per(total),
      collecting: per(collecting),
      compiling: per(compiling),
      answering: per(total - collecting - compiling),
    })}\n`,
  );
} finally {
  server?.kill('SIGKILL');
  writer?.close();
  rmSync(work, { recursive: true, force: true });
  if (server?.pid) rmSync(`/tmp/perf-${server.pid}.map`, { force: true });
}
