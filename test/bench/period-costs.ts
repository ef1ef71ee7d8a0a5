import { mulberry32 } from './dataset.js';
import { type Fresh, historyCostsFile, type Opener, placeholder } from './history-costs.js';
import { type GalleonsWrite, periodRowsDigest, periodWriteByHand } from './period-by-hand.js';
import { median } from './stats.js';
import { TARGETS } from './targets.js';

/*
 * The period triggers' cost, on one store: a 10,000-guild import into a fresh database, then the
 * same file again with every profile's galleons moved (the UPDATE triggers fire only there), and a
 * game-like burst of 1,000 single-row `UPDATE profiles SET galleons = …`, each in its own
 * transaction, then all in one; with the triggers and without (a copy that has them dropped), in
 * interleaved rounds. The bursts also by hand: the same rows written by the application on a
 * third copy without them (period-by-hand.ts), the floor the triggers are held to.
 */

export interface TriggerCosts {
  store: 'sqlite' | 'postgres';
  guilds: number;
  /** ms per import into a fresh database (every row new: no UPDATE trigger fires). */
  firstImport: { withMs: number[]; withoutMs: number[]; ratio: number };
  /** ms per import of the same guilds, every profile's galleons moved. */
  changedImport: { withMs: number[]; withoutMs: number[]; ratio: number };
  /**
   * µs per UPDATE over bursts of `updates`, each UPDATE its own transaction; `byHand`: the same
   * rows written by the application, and `ratioToByHand` the triggers over it.
   */
  burst: { updates: number } & BurstCosts;
  /** The same bursts inside one transaction: the triggers' own work, without commits. */
  burstOneTransaction: BurstCosts;
}

interface BurstCosts {
  withUs: number[];
  withoutUs: number[];
  byHandUs: number[];
  ratio: number;
  ratioToByHand: number;
}

const ratioOf = (withValues: number[], withoutValues: number[]) => {
  const without = median(withoutValues);
  return without > 0 ? median(withValues) / without : 0;
};

/** The file again with every profile's galleons moved by 1 to 50. */
function everyGalleonsMoved(file: ReturnType<typeof historyCostsFile>) {
  return {
    guilds: file.guilds.map((guild) => ({
      ...guild,
      players: guild.players?.map((player, i) => ({
        ...player,
        galleons: (player.galleons ?? 0) + 1 + (i % 50),
      })),
    })),
  };
}

const noBursts = (): BurstCosts => ({
  withUs: [],
  withoutUs: [],
  byHandUs: [],
  ratio: 0,
  ratioToByHand: 0,
});

type Side = 'with' | 'without' | 'by hand';
const SIDES: readonly Side[] = ['with', 'without', 'by hand'];

/**
 * The triggers' cost on one store: imports with and without, bursts with, without and by hand,
 * interleaved (the order rotated and reversed round by round).
 */
