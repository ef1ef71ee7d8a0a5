import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HOUSES } from '../../src/records/houses.js';
import { mulberry32 } from './dataset.js';
import { type Fresh, historyCostsFile, sqliteOpener } from './history-costs.js';
import { median } from './report.js';

/*
 * What a ledger kept in a table of its own could cost a game's write at best, on SQLite:
 * `tsx test/bench/ledger-shapes.ts [rounds] [writes]`. Not part of `npm run bench`: the
 * measurement behind the ledger's target in docs/performance.md. Fresh migrated databases, the
 * same guilds imported into each, then the same bursts of one-house `UPDATE`s (each its own
 * transaction, as a game writes) on each, in rounds whose order rotates:
 * - `none`: the ledger's triggers dropped (the history and change triggers stay);
 * - `store`: the ledger as the store keeps it (its table, four indexes and two partial ones);
 * - `lean`: the leanest separate ledger: a WITHOUT ROWID table keyed (guild, id), an entry
 *   carrying the guild's four totals so the next counts from the guild's last entry (one probe
 *   at the end of its range), no other index;
 * - `lean+at`: the same and one index on (guild, at), which the `from`/`to` filters and the
 *   pruning read;
 * - `annotated`: no ledger table: the history's row of the change carries who and why (the
 *   writing transaction's context), and a house's entries would be read off consecutive rows.
 */

type Shape = 'none' | 'store' | 'lean' | 'lean+at' | 'annotated';

const LEAN = `CREATE TABLE lean_ledger (
  guild_id text NOT NULL, id integer NOT NULL, at text NOT NULL, house text NOT NULL,
  delta integer NOT NULL, total integer NOT NULL, source text NOT NULL, by_user text,
  for_user text, reason text, undone integer NOT NULL DEFAULT 0, undoes integer,
  ${HOUSES.map((house) => `${house} integer NOT NULL`).join(', ')},
  PRIMARY KEY (guild_id, id)
) WITHOUT ROWID`;

const changed = HOUSES.map((house) => `OLD.${house} IS NOT NEW.${house}`).join(' OR ');
const perHouse = HOUSES.map(
  (house, i) =>
    `SELECT ${i + 1} AS ord, '${house}' AS house, NEW.${house} AS total, coalesce(l.${house}, 0) AS before FROM last AS l WHERE OLD.${house} IS NOT NEW.${house}`,
).join(' UNION ALL ');
const LEAN_TRIGGER = `CREATE TRIGGER lean_ledger_updated AFTER UPDATE ON house_points
WHEN OLD.guild_id IS NEW.guild_id AND (${changed})
BEGIN
  INSERT INTO lean_ledger (guild_id, id, at, house, delta, total, source, by_user, for_user, reason, undoes, ${HOUSES.join(', ')})
  WITH last AS (SELECT * FROM (SELECT 1) LEFT JOIN (SELECT * FROM lean_ledger WHERE guild_id = NEW.guild_id ORDER BY id DESC LIMIT 1))
  SELECT NEW.guild_id, coalesce((SELECT id FROM last), 0) + h.ord, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), h.house, h.total - h.before, h.total,
    coalesce(json_extract(c.context, '$.source'), 'game'), json_extract(c.context, '$.by'), json_extract(c.context, '$.for'),
    json_extract(c.context, '$.reason'), json_extract(c.context, '$.undoes'), ${HOUSES.map((house) => `NEW.${house}`).join(', ')}
  FROM (${perHouse}) AS h LEFT JOIN points_ledger_context AS c ON 1
  ORDER BY h.ord;
END`;

