/** An error the CLI reports as one line on stderr (or one per problem), exiting 1. */
export class CliError extends Error {
  override name = 'CliError';
}

/** One line of the command's result on stdout (messages about the run go to stderr). */
export function print(line: string): void {
  process.stdout.write(`${line}\n`);
}
