import type { LedgerEntry } from '../records/points-ledger.js';
import { english } from './english.js';
import { HOUSE_NAMES } from './hall-of-cups.js';
import { type Html, html } from './html.js';

/*
 * The public page's latest awards (docs/awards.md): house, points, reason and time of each, never
 * who gave it or whom it was for (a member's id or name is player data, which the page never
 * shows). An award taken back stays, struck through, as the ledger keeps it.
 */

/** Awards the page shows, newest first. */
export const AWARDS_SHOWN = 5;

/** `+10`, `−5` (a true minus sign). */
function signed(points: number): string {
  return `${points < 0 ? '−' : '+'}${english().numbers.format(Math.abs(points))}`;
}

/** `2026-11-28 15:04 UTC`: the page is in English and its readers anywhere. */
function when(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}

function awardItem(entry: LedgerEntry): Html {
  const undone = entry.undone ? ' undone' : '';
  const note = entry.undone ? html`<span class="award-undone">taken back</span>` : '';
  return html`<li class="award${undone}"><span class="award-house ${entry.house}">${HOUSE_NAMES[entry.house]}</span><span class="award-points">${signed(entry.delta)}</span><span class="award-reason">${entry.reason ?? ''}</span><time class="award-time" datetime="${entry.at}">${when(entry.at)}</time>${note}</li>\n`;
}

/** The section, or nothing before the guild's first award. */
export function latestAwards(awards: readonly LedgerEntry[]): Html {
  if (awards.length === 0) return html``;
  return html`<section class="awards" id="awards" aria-labelledby="awards-title">
<h2 id="awards-title">Latest awards</h2>
<ol class="award-list">
${awards.slice(0, AWARDS_SHOWN).map(awardItem)}</ol>
</section>
`;
}
