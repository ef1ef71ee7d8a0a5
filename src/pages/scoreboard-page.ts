import type { ChartPoint } from '../pictures/chart-input.js';
import { HOUSES, type House } from '../records/houses.js';
import type { LedgerEntry } from '../records/points-ledger.js';
import { english } from './english.js';
import { HOUSE_NAMES, hallOfCups, NO_TERMS, openTermLine, type TermsView } from './hall-of-cups.js';
import { html } from './html.js';
import { latestAwards } from './latest-awards.js';
import { pageShell } from './layout.js';
import { raceChart } from './race-chart.js';

interface ScoreboardView {
  guildId: string;
  /** The page's heading and <title>: the guild's own, or the default. */
  title: string;
  /** Null when the guild has no house points (they were removed after it published). */
  standings: Record<House, number> | null;
  /**
   * Each house's change this week (the UTC week from Monday 00:00); null when the guild has no
   * history to tell it.
   */
  weekChange: Record<House, number | null>;
  /** When that week ends (ISO 8601): cup.js reads the page again then, for the new week's. */
  weekEndsAt: string;
  overlay: boolean;
  /** The race over the chart's days, oldest first (none in the overlay, which has no chart). */
  series: readonly ChartPoint[];
  /**
   * The open term and the hall of cups (the overlay shows the open term's name only); none when
   * absent.
   */
  terms?: TermsView;
  /** The latest awards, newest first (latest-awards.ts); none before the first. */
  awards?: readonly LedgerEntry[];
}

/** The days the page's chart spans, as the PNG's default. */
export const CHART_DAYS = 30;

const NAMES = HOUSE_NAMES;

export function weekText(change: number | null): string {
  if (change === null) return '';
  const arrow = change > 0 ? '▲' : change < 0 ? '▼' : '±';
  return `${arrow} ${english().numbers.format(Math.abs(change))} this week`;
}

/**
 * The public page of one guild's house cup, complete without JavaScript: the open term's name,
 * the houses in rank order, the chart, the latest awards, then the hall of cups (past terms and their winners). cup.js keeps it current from the guild's public event stream. A guild
 * whose points were removed after it published shows that it has no standings (not four houses
 * ranked 1 with 0 points), and its standings come back, live, with its points.
 */
export function scoreboardPage(view: ScoreboardView): string {
  const { standings, terms = NO_TERMS } = view;
  const body = standings
    ? // data-houses: the houses' usual order, which cup.js keeps for equal points as this does.
      html`<ol class="standings" id="standings" data-houses="${HOUSES.join(' ')}" aria-label="House standings">
${rankedItems(standings, view.weekChange)}</ol>
${view.overlay ? '' : raceChart({ series: view.series, names: NAMES, days: CHART_DAYS })}`
    : html`<p class="no-standings" id="no-standings">No standings yet: the houses of this cup have no points. They show here as soon as they have some.</p>`;
  return pageShell({
    title: view.title,
    bodyAttributes: html` data-guild="${view.guildId}"${view.overlay ? html` class="overlay"` : ''}`,
    // The announcements stay outside <main>, which cup.js replaces when the standings come or go.
    // data-term: the guild's latest term as its `term` event names it, so cup.js knows when the
    // terms it shows are no longer the latest and takes its new <main>. data-week-ends: when
    // the week its figures count ends, for cup.js to take the new week's <main> then.
    main: html`<main id="cup" data-term="${terms.latest}" data-week-ends="${view.weekEndsAt}">
${openTermLine(terms.open)}${body}
${latestAwards(view.awards ?? [])}${view.overlay ? '' : hallOfCups(terms)}</main>
<p class="visually-hidden" id="announce" aria-live="polite"></p>`,
    script: true,
  });
}

function rankedItems(standings: Record<House, number>, weekChange: ScoreboardView['weekChange']) {
  const ranked = [...HOUSES].sort((a, b) => standings[b] - standings[a]);
  return ranked.map((house) => {
    const points = standings[house];
    const rank = 1 + HOUSES.filter((other) => standings[other] > points).length;
    const change = weekChange[house];
    return html`<li class="house ${house}" data-house="${house}" data-points="${points}" data-week="${change ?? ''}"><span class="rank">${rank}</span><span class="name">${NAMES[house]}</span><span class="points">${english().numbers.format(points)}</span><span class="week">${weekText(change)}</span></li>\n`;
  });
}

/** One page for "unknown" and "not published": a visitor cannot tell which guilds exist. */
export function notFoundPage(): string {
  return pageShell({
    title: 'No scoreboard here',
    main: html`<main class="missing"><p>This server has no public house cup page, or it is not published.</p><p>A server's admins publish theirs with <code>/scoreboard publish</code>.</p></main>`,
  });
}

/** A failure of the server's own: nothing of its cause, which the log keeps. */
export function unavailablePage(): string {
  return pageShell({
    title: 'Scoreboard unavailable',
    main: html`<main class="missing"><p>The scoreboard cannot be shown just now. Try again in a moment.</p></main>`,
  });
}

export function tooManyRequestsPage(): string {
  return pageShell({
    title: 'Too many requests',
    main: html`<main class="missing"><p>Too many requests from your address. Try again shortly.</p></main>`,
  });
}

/** A method these pages do not take (they are only read). */
export function methodNotAllowedPage(): string {
  return pageShell({
    title: 'Method not allowed',
    main: html`<main class="missing"><p>This page is only read: it takes GET and HEAD.</p></main>`,
  });
}

/** A request the page never makes (a chart size out of bounds): the parameter's own text. */
export function badRequestPage(message: string): string {
  return pageShell({
    title: 'Bad request',
    main: html`<main class="missing"><p>${message}</p></main>`,
  });
}
