import fc from 'fast-check';
import type { IntegerBounds } from '../../../src/answers/integer-text.js';

/*
 * Texts for numeric and date parameters: what clients, scripts and attackers send, with an
 * oracle written apart from the code under test (src/answers/integer-text.ts) so a regression
 * there is not mirrored here.
 */

/** Texts `Number()`, `parseInt` or Ajv's coercion read as numbers, and their neighbours. */
export const NUMBER_LIKE = [
  'Infinity',
  '-Infinity',
  '+Infinity',
  'infinity',
  'NaN',
  '-0',
  '+0',
  '0',
  '00',
  '1e999',
  '1e400',
  '-1e400',
  '1e2',
  '1E2',
  '0x10',
  '0X10',
  '0o10',
  '0b1',
  '+5',
  ' 5',
  '5 ',
  '\t5',
  '5\n',
  '5.0',
  '5.',
  '.5',
  '1.5',
  '1_000',
  '1,000',
  '9007199254740991',
  '9007199254740992',
  '9007199254740993',
  '-9007199254740993',
  '５', // fullwidth 5
  '٥', // Arabic-Indic 5
  '5\u0000',
  '',
  'null',
  'true',
  '[]',
];

/** A text for a parameter of `bounds`: the values above, its edges, any integer, any text. */
export function integerText(bounds: IntegerBounds): fc.Arbitrary<string> {
  const { minimum, maximum } = bounds;
  return fc.oneof(
    fc.constantFrom(...NUMBER_LIKE),
    fc.constantFrom(minimum - 1, minimum, maximum, maximum + 1).map(String),
    fc.integer({ min: minimum, max: maximum }).map((n) => `0${n}`),
    fc.bigInt({ min: -(2n ** 64n), max: 2n ** 64n }).map(String),
    fc.integer({ min: 17, max: 3000 }).map((length) => '9'.repeat(length)),
    fc.double().map(String),
    fc.string({ maxLength: 24 }),
  );
}

/**
 * What a numeric parameter accepts, said another way than the code says it: the text is what
 * JavaScript writes for the number it reads, a safe integer within the bounds.
 */
export function accepts(text: string, { minimum, maximum }: IntegerBounds): boolean {
  const value = Number(text);
  return (
    String(value) === text && Number.isSafeInteger(value) && value >= minimum && value <= maximum
  );
}

/** Dates a Date cannot hold, signed years, days a month lacks, offsets of no zone, and words. */
const DATE_LIKE = [
  '275760-09-13T00:00:00Z',
  '+275760-09-13T00:00:00.000Z',
  '+002026-01-01T00:00:00Z',
  '-271821-04-20T00:00:00Z',
  '0000-01-01',
  '9999-12-31T23:59:59.999Z',
  '9999-12-31T23:59:59-23:59',
  '2026-02-29',
  '2028-02-29',
  '2026-02-31',
  '2026-04-31T12:00',
  '2026-13-01',
  '2026-00-01',
  '2026-01-01T24:00',
  '2026-01-01T00:00+99:99',
  '2026-01-01T00:00:00.1234567891Z',
  '2026-01-01 ',
  ' 2026-01-01',
  '2026',
  '2026-01',
  'now',
  '1e400',
  'Infinity',
  '',
];

const ANY_DATE = fc.date({ min: new Date(-8.64e15), max: new Date(8.64e15), noInvalidDate: true });

export const dateText: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...DATE_LIKE),
  ANY_DATE.map((date) => date.toISOString()),
  ANY_DATE.map((date) => date.toISOString().slice(0, 10)),
  fc
    .date({ min: new Date('2020-01-01'), max: new Date('2030-01-01'), noInvalidDate: true })
    .map((date) => date.toISOString()),
  fc.string({ maxLength: 30 }),
);

/** JSON texts for an integer option's value, as a payload may carry them. */
export const optionValueText: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '1e400',
    '-1e400',
    '1e300',
    '-0',
    '0',
    '-1',
    '1.5',
    '9007199254740993',
    '"5"',
    'null',
    'true',
    '[1]',
    '{}',
  ),
  fc.integer().map(String),
  fc.double({ noNaN: true, noDefaultInfinity: true }).map(String),
  fc.string({ maxLength: 12 }).map((text) => JSON.stringify(text)),
);
