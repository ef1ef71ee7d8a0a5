import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { openSqliteStore } from '../../src/store/sqlite/store.js';
import { ensureDataset } from './dataset.js';
import { VARIANTS } from './endpoints.js';
import { problemOf } from './load.js';
import { choosePinning } from './machine.js';
import { freePort, ROOT, type Served, spawnServer, waitForOk } from './processes.js';
import { HIGH_LIMIT } from './redis.js';
import { REPLACEMENT_MIN_GAIN } from './report.js';
import { median } from './stats.js';
import { runWrk } from './wrk.js';

/*
 * Each hand-written replacement against its library put back, with several processes a side:
 * `npx tsx test/bench/replacements.ts [--per 3] [--rounds 8] [--seconds 5] [--list 100]`. A
 * process is quick or slow for its whole life (docs/performance.md, "How to measure"); the full
 * run's rows take two processes a side in turns, this a longer look with every process in every
 * round. Here housecup's production build and every variant (test/bench/variants/) run `--per`
 * processes each, all up at once on the bench's full dataset, pinned to one core with wrk on the
 * other, 5 s each in an order rotated and reversed round by round, a limited key on
 * `/v1/points/:g` (or a list of `--list` profiles). Prints housecup's req/s ÷ each variant's, the
 * medians over every process's rounds. Not part of `npm run bench`: a figure for the log.
 */

const { values } = parseArgs({
  options: {
    per: { type: 'string', default: '3' },
    rounds: { type: 'string', default: '8' },
    seconds: { type: 'string', default: '5' },
    list: { type: 'string' },
  },
});
const per = Number(values.per);
const rounds = Number(values.rounds);
const seconds = Number(values.seconds);
const log = (line: string) => process.stdout.write(`replacements: ${line}\n`);

const dataset = ensureDataset(join(ROOT, 'test/bench/.data'), 'full', log);
const store = openSqliteStore(dataset.path);
const { key } = await store.keyStore.create({
  name: `replacements ${new Date().toISOString()}`,
  rateLimit: HIGH_LIMIT,
});
await store.close();

const guilds = values.list
  ? (dataset.manifest.guildsBySize[values.list] ?? [])
  : dataset.manifest.withPoints;
const route = values.list ? '/v1/players/' : '/v1/points/';
if (guilds.length === 0) throw new Error(`no guild of ${values.list} profiles in the dataset`);
const work = mkdtempSync(join(tmpdir(), 'housecup-replacements-'));
const pathsFile = join(work, 'paths.txt');
writeFileSync(pathsFile, `${guilds.map((guild) => `${route}${guild}`).join('\n')}\n`);
const { pinning, note } = choosePinning();
log(`${note}; ${per} processes a side, ${rounds} rounds of ${seconds} s, ${route}:g`);

const kinds = ['housecup', ...VARIANTS] as const;
const servers: { id: string; kind: (typeof kinds)[number]; served: Served }[] = [];
const load = (served: Served, durationS: number) =>
  runWrk({
    url: served.url,
    pathsFile,
    authorization: key,
    connections: 32,
    durationS,
    timeoutS: 10,
    cpu: pinning?.load,
    // Lists' bodies handed to Lua would make wrk the bottleneck (LoadOptions.strict).
    strict: !values.list,
  });
try {
  for (let n = 0; n < per; n++) {
    for (const kind of kinds) {
      const served = spawnServer({
        port: await freePort(),
        cpu: pinning?.server,
        cwd: work,
        databasePath: dataset.path,
        ...(kind === 'housecup' ? {} : { variant: kind }),
      });
      servers.push({ id: `${kind}#${n}`, kind, served });
      await waitForOk(
        `${served.url}${route}${guilds[0]}`,
        { authorization: key },
        performance.now(),
      );
      await waitForOk(`${served.url}/readyz`, {}, performance.now(), 120_000, [503]);
    }
  }
  for (const { served } of servers) await load(served, 2);
  const rps = new Map<string, number[]>();
  for (let round = 0; round < rounds; round++) {
    const order = servers.map((_, i) => servers[(i + round * 3) % servers.length]);
    if (round % 2 === 1) order.reverse();
    const line: string[] = [];
    for (const server of order) {
      if (!server) continue;
      const result = await load(server.served, seconds);
      const problem = problemOf(result);
      if (problem) throw new Error(`${server.id}: ${problem}`);
      rps.set(server.id, [...(rps.get(server.id) ?? []), result.rps]);
      line.push(`${server.id} ${Math.round(result.rps)}`);
    }
    log(`round ${round + 1}: ${line.join(', ')}`);
  }
  const of = (kind: string) =>
    median(servers.filter((server) => server.kind === kind).flatMap((s) => rps.get(s.id) ?? []));
  for (const server of servers) {
    log(`${server.id}: median ${Math.round(median(rps.get(server.id) ?? []))} req/s`);
  }
  const housecup = of('housecup');
  for (const variant of VARIANTS) {
    log(
      `${variant}: housecup ÷ it ${(housecup / of(variant)).toFixed(3)} (target ≥ ${REPLACEMENT_MIN_GAIN})`,
    );
  }
} finally {
  for (const { served } of servers) await served.stop();
  rmSync(work, { recursive: true, force: true });
}
