import type { Dialect } from '../sql/dialect.js';

export const postgresDialect: Dialect = {
  name: 'postgres',
  now: `date_trunc('milliseconds', clock_timestamp())`,
  instantText: (expression) =>
    `to_char(${expression} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
  unlimited: null,
  forUpdate: 'FOR UPDATE',
  forShare: 'FOR SHARE',
  forUpdateSkipLocked: 'FOR UPDATE SKIP LOCKED',
  integer: (expression) => `(${expression})::int8`,
};
