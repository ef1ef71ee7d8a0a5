import { InvalidArgumentError } from 'commander';

const ID = /^[A-Za-z0-9_-]{1,64}$/;

export function guildIdOption(value: string): string {
  if (!ID.test(value))
    throw new InvalidArgumentError('a guild id is 1-64 characters of A-Z a-z 0-9 _ -');
  return value;
}

const TOO_LARGE = `must be at most ${Number.MAX_SAFE_INTEGER}`;

/** Digits alone, as a number: too many of them is "too large", never "not a whole number". */
function wholeNumber(value: string, notWhole: string): number {
  if (!/^\d+$/.test(value)) throw new InvalidArgumentError(notWhole);
  const n = Number(value);
  if (!Number.isSafeInteger(n)) throw new InvalidArgumentError(TOO_LARGE);
  return n;
}

export function positiveInt(value: string): number {
  const n = wholeNumber(value, 'must be a positive whole number');
  if (n < 1) throw new InvalidArgumentError('must be a positive whole number');
  return n;
}

export function nonNegativeInt(value: string): number {
  return wholeNumber(value, 'must be a whole number, 0 or more');
}

/** For repeatable options: validates each value and collects them in order. */
export function collect<T>(parse: (value: string) => T) {
  return (value: string, previous: T[]): T[] => [...previous, parse(value)];
}
