import { describe, expect, it } from 'vitest';
import { AnswerCache, type Built } from '../../src/answers/answer-cache.js';
import { until } from '../support/eventually.js';

/*
 * Which requests share a build under way. One that comes at the generation the build started
 * at, while its answer is still true, takes it; one that could see a later change, or that
 * comes once the answer has stopped being true (a history whose default end was the second just
 * past), builds its own.
 */

/** A build that finishes when the test says so, counting how often it was started. */
function heldBuild(body: string, staleAt?: number) {
  let finish: () => void = () => {};
  const started = { count: 0 };
  const build = () => {
    started.count += 1;
    return new Promise<Built>((resolve) => {
      finish = () => resolve({ status: 200, body, ...(staleAt === undefined ? {} : { staleAt }) });
    });
  };
  return { build, started, finish: () => finish() };
}

const now = { ms: 10_000 };
const bodyOf = async (answer: Promise<{ body: Buffer }>) => (await answer).body.toString();

describe('builds under way in the answer cache', () => {
  it('are shared by requests at the same generation while their answer is true', async () => {
    const cache = new AnswerCache({ now: () => now.ms });
    const first = heldBuild('one', 11_000);
    const second = heldBuild('two', 11_000);
    const a = cache.get('k', () => 'g1', first.build);
    const b = cache.get('k', () => 'g1', second.build);
    first.finish();
    expect([await bodyOf(a), await bodyOf(b)]).toEqual(['one', 'one']);
    expect(second.started.count).toBe(0);
  });

  it('are not taken by a request that comes after a change', async () => {
    const cache = new AnswerCache({ now: () => now.ms });
    let generation = 'g1';
    const before = heldBuild('before the change');
    const after = heldBuild('after the change');
    const a = cache.get('k', () => generation, before.build);
    generation = 'g2';
    const b = cache.get('k', () => generation, after.build);
    before.finish();
    after.finish();
    expect(await bodyOf(a)).toBe('before the change');
    expect(await bodyOf(b)).toBe('after the change');
    // The answer kept is the one true at the new generation.
    expect(cache.peek('k', 'g2')?.body.toString()).toBe('after the change');
  });

  it('are not taken by a request that comes once their answer stopped being true', async () => {
    const clock = { ms: 10_900 };
    const cache = new AnswerCache({ now: () => clock.ms });
    const lastSecond = heldBuild('ends at 11.000', 11_000);
    const nextSecond = heldBuild('ends at 12.000', 12_000);
    const a = cache.get('k', () => 'g1', lastSecond.build);
    clock.ms = 11_001;
    const b = cache.get('k', () => 'g1', nextSecond.build);
    lastSecond.finish();
    await a;
    await until(() => nextSecond.started.count === 1, 'the next second’s build to start');
    nextSecond.finish();
    expect(await bodyOf(b)).toBe('ends at 12.000');
    expect(cache.peek('k', 'g1')?.body.toString()).toBe('ends at 12.000');
  });
});
