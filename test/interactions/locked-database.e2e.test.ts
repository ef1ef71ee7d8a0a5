import { type ChildProcess, spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packageRoot } from '../../src/paths.js';
import { openTestDatabase, type TestDatabase } from '../support/database.js';
import { eventually } from '../support/eventually.js';
import { FakeDiscord } from '../support/fake-discord.js';
import { fixture, RICH } from '../support/fixture.js';
import { startInteractionsApp } from './support.js';

/*
 * Issue 20.2: another process holds the SQLite file's write lock (`BEGIN EXCLUSIVE`: the game
 * writing, a backup) while reads and a signed `/apikey create` arrive. Before, the key's INSERT
 * waited in busy_timeout with the event loop stopped: reads froze for 5 s, the interaction missed
 * its 2-s deferral and then failed. Now reads go on, the interaction defers, and the key is made
 * and delivered by an edit once the lock is gone. The test lets go of the lock only once it has
 * seen all that happen under it, however long a busy machine takes.
 */

let fake: FakeDiscord;
let database: TestDatabase;
beforeAll(async () => {
  fake = await FakeDiscord.start({ guilds: [RICH] });
  database = await openTestDatabase(fixture);
});
afterAll(async () => {
  await fake?.close();
  database?.cleanup();
});

/**
 * Another process that takes the write lock, says `locked`, and lets go once told to (`release`:
 * its standard input ends).
 */
async function holdLock(
  path: string,
): Promise<{ child: ChildProcess; released: Promise<void>; release(): void }> {
  const script = `
    const db = new (require('better-sqlite3'))(process.argv[1]);
    db.exec('BEGIN EXCLUSIVE');
    console.log('locked');
    process.stdin.resume();
    process.stdin.on('end', () => { db.exec('COMMIT'); db.close(); console.log('released'); });`;
  const child = spawn(process.execPath, ['-e', script, path], {
    cwd: packageRoot,
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  let output = '';
  const saw = (word: string) =>
    new Promise<void>((resolve, reject) => {
      const check = () => {
        if (output.includes(word)) resolve();
      };
      child.stdout?.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        check();
      });
      child.on('exit', () => (output.includes(word) ? resolve() : reject(new Error(output))));
    });
  const released = saw('released');
  await saw('locked');
  return { child, released, release: () => child.stdin?.end() };
}

describe('another process holding the SQLite write lock', () => {
  it('keeps reads answering, defers the interaction in time, then makes the key and sends it', async () => {
    const node = await startInteractionsApp({
      database,
      publicKey: fake.publicKey,
      restUrl: fake.restUrl,
    });
    const { key } = await database.store.keyStore.create({ name: 'reader' });
    const lock = await holdLock(database.path);
    let held = true;
    void lock.released.then(() => {
      held = false;
    });
    try {
      // Reads, one after another, for as long as the lock is held.
      const reads: { ms: number; status: number; whileHeld: boolean }[] = [];
      const reading = (async () => {
        while (held) {
          const started = performance.now();
          const response = await fetch(`${node.url}/v1/points/${RICH}`, {
            headers: { authorization: key },
          });
          await response.arrayBuffer();
          reads.push({ ms: performance.now() - started, status: response.status, whileHeld: held });
        }
      })();

      const interaction = fake.command(
        'apikey',
        [{ name: 'create', type: 1, options: [{ name: 'name', type: 3, value: 'locked-out' }] }],
        { guildId: RICH, user: { id: '42', username: 'admin' }, permissions: '32' },
      );
      const body = JSON.stringify(interaction);
      const readsBefore = reads.length;
      const sent = performance.now();
      const response = await fetch(`${node.url}/interactions`, {
        method: 'POST',
        headers: fake.signer.headers(body),
        body,
      });
      const answer = (await response.json()) as { type: number };
      const answerMs = performance.now() - sent;
      const answeredWhileHeld = held;
      const readsWhileWaiting = reads.length - readsBefore;

      // The first answer is the deferral, sent while the lock is still held, and reads went on.
      expect(response.status).toBe(200);
      expect(answer.type).toBe(5);
      expect(answeredWhileHeld).toBe(true);
      expect(readsWhileWaiting).toBeGreaterThan(3);
      // More reads answered under the lock, then it goes.
      await eventually(
        async () => reads.length,
        (count) => count > 10,
      );
      lock.release();
      await lock.released;
      await reading;
      const heldReads = reads.filter((read) => read.whileHeld);
      expect(heldReads.length).toBeGreaterThan(10);
      expect(heldReads.every((read) => read.status === 200)).toBe(true);

      // Once the lock is gone the key is made, and an ephemeral follow-up carries it to the member.
      const token = String(interaction.token);
      const followUps = await eventually(
        async () =>
          fake.requests.filter(
            (request) => request.method === 'POST' && request.path.endsWith(`/${token}`),
          ),
        (found) => found.length > 0,
      );
      expect(JSON.stringify(followUps[0]?.body)).toContain('hc_');
      const made = (await database.store.keyStore.list()).filter((k) => k.name === 'locked-out');
      expect(made).toHaveLength(1);

      const longest = Math.max(...heldReads.map((read) => read.ms));
      console.log(
        `locked: ${heldReads.length} reads, longest ${longest.toFixed(1)} ms; ` +
          `interaction answered (type ${answer.type}) after ${answerMs.toFixed(0)} ms`,
      );
    } finally {
      lock.child.kill();
      await node.close();
    }
  });
});
