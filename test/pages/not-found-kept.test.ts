import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AnswerCache } from '../../src/answers/answer-cache.js';
import { fixture, LIFETIME, RICH } from '../support/fixture.js';
import { openTestStore, type TestStore } from '../support/store.js';
import { startPageNode } from './support.js';

/*
 * The public page answers anyone, about any id: its 404 for a guild that did not publish is not
 * held in the node's answer cache, or anonymous clients asking for made-up ids would push out
 * the answers worth holding (the API's among them). A published page is held as any answer.
 */

describe("the public page's answers in the node's cache", () => {
  let test: TestStore;
  let node: Awaited<ReturnType<typeof startPageNode>>;
  const cache = new AnswerCache();

  beforeAll(async () => {
    test = await openTestStore('sqlite', fixture);
    await test.store.publication.publish(RICH);
    node = await startPageNode(test.store, { cache });
  });
  afterAll(async () => {
    await node?.close();
    await test?.cleanup();
  });

  it('holds a published page, and none of the 404s for ids that did not publish', async () => {
    const published = await fetch(`${node.url}/cup/${RICH}`);
    expect(published.status).toBe(200);
    await published.arrayBuffer();
    const held = cache.size;
    expect(held.entries).toBe(1);

    const ids = [LIFETIME, ...Array.from({ length: 40 }, (_, i) => String(900_000_000_000 + i))];
    for (const id of ids) {
      const answer = await fetch(`${node.url}/cup/${id}`);
      expect(answer.status).toBe(404);
      expect(await answer.text()).toContain('No scoreboard here');
    }
    expect(cache.size).toEqual(held);

    // Published now, its page is there at once, and held.
    expect(await test.store.publication.publish(LIFETIME)).toBe('published');
    expect((await fetch(`${node.url}/cup/${LIFETIME}`)).status).toBe(200);
    expect(cache.size.entries).toBe(2);
  });
});
