/**
 * The ids entries get: their own where given, otherwise the next ones after the largest given
 * id, in file order (so a file without ids numbers its jobs 1, 2, 3, ...).
 */
export function assignIds(entries: readonly { id?: number | undefined }[]): number[] {
  // A loop, not Math.max(...ids): spreading a few hundred thousand ids overflows the stack.
  let next = 1;
  for (const entry of entries) if (entry.id !== undefined && entry.id >= next) next = entry.id + 1;
  return entries.map((entry) => entry.id ?? next++);
}
