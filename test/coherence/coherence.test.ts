/*
 * The coherence property (docs/development.md, "The coherence suite"): whatever sequence of
 * imports, re-imports of edited exports, copies, the game's own statements, publications and keys
 * a store goes through, every place that tells a guild's race tells the same one after each step
 * (/v1/points, the history, the chart, the public page and its stream, the event stream, the
 * bot's /points), and each event stream sends an event when, and only when, its answer changed.
 *
 * `npm test` runs a few short sequences per store; `npm run test:coherence` many more
 * (COHERENCE_RUNS, COHERENCE_STEPS). A failure prints fast-check's seed and path:
 * COHERENCE_SEED=<seed> COHERENCE_PATH=<path> replays exactly that sequence.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { TEST_CEILING_MS } from '../support/patience.js';
import { storeKinds } from '../support/store.js';
import { sequence } from './arbitraries.js';
import { TOLERATED } from './known-defects.js';
import { runSequence } from './run-sequence.js';
import { type CopyTarget, closeCopyTarget, openCopyTarget } from './world.js';

const long = process.env.npm_lifecycle_event === 'test:coherence';
const RUNS = Number(process.env.COHERENCE_RUNS ?? (long ? 60 : 4));
const STEPS = Number(process.env.COHERENCE_STEPS ?? (long ? 12 : 5));
const SEED = process.env.COHERENCE_SEED;
const PATH = process.env.COHERENCE_PATH;
/** COHERENCE_TOLERATE=<known defects, comma-separated> (empty: none) narrows what is tolerated. */
const TOLERATE = process.env.COHERENCE_TOLERATE;
const tolerated =
  TOLERATE === undefined
    ? TOLERATED
    : new Set([...TOLERATED].filter((defect) => TOLERATE.split(',').includes(defect)));
/**
 * A ceiling, not a speed: a step takes well under a second on a quiet machine, many times that on
 * a busy one, and a failure's shrinking replays many sequences.
 */
const TIMEOUT_MS = TEST_CEILING_MS + RUNS * STEPS * 10_000;

const kinds = storeKinds(import.meta.filename);

for (const kind of kinds) {
  describe(`coherence on ${kind}`, () => {
    let copy: CopyTarget | undefined;
    beforeAll(async () => {
      // `copy` goes to the other store where this run has both: the move an operator makes.
      copy = await openCopyTarget(kinds.find((other) => other !== kind) ?? kind);
    });
    afterAll(async () => {
      await closeCopyTarget(copy);
    });

    it(
      'tells one race in every view after every step, and sends events only for answers that changed',
      async () => {
        const started = Date.now();
        let sequences = 0;
        let steps = 0;
        const known = new Map<string, number>();
        await fc.assert(
          fc.asyncProperty(sequence(STEPS), async (sequenceSteps) => {
            if (!copy) throw new Error('no copy target');
            const report = await runSequence(kind, copy, sequenceSteps, { tolerated });
            sequences += 1;
            steps += sequenceSteps.length;
            for (const [defect, count] of report.known) {
              known.set(defect, (known.get(defect) ?? 0) + count);
            }
          }),
          {
            numRuns: RUNS,
            ...(SEED === undefined ? {} : { seed: Number(SEED) }),
            ...(PATH === undefined ? {} : { path: PATH }),
          },
        );
        const seconds = ((Date.now() - started) / 1000).toFixed(1);
        const met = [...known].map(([defect, count]) => `${defect} ×${count}`).join(', ');
        console.log(
          `coherence on ${kind}: ${sequences} sequences, ${steps} steps in ${seconds} s; tolerated known defects met: ${met || 'none'}`,
        );
      },
      TIMEOUT_MS,
    );
  });
}
