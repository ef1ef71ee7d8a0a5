import { HOUSES, type House } from '../records/houses.js';
import { html } from './html.js';
import { pageShell } from './layout.js';

export interface ScoreboardView {
  guildId: string;
  standings: Record<House, number>;
  /** The change over the last 7 days; null when the guild has no history to tell it. */
  weekChange: Record<House, number | null>;
  overlay: boolean;
}

const NAMES: Record<House, string> = {
  gryffindor: 'Gryffindor',
  slytherin: 'Slytherin',
  ravenclaw: 'Ravenclaw',
  hufflepuff: 'Hufflepuff',
};

const numbers = new Intl.NumberFormat('en');

export function weekText(change: number | null): string {
  if (change === null) return '';
  const arrow = change > 0 ? '▲' : change < 0 ? '▼' : '±';
  return `${arrow} ${numbers.format(Math.abs(change))} this week`;
}

/**
 * The public page of one guild's house cup, complete without JavaScript: the houses in rank
 * order, then the chart. cup.js keeps it current from the guild's public event stream.
 */
export function scoreboardPage(view: ScoreboardView): string {
  const ranked = [...HOUSES].sort((a, b) => view.standings[b] - view.standings[a]);
  const items = ranked.map((house) => {
    const points = view.standings[house];
    const rank = 1 + HOUSES.filter((other) => view.standings[other] > points).length;
    const change = view.weekChange[house];
    return html`<li class="house ${house}" data-house="${house}" data-points="${points}" data-week="${change ?? ''}"><span class="rank">${rank}</span><span class="name">${NAMES[house]}</span><span class="points">${numbers.format(points)}</span><span class="week">${weekText(change)}</span></li>\n`;
  });
  const main = html`<main>
<ol class="standings" id="standings" aria-label="House standings">
${items}</ol>
<figure class="chart"><img id="chart" src="/cup/${encodeURIComponent(view.guildId)}/chart.png?width=1200&amp;height=500" width="1200" height="500" alt="Chart of the house points over the last 30 days"></figure>
<p class="visually-hidden" id="announce" aria-live="polite"></p>
</main>`;
  return pageShell({
    title: 'House cup',
    bodyAttributes: html` data-guild="${view.guildId}"${view.overlay ? html` class="overlay"` : ''}`,
    main,
    script: true,
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
    main: html`<main class="missing"><p>Too many requests from your address. Try again in a minute.</p></main>`,
  });
}

/** A request the page never makes (a chart size out of bounds): the parameter's own text. */
export function badRequestPage(message: string): string {
  return pageShell({
    title: 'Bad request',
    main: html`<main class="missing"><p>${message}</p></main>`,
  });
}
