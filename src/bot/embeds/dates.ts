import type { Language } from '../i18n/index.js';

/**
 * The day in the reader's language, plus Discord's own timestamp markup, which each client shows
 * in its reader's language and time zone and keeps current ("3 days ago" becomes "4 days ago"
 * by itself, in a live scoreboard too).
 */
export function dateText(iso: string, language: Language): string {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return iso;
  return `${language.day(iso)} (<t:${Math.floor(ms / 1000)}:R>)`;
}
