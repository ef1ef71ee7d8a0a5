import fc from 'fast-check';

export const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;
export type Method = (typeof METHODS)[number];

const ID_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-'.split('');

/** Every byte of `bytes`, percent-encoded: any binary content, sent as a legal URL. */
export function percentEncode(bytes: Uint8Array): string {
  let out = '';
  for (const byte of bytes) out += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  return out;
}

const GARBAGE = [
  '%',
  '%0',
  '%zz',
  '%00',
  '%E0%A4%A',
  '%FF',
  '%C3',
  '%2F',
  '%25',
  'a',
  '.',
  '..',
  '~',
];

/** One path segment, already in URL form: 1 to 10,000 characters of many kinds. */
export function segment(maxLength = 10_000): fc.Arbitrary<string> {
  return fc.oneof(
    // Id characters only: valid up to 64, too long beyond.
    fc.string({ unit: fc.constantFrom(...ID_CHARS), minLength: 1, maxLength }),
    // Binary, percent-encoded (3 characters a byte).
    fc
      .uint8Array({ minLength: 1, maxLength: Math.max(1, Math.floor(maxLength / 3)) })
      .map(percentEncode),
    // Unicode, as UTF-8 percent-encoded (lone surrogates become U+FFFD).
    fc
      .string({ unit: 'binary', minLength: 1, maxLength: Math.floor(maxLength / 12) + 1 })
      .map((text) => percentEncode(Buffer.from(text, 'utf8')).slice(0, maxLength)),
    // Broken escapes and dots.
    fc
      .array(fc.constantFrom(...GARBAGE), { minLength: 1, maxLength: 40 })
      .map((parts) => parts.join('')),
    fc.constant('%00'),
  );
}

/** A query string (with its `?`), or nothing. */
export const query: fc.Arbitrary<string> = fc.option(
  fc
    .array(
      fc.tuple(
        fc.oneof(fc.constantFrom('limit', 'after', 'x', ''), segment(40)),
        fc.oneof(
          fc.integer({ min: -5, max: 2_000 }).map(String),
          segment(200),
          fc.constantFrom('', '%', 'eyJ0IjoieCJ9', 'null'),
        ),
      ),
      { maxLength: 4 },
    )
    .map((pairs) => `?${pairs.map(([k, v]) => `${k}=${v}`).join('&')}`),
  { nil: '' },
);

/** A request path under /v1 or anywhere, built from random segments. */
export function path(guildId: string, maxLength = 10_000): fc.Arbitrary<string> {
  const area = fc.constantFrom('players', 'points', 'jobs', 'premium');
  const seg = segment(maxLength);
  return fc
    .tuple(
      fc.oneof(
        fc.tuple(area, seg).map(([a, s]) => `/v1/${a}/${s}`),
        seg.map((s) => `/v1/players/${guildId}/${s}`),
        fc.tuple(area, seg, seg).map(([a, s, t]) => `/v1/${a}/${s}/${t}`),
        seg.map((s) => `/v1/${s}`),
        seg.map((s) => `/${s}`),
        area.map((a) => `/v1/${a}/${guildId}`),
      ),
      fc.boolean(),
    )
    .map(([p, slash]) => (slash ? `${p}/` : p));
}

/** Random `Authorization` values around the given real keys; undefined sends none. */
export function authorization(keys: readonly string[]): fc.Arbitrary<string | undefined> {
  const keyShaped = fc
    .string({ unit: fc.constantFrom(...ID_CHARS), minLength: 32, maxLength: 32 })
    .map((body) => `hc_${body}`);
  return fc.oneof(
    fc.constant(undefined),
    fc.constantFrom(...keys),
    fc.constantFrom(...keys).map((key) => `Bearer ${key}`),
    keyShaped,
    keyShaped.map((key) => `bearer   ${key}`),
    fc.constantFrom('', ' ', 'Bearer', 'Bearer ', 'Basic dXNlcjpwYXNz', 'hc_', 'hc_short'),
    fc.string({ maxLength: 300 }),
  );
}

/** Paths whose answers are not API JSON by design: the Swagger UI pages and its assets. */
export function isDocsPath(url: string): boolean {
  return /^\/docs(\/|$|\?)/.test(url);
}
