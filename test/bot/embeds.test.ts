/*
 * The embed builders against data no real guild should have, but some will: hundreds of
 * profiles, names at the 100-character limit, markdown and emoji in names. Whatever the data,
 * Discord's limits must hold, or the reply fails and the user sees "interaction failed".
 */
import type { APIEmbed } from 'discord.js';
import { describe, expect, it } from 'vitest';
import { messageData } from '../../src/bot/delivery.js';
import { keyListEmbed } from '../../src/bot/embeds/apikeys.js';
import { HOUSE_STYLES } from '../../src/bot/embeds/houses.js';
import { jobsEmbed } from '../../src/bot/embeds/jobs.js';
import {
  BLANK_FIELD,
  clip,
  embedTextLength,
  fieldsWithin,
  fitEmbed,
  LIMITS,
  linesWithin,
  mention,
  plain,
} from '../../src/bot/embeds/limits.js';
import { memberProfilesEmbed, playersPageEmbed } from '../../src/bot/embeds/players.js';
import { bar, pointsEmbed, rankHouses } from '../../src/bot/embeds/points.js';
import { premiumEmbed } from '../../src/bot/embeds/premium.js';
import { TERMS_SHOWN, termListEmbed } from '../../src/bot/embeds/terms.js';
import { shownUrl, webhookListEmbed } from '../../src/bot/embeds/webhooks.js';
import { ENGLISH as EN, languageOf, SPOKEN_LOCALES } from '../../src/bot/i18n/index.js';
import { PAGE_SIZE, pageCount } from '../../src/bot/paging.js';
import type { KeyRecord } from '../../src/keys/key-store.js';
import type { JobWithHolders } from '../../src/read/types.js';
import { EVENT_NAMES } from '../../src/records/events.js';
import { HOUSES } from '../../src/records/houses.js';
import type { Profile } from '../../src/records/profile.js';
import type { Term } from '../../src/records/terms.js';
import { houseRuleProblems, messageProblems } from '../support/fake-discord/validation.js';

const points = { gryffindor: 1, slytherin: 2, ravenclaw: 3, hufflepuff: 4 };
const key: KeyRecord = {
  id: 1,
  name: 'k',
  hint: 'hc_abcd…',
  guilds: ['1'],
  rate_limit: null,
  created_at: '2026-01-01T00:00:00.000Z',
  last_used_at: null,
  revoked_at: null,
};

/** 100 characters, full of what markdown and UTF-16 make expensive. */
const LONG_NAME = `*_~\`|[]<>${'🦁'.repeat(20)}${'W'.repeat(51)}`;

function profiles(count: number, name = LONG_NAME): Profile[] {
  return Array.from({ length: count }, (_, i) => ({
    id: i + 1,
    user_id: `${10_000_000_000_000_000 + i}`,
    guild_id: '1',
    name,
    house: HOUSES[i % 4] ?? null,
    year: 1 + (i % 7),
    job_id: i % 3 === 0 ? null : i,
    galleons: 1_000_000_000 + i,
    created_at: '2026-01-01T00:00:00.000Z',
  }));
}

function expectWithinLimits(embed: APIEmbed): void {
  expect(embed.title?.length ?? 0).toBeLessThanOrEqual(LIMITS.title);
  expect(embed.description?.length ?? 0).toBeLessThanOrEqual(LIMITS.description);
  expect(embed.footer?.text.length ?? 0).toBeLessThanOrEqual(LIMITS.footer);
  expect(embed.fields?.length ?? 0).toBeLessThanOrEqual(LIMITS.fields);
  for (const field of embed.fields ?? []) {
    expect(field.name.length).toBeGreaterThan(0);
    expect(field.name.length).toBeLessThanOrEqual(LIMITS.fieldName);
    expect(field.value.length).toBeGreaterThan(0);
    expect(field.value.length).toBeLessThanOrEqual(LIMITS.fieldValue);
  }
  expect(embedTextLength(embed)).toBeLessThanOrEqual(LIMITS.total);
}

