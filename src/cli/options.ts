import { InvalidArgumentError } from 'commander';

const ID = /^[A-Za-z0-9_-]{1,64}$/;

export function guildIdOption(value: string): string {
  if (!ID.test(value))
    throw new InvalidArgumentError('a guild id is 1-64 characters of A-Z a-z 0-9 _ -');
  return value;
}

export function positiveInt(value: string): number {
  const n = Number(value);
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(n) || n < 1)
    throw new InvalidArgumentError('must be a positive whole number');
  return n;
}

export function nonNegativeInt(value: string): number {
  const n = Number(value);
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(n))
    throw new InvalidArgumentError('must be a whole number, 0 or more');
  return n;
}

/** For repeatable options: validates each value and collects them in order. */
export function collect<T>(parse: (value: string) => T) {
  return (value: string, previous: T[]): T[] => [...previous, parse(value)];
}
