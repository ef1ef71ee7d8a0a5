import type { SQL, SQLWrapper } from 'drizzle-orm';
import { apiKey } from '../records/api-key.js';
import { guildChanges } from '../records/guild-changes.js';
import { housePoints } from '../records/house-points.js';
import { job } from '../records/job.js';
import { liveMessage } from '../records/live-message.js';
import { pointsHistory } from '../records/points-history.js';
import { premium } from '../records/premium.js';
import { profile } from '../records/profile.js';
import { profileChange } from '../records/profile-change.js';
import { publishedGuild } from '../records/published-guild.js';
import type { RecordDefinition } from '../records/record.js';
import { term } from '../records/terms.js';
import {
  webhookAttempt,
  webhookCursor,
  webhookMessage,
  webhookSubscription,
} from '../records/webhooks.js';
import { checkOf, safeIntegerCheck } from './constraints.js';

/*
 * What both dialects' tables share: the keys, indexes, references and checks a record declares,
 * built with one dialect's drizzle builders (sqlite-core or pg-core), and the order and names in
 * which the tables are made. Each dialect's schema.ts says only how a field becomes a column.
 */

type Columns<C> = [C, ...C[]];

/** One dialect's constraint builders, in the shape drizzle gives them in both cores. */
interface ConstraintBuilders<C, P> {
  primaryKey(columns: Columns<C>): P;
  /** `whereSet`: a partial index, of the rows where that column is not null. */
  index(name: string, columns: Columns<C>, whereSet?: C): P;
  foreignKey(name: string, columns: Columns<C>, foreignColumns: Columns<C>): P;
  check(name: string, expression: SQL): P;
}

const nonEmpty = <C>(columns: C[], what: string): Columns<C> => {
  const [first, ...rest] = columns;
  if (first === undefined) throw new Error(`${what}: no columns`);
  return [first, ...rest];
};

/**
 * The table-level parts of `record`: `col` names its columns, `built` the tables made before.
 * `safeIntegers`: the integer columns' checks holding them to the safe integers (PostgreSQL's;
 * SQLite's triggers hold the rule instead).
 */
export function tablePartsOf<C extends SQLWrapper, P>(
  record: RecordDefinition,
  col: (name: string) => C,
  built: ReadonlyMap<string, Record<string, unknown>>,
  builders: ConstraintBuilders<C, P>,
  options: { safeIntegers: boolean },
): P[] {
  const parts: P[] = [];
  if (record.primaryKey) {
    parts.push(builders.primaryKey(nonEmpty(record.primaryKey.map(col), record.table)));
  }
  for (const [name, index] of Object.entries(record.indexes ?? {})) {
    const { columns, whereSet } = 'whereSet' in index ? index : { columns: index, whereSet: null };
    const partial = whereSet === null ? undefined : col(whereSet);
    parts.push(builders.index(name, nonEmpty(columns.map(col), name), partial));
  }
  for (const reference of record.references ?? []) {
    const target = built.get(reference.table);
    if (!target) throw new Error(`${record.table}: ${reference.table} must be built first`);
    parts.push(
      builders.foreignKey(
        reference.name,
        nonEmpty(reference.columns.map(col), reference.name),
        nonEmpty(
          reference.foreignColumns.map((name) => target[name] as C),
          reference.name,
        ),
      ),
    );
  }
  for (const [name, field] of Object.entries(record.fields)) {
    const specs = [
      ...checkOf(record.table, name, field, col(name)),
      ...(options.safeIntegers ? safeIntegerCheck(record.table, name, field, col(name)) : []),
    ];
    for (const spec of specs) parts.push(builders.check(spec.name, spec.expression));
  }
  return parts;
}

/** Every record's table, keyed by table name, built in dependency order. */
export function tablesOf<T>(
  records: readonly RecordDefinition[],
  tableOf: (record: RecordDefinition, built: ReadonlyMap<string, T>) => T,
): Map<string, T> {
  const built = new Map<string, T>();
  for (const record of records) built.set(record.table, tableOf(record, built));
  return built;
}

/** The tables under the names the schema modules export (what drizzle-kit reads). */
export function namedTables<T>(tables: ReadonlyMap<string, T>) {
  const table = (name: string) => {
    const found = tables.get(name);
    if (!found) throw new Error(`no table ${name}`);
    return found;
  };
  return {
    apiKeys: table(apiKey.table),

    housePoints: table(housePoints.table),
    jobs: table(job.table),
    pointsHistory: table(pointsHistory.table),
    premium: table(premium.table),
    profiles: table(profile.table),
    profileChanges: table(profileChange.table),
    publishedGuilds: table(publishedGuild.table),
    terms: table(term.table),
    guildChanges: table(guildChanges.table),
    liveMessages: table(liveMessage.table),
    webhookSubscriptions: table(webhookSubscription.table),
    webhookMessages: table(webhookMessage.table),
    webhookAttempts: table(webhookAttempt.table),
    webhookCursors: table(webhookCursor.table),
  };
}
