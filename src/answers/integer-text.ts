/*
 * What text a numeric parameter of a URL accepts, for every presenter that reads one (the API's
 * query parameters, the public chart's size): an integer written in its shortest decimal form,
 * `0` or an optional `-` then digits without a leading zero, whose value is a safe integer. No
 * `+`, space, fraction, exponent, hex, `-0`, leading zero, `Infinity` or `NaN`: each of those is
 * a number to `Number()` and to Ajv's coercion (which then skipped its range checks for
 * ±Infinity, and a width of Infinity once aborted the process in the canvas), so a value
 * is read here once, by one rule, and anything else is the parameter's own 400.
 */

/** A parameter's bounds, both included: its schema's `minimum` and `maximum`. */
export interface IntegerBounds {
  minimum: number;
  maximum: number;
}

const SHORTEST_DECIMAL = /^(?:0|-?[1-9][0-9]*)$/;
/** `-9007199254740991`: no longer text can be a safe integer, so none is even matched. */
const MAX_LENGTH = String(Number.MIN_SAFE_INTEGER).length;

/** The integer `text` writes, or undefined when it writes none by the rule above. */
export function integerOfText(text: string): number | undefined {
  if (text.length > MAX_LENGTH || !SHORTEST_DECIMAL.test(text)) return undefined;
  const value = Number(text);
  return Number.isSafeInteger(value) ? value : undefined;
}

export function isWithin(value: unknown, { minimum, maximum }: IntegerBounds): value is number {
  return (
    typeof value === 'number' && Number.isSafeInteger(value) && value >= minimum && value <= maximum
  );
}

/** The 400 text of a numeric parameter: `Invalid width: must be an integer from 400 to 1600`. */
export function invalidIntegerText(name: string, { minimum, maximum }: IntegerBounds): string {
  return `Invalid ${name}: must be an integer from ${minimum} to ${maximum}`;
}
