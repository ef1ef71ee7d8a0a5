import { setImmediate as nextTurn } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { TurnBatchedStream } from '../src/log-stream.js';

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
