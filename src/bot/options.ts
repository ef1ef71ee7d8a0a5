import type { ApplicationCommandOptionType as OptionType } from 'discord.js';

/*
 * A slash command's options, in two steps. A transport flattens Discord's option tree into
 * `GivenOptions` (discord.js's `interaction.options.data` and the raw payload's `data.options`
 * have the same shape); the dispatcher then reads them against the command's definition into
 * `OptionsOf<definition>`, the object its handler gets: `options.sort`, typed from the option
 * list, rather than a value looked up by name. Both transports go through that one reader.
 */

type OptionValue = string | number | boolean;

/*
 * Discord's option types (ApplicationCommandOptionType) as numbers: `POST /interactions` parses
 * payloads with this module before discord.js is loaded, on the first interaction only.
 */
const SUBCOMMAND = 1;
const INTEGER = 4;
const BOOLEAN = 5;
const NUMBER = 10;

/** One node of Discord's option tree (APIApplicationCommandInteractionDataOption). */
export interface RawOption {
  name: string;
  type: number;
  value?: unknown;
  options?: readonly RawOption[] | undefined;
}

/** What an interaction carries, before any command's definition is known. */
export interface GivenOptions {
  /** `create` of `/apikey create`; null for a command without subcommands. */
  readonly subcommand: string | null;
  /** The options given (those of the subcommand, when there is one), by name. */
  readonly values: Readonly<Record<string, OptionValue>>;
}

function isValue(value: unknown): value is OptionValue {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
}

/** Flattens Discord's option tree; housecup has subcommands but no subcommand groups. */
export function commandOptions(options: readonly RawOption[] | undefined): GivenOptions {
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
  return { subcommand, values };
}

/** What the reader needs of a definition's option (a subset of Discord's option object). */
interface OptionShape {
  readonly type: number;
  readonly name: string;
  readonly choices?: readonly { readonly value: string | number }[];
  readonly options?: readonly OptionShape[];
}

/** What the reader needs of a command's definition. */
interface DefinitionShape {
  readonly name: string;
  readonly options?: readonly OptionShape[];
}

type NameOf<O> = O extends { readonly name: infer N extends string } ? N : never;

/** The value an option holds: one of its choices when it offers some, else its type's. */
type ValueOf<O> = O extends { readonly choices: readonly { readonly value: infer V }[] }
  ? V
  : O extends { readonly type: OptionType.Integer | OptionType.Number }
    ? number
    : O extends { readonly type: OptionType.Boolean }
      ? boolean
      : string;

/**
 * `{ name?: value }` for each option of a list. Every one may be absent, `required` or not:
 * Discord enforces `required`, but a signed payload may still hold a value of another type,
 * which is read as no value (a fraction for an integer: `/apikey revoke` then finds no key).
 */
type ValuesOf<L> = L extends readonly (infer O)[]
  ? { readonly [E in O as NameOf<E>]?: ValueOf<E> }
  : Record<never, never>;

/** One member of the union a command with subcommands reads into, per subcommand. */
type SubcommandOf<O> = O extends { readonly type: OptionType.Subcommand; readonly name: infer N }
  ? { readonly subcommand: N } & ValuesOf<O extends { readonly options: infer L } ? L : []>
  : never;

/**
 * A command's options as its handler reads them: `{ sort?: ProfileSort; house?: … }`, or for
 * a command with subcommands a union told apart by `subcommand` (`{ subcommand: 'revoke';
 * id?: number } | …`), so that `options.subcommand === 'revoke'` makes `options.id` readable.
 */
export type OptionsOf<D> = D extends { readonly options: readonly (infer O)[] }
  ? [SubcommandOf<O>] extends [never]
    ? ValuesOf<D['options']>
    : SubcommandOf<O>
  : Record<never, never>;

/** Whether `value` is what an option of this type holds (what Discord sends for it). */
function fits(type: number, value: OptionValue | undefined): boolean {
  switch (type) {
    // Discord sends an integer as a safe integer; anything else (a fraction, `1e400` read as
    // Infinity, a number past 2^53) is no value, never one a store is asked about.
    case INTEGER:
      return typeof value === 'number' && Number.isSafeInteger(value);
    case NUMBER:
      return typeof value === 'number' && Number.isFinite(value);
    case BOOLEAN:
      return typeof value === 'boolean';
    default:
      // Strings, and the ids of users, channels, roles and attachments.
      return typeof value === 'string';
  }
}

/**
 * Reads the options given against the command's definition: only the options it declares, each
 * of the right type. A subcommand it does not declare, or a value outside an option's choices,
 * can only come from a forged or broken request: an error (the member gets the apology), never
 * a default.
 */
export function readOptions<D extends DefinitionShape>(
  definition: D,
  given: GivenOptions,
): OptionsOf<D> {
  let declared = definition.options ?? [];
  const read: Record<string, OptionValue> = {};
  if (declared.some((option) => option.type === SUBCOMMAND)) {
    const chosen = declared.find(
      (option) => option.type === SUBCOMMAND && option.name === given.subcommand,
    );
    if (!chosen) {
      throw new Error(`unknown /${definition.name} subcommand ${String(given.subcommand)}`);
    }
    read.subcommand = chosen.name;
    declared = chosen.options ?? [];
  }
  for (const option of declared) {
    const value = given.values[option.name];
    if (value === undefined || !fits(option.type, value)) continue;
    if (option.choices && !option.choices.some((choice) => choice.value === value)) {
      throw new Error(`unexpected /${definition.name} ${option.name}: ${String(value)}`);
    }
    read[option.name] = value;
  }
  // The checks above are what OptionsOf<D> says of each value.
  return read as OptionsOf<D>;
}
