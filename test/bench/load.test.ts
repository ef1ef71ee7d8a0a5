import { describe, expect, it } from 'vitest';
import { type LoadResult, loadCompleting, problemOf } from './load.js';

const resultOf = (requests: number, durationS: number): LoadResult => ({
  requests,
  durationS,
  rps: requests / durationS,
  bytesPerResponse: 100,
  latencyMs: { p50: 1, p90: 1, p99: 1, max: 1 },
  non2xx: 0,
  socketErrors: 0,
  ranOut: 0,
});

describe('loadCompleting', () => {
  it('keeps a window in which requests completed, and runs it once', async () => {
    const windows: number[] = [];
    const result = await loadCompleting(async (seconds) => {
      windows.push(seconds);
      return resultOf(500, seconds);
    }, 1);
    expect(windows).toEqual([1]);
    expect(result.requests).toBe(500);
  });

  it('runs again over a longer window when the first completed nothing', async () => {
    const windows: number[] = [];
    const lines: string[] = [];
    const result = await loadCompleting(
      async (seconds) => {
        windows.push(seconds);
        return resultOf(windows.length === 1 ? 0 : 40, seconds);
      },
      1,
      (line) => lines.push(line),
    );
    expect(windows).toEqual([1, 5]);
    expect(result.requests).toBe(40);
    expect(problemOf(result)).toBeUndefined();
    expect(lines).toEqual(['no request completed in 1 s; again over 5 s']);
  });

  it('fails a node that completes nothing over the longer window too', async () => {
    const windows: number[] = [];
    const result = await loadCompleting(async (seconds) => {
      windows.push(seconds);
      return resultOf(0, seconds);
    }, 5);
    expect(windows).toEqual([5, 20]);
    expect(problemOf(result)).toBe('no request completed');
  });
});
