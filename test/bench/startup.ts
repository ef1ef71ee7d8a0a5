import { freePort, type Served, spawnServer, waitForOk } from './processes.js';
import type { Report } from './report.js';
import { median } from './stats.js';

/*
 * Start-up: spawn → first 200, of housecup and of three others in one series, each start in turn
 * and the order rotated by round, so a slow stretch of the machine meets them alike: A (raw
 * node:http, the floor of any server), F (bare Fastify, the framework's own) and the peer (the
 * obvious Fastify service over the same database, keys looked up as housecup's are). housecup and
 * the peer answer a first points request with a key; A and F their constant body.
 */

const KINDS = ['api', 'peer', 'fastify', 'baseline'] as const;
type Kind = (typeof KINDS)[number];

export interface StartupSetup {
  rounds: number;
  cwd: string;
  cpu: string | undefined;
  databasePath: string;
  firstPoints: string;
  auth: Record<string, string>;
  running: Set<Served>;
}

function spawnKind(kind: Kind, port: number, setup: StartupSetup): Served {
  const common = { port, cpu: setup.cpu, cwd: setup.cwd };
  if (kind === 'baseline') return spawnServer(common);
  if (kind === 'fastify') return spawnServer({ ...common, fastify: true });
  return spawnServer({ ...common, databasePath: setup.databasePath, peer: kind === 'peer' });
}

export async function startupSeries(setup: StartupSetup): Promise<Report['startup']> {
  const times: Record<Kind, number[]> = { api: [], peer: [], fastify: [], baseline: [] };
  for (let round = 0; round < setup.rounds; round++) {
    const shift = round % KINDS.length;
    for (const kind of [...KINDS.slice(shift), ...KINDS.slice(0, shift)]) {
      const port = await freePort();
      const since = performance.now();
      const served = spawnKind(kind, port, setup);
      setup.running.add(served);
      const keyed = kind === 'api' || kind === 'peer';
      times[kind].push(
        await waitForOk(
          served.url + (keyed ? setup.firstPoints : '/'),
          keyed ? setup.auth : {},
          since,
        ),
      );
      await served.stop();
      setup.running.delete(served);
    }
  }
  const serverMedianMs = median(times.api);
  const baselineMedianMs = median(times.baseline);
  const peerMedianMs = median(times.peer);
  return {
    serverMs: times.api,
    baselineMs: times.baseline,
    fastifyMs: times.fastify,
    peerMs: times.peer,
    serverMedianMs,
    baselineMedianMs,
    fastifyMedianMs: median(times.fastify),
    peerMedianMs,
    ratio: serverMedianMs / baselineMedianMs,
    peerRatio: serverMedianMs / peerMedianMs,
  };
}
