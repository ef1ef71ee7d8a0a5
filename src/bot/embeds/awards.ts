import type { APIEmbed } from 'discord.js';
import type { LedgerEntry } from '../../records/points-ledger.js';
import type { Language } from '../i18n/index.js';
import { houseColour, houseName } from './houses.js';
import { fitEmbed, linesWithin, mention, named } from './limits.js';

/*
 * How an award and the ledger read in Discord: the public answer of /award and the pages of /log.
 * Reasons and labels are what members typed, so always plain text; members are mentions, which
 * ping no one (every message housecup sends says so: delivery.ts).
 */

/** `+10`, `−5` (a true minus sign), the digits grouped as the language groups them. */
function signedPoints(points: number, language: Language): string {
  return `${points < 0 ? '−' : '+'}${language.number(Math.abs(points))}`;
}

/** Discord's relative time of an instant (`in 20 seconds`, `3 days ago`), kept current by it. */
export function relativeTime(iso: string): string {
  return `<t:${Math.floor(Date.parse(iso) / 1000)}:R>`;
}

/** The public answer of an award: house and points, why, for whom, the house's new total. */
export function awardText(entry: LedgerEntry, language: Language): string {
  const { t } = language;
  const house = houseName(entry.house, t);
  const lines = [
    t.award.given(house, signedPoints(entry.delta, language), reasonText(entry, language)),
  ];
  if (entry.for !== null) lines.push(t.award.forMember(mention(entry.for, t.lists)));
  lines.push(t.award.total(house, language.amount(t.points.points, entry.total)));
  // Discord's small print: the number is what /award undo takes, not news.
  lines.push(`-# ${t.award.number(language.digits(entry.id))}`);
  return lines.join('\n');
}

/** The public answer of an undo: the award taken back, the points it took away. */
export function undoText(award: LedgerEntry, undo: LedgerEntry, language: Language): string {
  const { t } = language;
  const house = houseName(undo.house, t);
  const lines = [
    t.award.undone(language.digits(award.id), house, signedPoints(undo.delta, language)),
  ];
  lines.push(t.award.total(house, language.amount(t.points.points, undo.total)));
  return lines.join('\n');
}

/** An entry's reason as plain text, or what made it when it has none. */
function reasonText(entry: LedgerEntry, language: Language): string {
  const fallback = language.t.log.sources[entry.source];
  return entry.reason === null ? fallback : named(entry.reason, fallback);
}

/** One line of /log: number, when, house and points, why, by and for whom. */
function ledgerLine(entry: LedgerEntry, language: Language): string {
  const { t } = language;
  const points = `**${signedPoints(entry.delta, language)}**`;
  const parts = [
    `\`#${language.digits(entry.id)}\``,
    relativeTime(entry.at),
    `${houseName(entry.house, t)} ${entry.undone ? `~~${points}~~` : points}`,
    reasonText(entry, language),
  ];
  if (entry.by !== null) parts.push(t.log.by(mention(entry.by, t.lists)));
  if (entry.for !== null) parts.push(t.log.forMember(mention(entry.for, t.lists)));
  if (entry.undone) parts.push(`*${t.log.undoneMark}*`);
  return parts.join(' · ');
}

/** What a /log page shows: its entries, its number (from 0), and what it is narrowed to. */
export interface LedgerPage {
  entries: readonly LedgerEntry[];
  page: number;
  house: LedgerEntry['house'] | null;
  member: string | null;
}

/** A page of /log, coloured as the house it is narrowed to; a member's filter heads the lines. */
export function ledgerEmbed(view: LedgerPage, language: Language): APIEmbed {
  const { t } = language;
  // A mention shows as a name in a description only, never in a title.
  const heading = view.member ? [`**${t.log.forMember(mention(view.member, t.lists))}**`] : [];
  const lines = view.entries.map((entry) => ledgerLine(entry, language));
  return fitEmbed(
    {
      title: view.house ? t.log.of(houseName(view.house, t)) : t.log.title,
      description: linesWithin([...heading, ...lines], undefined, t.lists),
      color: houseColour(view.house),
      footer: { text: t.log.footer(language.digits(view.page + 1)) },
    },
    t.lists,
  );
}
