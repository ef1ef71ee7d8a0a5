import type { Dialect } from '../sql/dialect.js';

export const sqliteDialect: Dialect = {
  name: 'sqlite',
  now: `strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`,
  // Instants are stored as that text already.
  instantText: (expression) => expression,
  unlimited: -1,
  forUpdate: '',
  forShare: '',
  forUpdateSkipLocked: '',
  integer: (expression) => expression,
};
