import type { Command } from 'commander';
import {
  AWARD_BY_MAX,
  AWARD_POINTS,
  AWARD_REASON_MAX,
  AWARDS_PER_MINUTE,
  type AwardInput,
  checkAward,
  checkBy,
} from '../records/awards.js';
import { HOUSES } from '../records/houses.js';
import type { LedgerEntry } from '../records/points-ledger.js';
import type { Store } from '../store/store.js';
import { withStore } from './configured-store.js';
import { guildIdOption, positiveInt } from './options.js';
import { CliError, print } from './output.js';

/*
 * `housecup award` and `housecup unaward` (docs/awards.md): points given by hand, and taken back.
 * Undo is a command of its own: an `award undo` subcommand would make `award` a group, whose
 * arguments commander then reads as options when they start with a minus (`-5`). Each command's
 * work is a function of the store that returns its line or throws the CliError that says why not.
 */

const signed = (points: number) => (points > 0 ? `+${points}` : String(points));

/** `+10 to gryffindor for 2000… (now 160)`: what an entry did. */
const change = (entry: LedgerEntry) =>
  `${signed(entry.delta)} to ${entry.house}${entry.for ? ` for ${entry.for}` : ''} (now ${entry.total})`;

const spent = (guildId: string, retryAt: string, what: string) =>
  new CliError(
    `Guild ${guildId} made ${AWARDS_PER_MINUTE} awards and undos in the last minute: try again at ${retryAt}; nothing was ${what}`,
  );

/** The line `award` prints, or the CliError that says why nothing was awarded. */
export async function giveAward(store: Store, guildId: string, input: AwardInput): Promise<string> {
  const checked = checkAward(input);
  if (!checked.ok) throw new CliError(`Invalid ${checked.field}: ${checked.problem}`);
  const done = await store.awards.award({ guildId, ...checked.award });
  if (done.outcome === 'rateLimited') throw spent(guildId, done.retryAt, 'awarded');
  return `Award #${done.entry.id}: ${change(done.entry)}: ${done.entry.reason}`;
}

/** `--by` as given, checked (a CliError when it is no label); null when left out. */
export function byLabel(given: string | undefined): string | null {
  if (given === undefined) return null;
  const by = checkBy(given);
  if (!by.ok) throw new CliError(`Invalid by: ${by.problem}`);
  return by.value;
}

/** The line `unaward` prints, or the CliError that says why nothing was undone. */
export async function undoAward(
  store: Store,
  guildId: string,
  id: number,
  givenBy?: string,
): Promise<string> {
  const done = await store.awards.undo({ guildId, id, by: byLabel(givenBy) });
  switch (done.outcome) {
    case 'undone':
      return `Undo #${done.entry.id} of award #${id}: ${change(done.entry)}`;
    case 'unknown':
      throw new CliError(`Guild ${guildId} has no ledger entry #${id}; nothing was undone`);
    case 'notAward':
      throw new CliError(
        `Entry #${id} of guild ${guildId} is no award (its source is ${done.entry.source}): only awards are undone; nothing was undone`,
      );
    case 'alreadyUndone':
      throw new CliError(`Award #${id} of guild ${guildId} was undone already; nothing was undone`);
    case 'rateLimited':
      throw spent(guildId, done.retryAt, 'undone');
  }
}

/** The `--by` option's description: `who` made the change. */
export const byDescription = (who: string) =>
  `${who}: a member's id or any label, 1-${AWARD_BY_MAX} characters`;

export function addAwardCommands(program: Command): void {
  const { min, max } = AWARD_POINTS;
  program
    .command('award')
    .description(
      `give a house points (${min} to ${max}, not 0; below 0 takes them away) with a reason: one entry of the guild's ledger (the guild's first award makes its points, the other houses at 0)`,
    )
    .argument('<guildId>', 'the guild', guildIdOption)
    .argument('<house>', HOUSES.join(', '))
    .argument('<points>', `a whole number from ${min} to ${max}, not 0`)
    .requiredOption('--reason <text>', `why, 1-${AWARD_REASON_MAX} characters on one line`)
    .option('--for <userId>', 'the member it is for (their Discord id)')
    .option('--by <label>', byDescription('who gave it'))
    .action(
      async (
        guildId: string,
        house: string,
        points: string,
        options: { reason: string; for?: string; by?: string },
      ) => {
        const input = { house, points, ...options };
        print(await withStore((store) => giveAward(store, guildId, input)));
      },
    );
  program
    .command('unaward')
    .description(
      'take an award back once: a ledger entry of the opposite points whose reason names the award, which is marked undone',
    )
    .argument('<guildId>', 'the guild', guildIdOption)
    .argument('<id>', "the award's id in the guild's ledger", positiveInt)
    .option('--by <label>', byDescription('who took it back'))
    .action(async (guildId: string, id: number, options: { by?: string }) => {
      print(await withStore((store) => undoAward(store, guildId, id, options.by)));
    });
}
