import { Writable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import Fastify from 'fastify';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { accessLogOptions } from '../../src/http/access-log.js';
import { LazyRequestLogger } from '../../src/http/request-logger.js';
import { TurnBatchedStream } from '../../src/log-stream.js';

describe('log lines batched per event-loop turn', () => {
  it('writes the lines of one turn in one write, in order, at the end of the turn', async () => {
    const writes: string[] = [];
    const stream = new TurnBatchedStream({ write: (chunk: string) => writes.push(chunk) });
    stream.write('a\n');
    stream.write('b\n');
    expect(writes).toEqual([]);
    await nextTurn();
    expect(writes).toEqual(['a\nb\n']);
    stream.write('c\n');
    stream.flush();
    expect(writes).toEqual(['a\nb\n', 'c\n']);
  });

  it('does not hold an unbounded number of lines within one turn', () => {
    const writes: string[] = [];
    const stream = new TurnBatchedStream({ write: (chunk: string) => writes.push(chunk) });
    for (let i = 0; i < 1000; i++) stream.write(`${i}\n`);
    expect(writes.length).toBe(1);
    expect(writes[0]?.split('\n').length).toBe(513);
    stream.flush();
    expect(writes.join('').split('\n').filter(Boolean)).toHaveLength(1000);
  });
});

describe('a request logger made only when used', () => {
  const lines = () => {
    const written: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        written.push(String(chunk));
        done();
      },
    });
    return { stream, written };
  };
  /** A parent logger that counts the children made of it. */
  const counted = () => {
    const { stream, written } = lines();
    let made = 0;
    const onChild = () => {
      made += 1;
    };
    const parent = pino({ level: 'info', base: undefined, onChild }, stream);
    return { parent, written, children: () => made };
  };

  it('makes no child logger until something logs, then logs with the request bindings', () => {
    const { parent, written, children } = counted();
    const request = new LazyRequestLogger(parent, { reqId: 'req-7' }, {});
    expect(request.level).toBe('info');
    request.debug('not at this level');
    expect(children()).toBe(0);
    request.warn({ status: 500 }, 'request failed');
    request.error('again');
    expect(children()).toBe(1);
    const logged = written.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(logged).toMatchObject([
      { level: 40, reqId: 'req-7', status: 500, msg: 'request failed' },
      { level: 50, reqId: 'req-7', msg: 'again' },
    ]);
  });

  it('takes its level from the options, and a level set makes the child', () => {
    const { stream, written } = lines();
    const parent = pino({ level: 'info', base: undefined }, stream);
    const request = new LazyRequestLogger(parent, { reqId: 'req-8' }, { level: 'error' });
    expect(request.level).toBe('error');
    request.level = 'debug';
    request.debug('now logged');
    expect(parent.level).toBe('info');
    expect(JSON.parse(written[0] ?? '{}')).toMatchObject({ level: 20, reqId: 'req-8' });
  });

  it("is what Fastify makes of the logger it is given: no child for a request that logs nothing, one with the request's id for one that does", async () => {
    const { parent, written, children } = counted();
    const app = Fastify(accessLogOptions(parent));
    app.get('/quiet', async () => 'ok');
    app.get('/loud', async (request) => {
      request.log.warn('a warning');
      return 'ok';
    });
    try {
      for (let i = 0; i < 20; i++) expect((await app.inject('/quiet')).statusCode).toBe(200);
      // Fastify's own logger, a child of the one given, made once.
      expect(children()).toBe(1);
      expect((await app.inject('/loud')).statusCode).toBe(200);
      expect(children()).toBe(2);
      expect(JSON.parse(written.at(-1) ?? '{}')).toMatchObject({
        level: 40,
        reqId: expect.stringMatching(/^req-/),
        msg: 'a warning',
      });
    } finally {
      await app.close();
    }
  });
});
