import type { Command } from 'commander';
import { HOUSES } from '../records/houses.js';
import type { Standings } from '../records/points-history.js';
import { checkTermName, openLeadersOf, TERM_NAME_MAX, type Term } from '../records/terms.js';
import type { Store } from '../store/store.js';
import { byDescription, byLabel } from './awards.js';
import { withStore } from './configured-store.js';
import { guildIdOption } from './options.js';
import { CliError, print, table } from './output.js';

/*
 * `housecup term start|end|list`: a guild's terms (docs/cli-and-data.md, "Terms"). Each command's
 * work is a function of the store that returns its lines or throws the CliError that says why
 * not, so tests run it in-process; the commands only open the store and print.
 */

/** A gain as the CLI writes it: `+20`, `-3`, `0`; `-` for a house without points. */
const gain = (points: number | null): string =>
  points === null ? '-' : points > 0 ? `+${points}` : String(points);

const each = (points: Standings, write: (points: number | null) => string) =>
  HOUSES.map((house) => `${house} ${write(points[house])}`).join(', ');

/**
 * `won by gryffindor`, `leading: gryffindor and slytherin` while the term is open (its leaders
 * are not winners yet), `no house leads yet` while no house is ahead of another in it (a term
 * just begun), `no winner` when no house had points.
 */
function resultText(term: Term): string {
  const houses = term.winners ?? openLeadersOf(term.standings);
  if (houses.length === 0) {
    return term.winners === null ? 'no house leads yet' : 'no winner';
  }
  return `${term.winners ? 'won by' : 'leading:'} ${houses.join(' and ')}`;
}

/** What an ended term's line says of its cup: the gains, the points it ended with, its winners. */
function cupText(term: Term): string {
  if (HOUSES.every((house) => term.totals[house] === null)) return 'no house points, no winner';
  return `gained ${each(term.standings, gain)} (points ${each(term.totals, (points) => String(points ?? '-'))}); ${resultText(term)}`;
}

/** The line `term start` prints, or the CliError that says why no term started. */
export async function startTerm(store: Store, guildId: string, given: string): Promise<string> {
  const checked = checkTermName(given);
  if (!checked.ok) throw new CliError(`Invalid name: ${checked.problem}`);
  const started = await store.terms.start(guildId, checked.name);
  const { term } = started;
  if (started.outcome === 'alreadyOpen') {
    throw new CliError(
      `Guild ${guildId} has term ${term.id} ${JSON.stringify(term.name)} open since ${term.startedAt}: end it first (housecup term end ${guildId}); no term was started`,
    );
  }
  const line = `Term ${term.id} ${JSON.stringify(term.name)} started on guild ${guildId} at ${term.startedAt}.`;
  // A mistyped id would start a term nobody runs: say so, as nothing else will.
  return HOUSES.every((house) => term.totals[house] === null)
    ? `${line} The guild has no house points yet (is the id right?): each house counts from its first points.`
    : line;
}

/** The line `term end` prints, or the CliError when no term is open. */
export async function endTerm(
  store: Store,
  guildId: string,
  reset: boolean,
  givenBy?: string,
): Promise<string> {
  const ended = await store.terms.end(guildId, { reset, by: byLabel(givenBy) });
  if (!ended) throw new CliError(`Guild ${guildId} has no open term: nothing was ended`);
  const line = `Term ${ended.id} ${JSON.stringify(ended.name)} ended at ${ended.endedAt}: ${cupText(ended)}.`;
  if (!reset) return line;
  return HOUSES.every((house) => ended.totals[house] === null)
    ? `${line} The guild has no house points to reset.`
    : `${line} The houses' points are reset to 0.`;
}

/**
 * What `term list` prints: the guild's terms, newest first, as a table of each one's cup (what
 * each house gained in it, so far for the open one) and result; or as JSON, as the API gives them
 * (totals included).
 */
export async function listTerms(store: Store, guildId: string, json: boolean): Promise<string> {
  const { items } = await store.read.terms.list(guildId);
  if (json) return JSON.stringify(items, null, 2);
  if (items.length === 0) return `No terms on guild ${guildId}.`;
  const header = ['id', 'name', 'started', 'ended', ...HOUSES, 'result'];
  return table([
    header,
    ...items.map((term) => [
      String(term.id),
      term.name,
      term.startedAt,
      term.endedAt ?? 'open',
      ...HOUSES.map((house) => gain(term.standings[house])),
      resultText(term),
    ]),
  ]);
}

export function addTermCommands(program: Command): void {
  const term = program
    .command('term')
    .description("a guild's terms: the house cup is run in terms, each won, archived, begun again");
  term
    .command('start')
    .description(
      'start a term on a guild (at most one is open; a guild without house points yet counts each house from its first points)',
    )
    .argument('<guildId>', 'the guild', guildIdOption)
    .requiredOption('--name <text>', `the term's name, 1-${TERM_NAME_MAX} characters on one line`)
    .action(async (guildId: string, options: { name: string }) => {
      print(await withStore((store) => startTerm(store, guildId, options.name)));
    });
  term
    .command('end')
    .description(
      "end a guild's open term, keeping the points it ended with and its winners (the houses that gained most); --reset sets the four houses to 0 in the same transaction",
    )
    .argument('<guildId>', 'the guild', guildIdOption)
    .option('--reset', "set the four houses' points to 0 once the term's points are kept", false)
    .option('--by <label>', byDescription("who ended it (the reset's ledger entries name them)"))
    .action(async (guildId: string, options: { reset: boolean; by?: string }) => {
      print(await withStore((store) => endTerm(store, guildId, options.reset, options.by)));
    });
  term
    .command('list')
    .description(
      "list a guild's terms, newest first: dates, what each house gained, the winners (the open term's leaders)",
    )
    .argument('<guildId>', 'the guild', guildIdOption)
    .option('--json', 'print them as JSON')
    .action(async (guildId: string, options: { json?: boolean }) => {
      print(await withStore((store) => listTerms(store, guildId, options.json === true)));
    });
}
