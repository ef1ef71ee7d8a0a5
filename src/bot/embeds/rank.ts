import type { APIEmbed, APIEmbedField } from 'discord.js';
import type { Profile } from '../../records/profile.js';
import type { Language } from '../i18n/index.js';
import { HOUSE_STYLES } from './houses.js';
import { changeText, galleonsText, memberEmbed, profileName } from './players.js';

/** A profile's place in a list: its 1-based rank among `of` profiles. */
export interface Place {
  rank: number;
  of: number;
}

/** Where one profile of a member stands, as /rank shows it. */
export interface Standing {
  profile: Profile;
  /** By galleons, richest first, among the server's profiles. */
  server: Place;
  /** The same among its house's profiles; null for a profile without a house. */
  house: Place | null;
  /** Its galleons change this week and this month. */
  week: number;
  month: number;
}

function standingText({ profile, server, house, week, month }: Standing, language: Language) {
  const { t, digits } = language;
  const inHouse =
    profile.house === null || house === null
      ? t.noHouse
      : `${HOUSE_STYLES[profile.house].emoji} ${t.rank.inHouse(digits(house.rank), digits(house.of), t.houses[profile.house])}`;
  return [
    `🏆 ${t.rank.inServer(digits(server.rank), digits(server.of))}`,
    inHouse,
    `💰 ${galleonsText(profile.galleons, language)}`,
    t.rank.week(changeText(week, language)),
    t.rank.month(changeText(month, language)),
  ].join('\n');
}

/** A member's standing: one field per profile (25 at most, then how many more). */
export function rankEmbed(
  userId: string,
  standings: readonly Standing[],
  language: Language,
): APIEmbed {
  const { t } = language;
  const fields: APIEmbedField[] = standings.map((standing) => ({
    name: profileName(standing.profile, language),
    value: standingText(standing, language),
    inline: standings.length > 1,
  }));
  const profiles = standings.map((standing) => standing.profile);
  return memberEmbed(t.rank.title, userId, profiles, fields, language);
}
