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
