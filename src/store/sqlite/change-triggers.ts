import { CHANGE_SOURCES, type ChangeArea } from '../../records/guild-changes.js';
import type { RecordDefinition } from '../../records/record.js';

/*
 * SQLite's side of the one record of what changed (src/records/guild-changes.ts): on every table
 * of guild data, three row triggers give the written guild's area the database's next number in
 * guild_changes, in the transaction that writes the row, whoever writes it. An INSERT and a
 * DELETE always count; an UPDATE only when some column of the row is no longer what it was, so
 * a write that changes nothing (an import of the same file, `UPDATE … SET galleons = galleons`)
 * records nothing. The columns compared are the record's fields, all of them: a field added to a
 * record is compared as soon as the migration that writes its table's triggers again is there,
 * and test/store/change-triggers-migration.test.ts fails until it is.
 *
 * Numbers are max(seq) + 1 inside the writing transaction: SQLite has one writer at a time, so
 * they are given in commit order, and a reader past a number misses nothing committed after it.
 */

const quoted = (name: string) => `\`${name}\``;

/** `(SELECT coalesce(max(seq), 0) + 1 …)`: one step down the seq index. */
const NEXT = `(SELECT coalesce(max(${quoted('seq')}), 0) + 1 FROM ${quoted('guild_changes')})`;
const UPSERT_TAIL = `ON CONFLICT (${quoted('guild_id')}, ${quoted('area')}) DO UPDATE SET ${quoted('seq')} = excluded.${quoted('seq')};`;
const INTO = `INSERT INTO ${quoted('guild_changes')} (${quoted('guild_id')}, ${quoted('area')}, ${quoted('seq')})`;

/** Records a change of `area` for the guild of the row `row` (NEW or OLD). */
function record(row: 'NEW' | 'OLD', area: ChangeArea): string {
  return `  ${INTO} VALUES (${row}.${quoted('guild_id')}, '${area}', ${NEXT}) ${UPSERT_TAIL}`;
}

/** True when the updated row differs from what it was in any of the record's columns. */
function rowChanged(record: RecordDefinition): string {
  return Object.keys(record.fields)
    .map((column) => `OLD.${quoted(column)} IS NOT NEW.${quoted(column)}`)
    .join(' OR ');
}

/** The three statements creating the change triggers of `record`'s table, for `area`. */
export function changeTriggers(source: { record: RecordDefinition; area: ChangeArea }): string[] {
  const { record: table, area } = source;
  const name = (event: string) => quoted(`${table.table}_changes_${event}`);
  const on = quoted(table.table);
  return [
    `CREATE TRIGGER ${name('inserted')} AFTER INSERT ON ${on} BEGIN\n${record('NEW', area)}\nEND;`,
    // A row moved to another guild changes both guilds.
    `CREATE TRIGGER ${name('updated')} AFTER UPDATE ON ${on}\nWHEN ${rowChanged(table)}\nBEGIN\n${record('NEW', area)}\n  ${INTO} SELECT OLD.${quoted('guild_id')}, '${area}', ${NEXT} WHERE OLD.${quoted('guild_id')} IS NOT NEW.${quoted('guild_id')} ${UPSERT_TAIL}\nEND;`,
    `CREATE TRIGGER ${name('deleted')} AFTER DELETE ON ${on} BEGIN\n${record('OLD', area)}\nEND;`,
  ];
}

/**
 * A row for every guild and area that holds data, numbered in (guild, area) order: what the
 * migration gives a database that had no guild_changes, so that each existing guild starts from
 * a number of its own.
 */
export function existingChanges(): string {
  const areas = CHANGE_SOURCES.filter((source) => !source.since)
    .map(
      ({ record: table, area }) =>
        `SELECT DISTINCT ${quoted('guild_id')}, '${area}' AS ${quoted('area')} FROM ${quoted(table.table)}`,
    )
    .join('\n  UNION ');
  return `${INTO}\nSELECT ${quoted('guild_id')}, ${quoted('area')}, row_number() OVER (ORDER BY ${quoted('guild_id')}, ${quoted('area')}) FROM (\n  ${areas}\n) AS ${quoted('existing')};`;
}
