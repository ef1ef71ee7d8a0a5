import type { APIEmbed, APIEmbedField } from 'discord.js';
import type { ProfileWithChange } from '../../read/types.js';
import type { CalendarChangeView, ChangeView } from '../../records/periods.js';
import type { Profile } from '../../records/profile.js';
import { DEFAULT_VIEW, type HouseFilter, type ProfileView } from '../../records/profile-order.js';
import type { Language } from '../i18n/index.js';
import type { AnyMessages } from '../i18n/messages.js';
import type { Plural } from '../i18n/plural.js';
import { houseColour, houseText } from './houses.js';
import { fitEmbed, LIMITS, linesWithin, mention, named } from './limits.js';

/** Job names by id, for showing "Auror" rather than a number. */
type JobNames = ReadonlyMap<number, string>;

function jobText(jobId: number | null, jobs: JobNames, language: Language): string {
  const { t } = language;
  if (jobId === null) return t.players.noJob;
  const fallback = t.players.job(language.digits(jobId));
  const name = jobs.get(jobId);
  return name === undefined ? fallback : named(name, fallback);
}

function yearText(year: number | null, language: Language): string {
  return year === null ? language.t.players.noYear : language.t.players.year(language.digits(year));
}

export function galleonsText(galleons: number, language: Language): string {
  return language.amount(language.t.galleons, galleons);
}

/**
 * A galleons change: `▲ 120 galleons`, `▼ 15 galleons`, `± 0 galleons`, the arrow saying the
 * direction as /points' weekly change does.
 */
export function changeText(change: number, language: Language): string {
  const arrow = change > 0 ? '▲' : change < 0 ? '▼' : '±';
  return `${arrow} ${galleonsText(Math.abs(change), language)}`;
}

/** A /players house choice and title: the house's name in the language, or "No house". */
export function houseFilterLabel(house: HouseFilter, t: AnyMessages): string {
  return house === 'none' ? t.noHouse : t.houses[house];
}

/**
 * What a page shows, as its title: "Richest first · Gryffindor". Each sort is named as /players
 * offers it (t.sorts), in the bot's order for it: "richest first" is galleons' desc.
 */
function playersTitle(view: ProfileView, t: AnyMessages): string {
  const sorted = view.sort === DEFAULT_VIEW.sort ? t.players.title : t.sorts[view.sort];
  return view.house === null ? sorted : `${sorted} · ${houseFilterLabel(view.house, t)}`;
}

/** The last day a period holds (`to` is exclusive), as the locale writes a day. */
function lastDay(to: string, language: Language): string {
  return language.day(new Date(Date.parse(to) - 1).toISOString());
}

/** The open term's list by change: the term's name beside its view. */
interface TermChangeView extends ChangeView {
  termName: string;
}

/** A week's, a month's or the open term's list of leaders. */
export type LeadersView = CalendarChangeView | TermChangeView;

/**
 * A period's list, as its title: "This week's leaders (2026-11-23 – 2026-11-29) · Gryffindor",
 * "This term's leaders: Autumn 2026 (since 2026-09-01)".
 */
function leadersTitle(view: LeadersView, language: Language): string {
  const { t } = language;
  const title =
    'termName' in view
      ? t.players.leaders.term(named(view.termName, '—'), language.day(view.period.from))
      : t.players.leaders[view.period.kind](
          language.day(view.period.from),
          lastDay(view.period.to, language),
        );
  return view.house === null ? title : `${title} · ${houseFilterLabel(view.house, t)}`;
}

interface PlayersPage {
  /** The profiles of this page only. */
  profiles: readonly Profile[];
  /** What the list shows; the list of all profiles by member when absent. */
  view?: ProfileView;
  /** 0-based. */
  page: number;
  pageCount: number;
  total: number;
}

/** A profile's name as shown; a name of nothing visible still gets a label. */
export function profileName(profile: Profile, language: Language): string {
  return named(profile.name, language.t.players.profile(language.digits(profile.id)));
}

/** One page of the guild's profiles: one line each, a footer telling where the reader is. */
export function playersPageEmbed(view: PlayersPage, language: Language): APIEmbed {
  const { t } = language;
  const lines = view.profiles.map(
    (p) =>
      `**${profileName(p, language)}** · ${houseText(p.house, t)} · ${yearText(p.year, language)} · ${galleonsText(p.galleons, language)} · ${mention(p.user_id, t.lists)}`,
  );
  return pageEmbed(playersTitle(view.view ?? DEFAULT_VIEW, t), lines, view, language);
}

/** One page of a period's list: each profile with its change in the period, largest first. */
export function leadersPageEmbed(
  view: Omit<PlayersPage, 'profiles' | 'view'> & {
    profiles: readonly ProfileWithChange[];
    view: LeadersView;
  },
  language: Language,
): APIEmbed {
  const { t } = language;
  const lines = view.profiles.map(
    (p) =>
      `**${profileName(p, language)}** · ${houseText(p.house, t)} · ${changeText(p.change, language)} · ${mention(p.user_id, t.lists)}`,
  );
  return pageEmbed(leadersTitle(view.view, language), lines, view, language);
}

/** A page of a list: its title, its lines within Discord's limits, where the reader is. */
function pageEmbed(
  title: string,
  lines: string[],
  view: Pick<PlayersPage, 'page' | 'pageCount' | 'total'> & {
    view?: { house: HouseFilter | null };
  },
  language: Language,
): APIEmbed {
  const { t } = language;
  const house = view.view?.house;
  const profiles = language.count(t.players.profiles, view.total);
  return fitEmbed(
    {
      title,
      description: linesWithin(lines, LIMITS.description, t.lists),
      // A house's page takes the house's colour.
      color: houseColour(house === 'none' ? null : house),
      footer: {
        text: t.players.footer(
          language.digits(view.page + 1),
          language.digits(view.pageCount),
          profiles,
        ),
      },
    },
    t.lists,
  );
}

/** Every profile of one member, one field each (house, year, job, galleons). */
export function memberProfilesEmbed(
  userId: string,
  profiles: readonly Profile[],
  jobs: JobNames,
  language: Language,
): APIEmbed {
  const { t } = language;
  const fields: APIEmbedField[] = profiles.map((p) => ({
    name: profileName(p, language),
    value: [
      houseText(p.house, t),
      yearText(p.year, language),
      t.players.jobLine(jobText(p.job_id, jobs, language)),
      `💰 ${galleonsText(p.galleons, language)}`,
    ].join('\n'),
    inline: true,
  }));
  return memberEmbed(t.players.memberTitle, userId, profiles, fields, language);
}

/**
 * An embed about one member's profiles, one field each: its title counts them, it names the
 * member, and it takes the colour of the first profile's house that has one.
 */
export function memberEmbed(
  title: Plural<'other'>,
  userId: string,
  profiles: readonly Pick<Profile, 'house'>[],
  fields: APIEmbedField[],
  language: Language,
): APIEmbed {
  const { t } = language;
  const firstHouse = profiles.find((p) => p.house !== null)?.house ?? null;
  return fitEmbed(
    {
      title: language.count(title, profiles.length),
      description: t.players.member(mention(userId, t.lists)),
      color: houseColour(firstHouse),
      fields,
    },
    t.lists,
  );
}
