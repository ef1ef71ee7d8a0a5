import { isNotNull, type SQL, type SQLWrapper } from 'drizzle-orm';
import { apiKey } from '../records/api-key.js';
import type { Field } from '../records/field.js';
import { guildChanges } from '../records/guild-changes.js';
import { housePoints } from '../records/house-points.js';
import { RECORDS } from '../records/index.js';
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

/**
 * One dialect's drizzle builders, in the shape both cores give them (sqlite-core, pg-core): `T` a
 * table, `C` a column, `P` a table-level part. `column` is the dialect's own: how a field becomes
 * a column.
 */
export interface Core<T, C, P> {
  table(name: string, columns: Record<string, never>, extra: (t: Record<string, C>) => P[]): T;
  column(name: string, field: Field): unknown;
  primaryKey(config: { columns: Columns<C> }): P;
  index(name: string): { on(...columns: Columns<C>): P & { where(condition: SQL): P } };
  foreignKey(config: { name: string; columns: Columns<C>; foreignColumns: Columns<C> }): P;
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
function tablePartsOf<C extends SQLWrapper, P>(
  record: RecordDefinition,
  col: (name: string) => C,
  built: ReadonlyMap<string, Record<string, unknown>>,
  core: Core<unknown, C, P>,
  options: { safeIntegers: boolean },
): P[] {
  const parts: P[] = [];
  if (record.primaryKey) {
    parts.push(core.primaryKey({ columns: nonEmpty(record.primaryKey.map(col), record.table) }));
  }
  for (const [name, index] of Object.entries(record.indexes ?? {})) {
    const { columns, whereSet } = 'whereSet' in index ? index : { columns: index, whereSet: null };
    const on = core.index(name).on(...nonEmpty(columns.map(col), name));
    parts.push(whereSet === null ? on : on.where(isNotNull(col(whereSet))));
  }
  for (const reference of record.references ?? []) {
    const target = built.get(reference.table);
    if (!target) throw new Error(`${record.table}: ${reference.table} must be built first`);
    parts.push(
      core.foreignKey({
        name: reference.name,
        columns: nonEmpty(reference.columns.map(col), reference.name),
        foreignColumns: nonEmpty(
          reference.foreignColumns.map((name) => target[name] as C),
          reference.name,
        ),
      }),
    );
  }
  for (const [name, field] of Object.entries(record.fields)) {
    const specs = [
      ...checkOf(record.table, name, field, col(name)),
      ...(options.safeIntegers ? safeIntegerCheck(record.table, name, field, col(name)) : []),
    ];
    for (const spec of specs) parts.push(core.check(spec.name, spec.expression));
  }
  return parts;
}

/**
 * Every record's table in one dialect, built in dependency order, under the names the schema
 * modules export (what drizzle-kit reads).
 */
export function recordTables<T extends Record<string, unknown>, C extends SQLWrapper, P>(
  core: Core<T, C, P>,
  options: { safeIntegers: boolean },
) {
  const built = new Map<string, T>();
  for (const record of RECORDS) {
    const columns = Object.fromEntries(
      Object.entries(record.fields).map(([name, field]) => [name, core.column(name, field)]),
    ) as Record<string, never>;
    const table = core.table(record.table, columns, (t) =>
      tablePartsOf(record, (name) => t[name] as C, built, core, options),
    );
    built.set(record.table, table);
  }
  return namedTables(built);
}

/** The tables under the names the schema modules export. */
function namedTables<T>(tables: ReadonlyMap<string, T>) {
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