describe('the players embeds', () => {
  it('keeps every page of 500 long-named profiles within the limits', () => {
    const all = profiles(500);
    const count = pageCount(all.length);
    expect(count).toBe(50);
    for (let page = 0; page < count; page += 1) {
      const slice = all.slice(page * PAGE_SIZE, (page + 1) * PAGE_SIZE);
      const embed = playersPageEmbed({ profiles: slice, page, pageCount: count, total: 500 }, EN);
      expectWithinLimits(embed);
      // Ten long names still fit whole: nothing of a page is lost.
      expect(embed.description?.split('\n')).toHaveLength(PAGE_SIZE);
      expect(embed.footer?.text).toBe(`Page ${page + 1} of 50 · 500 profiles`);
    }
  });

  it('cuts an oversized page with a count of what is left out, never mid-limit', () => {
    const embed = playersPageEmbed(
      {
        profiles: profiles(500),
        page: 0,
        pageCount: 1,
        total: 500,
      },
      EN,
    );
    expectWithinLimits(embed);
    expect(embed.description).toMatch(/\n…and \d+ more$/);
  });

  it('shows at most 25 fields for a member with 500 profiles, saying how many are left out', () => {
    const jobs = new Map(Array.from({ length: 500 }, (_, i) => [i, 'J'.repeat(100)] as const));
    const embed = memberProfilesEmbed('42', profiles(500), jobs, EN);
    expectWithinLimits(embed);
    expect(embed.title).toBe('500 profiles');
    const last = embed.fields?.at(-1);
    expect(last?.value).toMatch(/^and \d+ more$/);
  });

  it('escapes markdown in names, so a name cannot restyle or mention', () => {
    expect(plain('**bold** <@&1> `x` [a](b) ~s~ |s| _i_')).toBe(
      '\\*\\*bold\\*\\* \\<@&1\\> \\`x\\` \\[a\\](b) \\~s\\~ \\|s\\| \\_i\\_',
    );
    expect(plain('# heading\nnext line')).toBe('\\# heading next line');
  });
});

