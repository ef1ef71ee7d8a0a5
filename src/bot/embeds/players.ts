import type { APIEmbed, APIEmbedField } from 'discord.js';
import type { Profile } from '../../records/profile.js';
import {
  DEFAULT_VIEW,
  type HouseFilter,
  type ProfileSort,
  type ProfileView,
} from '../../records/profile-order.js';
import { HOUSE_STYLES, houseText, NEUTRAL_COLOUR } from './houses.js';
import { fitEmbed, linesWithin, mention, named } from './limits.js';

/** Job names by id, for showing "Auror" rather than a number. */
export type JobNames = ReadonlyMap<number, string>;

export function jobText(jobId: number | null, jobs: JobNames): string {
  if (jobId === null) return 'No job';
  const name = jobs.get(jobId);
  return name === undefined ? `Job #${jobId}` : named(name, `Job #${jobId}`);
}

function yearText(year: number | null): string {
  return year === null ? 'No year' : `Year ${year}`;
}

function galleonsText(galleons: number): string {
  return `${galleons.toLocaleString('en-US')} galleons`;
}

/**
 * Each sort as /players offers it (its choice) and names it (its title), in the bot's order for
 * it: the sort's default order (records/profile-order.ts), so "richest first" is galleons' desc.
 */
export const SORT_LABELS: Record<ProfileSort, string> = {
  user_id: 'By member',
  galleons: 'Richest first',
  name: 'By name',
  year: 'By year, from first years',
  created_at: 'Oldest profiles first',
};

export function houseFilterLabel(house: HouseFilter): string {
  return house === 'none' ? 'No house' : HOUSE_STYLES[house].label;
}

/** What a page shows, as its title: "Richest first · Gryffindor". */
export function playersTitle(view: ProfileView): string {
  const sorted =
    view.sort === DEFAULT_VIEW.sort ? 'Players of this server' : SORT_LABELS[view.sort];
  return view.house === null ? sorted : `${sorted} · ${houseFilterLabel(view.house)}`;
}

export interface PlayersPage {
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
function profileName(profile: Profile): string {
  return named(profile.name, `Profile #${profile.id}`);
}

/** One page of the guild's profiles: one line each, a footer telling where the reader is. */
export function playersPageEmbed(view: PlayersPage): APIEmbed {
  const lines = view.profiles.map(
    (p) =>
      `**${profileName(p)}** · ${houseText(p.house)} · ${yearText(p.year)} · ${galleonsText(p.galleons)} · ${mention(p.user_id)}`,
  );
  const house = view.view?.house;
  return fitEmbed({
    title: playersTitle(view.view ?? DEFAULT_VIEW),
    description: linesWithin(lines),
    // A house's page takes the house's colour.
    color: house && house !== 'none' ? HOUSE_STYLES[house].colour : NEUTRAL_COLOUR,
    footer: {
      text: `Page ${view.page + 1} of ${view.pageCount} · ${view.total} ${view.total === 1 ? 'profile' : 'profiles'}`,
    },
  });
}

/** Every profile of one member, one field each (house, year, job, galleons). */
export function memberProfilesEmbed(
  userId: string,
  profiles: readonly Profile[],
  jobs: JobNames,
): APIEmbed {
  const fields: APIEmbedField[] = profiles.map((p) => ({
    name: profileName(p),
    value: [
      houseText(p.house),
      yearText(p.year),
      `Job: ${jobText(p.job_id, jobs)}`,
      `💰 ${galleonsText(p.galleons)}`,
    ].join('\n'),
    inline: true,
  }));
  const firstHouse = profiles.find((p) => p.house !== null)?.house ?? null;
  return fitEmbed({
    title: profiles.length === 1 ? 'Profile' : `${profiles.length} profiles`,
    description: `Member: ${mention(userId)}`,
    color: firstHouse === null ? NEUTRAL_COLOUR : HOUSE_STYLES[firstHouse].colour,
    fields,
  });
}
