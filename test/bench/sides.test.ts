import { describe, expect, it } from 'vitest';
import type { Served } from './processes.js';
import { startSide } from './sides.js';

/** A process that is never spawned: the side's turns are what is under test. */
const served = (pid: number): Served => ({
  url: `http://127.0.0.1:${pid}`,
  pid,
  stop: async () => {},
});

describe('startSide', () => {
  it('starts as many processes as asked, each told its index, in order', async () => {
    const asked: number[] = [];
    const side = await startSide(3, async (index) => {
      asked.push(index);
      return served(100 + index);
    });
    expect(asked).toEqual([0, 1, 2]);
    expect(side.processes.map((p) => p.pid)).toEqual([100, 101, 102]);
    expect(side.first.pid).toBe(100);
  });

  it('gives rounds to its processes in turn, from the first', async () => {
    const side = await startSide(2, async (index) => served(200 + index));
    expect([1, 2, 3, 4, 5].map((round) => side.at(round).pid)).toEqual([200, 201, 200, 201, 200]);
  });

  it('starts one process when asked for none', async () => {
    const side = await startSide(0, async (index) => served(300 + index));
    expect(side.processes).toHaveLength(1);
    expect(side.at(7).pid).toBe(300);
  });
});
