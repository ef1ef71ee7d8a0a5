/*
 * Every reply builder in every language, fed the largest data a guild can hold: whatever the
 * language (German the longest), the message Discord receives keeps every one of its limits
 * (embed total 6,000, title 256, description 4,096, field 1,024, footer 2,048, content 2,000).
 */
import { describe, expect, it } from 'vitest';
import { keyListEmbed, newKeyEmbed } from '../../src/bot/embeds/apikeys.js';
import { jobsEmbed } from '../../src/bot/embeds/jobs.js';
import { memberProfilesEmbed, playersPageEmbed } from '../../src/bot/embeds/players.js';
import { pointsEmbed } from '../../src/bot/embeds/points.js';
import { premiumEmbed } from '../../src/bot/embeds/premium.js';
import { languageOf, SPOKEN_LOCALES } from '../../src/bot/i18n/index.js';
import type { KeyRecord } from '../../src/keys/key-store.js';
import type { JobWithHolders } from '../../src/read/types.js';
import { HOUSES } from '../../src/records/houses.js';
import type { Profile } from '../../src/records/profile.js';
import { messageProblems } from '../support/fake-discord/validation.js';

const NAME = `*_~\`|[]<>${'🦁'.repeat(20)}${'W'.repeat(51)}`;
const MAX = Number.MAX_SAFE_INTEGER;

const profiles: Profile[] = Array.from({ length: 500 }, (_, i) => ({
  id: MAX - i,
  user_id: `${10_000_000_000_000_000 + i}`,
  guild_id: '1',
  name: NAME,
  house: HOUSES[i % 4] ?? null,
  year: 1 + (i % 7),
  job_id: i % 3 === 0 ? null : i,
  galleons: MAX - i,
  created_at: '2026-01-01T00:00:00.000Z',
}));
const jobs: JobWithHolders[] = Array.from({ length: 500 }, (_, i) => ({
  id: i,
  guild_id: '1',
  name: 'N'.repeat(100),
  description: 'D'.repeat(2_000),
  salary: MAX - i,
  holders: MAX - i,
}));
const keys: KeyRecord[] = Array.from({ length: 500 }, (_, i) => ({
  id: MAX - i,
  name: 'K'.repeat(100),
  hint: 'hc_abcd…',
  guilds: ['1'],
  rate_limit: null,
  created_at: '2026-01-01T00:00:00.000Z',
  last_used_at: '2026-02-01T00:00:00.000Z',
  revoked_at: '2026-03-01T00:00:00.000Z',
}));

describe.each(SPOKEN_LOCALES)('in %s', (locale) => {
  const language = languageOf(locale);
  const { t } = language;

  it('every embed keeps Discord’s limits, with the largest data', () => {
    const view = { sort: 'galleons', order: 'desc', house: 'hufflepuff' } as const;
    const embeds = [
      playersPageEmbed(
        { profiles: profiles.slice(0, 10), view, page: 0, pageCount: 50, total: MAX },
        language,
      ),
      memberProfilesEmbed('42', profiles, new Map(jobs.map((j) => [j.id, j.name])), language),
      jobsEmbed(jobs, language),
      keyListEmbed(keys, language),
      newKeyEmbed(MAX, `hc_${'x'.repeat(64)}`, '1'.repeat(20), language),
      pointsEmbed(
        {
          points: { gryffindor: MAX, slytherin: -MAX, ravenclaw: 0, hufflepuff: 1 },
          week: { gryffindor: MAX, slytherin: -MAX, ravenclaw: 0, hufflepuff: 1 },
          picture: true,
        },
        language,
      ),
      premiumEmbed({ state: 'active', expiresAt: '2099-06-01T00:00:00.000Z' }, language),
      premiumEmbed({ state: 'expired', expiresAt: '2020-01-01T00:00:00.000Z' }, language),
      premiumEmbed({ state: 'none', expiresAt: null }, language),
    ];
    for (const embed of embeds) expect(messageProblems({ embeds: [embed] })).toEqual([]);
  });

  it('every plain reply keeps Discord’s 2,000 characters, a long public URL included', () => {
    const url = `https://${'a'.repeat(200)}.example/cup/${'1'.repeat(20)}`;
    const contents = [
      ...Object.values(t.notFound),
      ...Object.values(t.errors),
      t.players.notYours,
      t.apikey.revokeAnswer(language.digits(MAX)),
      t.scoreboard.published(url),
      t.scoreboard.already(url),
      t.scoreboard.unpublished,
      t.scoreboard.none,
      t.scoreboard.retitled(url, 'W'.repeat(100)),
      t.scoreboard.noPoints,
      t.scoreboard.badTitle(language.digits(100)),
    ];
    for (const content of contents) expect(messageProblems({ content })).toEqual([]);
  });
});