describe('the other embeds', () => {
  it('jobs: 500 jobs with long names and descriptions stay within the limits', () => {
    const jobs: JobWithHolders[] = Array.from({ length: 500 }, (_, i) => ({
      id: i,
      guild_id: '1',
      name: 'N'.repeat(100),
      description: 'D'.repeat(2_000),
      salary: i,
      holders: i,
    }));
    const embed = jobsEmbed(jobs, EN);
    expectWithinLimits(embed);
    expect(embed.title).toBe('Jobs of this server (500)');
  });

  it('api keys: 500 keys stay within the limits', () => {
    const keys: KeyRecord[] = Array.from({ length: 500 }, (_, i) => ({
      id: i,
      name: 'K'.repeat(100),
      hint: 'hc_abcd…',
      guilds: ['1'],
      rate_limit: null,
      created_at: '2026-01-01T00:00:00.000Z',
      last_used_at: null,
      revoked_at: i % 2 ? '2026-02-01T00:00:00.000Z' : null,
    }));
    expectWithinLimits(keyListEmbed(keys, EN));
  });

  it('points: ranked, barred in proportion, coloured by the leader, ties in house order', () => {
    expect(rankHouses({ gryffindor: 5, slytherin: 9, ravenclaw: 9, hufflepuff: 1 })).toEqual([
      { house: 'slytherin', points: 9 },
      { house: 'ravenclaw', points: 9 },
      { house: 'gryffindor', points: 5 },
      { house: 'hufflepuff', points: 1 },
    ]);
    const embed = pointsEmbed(
      {
        points: { gryffindor: 5, slytherin: 9, ravenclaw: 9, hufflepuff: 1 },
        week: { gryffindor: 5, slytherin: -2, ravenclaw: 0, hufflepuff: 1_200 },
        picture: true,
      },
      EN,
    );
    expect(embed.color).toBe(HOUSE_STYLES.slytherin.colour);
    expect(embed.image).toEqual({ url: 'attachment://points.png' });
    expect(embed.description).toContain('**1. 🐍 Slytherin** — 9 points · ▼ 2 this week');
    // Equal points share a rank, as in the picture and on the public page.
    expect(embed.description).toContain('**1. 🦅 Ravenclaw** — 9 points');
    expect(embed.description).toContain('**3. 🦁 Gryffindor** — 5 points');
    expect(embed.description).toContain('· ▲ 1,200 this week');
    expect(embed.description).toContain('· ± 0 this week');
    const noHistory = pointsEmbed(
      {
        points: { gryffindor: 5, slytherin: 9, ravenclaw: 9, hufflepuff: 1 },
        week: null,
        picture: false,
      },
      EN,
    );
    expect(noHistory.description).not.toContain('this week');
    expect(noHistory.image).toBeUndefined();
    expect(bar(50, 100, 10)).toBe('█████░░░░░');
    expect(bar(0, 0, 4)).toBe('░░░░');
    expect(bar(-3, 10, 4)).toBe('░░░░');
    const huge = pointsEmbed(
      {
        points: { gryffindor: Number.MAX_SAFE_INTEGER, slytherin: -5, ravenclaw: 0, hufflepuff: 1 },
        week: {
          gryffindor: Number.MAX_SAFE_INTEGER,
          slytherin: -Number.MAX_SAFE_INTEGER,
          ravenclaw: 0,
          hufflepuff: 1,
        },
        picture: true,
      },
      EN,
    );
    expectWithinLimits(huge);
  });

  it('premium: active with and without expiry, expired, none', () => {
    expect(premiumEmbed({ state: 'active', expiresAt: null }, EN).description).toBe('No expiry.');
    expect(
      premiumEmbed({ state: 'active', expiresAt: '2099-06-01T00:00:00.000Z' }, EN).description,
    ).toBe(`Expires on 2099-06-01 (<t:${Date.UTC(2099, 5, 1) / 1000}:R>).`);
    expect(
      premiumEmbed({ state: 'expired', expiresAt: '2020-01-01T00:00:00.000Z' }, EN).title,
    ).toBe('Premium is not active');
    expect(premiumEmbed({ state: 'none', expiresAt: null }, EN).description).toBe(
      'This server has no premium.',
    );
  });
});

describe('the limit helpers', () => {
  it('clip never exceeds the limit and never splits an emoji', () => {
    const text = '🦁'.repeat(10);
    for (let max = 0; max <= 21; max += 1) {
      const cut = clip(text, max);
      expect(cut.length).toBeLessThanOrEqual(max);
      expect(cut).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
    }
  });

  it('linesWithin keeps whole lines and counts the rest', () => {
    expect(linesWithin(['aaaa', 'bbbb', 'cccc'], 40)).toBe('aaaa\nbbbb\ncccc');
    const cut = linesWithin(['a'.repeat(10), 'b'.repeat(10), 'c'.repeat(10)], 30);
    expect(cut).toBe(`${'a'.repeat(10)}\n…and 2 more`);
    expect(cut.length).toBeLessThanOrEqual(30);
  });

  it('fitEmbed brings any embed within every limit', () => {
    const embed = fitEmbed({
      title: 'T'.repeat(1_000),
      description: 'D'.repeat(10_000),
      footer: { text: 'F'.repeat(5_000) },
      author: { name: 'A'.repeat(1_000) },
      fields: Array.from({ length: 100 }, () => ({
        name: 'N'.repeat(500),
        value: 'V'.repeat(5_000),
      })),
    });
    expectWithinLimits(embed);
    expect(embed.author?.name.length).toBeLessThanOrEqual(LIMITS.author);
    const empty = fitEmbed({ fields: [{ name: '', value: '' }] });
    expectWithinLimits(empty);
  });
});

/*
 * The defects real Discord refused or users could not see (issue 13), one test each, judged by
 * the fake Discord's own validator: what it refuses, real Discord refuses.
 */
