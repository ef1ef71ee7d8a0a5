/*
 * How the text of an environment variable becomes a value, or a one-line reason it cannot.
 * Written here rather than with a schema library: the one the import files use (zod) costs a
 * start about 60 ms and 4.5 MiB to load, for some twenty variables read once
 * (docs/performance.md, "What a start loads").
 */

/** A value that is not what its variable asks for; the message completes "Invalid NAME: …". */
export class ValueProblem extends Error {
  override name = 'ValueProblem';
}

/** Reads a variable's text (never empty: an empty variable is an unset one). */
type Reader<T> = (text: string) => T;

/** A variable: its reader, and what an unset one means. */
export type Variable<T> = (text: string | undefined) => T;

export const withDefault =
  <T>(read: Reader<T>, fallback: T): Variable<T> =>
  (text) =>
    text === undefined ? fallback : read(text);

export const optional =
  <T>(read: Reader<T>): Variable<T | undefined> =>
  (text) =>
    text === undefined ? undefined : read(text);

/** Applies `then` to what `read` gave. */
export const mapped =
  <T, U>(read: Reader<T>, then: (value: T) => U): Reader<U> =>
  (text) =>
    then(read(text));

function problem(message: string): never {
  throw new ValueProblem(message);
}

export const anyText: Reader<string> = (text) => text;

/** Text that `pattern` (a RegExp, or any test) accepts, of at most `maxLength` characters if given. */
export const matching =
  (
    pattern: { test(text: string): boolean },
    message: string,
    maxLength?: [number, string],
  ): Reader<string> =>
  (text) => {
    if (maxLength && text.length > maxLength[0]) problem(maxLength[1]);
    return pattern.test(text) ? text : problem(message);
  };

export const oneOf =
  <const T extends string>(values: readonly T[], message: string): Reader<T> =>
  (text) =>
    (values as readonly string[]).includes(text) ? (text as T) : problem(message);

const FLAGS: Readonly<Record<string, boolean>> = {
  true: true,
  '1': true,
  yes: true,
  false: false,
  '0': false,
  no: false,
};

export const flag: Reader<boolean> = (text) => FLAGS[text] ?? problem('must be true or false');

interface NumberRules {
  /** When the text is not a number at all. */
  notNumber: string;
  /** When it must be a whole number and is not. */
  notWhole?: string;
  /** The smallest allowed, or (`exclusive`) the bound it must exceed, and the message below it. */
  min?: [number, string, 'exclusive'?];
  max?: [number, string];
}

/** A number written as JavaScript reads one (`Number(text)`), finite, within the rules. */
export const number =
  ({ notNumber, notWhole, min, max }: NumberRules): Reader<number> =>
  (text) => {
    const value = Number(text);
    if (!Number.isFinite(value)) problem(notNumber);
    if (notWhole !== undefined && !Number.isInteger(value)) problem(notWhole);
    if (min && (min[2] === 'exclusive' ? value <= min[0] : value < min[0])) problem(min[1]);
    if (max && value > max[0]) problem(max[1]);
    return value;
  };

/** A whole number from `min` up (to `max`), one message for each kind of miss. */
export const whole = (
  notWhole: string,
  min: [number, string],
  max?: [number, string],
): Reader<number> => number({ notNumber: notWhole, notWhole, min, ...(max ? { max } : {}) });

/**
 * An absolute URL of one of `schemes`, written `scheme://…`; blanks around it are dropped. The
 * `://` is asked for, as `http:example.com` parses and means nothing an operator intended.
 */
export const url =
  (schemes: readonly string[], message: string): Reader<string> =>
  (text) => {
    const trimmed = text.trim();
    const parsed = URL.parse(trimmed);
    const scheme = parsed?.protocol.slice(0, -1);
    const ok =
      scheme !== undefined &&
      schemes.includes(scheme) &&
      trimmed.toLowerCase().startsWith(`${scheme}://`);
    return ok ? trimmed : problem(message);
  };

/** A comma-separated list: entries trimmed, empty ones dropped, each read by `entry`. */
export const list =
  <T>(entry: Reader<T>): Reader<T[]> =>
  (text) =>
    text
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean)
      .map(entry);
