/** Guild and user ids: Discord snowflakes are digits; the contract allows a little more. */
export const ID_PATTERN = '^[A-Za-z0-9_-]{1,64}$';
const idRegex = new RegExp(ID_PATTERN);

export function isValidId(value: string): boolean {
  return idRegex.test(value);
}

export const MAX_PAGE_LIMIT = 1000;
