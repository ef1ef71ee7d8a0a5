import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { periodAt } from '../../src/records/periods.js';
import { openSqliteStore, type SqliteStore } from '../../src/store/sqlite/store.js';
import { mulberry32 } from './dataset.js';
import { dropSqliteTriggers, historyCostsFile, SQLITE_PERIOD_TRIGGERS } from './history-costs.js';
import { median } from './report.js';

/*
 * The period triggers against their floor, on SQLite:
 * `npx tsx test/bench/period-floor.ts [--guilds 2000] [--rounds 7] [--updates 1000]`. The bench's
 * target compares a game's galleons write with the triggers against the same write without them;
 * this adds a third side, the triggers dropped and the application writing the same week's and
 * month's rows itself (its previous galleons read, one upsert of both rows, the open term looked
 * up) in the write's transaction: what keeping the periods costs whoever writes them. Three fresh
 * databases with the same import, bursts of single-row UPDATEs each its own transaction, the order
 * rotated and reversed round by round; prints µs per write and the ratios, medians of the rounds.
 * Not part of `npm run bench`: a figure for the log.
 */

const { values } = parseArgs({
  options: {
    guilds: { type: 'string', default: '2000' },
    rounds: { type: 'string', default: '7' },
    updates: { type: 'string', default: '1000' },
  },
});
const rounds = Number(values.rounds);
const updates = Number(values.updates);
const SIDES = ['with', 'without', 'by hand'] as const;
type Side = (typeof SIDES)[number];

/** One write of a side: galleons of profile `id` of `guild` set to `galleons`. */
function writerOf(
  store: SqliteStore,
  side: Side,
): (galleons: number, guild: string, id: number) => void {
  const { sqlite } = store.db;
  const set = sqlite.prepare('UPDATE profiles SET galleons = ? WHERE guild_id = ? AND id = ?');
  if (side !== 'by hand') return (galleons, guild, id) => void set.run(galleons, guild, id);
  const before = sqlite.prepare<
    [string, number],
    { galleons: number; user_id: string; house: string | null }
  >('SELECT galleons, user_id, house FROM profiles WHERE guild_id = ? AND id = ?');
  const openTerm = sqlite
    .prepare<[string], string>(
      'SELECT started_at FROM terms WHERE guild_id = ? AND ended_at IS NULL',
    )
    .pluck();
  const gain = sqlite.prepare(
    `INSERT INTO profile_changes (guild_id, profile_id, user_id, kind, start, house, change)
     VALUES (?, ?, ?, 'week', ?, ?, ?), (?, ?, ?, 'month', ?, ?, ?)
     ON CONFLICT (guild_id, profile_id, kind, start) DO UPDATE SET change = change + excluded.change`,
  );
  return sqlite.transaction((galleons: number, guild: string, id: number) => {
    const was = before.get(guild, id);
    set.run(galleons, guild, id);
    if (!was || was.galleons === galleons) return;
    const change = galleons - was.galleons;
    // The dataset has no open term: looked up, as the trigger does, and never written.
    if (openTerm.get(guild)) throw new Error('an open term: this comparison writes no term rows');
    const now = new Date();
    const week = periodAt('week', now).from;
    const month = periodAt('month', now).from;
    gain.run(
      guild,
      id,
      was.user_id,
      week,
      was.house,
      change,
      guild,
      id,
      was.user_id,
      month,
      was.house,
      change,
    );
  });
}

const work = mkdtempSync(join(tmpdir(), 'housecup-period-floor-'));
const stores = new Map<Side, SqliteStore>();
try {
  const file = historyCostsFile(Number(values.guilds));
  for (const side of SIDES) {
    const store = openSqliteStore(join(work, `${side.replace(' ', '-')}.sqlite`));
    stores.set(side, store);
    await store.importData(file);
    if (side === 'with') continue;
    const dropped = dropSqliteTriggers(store.db.sqlite, SQLITE_PERIOD_TRIGGERS);
    if (dropped.length === 0) throw new Error('found no period trigger to drop');
  }
  const guildIds = file.guilds.map((guild) => guild.id);
  const us: Record<Side, number[]> = { with: [], without: [], 'by hand': [] };
  // Round −1 is not kept: statements compiled, caches warm.
  for (let round = -1; round < rounds; round++) {
    const random = mulberry32(0x2000 + round);
    const writes = Array.from(
      { length: updates },
      () =>
        [
          Math.floor(random() * 10_000) + 7 * (round + 1),
          guildIds[Math.floor(random() * guildIds.length)] ?? '',
          1 + Math.floor(random() * 5),
        ] as const,
    );
    const shift = (round + SIDES.length) % SIDES.length;
    const order = [...SIDES.slice(shift), ...SIDES.slice(0, shift)];
    for (const side of round % 2 === 0 ? order : order.reverse()) {
      const write = writerOf(stores.get(side) as SqliteStore, side);
      const since = performance.now();
      for (const [galleons, guild, id] of writes) write(galleons, guild, id);
      if (round >= 0) us[side].push(((performance.now() - since) * 1000) / updates);
    }
    const rows = SIDES.map((side) =>
      (stores.get(side) as SqliteStore).db.sqlite
        .prepare('SELECT count(*) FROM profile_changes')
        .pluck()
        .get(),
    );
    // The triggers and the hand write the same rows; without, none.
    if (rows[0] !== rows[2] || rows[1] !== 0)
      throw new Error(`profile_changes rows ${rows.join(' / ')}`);
    if (round >= 0) {
      process.stdout.write(
        `round ${round + 1}: ${SIDES.map((side) => `${side} ${us[side].at(-1)?.toFixed(1)} µs`).join(', ')}\n`,
      );
    }
  }
  const m = (side: Side) => median(us[side]);
  process.stdout.write(
    `median per write: with ${m('with').toFixed(1)} µs, without ${m('without').toFixed(1)} µs, ` +
      `by hand ${m('by hand').toFixed(1)} µs\n` +
      `with ÷ without ${(m('with') / m('without')).toFixed(3)}; by hand ÷ without ` +
      `${(m('by hand') / m('without')).toFixed(3)}; with ÷ by hand ${(m('with') / m('by hand')).toFixed(3)}\n`,
  );
} finally {
  for (const store of stores.values()) await store.close();
  rmSync(work, { recursive: true, force: true });
}
