import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { availableParallelism, loadavg, release, totalmem } from 'node:os';

export interface Machine {
  cpu: string;
  cores: number;
  memoryGiB: number;
  node: string;
  kernel: string;
  /** 1-minute load average when the run started: a busy shared machine shows here. */
  loadAverage: number;
}

export interface Pinning {
  /** CPU list for the server under test (and baseline A). */
  server: string;
  /** CPU list for the load generator. */
  load: string;
}

export function describeMachine(): Machine {
  let cpu = 'unknown';
  try {
    const info = readFileSync('/proc/cpuinfo', 'utf8');
    cpu = /^model name\s*:\s*(.+)$/m.exec(info)?.[1]?.trim() ?? cpu;
  } catch {
    // Not Linux: the model stays unknown, the rest still describes the run.
  }
  return {
    cpu,
    cores: availableParallelism(),
    memoryGiB: Math.round((totalmem() / 2 ** 30) * 10) / 10,
    node: process.version,
    kernel: release(),
    loadAverage: Math.round((loadavg()[0] ?? 0) * 100) / 100,
  };
}

/**
 * Server and load generator on different cores, so that neither steals the other's CPU. Checked
 * once by running `taskset` on both cores: containers often forbid some CPUs, and a machine
 * with one core cannot split at all. Undefined (with the reason) means "run unpinned".
 */
export function choosePinning(): { pinning?: Pinning; note: string } {
  const cores = availableParallelism();
  if (cores < 2) return { note: 'not pinned: only one core' };
  const works = (cpu: string) =>
    spawnSync('taskset', ['-c', cpu, 'true'], { stdio: 'ignore' }).status === 0;
  // The last core for the server, the first for the load generator.
  const server = String(cores - 1);
  if (!works('0') || !works(server)) return { note: 'not pinned: taskset is unavailable here' };
  return {
    pinning: { server, load: '0' },
    note: `pinned: server on CPU ${server}, load generator on CPU 0`,
  };
}

export interface CodeUnderTest {
  commit: string;
  /** True when src/ had uncommitted changes: the figures are of the work tree, not the commit. */
  dirty: boolean;
}

/** Which code was measured, so that a results file can be traced back to it. */
export function describeCode(root: string): CodeUnderTest {
  const git = (...args: string[]) =>
    spawnSync('git', args, { cwd: root, encoding: 'utf8' }).stdout?.trim() ?? '';
  return {
    commit: git('rev-parse', '--short', 'HEAD') || 'unknown',
    dirty: git('status', '--porcelain', '--', 'src', 'drizzle', 'package.json') !== '',
  };
}
