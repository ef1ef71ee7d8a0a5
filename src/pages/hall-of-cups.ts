import { HOUSES, type House } from '../records/houses.js';
import type { Standings } from '../records/points-history.js';
import { anyPoints, openLeadersOf, type Term } from '../records/terms.js';
import { english } from './english.js';
import { type Html, html } from './html.js';

/*
 * The guild's terms on its public page: the open term's name under the title with the houses
 * leading it, and the hall of cups, its past terms with their winners, newest first. A term's
 * cup is what the houses gained in it, not the points carried in. English, as the rest of the
 * page.
 */

/** The past terms the hall shows: the latest. */
export const HALL_SIZE = 10;

export const HOUSE_NAMES: Record<House, string> = {
  gryffindor: 'Gryffindor',
  slytherin: 'Slytherin',
  ravenclaw: 'Ravenclaw',
  hufflepuff: 'Hufflepuff',
};

/** What the page shows of a guild's terms. */
export interface TermsView {
  /** The open term; null when none is open. */
  open: Term | null;
  /** The latest ended terms, newest first, at most HALL_SIZE. */
  hall: readonly Term[];
  /** Whether older ended terms were left out of the hall. */
  more: boolean;
  /**
   * The guild's latest term as its `term` event names it (`<id>:<endedAt>`; '' without terms):
   * the page's script compares it with each event to know whether its terms are the latest.
   */
  latest: string;
}

export const NO_TERMS: TermsView = { open: null, hall: [], more: false, latest: '' };

/** The page's view of the guild's terms, from its latest HALL_SIZE + 1 (one may be open). */
export function termsView(latestFirst: readonly Term[], more: boolean): TermsView {
  const [first] = latestFirst;
  const ended = latestFirst.filter((term) => term.endedAt !== null);
  return {
    open: first?.endedAt === null ? first : null,
    hall: ended.slice(0, HALL_SIZE),
    more: more || ended.length > HALL_SIZE,
    latest: first ? termKey(first) : '',
  };
}

/** A term as the script tells it apart: its id and its end (empty while open). */
function termKey(term: Pick<Term, 'id' | 'endedAt'>): string {
  return `${term.id}:${term.endedAt ?? ''}`;
}

/** `360 points gained`, `360 points gained each` when several share it. */
function gainedText(points: number, houses: number): string {
  return `${english().numbers.format(points)} points gained${houses > 1 ? ' each' : ''}`;
}

/** What an open term says while no house is ahead of another in it (one just begun). */
const NO_LEADER = 'No house leads yet';

/**
 * `Leading: Gryffindor · 360 points gained`: the open term's leaders by what they gained so far,
 * never its winners; NO_LEADER while none is ahead of another; empty when no house has points.
 * public/cup.js writes the same text as the points change.
 */
function leadingText(gained: Standings): string {
  const leaders = openLeadersOf(gained);
  const [first] = leaders;
  if (first === undefined) return anyPoints(gained) ? NO_LEADER : '';
  const who = english().names.format(leaders.map((house) => HOUSE_NAMES[house]));
  return `Leading: ${who} · ${gainedText(gained[first] ?? 0, leaders.length)}`;
}

/**
 * `Term Autumn 2026 · since Sep 1, 2026 · Leading: …` under the title; nothing without an open
 * term. Each house's gain so far rides along (`data-<house>`), so that cup.js moves the leaders
 * with the points.
 */
export function openTermLine(open: Term | null): Html {
  if (!open) return html``;
  const data = HOUSES.map((house) => html` data-${house}="${open.standings[house] ?? ''}"`);
  return html`<p class="term" id="term"${data}><span class="term-label">Term</span> <strong class="term-name">${open.name}</strong> <span class="term-since">since ${english().days.format(Date.parse(open.startedAt))}</span> <span class="term-leading">${leadingText(open.standings)}</span></p>\n`;
}

/**
 * `Sep 1 – Oct 31, 2026`, `Nov 1, 2026 – Jan 31, 2027` across years, or `Nov 29, 2026` for a
 * term of one day. Written out rather than Intl's formatRange, whose spaces differ between ICU
 * versions (so between Nodes).
 */
function cupDates(term: Term): string {
  const { days, daysInYear } = english();
  const from = new Date(term.startedAt);
  const to = new Date(term.endedAt ?? term.startedAt);
  if (from.toISOString().slice(0, 10) === to.toISOString().slice(0, 10)) return days.format(to);
  const sameYear = from.getUTCFullYear() === to.getUTCFullYear();
  return `${(sameYear ? daysInYear : days).format(from)} – ${days.format(to)}`;
}

/** An ended term's winners, with what they gained in it; none when no house had points. */
function winnersOf(term: Term): Html {
  const winners = term.winners ?? [];
  const [first] = winners;
  if (first === undefined) {
    return html`<p class="cup-winners none">No winner: no house had points</p>`;
  }
  // A space between them, so that a screen reader says two names, not one.
  const chips = winners.map(
    (house, index) =>
      html`${index > 0 ? ' ' : ''}<span class="winner ${house}">${HOUSE_NAMES[house]}</span>`,
  );
  return html`<p class="cup-winners"><span class="cup-label">${winners.length > 1 ? 'Shared by' : 'Won by'}</span> ${chips} <span class="cup-points">${gainedText(term.standings[first] ?? 0, winners.length)}</span></p>`;
}

/** What the other houses gained, in the houses' order, for whoever wants the whole table. */
function othersOf(term: Term): Html {
  const winners = term.winners ?? [];
  const others = HOUSES.filter(
    (house) => !winners.includes(house) && term.standings[house] !== null,
  );
  if (others.length === 0 || winners.length === 0) return html``;
  const parts = others.map(
    (house) =>
      html`<span>${HOUSE_NAMES[house]} ${english().gains.format(term.standings[house] ?? 0)}</span>`,
  );
  return html`<p class="cup-others">${parts}</p>`;
}

/** The hall of cups: past terms, newest first, each with its dates and winners (ties: all). */
export function hallOfCups({ hall, more }: TermsView): Html {
  if (hall.length === 0) return html``;
  const cups = hall.map(
    (term) =>
      html`<li class="cup"><h3 class="cup-name">${term.name}</h3><p class="cup-dates">${cupDates(term)}</p>${winnersOf(term)}${othersOf(term)}</li>\n`,
  );
  return html`<section class="hall" id="hall" aria-labelledby="hall-title">
<h2 id="hall-title">Hall of cups</h2>
<ol class="cups">
${cups}</ol>
${more ? html`<p class="hall-more">The ${HALL_SIZE} latest terms.</p>\n` : ''}</section>
`;
}
