import { Locale } from 'discord.js';
import { de } from './de.js';
import { en } from './en.js';
import { esES } from './es.js';
import { es419 } from './es-419.js';
import { fr } from './fr.js';
import { it } from './it.js';
import type { AnyMessages } from './messages.js';
import { nl } from './nl.js';
import { pl } from './pl.js';
import type { Plural, PluralCategory } from './plural.js';
import { ptBR } from './pt-br.js';

/*
 * The members' language (docs/discord.md, "Languages"): every reply in the interaction's locale,
 * else the guild's, else English. Each catalogue is typed against English (messages.ts), so a text
 * missing in any language fails tsc rather than falling back at run time.
 */

/** Every locale housecup speaks, with its texts; en-US and en-GB share one English. */
export const CATALOGUES = {
  [Locale.EnglishUS]: en,
  [Locale.EnglishGB]: en,
  [Locale.German]: de,
  [Locale.SpanishES]: esES,
  [Locale.SpanishLATAM]: es419,
  [Locale.French]: fr,
  [Locale.Italian]: it,
  [Locale.Dutch]: nl,
  [Locale.Polish]: pl,
  [Locale.PortugueseBR]: ptBR,
} as const satisfies Partial<Record<Locale, AnyMessages>>;

/** As Discord spells them (`'fr'`, `'pt-BR'`): the enum's members are accepted too. */
export type SpokenLocale = `${keyof typeof CATALOGUES}`;
export const SPOKEN_LOCALES = Object.keys(CATALOGUES) as SpokenLocale[];
/** The locales whose texts differ from the commands' own (English) names and descriptions. */
export const TRANSLATED_LOCALES = SPOKEN_LOCALES.filter(
  (locale) => CATALOGUES[locale] !== en,
) as Exclude<SpokenLocale, 'en-US' | 'en-GB'>[];

/**
 * Only a string names a locale: `Object.hasOwn` would turn `["fr"]` (a payload's odd value)
 * into "fr", and the languages below would then be cached under each such array, one more per
 * interaction.
 */
function isSpoken(locale: unknown): locale is SpokenLocale {
  return typeof locale === 'string' && Object.hasOwn(CATALOGUES, locale);
}

/** A locale's texts and its ways of writing numbers, counts and days. */
export interface Language {
  readonly locale: SpokenLocale;
  /** For Intl: `en-US` for both Englishes, so English output never depends on the member. */
  readonly intl: string;
  readonly t: AnyMessages;
  /** An amount (galleons, points): grouped as the locale groups digits (4,321 · 4.321 · 4 321). */
  number(value: number): string;
  /** An id, a page or a number of items: never grouped, as before in English (page 1200). */
  digits(value: number): string;
  /** A count of things: the plural form for `count`, `{n}` written as `digits` writes it. */
  count(text: Plural<'other'>, count: number): string;
  /** `amount` as `count`, `{n}` grouped as `number`. */
  amount(text: Plural<'other'>, amount: number): string;
  /** The calendar day of an ISO instant, in UTC: ISO in English (one for en-US and en-GB). */
  day(iso: string): string;
}

const languages = new Map<SpokenLocale, Language>();

function build(locale: SpokenLocale): Language {
  const t: AnyMessages = CATALOGUES[locale];
  const intl = t === en ? Locale.EnglishUS : locale;
  const grouped = new Intl.NumberFormat(intl);
  const plain = new Intl.NumberFormat(intl, { useGrouping: false });
  const rules = new Intl.PluralRules(intl);
  const days = new Intl.DateTimeFormat(intl, { dateStyle: 'long', timeZone: 'UTC' });
  const form = (text: Plural<'other'>, value: number, written: string) => {
    const forms: Readonly<Partial<Record<PluralCategory, string>>> = text.plural;
    return (forms[rules.select(value)] ?? text.plural.other).replaceAll('{n}', written);
  };
  return {
    locale,
    intl,
    t,
    number: (value) => grouped.format(value),
    digits: (value) => plain.format(value),
    count: (text, value) => form(text, value, plain.format(value)),
    amount: (text, value) => form(text, value, grouped.format(value)),
    day(iso) {
      const ms = Date.parse(iso);
      if (Number.isNaN(ms)) return iso;
      return t === en ? new Date(ms).toISOString().slice(0, 10) : days.format(ms);
    },
  };
}

/** How many languages have been built: never more than the spoken locales. */
export function languagesBuilt(): number {
  return languages.size;
}

/** The language of a spoken locale; each is built once. */
export function languageOf(locale: SpokenLocale): Language {
  let language = languages.get(locale);
  if (!language) {
    language = build(locale);
    languages.set(locale, language);
  }
  return language;
}

export const ENGLISH: Language = languageOf(Locale.EnglishUS);

/**
 * The language to answer in: the member's locale when housecup speaks it, else the guild's
 * (DMs have none), else English.
 */
export function resolveLanguage(
  locale: string | null | undefined,
  guildLocale: string | null | undefined,
): Language {
  for (const candidate of [locale, guildLocale]) {
    if (isSpoken(candidate)) return languageOf(candidate);
  }
  return ENGLISH;
}