export async function periodCosts(
  kind: 'sqlite' | 'postgres',
  open: Opener,
  {
    guilds,
    rounds,
    updates,
    log,
  }: { guilds: number; rounds: number; updates: number; log: (line: string) => void },
): Promise<TriggerCosts> {
  const file = historyCostsFile(guilds);
  const changed = everyGalleonsMoved(file);
  const costs: TriggerCosts = {
    store: kind,
    guilds,
    firstImport: { withMs: [], withoutMs: [], ratio: 0 },
    changedImport: { withMs: [], withoutMs: [], ratio: 0 },
    burst: { updates, ...noBursts() },
    burstOneTransaction: noBursts(),
  };
  const p = placeholder(kind);
  const set = `UPDATE profiles SET galleons = ${p(1)} WHERE guild_id = ${p(2)} AND id = ${p(3)}`;
  const guildIds = file.guilds.map((guild) => guild.id);
  // Each round imports into fresh databases first: one with the triggers, one that has them dropped
  // before, and one by hand, imported with them (the periods' rows the same as with) and dropped
  // after.
  for (let round = -1; round < rounds; round++) {
    const dbs = new Map<Side, Fresh>();
    try {
      for (const side of SIDES) {
        const fresh = await open(`members-${side.replace(' ', '-')}`);
        dbs.set(side, fresh);
        if (side === 'without' && (await fresh.dropPeriodTriggers()).length === 0) {
          throw new Error('found no period trigger to drop');
        }
      }
      const db = (side: Side) => dbs.get(side) as Fresh;
      // Rotated, and reversed every other round, so drift does not always favour one side.
      const shift = (round + SIDES.length) % SIDES.length;
      const rotated = [...SIDES.slice(shift), ...SIDES.slice(0, shift)];
      const order = round % 2 === 0 ? rotated : rotated.reverse();
      const timedAll = async (
        sides: readonly Side[],
        work: (fresh: Fresh, side: Side) => Promise<unknown>,
      ) => {
        const ms: Record<Side, number> = { with: 0, without: 0, 'by hand': 0 };
        for (const side of order.filter((each) => sides.includes(each))) {
          const since = performance.now();
          await work(db(side), side);
          ms[side] = performance.now() - since;
        }
        return ms;
      };
      // The untimed first round (code compiled, heap grown) on a tenth of the guilds.
      const sized = round < 0 ? { guilds: file.guilds.slice(0, Math.ceil(guilds / 10)) } : file;
      const movedFile = round < 0 ? everyGalleonsMoved(sized) : changed;
      const imports: Side[] = ['with', 'without'];
      const first = await timedAll(imports, (fresh) => fresh.store.importData(sized));
      const again = await timedAll(imports, (fresh) => fresh.store.importData(movedFile));
      await db('by hand').store.importData(sized);
      await db('by hand').store.importData(movedFile);
      if ((await db('by hand').dropPeriodTriggers()).length === 0) {
        throw new Error('found no period trigger to drop');
      }
      const random = mulberry32(0x1000 + round);
      const writes = Array.from({ length: updates }, () => [
        random() * 10_000,
        guildIds[Math.floor(random() * sized.guilds.length)] ?? '',
        1 + Math.floor(random() * 5),
      ]);
      /** Each write of the burst; `moved` apart per burst: a write that leaves galleons as they were runs no trigger body. */
      const burst = async (write: GalleonsWrite, moved: number) => {
        for (const [galleons, guild, id] of writes) {
          await write(Math.floor(Number(galleons)) + moved, String(guild), Number(id));
        }
      };
      const plainWrite =
        (fresh: Fresh): GalleonsWrite =>
        (galleons, guild, id) =>
          fresh.run(set, [galleons, guild, id]);
      const own = await timedAll(SIDES, (fresh, side) =>
        burst(side === 'by hand' ? periodWriteByHand(fresh, kind) : plainWrite(fresh), 0),
      );
      const inOne = await timedAll(SIDES, async (fresh, side) => {
        await fresh.run('BEGIN', []);
        await burst(
          side === 'by hand' ? periodWriteByHand(fresh, kind, true) : plainWrite(fresh),
          20_000,
        );
        await fresh.run('COMMIT', []);
      });
      const [withRows, withoutRows, byHandRows] = await Promise.all(
        SIDES.map((side) => periodRowsDigest(db(side))),
      );
      // The triggers and the hand keep the same rows; without, none.
      if (withRows !== byHandRows || !withoutRows?.startsWith('0 rows')) {
        throw new Error(
          `profile_changes with / without / by hand: ${withRows} / ${withoutRows} / ${byHandRows}`,
        );
      }
      if (round < 0) continue;
      costs.firstImport.withMs.push(first.with);
      costs.firstImport.withoutMs.push(first.without);
      costs.changedImport.withMs.push(again.with);
      costs.changedImport.withoutMs.push(again.without);
      const perWrite = (ms: number) => (ms * 1000) / updates;
      for (const [figures, times] of [
        [costs.burst, own],
        [costs.burstOneTransaction, inOne],
      ] as const) {
        figures.withUs.push(perWrite(times.with));
        figures.withoutUs.push(perWrite(times.without));
        figures.byHandUs.push(perWrite(times['by hand']));
      }
      const us = (times: Record<Side, number>) =>
        SIDES.map((side) => perWrite(times[side]).toFixed(0)).join('/');
      log(
        `members trigger costs (${kind}) round ${round + 1}/${rounds}: import ${first.with.toFixed(0)}/${first.without.toFixed(0)} ms, ` +
          `changed import ${again.with.toFixed(0)}/${again.without.toFixed(0)} ms (with/without); burst ${us(own)} µs, ` +
          `in one transaction ${us(inOne)} µs (with/without/by hand)`,
      );
    } finally {
      for (const fresh of dbs.values()) await fresh.dispose();
    }
  }
  costs.firstImport.ratio = ratioOf(costs.firstImport.withMs, costs.firstImport.withoutMs);
  costs.changedImport.ratio = ratioOf(costs.changedImport.withMs, costs.changedImport.withoutMs);
  for (const figures of [costs.burst, costs.burstOneTransaction]) {
    figures.ratio = ratioOf(figures.withUs, figures.withoutUs);
    figures.ratioToByHand = ratioOf(figures.withUs, figures.byHandUs);
  }
  return costs;
}

const TRIGGER_TARGET = TARGETS.periodTriggers.threshold;
const BY_HAND_TARGET = TARGETS.periodTriggersByHand.threshold;
const verdict = (ok: boolean) => (ok ? 'met' : 'MISSED');

/** The report's lines for one store's costs. */
export function formatPeriodCosts(c: TriggerCosts): string[] {
  const us = (v: number[]) => median(v).toFixed(1);
  return [
    `  ${c.store} triggers, ${c.guilds.toLocaleString('en')}-guild import: ${median(c.firstImport.withMs).toFixed(0)} vs ${median(c.firstImport.withoutMs).toFixed(0)} ms → ${c.firstImport.ratio.toFixed(3)}; ` +
      `again with every galleons moved: ${median(c.changedImport.withMs).toFixed(0)} vs ${median(c.changedImport.withoutMs).toFixed(0)} ms → ${c.changedImport.ratio.toFixed(3)} (target ≤ ${TRIGGER_TARGET}: ${verdict(c.changedImport.ratio <= TRIGGER_TARGET)})`,
    `  ${c.store} triggers, burst of ${c.burst.updates} UPDATEs: ${us(c.burst.withUs)} vs ${us(c.burst.withoutUs)} µs each → ${c.burst.ratio.toFixed(3)} (target ≤ ${TRIGGER_TARGET}: ${verdict(c.burst.ratio <= TRIGGER_TARGET)}); ` +
      `in one transaction ${us(c.burstOneTransaction.withUs)} vs ${us(c.burstOneTransaction.withoutUs)} µs → ${c.burstOneTransaction.ratio.toFixed(2)}`,
    `  ${c.store} the same rows by hand: burst ${us(c.burst.byHandUs)} µs each, the triggers ÷ by hand ${c.burst.ratioToByHand.toFixed(3)} (target ≤ ${BY_HAND_TARGET}: ${verdict(c.burst.ratioToByHand <= BY_HAND_TARGET)}); ` +
      `in one transaction ${us(c.burstOneTransaction.byHandUs)} µs → ${c.burstOneTransaction.ratioToByHand.toFixed(2)}`,
  ];
}
