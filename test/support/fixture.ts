/*
 * A small, fully known data set for the contract tests. Every number here is asserted somewhere.
 */

export const RICH = '1133557799224466880';
export const SPARSE = '1133557799224466881';
export const LIFETIME = '1133557799224466882';
export const OTHER = '1133557799224466883';

export const MEMBER_WITH_THREE = '200000000000000003';

export const fixture = {
  guilds: [
    {
      id: RICH,
      points: { gryffindor: 120, slytherin: 95, ravenclaw: 80, hufflepuff: 101 },
      premium: { expiresAt: '2099-06-01T00:00:00.000Z' },
      jobs: [
        { id: 1, name: 'Auror', description: 'Catches dark wizards', salary: 120 },
        { id: 2, name: 'Healer', description: 'Works at St Mungo', salary: 100 },
        { id: 3, name: 'Wandmaker', description: '', salary: 80 },
      ],
      players: [
        {
          id: 1,
          user_id: '200000000000000002',
          name: 'Hermione',
          house: 'gryffindor',
          year: 5,
          job_id: null,
          galleons: 300,
          created_at: '2026-09-01T10:00:00.000Z',
        },
        {
          id: 2,
          user_id: '200000000000000001',
          name: 'Harry',
          house: 'gryffindor',
          year: 5,
          job_id: 1,
          galleons: 250,
          created_at: '2026-09-01T10:00:00.000Z',
        },
        {
          id: 3,
          user_id: MEMBER_WITH_THREE,
          name: 'Draco',
          house: 'slytherin',
          year: 5,
          job_id: null,
          galleons: 900,
          created_at: '2026-09-02T10:00:00.000Z',
        },
        {
          id: 4,
          user_id: MEMBER_WITH_THREE,
          name: 'Draco (alt)',
          house: 'slytherin',
          year: 6,
          job_id: 2,
          galleons: 10,
          created_at: '2026-09-03T10:00:00.000Z',
        },
        {
          id: 5,
          user_id: '200000000000000004',
          name: 'Luna',
          house: 'ravenclaw',
          year: 4,
          job_id: 3,
          galleons: 42,
          created_at: '2026-09-04T10:00:00.000Z',
        },
        {
          id: 6,
          user_id: MEMBER_WITH_THREE,
          name: 'Draco (third)',
          house: null,
          year: null,
          job_id: null,
          galleons: 0,
          created_at: '2026-09-05T10:00:00.000Z',
        },
      ],
    },
    { id: SPARSE, premium: { expiresAt: '2020-01-01T00:00:00.000Z' } },
    {
      id: LIFETIME,
      premium: { expiresAt: null },
      points: { gryffindor: 0, slytherin: 0, ravenclaw: 0, hufflepuff: 0 },
    },
    {
      id: OTHER,
      jobs: [{ id: 7, name: 'Keeper', description: 'Guards the hoops', salary: 5 }],
      players: [
        {
          id: 1,
          user_id: '300000000000000001',
          name: 'Oliver',
          house: 'gryffindor',
          year: 7,
          job_id: 7,
          galleons: 5,
          created_at: '2026-08-01T00:00:00.000Z',
        },
      ],
    },
  ],
};