describe('embeds real Discord accepts', () => {
  const accepted = (embed: APIEmbed) => {
    const data = messageData({ embeds: [embed] }, true);
    expect(messageProblems(data)).toEqual([]);
    expect(houseRuleProblems(data)).toEqual([]);
  };
  const job = (id: number, name: string, description = ''): JobWithHolders => ({
    id,
    guild_id: '1',
    name,
    description,
    salary: id,
    holders: 0,
  });
  const profile = (id: number, name: string, userId = '200000000000000001'): Profile => ({
    id,
    user_id: userId,
    guild_id: '1',
    name,
    house: null,
    year: null,
    job_id: null,
    galleons: 0,
    created_at: '2026-01-01T00:00:00.000Z',
  });
  const BLANKS = ['', ' ', '\t\n', '\u3000', '\u200e\u202e', '\u00a0\u2066\u2069', '\u200b\u2060'];

  it('blank names: never a blank field name or value, whatever the names in the database', () => {
    const jobs = jobsEmbed(
      BLANKS.map((name, i) => job(i + 1, name, name)),
      EN,
    );
    accepted(jobs);
    expect(jobs.fields?.map((f) => f.name)).toEqual(BLANKS.map((_, i) => `Job #${i + 1}`));
    const member = memberProfilesEmbed(
      '200000000000000001',
      BLANKS.map((name, i) => profile(i + 1, name)),
      new Map([[1, ' ']]),
      EN,
    );
    accepted(member);
    expect(member.fields?.map((f) => f.name)).toEqual(BLANKS.map((_, i) => `Profile #${i + 1}`));
    const page = playersPageEmbed(
      {
        profiles: [profile(7, '  ')],
        page: 0,
        pageCount: 1,
        total: 1,
      },
      EN,
    );
    expect(page.description).toMatch(/^\*\*Profile #7\*\* · /);
    // The safety net for any other builder: a blank field gets a dash.
    const fitted = fitEmbed({ fields: [{ name: ' ', value: '\u200f' }] });
    accepted(fitted);
    expect(fitted.fields).toEqual([{ name: BLANK_FIELD, value: BLANK_FIELD }]);
  });

  it('long lists: the "…and N more" field survives the 6,000-character total', () => {
    // 40 jobs of ~760 characters: only 7 fit; before, 8 were kept and the count was dropped.
    const jobs = jobsEmbed(
      Array.from({ length: 40 }, (_, i) => job(i + 1, `Job ${i + 1}`, 'd'.repeat(700))),
      EN,
    );
    accepted(jobs);
    const last = jobs.fields?.at(-1);
    expect(last).toMatchObject({ name: '…', value: expect.stringMatching(/^and \d+ more$/) });
    const shown = (jobs.fields?.length ?? 0) - 1;
    expect(shown + Number(/\d+/.exec(last?.value ?? '')?.[0])).toBe(40);
    // A member's 30 profiles with long job names: over 25 fields and over the total.
    const names = new Map(Array.from({ length: 30 }, (_, i) => [i, 'J'.repeat(100)] as const));
    const many = profiles(30).map((p, i) => ({ ...p, job_id: i }));
    const member = memberProfilesEmbed('200000000000000001', many, names, EN);
    accepted(member);
    const more = Number(/^and (\d+) more$/.exec(member.fields?.at(-1)?.value ?? '')?.[1]);
    expect((member.fields?.length ?? 0) - 1 + more).toBe(30);
    // Whatever the budget, the count fits in it, and what is counted is what is missing.
    for (const budget of [40, 200, 1_000, 3_000]) {
      const fields = Array.from({ length: 60 }, (_, i) => ({
        name: `F${i}`,
        value: 'v'.repeat(50),
      }));
      const kept = fieldsWithin(fields, budget);
      const size = kept.reduce((sum, f) => sum + f.name.length + f.value.length, 0);
      expect(size).toBeLessThanOrEqual(budget);
      expect(kept.length - 1 + Number(/\d+/.exec(kept.at(-1)?.value ?? '')?.[0])).toBe(60);
    }
  });

  it('allowed_mentions: every message body says none may ping', () => {
    for (const answer of [
      { content: 'hi' },
      { embeds: [pointsEmbed({ points, week: null, picture: false }, EN)], ephemeral: true },
    ]) {
      expect(messageData(answer, true).allowed_mentions).toEqual({ parse: [] });
      expect(messageData(answer, false).allowed_mentions).toEqual({ parse: [] });
    }
  });

  it('bidi controls: removed from every user string, so no name reorders its line', () => {
    const evil = 'Harry\u202E\u2066 yrraH\u200F\u061C';
    expect(plain(evil)).toBe('Harry yrraH');
    accepted(jobsEmbed([job(1, evil, evil)], EN));
    accepted(memberProfilesEmbed('200000000000000001', [profile(1, evil)], new Map(), EN));
    accepted(
      playersPageEmbed({ profiles: [profile(1, evil)], page: 0, pageCount: 1, total: 1 }, EN),
    );
    accepted(keyListEmbed([{ ...key, name: evil }], EN));
  });

  it('user ids that are not snowflakes are shown as text, never as <@…> mentions', () => {
    expect(mention('200000000000000001')).toBe('<@200000000000000001>');
    for (const id of ['abc', 'not_a-snowflake', '1234', '123456789012345678901']) {
      expect(mention(id)).not.toContain('<@');
    }
    const page = playersPageEmbed(
      {
        profiles: [profile(1, 'Odd', 'user_42'), profile(2, 'Even')],
        page: 0,
        pageCount: 1,
        total: 2,
      },
      EN,
    );
    accepted(page);
    expect(page.description).toContain('· user\\_42');
    expect(page.description).toContain('· <@200000000000000001>');
    accepted(memberProfilesEmbed('user_42', [profile(1, 'Odd', 'user_42')], new Map(), EN));
  });
});

describe('the webhook list', () => {
  const accepted = (embed: APIEmbed) => {
    const data = messageData({ embeds: [embed] }, true);
    expect(messageProblems(data)).toEqual([]);
    expect(houseRuleProblems(data)).toEqual([]);
    expectWithinLimits(embed);
  };

  it('shows a URL as its origin and path: no query string (a token), no fragment, no way out of its code span', () => {
    expect(shownUrl('https://hooks.example.com:8443/a/b?token=s3cret#x')).toBe(
      '`https://hooks.example.com:8443/a/b`',
    );
    expect(shownUrl('https://[2606:4700::1111]/p`q')).toBe('`https://[2606:4700::1111]/p%60q`');
    const long = shownUrl(`https://example.com/${'a'.repeat(2000)}`);
    expect(long.length).toBeLessThanOrEqual(202);
    expect(long.endsWith('…`')).toBe(true);
  });

  it('keeps ten subscriptions of the longest URLs within Discord’s limits', () => {
    const subscriptions = Array.from({ length: 10 }, (_, i) => ({
      id: i + 1,
      guildId: '1',
      url: `https://example.com/${'x'.repeat(2000)}?t=${i}`,
      events: [...EVENT_NAMES],
      createdAt: '2026-11-20T10:00:00.000Z',
      disabledAt: i % 2 ? '2026-11-21T10:00:00.000Z' : null,
      disabledReason: i % 2 ? 'every message failed for 3 days' : null,
      failingSince: null,
      unreadable: null,
    }));
    accepted(webhookListEmbed(subscriptions, 10, () => 'failing', EN));
  });
});

describe('/term list and the term in /points', () => {
  const accepted = (embed: APIEmbed) => {
    const data = messageData({ embeds: [embed] }, true);
    expect(messageProblems(data)).toEqual([]);
    expect(houseRuleProblems(data)).toEqual([]);
  };
  const term = (id: number, name: string, ended: boolean): Term => ({
    id,
    name,
    startedAt: '2026-09-01T08:00:00.000Z',
    endedAt: ended ? '2026-10-31T20:00:00.000Z' : null,
    standings: { gryffindor: 1200, slytherin: 1200, ravenclaw: null, hufflepuff: 7 },
    totals: { gryffindor: 4200, slytherin: 3900, ravenclaw: null, hufflepuff: 5007 },
    winners: ended ? ['gryffindor', 'slytherin'] : null,
  });
  const both = '🦁 Gryffindor and 🐍 Slytherin';

  it('ten terms of 100-character names with markdown: within the limits, the footer saying only the latest are shown', () => {
    const name = `**${'Ω'.repeat(96)}**`;
    const terms = Array.from({ length: TERMS_SHOWN }, (_, i) => term(20 - i, name, i > 0));
    const embed = termListEmbed(terms, true, EN);
    accepted(embed);
    expect(embed.fields).toHaveLength(TERMS_SHOWN);
    expect(embed.fields?.[0]?.name.startsWith('🎓 \\*\\*Ω')).toBe(true);
    // What they gained, never the totals carried in (Hufflepuff's 5,007).
    expect(embed.fields?.[0]?.value).toContain(EN.t.term.leading(both, '1,200 points gained'));
    expect(embed.fields?.[1]?.value).toContain(EN.t.term.wonBy(both, '1,200 points gained'));
    expect(JSON.stringify(embed)).not.toContain('5,007');
    expect(embed.footer?.text).toBe(EN.t.term.latest('10'));
    // The last cup's colours: its first winner's.
    expect(embed.color).toBe(HOUSE_STYLES.gryffindor.colour);
    const none = termListEmbed([{ ...term(1, 'x', true), winners: [] }], false, EN);
    expect(none.fields?.[0]?.value).toContain(EN.t.term.noWinner);
    expect(none.footer).toBeUndefined();
  });

  it('an open term no house is ahead in (one just begun) has no leader yet, in every language', () => {
    const begun: Term = {
      ...term(4, 'Spring', false),
      standings: { gryffindor: 0, slytherin: 0, ravenclaw: 0, hufflepuff: 0 },
    };
    for (const locale of SPOKEN_LOCALES) {
      const language = languageOf(locale);
      const value = termListEmbed([begun], false, language).fields?.[0]?.value ?? '';
      expect(value).toContain(language.t.term.noLeader);
      expect(value).not.toContain(language.t.term.leading('', '').trim());
    }
    const embed = pointsEmbed({ points, week: null, picture: false, term: begun }, EN);
    expect(embed.description).toContain('No house leads yet');
    // Once one is ahead of another, it leads.
    const moved = { ...begun, standings: { ...begun.standings, ravenclaw: 5 } };
    expect(termListEmbed([moved], false, EN).fields?.[0]?.value).toContain(
      EN.t.term.leading('🦅 Ravenclaw', '5 points gained'),
    );
  });

  it('a term’s dates: a range, or the one day of a term that ended the day it began', () => {
    const value = (t: Term) => termListEmbed([t], false, EN).fields?.[0]?.value.split('\n')[0];
    expect(value(term(1, 'Autumn', true))).toBe(EN.t.term.dates('2026-09-01', '2026-10-31'));
    const oneDay = { ...term(2, 'Fair', true), endedAt: '2026-09-01T21:00:00.000Z' };
    expect(value(oneDay)).toBe('2026-09-01');
  });

  it('a blank name shows the term’s number; /points names the open term first, with its leaders', () => {
    const blank = termListEmbed([term(3, '\u200B', false)], false, EN);
    expect(blank.fields?.[0]?.name).toBe('🎓 #3');
    const open = term(3, 'Autumn', false);
    const embed = pointsEmbed({ points, week: null, picture: false, term: open }, EN);
    accepted(embed);
    const seconds = Date.parse(open.startedAt) / 1000;
    expect(embed.description?.split('\n\n')[0]).toBe(
      `🎓 Term: **Autumn** — since 2026-09-01 (<t:${seconds}:R>)\nLeading: 🦁 Gryffindor and 🐍 Slytherin — 1,200 points gained`,
    );
    expect(pointsEmbed({ points, week: null, picture: false }, EN).description).not.toContain('🎓');
  });
});
