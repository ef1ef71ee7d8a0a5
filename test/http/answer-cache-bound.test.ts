import { describe, expect, it } from 'vitest';
import { AnswerCache, ENTRY_BYTES } from '../../src/answers/answer-cache.js';

/*
 * The answer cache's bound: what it holds stays within its bytes, the least recently used going
 * first, and each answer counts what holding it costs besides its body, so that a cache of many
 * small answers (a points answer is 66 bytes) is bounded as one of a few large ones.
 */

const answer = (body: string) => async () => ({ status: 200, body });
const keep = (cache: AnswerCache, key: string, body: string) =>
  cache.get(key, () => 'g', answer(body));

describe('the answer cache', () => {
  it('holds small answers within its bytes, each counted with what holding it costs', async () => {
    const maxBytes = 64 * 1024;
    const cache = new AnswerCache({ maxBytes });
    const body = '{"gryffindor":1}';
    for (let i = 0; i < 1_000; i++) await keep(cache, `points:${i}`, body);
    const { entries, bytes } = cache.size;
    expect(bytes).toBeLessThanOrEqual(maxBytes);
    // Counted by their bodies and texts alone, all 1,000 (32 KB) would have fitted.
    expect(entries).toBe(Math.floor(maxBytes / (2 * body.length + ENTRY_BYTES)));
    // A real cost, not a token: about what 100,000 such answers were measured to hold each.
    expect(ENTRY_BYTES).toBeGreaterThanOrEqual(400);
  });

  it('lets the least recently used answers go first', async () => {
    const size = 2 * '{"n":0000}'.length + ENTRY_BYTES;
    const cache = new AnswerCache({ maxBytes: 4 * size });
    for (const n of ['1000', '2000', '3000', '4000']) await keep(cache, n, `{"n":${n}}`);
    // The first is read again: the second is now the least recently used.
    expect(cache.peek('1000', 'g')).toBeDefined();
    await keep(cache, '5000', '{"n":5000}');
    expect(cache.size.entries).toBe(4);
    expect(cache.peek('2000', 'g')).toBeUndefined();
    for (const kept of ['1000', '3000', '4000', '5000'])
      expect(cache.peek(kept, 'g')).toBeDefined();
  });
});
