import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BIG_GUILD, bigGuildFile, writeJson } from '../support/big-guild.js';
import { killChildren, spawnCli, startMain } from '../support/child.js';
import { patiently } from '../support/patience.js';
import { parseAnswer } from '../support/raw-socket.js';

const PROFILES = 30_000;
let dir: string;
let seeded: string;
let key: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'housecup-shutdown-'));
  seeded = join(dir, 'seed.db');
  const file = writeJson(join(dir, 'big.json'), bigGuildFile(PROFILES, 'A', { longNames: true }));
  const imported = spawnCli(['import', file], seeded);
  expect(await imported.exited, imported.stderr()).toBe(0);
  const created = spawnCli(['keys', 'create', '--name', 'shutdown'], seeded);
  expect(await created.exited, created.stderr()).toBe(0);
  key = created.stdout().trim();
});
afterEach(killChildren);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Connection {
  socket: Socket;
  bytes(): Buffer;
  closed: Promise<void>;
  firstData: Promise<void>;
}

function open(port: number, request: string): Connection {
  const socket = connect({ host: '127.0.0.1', port });
  const chunks: Buffer[] = [];
  let gotData: () => void = () => {};
  const firstData = new Promise<void>((resolve) => {
    gotData = resolve;
  });
  socket.on('data', (chunk) => {
    chunks.push(chunk);
    gotData();
  });
  socket.on('error', () => {});
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  socket.write(request);
  return { socket, bytes: () => Buffer.concat(chunks), closed, firstData };
}

describe('graceful shutdown of the real process', () => {
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    it(`on ${signal}: finishes the answer in flight, closes idle keep-alive, exits 0`, async () => {
      const database = join(dir, `${signal}.db`);
      copyFileSync(seeded, database);
      const { child, url } = await startMain({ DATABASE_PATH: database });
      const port = Number(new URL(url).port);

      // An idle keep-alive client: one answer received, connection left open.
      const idle = open(port, `GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n`);
      await idle.firstData;
      // A big answer, read slowly: paused after its first bytes, so it is mid-write.
      const busy = open(
        port,
        `GET /v1/players/${BIG_GUILD} HTTP/1.1\r\nHost: x\r\nAuthorization: ${key}\r\n\r\n`,
      );
      await busy.firstData;
      busy.socket.pause();

      child.process.kill(signal);
      // Idle keep-alive connections do not hold shutdown up: closed while the answer in flight
      // is still held by its paused reader.
      await patiently(idle.closed, 'idle keep-alive connection closed');
      expect(child.process.exitCode).toBeNull();
      busy.socket.resume();
      // The process waits for the answer in flight rather than cut it: it comes whole.
      await patiently(busy.closed, 'answer in flight completed');
      const answer = parseAnswer(busy.bytes(), true);
      expect(answer.status).toBe(200);
      const body = JSON.parse(answer.body) as { count: number; results: unknown[]; status: number };
      expect(body.count).toBe(PROFILES);
      expect(body.results).toHaveLength(PROFILES);

      // Past its shutdown deadline the process exits 1 and says so: 0 is a stop on its own.
      expect(await patiently(child.exited, 'exit')).toBe(0);
      expect(child.stdout()).toContain('shutting down');
      expect(child.stdout()).not.toContain('shutdown took over');
      // Nothing listens any more.
      const refused = await new Promise<boolean>((resolve) => {
        const probe = connect({ host: '127.0.0.1', port });
        probe.once('connect', () => {
          probe.destroy();
          resolve(false);
        });
        probe.once('error', () => resolve(true));
      });
      expect(refused).toBe(true);
    });
  }
});
