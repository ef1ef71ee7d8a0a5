/*
 * A slash command's options as handlers read them. Discord sends them as a tree (a subcommand
 * holding its own options); both transports hand that tree to `commandOptions`, discord.js's
 * `interaction.options.data` and the raw payload's `data.options` having the same shape.
 */

export type OptionValue = string | number | boolean;

/** One node of Discord's option tree (APIApplicationCommandInteractionDataOption). */
export interface RawOption {
  name: string;
  type: number;
  value?: unknown;
  options?: readonly RawOption[] | undefined;
}

/** Discord's option type of a subcommand, which holds options rather than a value. */
const SUBCOMMAND = 1;

export class CommandOptions {
  constructor(
    /** `create` of `/apikey create`; null for a command without subcommands. */
    readonly subcommand: string | null,
    /** The options given (those of the subcommand, when there is one), by name. */
    readonly values: Readonly<Record<string, OptionValue>>,
  ) {}

  string(name: string): string | null {
    const value = this.values[name];
    return typeof value === 'string' ? value : null;
  }

  /**
   * Discord sends an integer option as a safe integer; anything else a payload might hold (a
   * fraction, a string, Infinity from `1e400`, a number past 2^53) is no value, never one a
   * store is asked about.
   */
  integer(name: string): number | null {
    const value = this.values[name];
    return typeof value === 'number' && Number.isSafeInteger(value) ? value : null;
  }

  /** A user option: Discord sends the user's id. */
  user(name: string): string | null {
    return this.string(name);
  }
}

function isValue(value: unknown): value is OptionValue {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
}

/** Flattens Discord's option tree; housecup has subcommands but no subcommand groups. */
export function commandOptions(options: readonly RawOption[] | undefined): CommandOptions {
  let list = options ?? [];
  let subcommand: string | null = null;
  const branch = list[0];
  if (branch?.type === SUBCOMMAND) {
    subcommand = branch.name;
    list = branch.options ?? [];
  }
  const values: Record<string, OptionValue> = {};
  for (const option of list) {
    if (isValue(option.value)) values[option.name] = option.value;
  }
  return new CommandOptions(subcommand, values);
}
