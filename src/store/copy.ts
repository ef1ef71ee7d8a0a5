import { COPIED_RECORDS, COPY_LEAVES, RECORDS, TRIGGER_WRITTEN } from '../records/index.js';
import { columnList, type RecordDefinition } from '../records/record.js';
import { applyPlan, replacePlan, scratchTable, sourceTable } from './replace-plan.js';
import type { SqlDb } from './sql/db.js';
import type { Dialect } from './sql/dialect.js';
import { only } from './sql/dialect.js';
import { all, first, type Op, run, writeRows } from './sql/op.js';
import { type Params, type Statement, statement, statementFamily } from './sql/statement.js';
import type { CopyRows, CopyWork, RowBatches } from './store.js';
import { keepCursor } from './webhook-outbox.js';

/*
 * `housecup copy`, on either engine, from either to either: every row of every copied table
 * (records/index.ts, COPIED_RECORDS) read from one snapshot of the source, a page at a time, and
 * written in one transaction on the target, so a failure half-way leaves the target as it was.
 * Both transactions are held while the other store is awaited (SqlDb.transactionInTurns).
 */

/** Rows per page read, and so per batch written. */
const PAGE_ROWS = 5_000;

/** Runs an operation in the copy's transaction (SqlDb.transactionInTurns). */
type InCopy = <T>(op: Op<T>) => Promise<T>;

const byTable = statementFamily<Params, unknown[]>({ shape: 'arrays' });

/** A page of `record`'s rows in the engine's order, its order columns first; after `@…` when `after`. */
const pageOf = (record: RecordDefinition, after: boolean) =>
  byTable(`${record.table}:${after ? 'after' : 'first'}`, () => (d) => {
    const order = d.tableOrder(record).join(', ');
    const from = d.tableOrder(record).map((column) => `@${column}`);
    return `SELECT ${order}, ${columnList(record)} FROM ${record.table}
      ${after ? `WHERE (${order}) > (${from.join(', ')})` : ''} ORDER BY ${order} LIMIT @limit`;
  });

const counted = statementFamily<Params, { count: number }>();
const countOf = (record: RecordDefinition) =>
  counted(
    record.table,
    () => (d) => `SELECT ${d.integer('count(*)')} AS count FROM ${record.table}`,
  );

async function* rowsOf(inCopy: InCopy, dialect: Dialect, record: RecordDefinition): RowBatches {
  const order = dialect.tableOrder(record);
  let after: Params | undefined;
  for (;;) {
    const page = await inCopy(
      all(pageOf(record, after !== undefined), { ...after, limit: PAGE_ROWS }),
    );
    const last = page.at(-1);
    if (!last) return;
    after = Object.fromEntries(order.map((column, i) => [column, last[i]]));
    yield page.map((row) => row.slice(order.length));
    if (page.length < PAGE_ROWS) return;
  }
}

/** Runs `work` with the store's rows (and counts) of one snapshot. */
export function readEverything<T>(db: SqlDb, work: CopyWork<T>): Promise<T> {
  return db.transactionInTurns('snapshot', (inCopy) =>
    work(
      (record) => rowsOf(inCopy, db.dialect, record),
      async (record) => Number((await inCopy(first(countOf(record))))?.count ?? 0),
    ),
  );
}

/*
 * PostgreSQL: other writers wait until the copy commits (guild_changes too, which its triggers
 * write). SQLite: the write transaction holds the database's one write lock from its start.
 */
const LOCK_TABLES = statement((d) =>
  only(
    d,
    'postgres',
    `LOCK TABLE ${RECORDS.map((record) => record.table).join(', ')} IN EXCLUSIVE MODE`,
  ),
);
const HOLDS_DATA = statement<Params, { holds: number }>(
  `SELECT 1 AS holds WHERE ${COPIED_RECORDS.map((record) => `EXISTS (SELECT 1 FROM ${record.table})`).join(' OR ')}`,
);

