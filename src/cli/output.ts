/** An error the CLI reports as one line on stderr, exiting 1. */
export class CliError extends Error {
  override name = 'CliError';
}

/**
 * The command's result on stdout: its one success line, or the data it was asked for (a key
 * list, an export). Errors alone go to stderr, so a scheduled job sends stdout to /dev/null and
 * is mailed only when something failed.
 */
export function print(line: string): void {
  process.stdout.write(`${line}\n`);
}

/** Rows as columns padded to their widest cell, two blanks apart: the CLI's lists. */
export function table(rows: string[][]): string {
  const widths =
    rows[0]?.map((_, column) => Math.max(...rows.map((row) => row[column]?.length ?? 0))) ?? [];
  return rows
    .map((row) =>
      row
        .map((cell, column) => cell.padEnd(widths[column] ?? 0))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}
