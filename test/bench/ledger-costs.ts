import { HOUSES } from '../../src/records/houses.js';
import { mulberry32 } from './dataset.js';
import { type Fresh, historyCostsFile, type Opener, placeholder } from './history-costs.js';
import { median } from './stats.js';

/*
 * What the ledger (src/store/*\/triggers.ts) costs the game's own writes of house_points: a fresh
 * migrated database each side, both given the same guilds by an import, then one side has its
 * history's triggers as they were before the ledger was read off them (no who and why on a row,
 * no check of a change's size; every other trigger stays: the change notifications, the
 * periods), and the same writes run on both, in interleaved rounds whose order alternates, as
 * members.ts measures the period triggers:
 * - a burst of single `UPDATE house_points SET <house> = <house> + n WHERE guild_id = …`, each its
 *   own transaction, as a game gives points;
 * - the same burst inside one transaction: the triggers' own work, without the commits;
 * - on SQLite, a burst of `INSERT OR REPLACE` of whole rows, each its own transaction, which some
 *   games write (SQLite deletes the old row without telling any trigger: the ledger sees an
 *   insert).
 * Each round's writes move every point they touch, so every write runs the trigger's body. The
 * history grows round after round on both sides, as a game's does.
 */

export type LedgerWrite = 'burst' | 'burstOneTransaction' | 'replace';

export interface LedgerWriteCost {
  /** µs per write, per round. */
  withUs: number[];
  withoutUs: number[];
  /** The median of each round's with ÷ without: the history grows on both sides round after round,
   * so a round is compared with its own other side, not with the other side's median. */
  ratio: number;
}

export interface LedgerCosts {
  store: 'sqlite' | 'postgres';
  guilds: number;
  /** Writes per burst. */
  writes: number;
  /** History rows on the side with the ledger after the run (before: the import's). */
  rows: number;
  costs: Partial<Record<LedgerWrite, LedgerWriteCost>>;
}

const HISTORY_ROWS = 'SELECT count(*) AS n FROM points_history';

/** The three kinds of write, as a game's SQL spells them on each engine. */
function statements(kind: 'sqlite' | 'postgres') {
  const p = placeholder(kind);
  const add = Object.fromEntries(
    HOUSES.map((house) => [
      house,
      `UPDATE house_points SET ${house} = ${house} + ${p(1)} WHERE guild_id = ${p(2)}`,
    ]),
  );
  const replace = `INSERT OR REPLACE INTO house_points (guild_id, ${HOUSES.join(', ')}) VALUES (${[1, 2, 3, 4, 5].map(p).join(', ')})`;
  return { add, replace };
}

interface Side {
  side: 'with' | 'without';
  fresh: Fresh;
}

/** The ledger's cost on one store, `rounds` interleaved rounds of `writes` each. */
export async function ledgerCosts(
  kind: 'sqlite' | 'postgres',
  open: Opener,
  options: { guilds: number; rounds: number; writes: number; log: (line: string) => void },
): Promise<LedgerCosts> {
  const { guilds, rounds, writes, log } = options;
  const file = historyCostsFile(guilds);
  const guildIds = file.guilds.map((guild) => guild.id);
  const sql = statements(kind);
  const kinds: LedgerWrite[] =
    kind === 'sqlite'
      ? ['burst', 'burstOneTransaction', 'replace']
      : ['burst', 'burstOneTransaction'];
  const times = Object.fromEntries(
    kinds.map((write) => [write, { with: [] as number[], without: [] as number[] }]),
  ) as Record<LedgerWrite, { with: number[]; without: number[] }>;
  const pair: Side[] = [];
  try {
    for (const side of ['with', 'without'] as const) {
      const fresh = await open(`ledger-${side}`);
      pair.push({ side, fresh });
      await fresh.store.importData(file);
      if (side === 'without' && (await fresh.withoutLedger()).length === 0) {
        throw new Error('found no history trigger to replace');
      }
    }
    const before = await Promise.all(pair.map(({ fresh }) => fresh.count(HISTORY_ROWS)));
    // Round -1 is untimed: statements prepared, code compiled, both sides' caches warm.
    for (let round = -1; round < rounds; round++) {
      const random = mulberry32(0x1ed6 + round);
      // Each write moves its house by 1 to 50 points, so that every one runs a trigger's body.
      const adds = Array.from({ length: writes }, (_, i) => ({
        house: HOUSES[i % HOUSES.length] ?? 'gryffindor',
        points: 1 + Math.floor(random() * 50),
        guild: guildIds[Math.floor(random() * guildIds.length)] ?? '',
      }));
      // Whole rows, each house's points new: what a game that writes its rows whole sends.
      const rows = Array.from({ length: writes }, () => [
        guildIds[Math.floor(random() * guildIds.length)] ?? '',
        ...HOUSES.map(() => 100_000 + Math.floor(random() * 100_000)),
      ]);
      const work: Record<LedgerWrite, (fresh: Fresh) => Promise<void>> = {
        async burst(fresh) {
          for (const add of adds)
            await fresh.run(sql.add[add.house] ?? '', [add.points, add.guild]);
        },
        async burstOneTransaction(fresh) {
          await fresh.run('BEGIN', []);
          for (const add of adds)
            await fresh.run(sql.add[add.house] ?? '', [add.points, add.guild]);
          await fresh.run('COMMIT', []);
        },
        async replace(fresh) {
          for (const row of rows) await fresh.run(sql.replace, row);
        },
      };
      // Alternate which side goes first, so that drift does not always favour one.
      const order = round % 2 === 0 ? pair : [...pair].reverse();
      const line: string[] = [];
      for (const write of kinds) {
        const us = { with: 0, without: 0 };
        for (const { side, fresh } of order) {
          const since = performance.now();
          await work[write](fresh);
          us[side] = ((performance.now() - since) * 1000) / writes;
        }
        if (round < 0) continue;
        times[write].with.push(us.with);
        times[write].without.push(us.without);
        line.push(`${write} ${us.with.toFixed(0)}/${us.without.toFixed(0)} µs`);
      }
      if (round >= 0) {
        log(
          `awards: ledger trigger costs (${kind}) round ${round + 1}/${rounds}: ${line.join(', ')} (with/without)`,
        );
      }
    }
    const after = await Promise.all(pair.map(({ fresh }) => fresh.count(HISTORY_ROWS)));
    // Both sides recorded the same changes: only who and why differ between them.
    const written = after.map((count, i) => count - (before[i] ?? 0));
    if (!written[0] || written[0] !== written[1]) {
      throw new Error(`history rows written with/without the ledger: ${written.join(' / ')}`);
    }
    const costs: LedgerCosts['costs'] = {};
    for (const write of kinds) {
      const { with: withUs, without: withoutUs } = times[write];
      const ratios = withUs.map((us, round) => us / (withoutUs[round] || Number.NaN));
      costs[write] = { withUs, withoutUs, ratio: median(ratios.filter(Number.isFinite)) };
    }
    return { store: kind, guilds, writes, rows: after[0] ?? 0, costs };
  } finally {
    for (const { fresh } of pair) await fresh.dispose();
  }
}
