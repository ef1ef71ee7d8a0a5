import { HOUSES } from '../../records/houses.js';
import { sqliteDialect } from './dialect.js';

/*
 * SQLite's side of the ledger (src/records/points-ledger.ts): row triggers on house_points, so
 * every writer (an award, a term's reset, an import, `copy`, the game's own SQL) leaves its
 * entries, in the transaction that wrote the points. For each house whose points the write
 * changed, one entry: its total the house's new points (0 when the guild's points were removed),
 * its delta that total minus the house's last total in the ledger (0 before its first entry).
 * Counting from the ledger rather than from OLD is what keeps the entries adding up to the points
 * whatever the writer: an `INSERT OR REPLACE` deletes the row it replaces without a trigger
 * (SQLite runs none for it unless recursive_triggers is on, which is the writer's connection's
 * choice), so its insert is all the ledger sees; and an import that brings a guild's ledger is
 * then counted from the file's last totals.
 *
 * Who and why: SQLite has no session variables, so the writing transaction puts its context (the
 * JSON of src/store/ledger-context.ts) in the one row of points_ledger_context and deletes it
 * before it commits; SQLite has one writer at a time, so no other connection ever sees that row.
 * Without one, the change is the game's. The migrations hold these written out (0017, and 0019
 * for the update's), and test/store/ledger-triggers-migration.test.ts holds them to this module.
 */

/** The table the writing transaction's context is in, while it writes. */
export const CONTEXT_TABLE = 'points_ledger_context';

export const CONTEXT_TABLE_SQL = `CREATE TABLE \`${CONTEXT_TABLE}\` (
  \`one\` integer PRIMARY KEY NOT NULL CHECK (\`one\` = 1),
  \`context\` text NOT NULL
);`;

const COLUMNS = 'guild_id, at, house, delta, total, source, by_user, for_user, reason, undoes';

const context = (member: string) => `json_extract(c.context, '$.${member}')`;

/** The house's last total in the ledger, or 0: one backward step of points_ledger_house. */
const lastTotal = (guild: string, house: string) =>
  `coalesce((SELECT total FROM points_ledger WHERE guild_id = ${guild} AND house = '${house}' ORDER BY id DESC LIMIT 1), 0)`;

/**
 * The statement writing the entries of guild `guild` (NEW.guild_id or OLD.guild_id) whose
 * points are now `points(house)`, for the houses `looked(house)` lets through: a house left out
 * costs nothing, not even the look at its last total.
 */
function entries(
  guild: string,
  points: (house: string) => string,
  looked: (house: string) => string = () => '',
): string {
  const houses = HOUSES.map(
    (house, i) =>
      `SELECT ${i + 1} AS ord, '${house}' AS house, ${points(house)} AS total, ${lastTotal(guild, house)} AS before${looked(house)}`,
  ).join('\n      UNION ALL ');
  return `  INSERT INTO points_ledger (${COLUMNS})
  SELECT ${guild}, ${sqliteDialect.now}, h.house, h.total - h.before, h.total,
    coalesce(${context('source')}, 'game'), ${context('by')}, ${context('for')}, ${context('reason')}, ${context('undoes')}
  FROM (${houses}) AS h
  LEFT JOIN ${CONTEXT_TABLE} AS c ON 1
  WHERE h.total IS NOT h.before
  ORDER BY h.ord;`;
}

const anyChanged = HOUSES.map((house) => `OLD.${house} IS NOT NEW.${house}`).join(' OR ');

export const LEDGER_TRIGGERS: readonly string[] = [
  `CREATE TRIGGER \`house_points_ledger_inserted\` AFTER INSERT ON \`house_points\` BEGIN
${entries('NEW.guild_id', (house) => `NEW.${house}`)}
END;`,
  // The game's usual write: a house or two of one guild. Only the houses it changed are looked
  // at: the others' entries already end at their points.
  `CREATE TRIGGER \`house_points_ledger_updated\` AFTER UPDATE ON \`house_points\`
WHEN OLD.guild_id IS NEW.guild_id AND (${anyChanged})
BEGIN
${entries(
  'NEW.guild_id',
  (house) => `NEW.${house}`,
  (house) => ` WHERE OLD.${house} IS NOT NEW.${house}`,
)}
END;`,
  // A row moved to another guild: the guild it left has no points any more, the one it joined
  // counts from its own entries.
  `CREATE TRIGGER \`house_points_ledger_moved\` AFTER UPDATE ON \`house_points\`
WHEN OLD.guild_id IS NOT NEW.guild_id
BEGIN
${entries('OLD.guild_id', () => '0')}
${entries('NEW.guild_id', (house) => `NEW.${house}`)}
END;`,
  `CREATE TRIGGER \`house_points_ledger_deleted\` AFTER DELETE ON \`house_points\` BEGIN
${entries('OLD.guild_id', () => '0')}
END;`,
];

const eachHouse = HOUSES.map((house, i) => `SELECT ${i + 1} AS ord, '${house}' AS house`).join(
  ' UNION ALL ',
);
const pointsOf = `CASE o.house ${HOUSES.map((house) => `WHEN '${house}' THEN p.${house}`).join(' ')} END`;

/**
 * The ledger's first entries, for a database that had points before it: one per house with
 * points, counting them from 0 as the game's, so that the next change counts from them.
 */
export const OPENING_ENTRIES = `INSERT INTO points_ledger (${COLUMNS})
SELECT guild_id, ${sqliteDialect.now}, house, total, total, 'game', NULL, NULL, NULL, NULL FROM (
  SELECT p.guild_id, o.ord, o.house, ${pointsOf} AS total
  FROM house_points AS p CROSS JOIN (${eachHouse}) AS o
) WHERE total <> 0 ORDER BY guild_id, ord;`;