const perTable = statementFamily();
const emptied = (record: RecordDefinition): Statement =>
  perTable(`${record.table}:empty`, () => `DELETE FROM ${record.table}`);
/** PostgreSQL: ids the database numbers (keys, history rows, subscriptions) continue after the copied ones. */
const idsAfter = (record: RecordDefinition): Statement =>
  perTable(
    `${record.table}:ids`,
    () => (d) =>
      only(
        d,
        'postgres',
        `SELECT setval(pg_get_serial_sequence('${record.table}', 'id'), coalesce(max(id), 0) + 1, false)
       FROM ${record.table}`,
      ),
  );
const GENERATED_IDS = COPIED_RECORDS.filter((record) =>
  Object.values(record.fields).some((field) => field.generated),
);

/** Locks the target; whether it holds data; and (when it will be written) empties COPY_LEAVES. */
function* begin(replace: boolean): Op<'empty' | 'holds' | 'refused'> {
  yield* run(LOCK_TABLES);
  const holds = (yield* first(HOLDS_DATA)) !== undefined;
  if (holds && !replace) return 'refused';
  for (const record of COPY_LEAVES) yield* run(emptied(record));
  return holds ? 'holds' : 'empty';
}

/** The number of the target's latest change (its own triggers' record of the copy's writes). */
const LATEST_CHANGE = statement<Params, { seq: number }>(
  (d) => `SELECT ${d.integer('coalesce(max(seq), 0)')} AS seq FROM guild_changes`,
);
const NOW = statement<Params, { now: string }>((d) => `SELECT ${d.instantText(d.now)} AS now`);

/**
 * Ids continue after the copied ones, and the webhooks go on from the target's latest change:
 * the copy emptied their cursor, and a node finding none would start from whatever change is
 * latest when it starts, past one the game wrote on the target meanwhile. The tables are locked
 * (begin), so no other writer holds a number below it.
 */
function* finish(dialect: Dialect): Op<void> {
  for (const record of GENERATED_IDS) yield* run(idsAfter(record));
  const seq = (yield* first(LATEST_CHANGE))?.seq ?? 0;
  const now = (yield* first(NOW))?.now ?? new Date().toISOString();
  yield* keepCursor(dialect.changesCursorAfter(Number(seq)), now);
}

/** An empty target: every row inserted, tables others reference first (RECORDS' order). */
async function fill(inCopy: InCopy, rows: CopyRows): Promise<void> {
  for (const record of COPIED_RECORDS) {
    // Triggers wrote these tables while the rows above were copied: the source's rows replace
    // what they wrote.
    if (TRIGGER_WRITTEN.has(record)) await inCopy(run(emptied(record)));
    for await (const batch of rows(record)) await inCopy(writeRows('insert', record, batch));
  }
}

/**
 * A target that holds data (`--replace`): only rows that differ from the source's are written
 * (src/store/replace-plan.ts), so that the triggers record, and the nodes and streams see, only
 * what the copy changed.
 */
async function replaceWhatDiffers(inCopy: InCopy, rows: CopyRows): Promise<void> {
  const plan = replacePlan(COPIED_RECORDS);
  for (const record of plan.write) {
    await inCopy(scratchTable(record));
    for await (const batch of rows(record)) {
      await inCopy(writeRows('insert', record, batch, sourceTable(record)));
    }
  }
  await inCopy(applyPlan(plan));
}

/**
 * Writes every row `rows` gives in one transaction: refused (false) when the store already holds
 * guild data or keys, unless `replace`.
 */
export function writeEverything(
  db: SqlDb,
  rows: CopyRows,
  { replace }: { replace: boolean },
): Promise<boolean> {
  return db.transactionInTurns('write', async (inCopy) => {
    const found = await inCopy(begin(replace));
    if (found === 'refused') return false;
    if (found === 'holds') await replaceWhatDiffers(inCopy, rows);
    else await fill(inCopy, rows);
    await inCopy(finish(db.dialect));
    return true;
  });
}
