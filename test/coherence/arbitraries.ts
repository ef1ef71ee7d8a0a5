import fc from 'fast-check';
import type {
  Edit,
  Four,
  GuildName,
  HistorySpec,
  JobSpec,
  PlayerSpec,
  PremiumSpec,
  SqlWrite,
  Step,
  Writer,
} from './steps.js';

/*
 * Random steps, weighted towards what breaks coherence: small numbers (ties, and writes that
 * leave the numbers as they were), re-imports of what was exported, the game's statements.
 */

const guild = fc.constantFrom<GuildName>('A', 'B');
const writer = fc.constantFrom<Writer>('server', 'other');
/** Mostly 0–3, so that houses tie and writes repeat what is there. */
const points = fc.oneof(
  { weight: 3, arbitrary: fc.integer({ min: 0, max: 3 }) },
  { weight: 1, arbitrary: fc.integer({ min: -50, max: 2000 }) },
);
const four: fc.Arbitrary<Four> = fc.tuple(points, points, points, points);
const history: fc.Arbitrary<HistorySpec> = fc.array(fc.option(four, { nil: null, freq: 4 }), {
  maxLength: 3,
});
const player: fc.Arbitrary<PlayerSpec> = fc.record({
  user: fc.nat(2),
  name: fc.nat(1),
  galleons: fc.constantFrom(0, 5, 250),
  house: fc.nat(4),
  job: fc.option(fc.nat(1), { nil: null }),
});
const job: fc.Arbitrary<JobSpec> = fc.record({ name: fc.nat(2), salary: fc.constantFrom(0, 80) });
const premium = fc.constantFrom<PremiumSpec>('none', 'forever', 'expired', 'future');

const importStep: fc.Arbitrary<Step> = fc
  .record({
    guild,
    writer,
    points: fc.option(four, { nil: null, freq: 5 }),
    players: fc.array(player, { maxLength: 3 }),
    jobs: fc.array(job, { maxLength: 2 }),
    premium,
    history: fc.option(history, { nil: undefined }),
  })
  .map(({ history: given, ...rest }) =>
    given === undefined
      ? { step: 'import' as const, ...rest }
      : { step: 'import' as const, ...rest, history: given },
  );

export const edit: fc.Arbitrary<Edit> = fc.oneof(
  fc.constant({ edit: 'none' as const }),
  {
    weight: 3,
    arbitrary: fc.record({
      edit: fc.constant('points' as const),
      house: fc.nat(3),
      by: fc.oneof(fc.constant(300), fc.integer({ min: -3, max: 3 })),
    }),
  },
  fc.constant({ edit: 'removePoints' as const }),
  fc.record({
    edit: fc.constant('rename' as const),
    player: fc.nat(2),
    to: fc.constantFrom('Harry Potter', 'Luna'),
  }),
  fc.record({ edit: fc.constant('job' as const), job: fc.nat(1), salary: fc.constantFrom(0, 120) }),
  fc.record({
    edit: fc.constant('history' as const),
    history: fc.oneof(fc.constant('absent' as const), history),
  }),
);

const by = fc.constantFrom(0, 1, 300);
const sql: fc.Arbitrary<SqlWrite> = fc.oneof(
  fc.record({
    table: fc.constant('house_points' as const),
    write: fc.constantFrom('insertIfAbsent' as const, 'upsert' as const),
    points: four,
  }),
  fc.record({
    table: fc.constant('house_points' as const),
    write: fc.constant('add' as const),
    house: fc.nat(3),
    by,
  }),
  fc.record({
    table: fc.constant('house_points' as const),
    write: fc.constantFrom('sameValues' as const, 'delete' as const),
  }),
  fc.record({
    table: fc.constant('profiles' as const),
    write: fc.constant('insert' as const),
    user: fc.nat(2),
    galleons: fc.constantFrom(0, 10),
  }),
  fc.record({
    table: fc.constant('profiles' as const),
    write: fc.constant('addGalleons' as const),
    by,
  }),
  fc.record({
    table: fc.constant('profiles' as const),
    write: fc.constantFrom('sameValues' as const, 'deleteOne' as const, 'deleteAll' as const),
  }),
  fc.record({
    table: fc.constant('jobs' as const),
    write: fc.constant('insert' as const),
    salary: fc.constantFrom(0, 50),
  }),
  fc.record({ table: fc.constant('jobs' as const), write: fc.constant('addSalary' as const), by }),
  fc.record({
    table: fc.constant('jobs' as const),
    write: fc.constantFrom('sameValues' as const, 'deleteUnheld' as const),
  }),
  fc.record({
    table: fc.constant('premium' as const),
    write: fc.constant('upsert' as const),
    premium: fc.constantFrom('forever' as const, 'expired' as const, 'future' as const),
  }),
  fc.record({
    table: fc.constant('premium' as const),
    write: fc.constantFrom('sameValues' as const, 'delete' as const),
  }),
);

export const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 3, arbitrary: importStep },
  {
    weight: 4,
    arbitrary: fc.record({ step: fc.constant('reimport' as const), guild, writer, edit }),
  },
  { weight: 6, arbitrary: fc.record({ step: fc.constant('sql' as const), guild, sql }) },
  {
    weight: 1,
    arbitrary: fc.constantFrom({ step: 'copyOut' as const }, { step: 'copyIn' as const }),
  },
  { weight: 1, arbitrary: fc.record({ step: fc.constant('copyBack' as const), guild, edit }) },
  {
    weight: 2,
    arbitrary: fc.record({
      step: fc.constantFrom('publish' as const, 'unpublish' as const),
      guild,
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ step: fc.constantFrom('keyCreate' as const, 'keyRevoke' as const) }),
  },
);

/** A sequence of 1 to `maxSteps` steps, every length alike likely (fast-check favours short ones). */
export const sequence = (maxSteps: number) =>
  fc.array(step, { minLength: 1, maxLength: maxSteps, size: 'max' });
