import type { APIEmbed, APIEmbedField } from 'discord.js';
import type { House } from '../../records/houses.js';
import { openLeadersOf, type Term } from '../../records/terms.js';
import type { Language } from '../i18n/index.js';
import { houseColour, houseName } from './houses.js';
import { fitEmbed, named } from './limits.js';

/** At most this many terms in /term list: the latest; the CLI and the API page through all. */
export const TERMS_SHOWN = 10;

/** `🦁 Gryffindor and 🦡 Hufflepuff`, joined as the reader's language joins a list. */
export function housesText(houses: readonly House[], language: Language): string {
  const names = houses.map((house) => houseName(house, language.t));
  return new Intl.ListFormat(language.intl, { type: 'conjunction' }).format(names);
}

/** A term's name as Discord shows it: plain text, never markdown; its number when blank. */
export function termName(term: Term, language: Language): string {
  return named(term.name, `#${language.digits(term.id)}`);
}

/**
 * Who won an ended term, or leads the open one (its leaders are not winners yet), and what they
 * gained in it: a term's cup is the points gained, not the totals carried in. An open term in
 * which no house is ahead of another (one just begun, or one without points yet) has no leader yet.
 */
export function termResult(term: Term, language: Language): string {
  const { t } = language;
  const houses = term.winners ?? openLeadersOf(term.standings);
  const [first] = houses;
  if (first === undefined) {
    return term.winners === null ? t.term.noLeader : t.term.noWinner;
  }
  const gained = language.amount(t.term.gained, term.standings[first] ?? 0);
  const names = housesText(houses, language);
  return term.winners ? t.term.wonBy(names, gained) : t.term.leading(names, gained);
}

function termField(term: Term, language: Language): APIEmbedField {
  const { t } = language;
  const from = language.day(term.startedAt);
  const to = term.endedAt === null ? null : language.day(term.endedAt);
  // A term of one day is that day, not a range from it to itself.
  const dates = to === null ? t.term.open(from) : to === from ? to : t.term.dates(from, to);
  return {
    name: `${term.endedAt === null ? '🎓' : '🏆'} ${termName(term, language)}`,
    value: `${dates}\n${termResult(term, language)}`,
    inline: false,
  };
}

/**
 * `/term list`: the latest terms, newest first, each with its dates and its winners (the open
 * one with its leaders so far), and what they gained. `more` says that older terms were left out. Coloured as the
 * latest ended term's (first) winner, so the embed wears the last cup's colours.
 */
export function termListEmbed(terms: readonly Term[], more: boolean, language: Language): APIEmbed {
  const { t } = language;
  const lastCup = terms.find((term) => term.winners !== null)?.winners?.[0];
  return fitEmbed(
    {
      title: t.term.listTitle,
      fields: terms.map((term) => termField(term, language)),
      color: houseColour(lastCup),
      ...(more ? { footer: { text: t.term.latest(language.digits(terms.length)) } } : {}),
    },
    t.lists,
  );
}
