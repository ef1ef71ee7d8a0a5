import { type ChildProcess, spawn } from 'node:child_process';
import { createConnection } from 'node:net';
import { freePort } from './free-port.js';
import { PATIENCE_MS } from './patience.js';

/*
 * Redis for tests, without a client library: whether one answers at an address (a raw PING), and
 * a private `redis-server` started from the installed binary, keeping nothing on disk.
 */

/**
 * True when a Redis at `url` answers PING (a NOAUTH refusal is an answer); false when nothing
 * listens there, or what listens has not answered by the patience ceiling.
 */
export function answersPing(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = createConnection({ host: hostname, port: Number(port || 6379) });
    let reply = '';
    const finish = (ok: boolean) => {
      clearTimeout(timer);
      socket.destroy();
      resolve(ok);
    };
    const timer = setTimeout(() => finish(false), PATIENCE_MS);
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.on('data', (chunk) => {
      reply += chunk.toString();
      if (reply.includes('\r\n')) finish(reply.startsWith('+PONG') || reply.startsWith('-NOAUTH'));
    });
    socket.once('error', () => finish(false));
  });
}

export { freePort };

export interface PrivateRedis {
  url: string;
  port: number;
  process: ChildProcess;
  /** Ends it (SIGKILL: as abrupt as a crash) and waits until it has gone. */
  kill(): Promise<void>;
}

/**
 * Starts `binary` on `port` (a free one when absent), bound to loopback, with persistence off and
 * `extra` arguments (`--requirepass x`); resolves once it answers PING.
 */
export async function startRedisServer(
  binary: string,
  port?: number,
  extra: string[] = [],
): Promise<PrivateRedis> {
  const chosen = port ?? (await freePort());
  const child = spawn(
    binary,
    ['--port', String(chosen), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', ...extra],
    { stdio: 'ignore' },
  );
  // Never outlive the test process, whatever ends it.
  const onExit = () => child.kill('SIGKILL');
  process.once('exit', onExit);
  const exited = new Promise<void>((resolve) =>
    child.once('exit', () => {
      process.off('exit', onExit);
      resolve();
    }),
  );
  const url = `redis://127.0.0.1:${chosen}`;
  const kill = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await exited;
  };
  // Until it listens, a connection is refused at once: try again until it answers or has ended.
  const until = Date.now() + PATIENCE_MS;
  while (Date.now() < until) {
    if (await answersPing(url)) return { url, port: chosen, process: child, kill };
    if (child.exitCode !== null || child.signalCode !== null) break;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  await kill();
  throw new Error(`${binary} did not answer on port ${chosen}`);
}
