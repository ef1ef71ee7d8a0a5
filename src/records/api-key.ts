import { instant, integer, json, nullable, rowId, text, withDefault } from './field.js';
import { defineRecord, type RowOf } from './record.js';

/** Characters of a key's name at most: Discord's option holds it to this, the CLI checks it. */
export const KEY_NAME_MAX = 100;

export const apiKey = defineRecord({
  name: 'ApiKey',
  table: 'api_keys',
  description: 'An API key, as stored: its digest, never the key itself.',
  fields: {
    id: rowId('Number of the key', { generated: true }),
    name: withDefault(text('A label to recognise the key by'), ''),
    digest: text('Hex SHA-256 of the whole key; the key itself is never stored', { unique: true }),
    hint: text('The first characters of the key, to tell keys apart in lists'),
    guilds: nullable(json<string[]>('Guild ids the key may read, or null for every guild')),
    rate_limit: nullable(
      integer("Requests per minute; null = the server's default, 0 = unlimited"),
    ),
    created_at: instant('When the key was created'),
    last_used_at: nullable(instant('When the key was last used, to the minute')),
    revoked_at: nullable(instant('When the key was revoked')),
  },
});

export type ApiKeyRow = RowOf<typeof apiKey>;
