/*
 * Example bodies for the OpenAPI document, copied from data/demo.json: what a new database
 * answers. test/ops/openapi.test.ts checks each against the live answer over the demo data,
 * so they cannot drift from it.
 */

export const DEMO_GUILD = '1133557799224466880';
/** The demo's second guild: its premium expired. */
export const DEMO_EXPIRED_GUILD = '1133557799224466881';
/** The demo member with three profiles. */
export const DEMO_MEMBER = '200000000000000001';

const harry = (
  id: number,
  name: string,
  year: number,
  job_id: number,
  galleons: number,
  created_at: string,
) => ({
  id,
  user_id: DEMO_MEMBER,
  guild_id: DEMO_GUILD,
  name,
  house: 'gryffindor',
  year,
  job_id,
  galleons,
  created_at,
});

/** GET /v1/players/{DEMO_GUILD}/{DEMO_MEMBER} */
export const memberProfilesExample = {
  results: [
    harry(1, 'Harry Potter', 3, 1, 250, '2026-09-01T08:00:00.000Z'),
    harry(45, 'Harry (Half-Blood Prince era)', 6, 4, 120, '2026-10-01T09:00:00.000Z'),
    harry(46, 'Harry (Auror)', 7, 1, 900, '2026-10-15T09:00:00.000Z'),
  ],
  count: 3,
  status: 200,
};

const job = (id: number, name: string, description: string, salary: number) => ({
  id,
  guild_id: DEMO_GUILD,
  name,
  description,
  salary,
});

/** GET /v1/jobs/{DEMO_GUILD} */
export const jobsExample = {
  results: [
    job(1, 'Auror', 'Catches dark wizards for the Ministry', 120),
    job(2, 'Healer', "Mends curses and broken bones at St Mungo's", 110),
    job(3, 'Wandmaker', 'Crafts wands in Diagon Alley', 90),
    job(4, 'Quidditch Player', 'Flies for a league team', 100),
    job(5, 'Herbologist', 'Tends the greenhouses', 70),
    job(6, 'Curse-Breaker', "Opens Gringotts' oldest vaults", 130),
  ],
  count: 6,
  status: 200,
};

/** GET /v1/points/{DEMO_GUILD} */
export const pointsExample = {
  gryffindor: 1240,
  slytherin: 1185,
  ravenclaw: 960,
  hufflepuff: 1012,
  status: 200,
};

/** GET /v1/premium/{DEMO_GUILD} and /v1/premium/{DEMO_EXPIRED_GUILD} */
export const premiumActiveExample = { guildId: DEMO_GUILD, premium: true, status: 200 };
export const premiumExpiredExample = { guildId: DEMO_EXPIRED_GUILD, premium: false, status: 404 };