const ANNOTATED_COLUMNS = [
  'source text',
  'by_user text',
  'for_user text',
  'reason text',
  'undoes integer',
];
const ANNOTATED_TRIGGER = `CREATE TRIGGER points_history_annotated AFTER UPDATE ON house_points
WHEN (${changed} OR OLD.guild_id IS NOT NEW.guild_id)
BEGIN
  INSERT INTO points_history (guild_id, at, ${HOUSES.join(', ')}, source, by_user, for_user, reason, undoes)
  SELECT NEW.guild_id, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), ${HOUSES.map((house) => `NEW.${house}`).join(', ')},
    json_extract(c.context, '$.source'), json_extract(c.context, '$.by'), json_extract(c.context, '$.for'),
    json_extract(c.context, '$.reason'), json_extract(c.context, '$.undoes')
  FROM (SELECT 1) LEFT JOIN points_ledger_context AS c ON 1;
END`;

async function prepare(fresh: Fresh, shape: Shape): Promise<void> {
  if (shape === 'store') return;
  await fresh.dropLedgerTriggers();
  if (shape === 'none') return;
  if (shape === 'annotated') {
    // Only the UPDATE's history trigger is rewritten: the bursts write nothing else.
    await fresh.run('DROP TRIGGER points_history_updated', []);
    for (const column of ANNOTATED_COLUMNS) {
      await fresh.run(`ALTER TABLE points_history ADD COLUMN ${column}`, []);
    }
    await fresh.run(ANNOTATED_TRIGGER, []);
    return;
  }
  await fresh.run(LEAN, []);
  await fresh.run(LEAN_TRIGGER, []);
  if (shape === 'lean+at')
    await fresh.run('CREATE INDEX lean_ledger_at ON lean_ledger (guild_id, at)', []);
}

async function main(): Promise<void> {
  const rounds = Number(process.argv[2] ?? 12);
  const writes = Number(process.argv[3] ?? 1000);
  const open = sqliteOpener(join(tmpdir(), 'housecup-ledger-shapes'));
  const file = historyCostsFile(50);
  const guilds = file.guilds.map((guild) => guild.id);
  const shapes: Shape[] = ['none', 'store', 'lean', 'lean+at', 'annotated'];
  const sides: { shape: Shape; fresh: Fresh }[] = [];
  try {
    for (const shape of shapes) {
      const fresh = await open(`shape-${shape.replace('+', '-')}`);
      await fresh.store.importData(file);
      await prepare(fresh, shape);
      sides.push({ shape, fresh });
    }
    const times = new Map<Shape, number[]>(shapes.map((shape) => [shape, []]));
    for (let round = -1; round < rounds; round++) {
      const random = mulberry32(0x5a9e + round);
      const adds = Array.from({ length: writes }, (_, i) => ({
        sql: `UPDATE house_points SET ${HOUSES[i % HOUSES.length]} = ${HOUSES[i % HOUSES.length]} + ? WHERE guild_id = ?`,
        params: [1 + Math.floor(random() * 50), guilds[Math.floor(random() * guilds.length)]],
      }));
      // Rotate who goes first, so that drift favours no shape.
      const shift = ((round % sides.length) + sides.length) % sides.length;
      const order = [...sides.slice(shift), ...sides.slice(0, shift)];
      const line: string[] = [];
      for (const { shape, fresh } of order) {
        const since = performance.now();
        for (const add of adds) await fresh.run(add.sql, add.params);
        const us = ((performance.now() - since) * 1000) / writes;
        if (round >= 0) times.get(shape)?.push(us);
        line.push(`${shape} ${us.toFixed(0)}`);
      }
      if (round >= 0) console.log(`round ${round + 1}/${rounds}: ${line.join(', ')} µs a write`);
    }
    const none = median(times.get('none') ?? []);
    for (const shape of shapes) {
      const m = median(times.get(shape) ?? []);
      console.log(`${shape}: median ${m.toFixed(1)} µs a write, ${(m / none).toFixed(3)} × none`);
    }
    for (const { shape, fresh } of sides) {
      if (shape === 'none') continue;
      const table =
        shape === 'store'
          ? 'points_ledger'
          : shape === 'annotated'
            ? 'points_history'
            : 'lean_ledger';
      console.log(`${shape}: ${await fresh.count(`SELECT count(*) FROM ${table}`)} entries`);
    }
  } finally {
    for (const { fresh } of sides) await fresh.dispose();
  }
}

await main();
