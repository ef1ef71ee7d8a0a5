import { setTimeout as sleep } from 'node:timers/promises';
import type { StoreKind } from '../support/store.js';
import { applyStep } from './apply.js';
import { copyDisagreements } from './copy-checks.js';
import type { KnownDefect } from './known-defects.js';
import { GUILD_NAMES, GUILDS, type Step } from './steps.js';
import {
  fence,
  followPublicStreams,
  type StreamState,
  streamDisagreements,
} from './stream-checks.js';
import { type AreaBodies, bodiesOf, type Disagreement, viewDisagreements } from './view-checks.js';
import { type GuildViews, readViews } from './views.js';
import { type CopyTarget, openWorld, type World } from './world.js';

/*
 * Runs one sequence of steps on a fresh world and checks every view after each step. A
 * disagreement with the signature of a tolerated known defect is counted, not failed; any other
 * fails the sequence with the step, the store and the views that disagreed.
 */

/** How long views that disagree are read again, to say in the failure whether they lasted. */
const DIAGNOSIS_MS = 1_500;

export interface SequenceOptions {
  /** Known defects (known-defects.ts) whose disagreements do not fail the sequence. */
  tolerated: ReadonlySet<KnownDefect>;
}

export interface SequenceReport {
  /** The tolerated disagreements met, by known defect. */
  known: Map<KnownDefect, number>;
}

export class CoherenceError extends Error {
  constructor(
    readonly kind: StoreKind,
    /** The steps up to the one after which views disagreed (none: the empty store). */
    readonly steps: readonly Step[],
    readonly disagreements: Disagreement[],
  ) {
    const step = steps.at(-1);
    const where = step ? `step ${steps.length} ${JSON.stringify(step)}` : 'the empty store';
    const guild = (id: string) => GUILD_NAMES.find((name) => GUILDS[name] === id) ?? id;
    const lines = disagreements.map(
      (d) =>
        `  ${guild(d.guildId)}: ${d.views}: ${d.detail}${d.known ? ` [known: ${d.known}, not tolerated]` : ''}`,
    );
    // The steps after the failing one play no part: a regression test takes these.
    const sequence = `steps up to there: ${JSON.stringify(steps)}`;
    super(`on ${kind}, after ${where}:\n${lines.join('\n')}\n${sequence}`);
    this.name = 'CoherenceError';
  }
}

export async function runSequence(
  kind: StoreKind,
  copy: CopyTarget,
  steps: readonly Step[],
  options: SequenceOptions,
): Promise<SequenceReport> {
  const world = await openWorld(kind, copy);
  const known = new Map<KnownDefect, number>();
  const judge = (done: number, found: Disagreement[]) => {
    const failing = found.filter((d) => !d.known || !options.tolerated.has(d.known));
    if (failing.length > 0) throw new CoherenceError(kind, steps.slice(0, done), failing);
    for (const d of found) if (d.known) known.set(d.known, (known.get(d.known) ?? 0) + 1);
  };
  try {
    /** Each guild's answers after the previous step: what "changed" is judged against. */
    const memory = new Map<string, AreaBodies>();
    const streams = new Map<string, StreamState>();
    for (const name of GUILD_NAMES) {
      const guildId = GUILDS[name];
      const views = await readViews(world, guildId);
      judge(0, viewDisagreements(views));
      memory.set(guildId, bodiesOf(views));
      const stream = world.streams.get(guildId);
      if (stream) streams.set(guildId, { stream, seen: stream.events.length });
    }
    for (const [index, step] of steps.entries()) {
      const publicBefore = new Map(
        [...world.publicStreams].map(([name, stream]) => [name, stream.events.length]),
      );
      await applyStep(world, step);
      await fence(world);
      const found: Disagreement[] = [];
      await followPublicStreams(world, found);
      for (const name of GUILD_NAMES) {
        const guildId = GUILDS[name];
        const before = memory.get(guildId);
        if (!before) throw new Error(`no memory of ${name}`);
        const views = await readAgreeing(world, guildId, options.tolerated, found);
        found.push(
          ...(await streamDisagreements(world, name, views, before, streams, publicBefore)),
        );
        memory.set(guildId, bodiesOf(views));
      }
      if (step.step === 'copyOut' || step.step === 'copyBack') {
        found.push(...(await copyDisagreements(world)));
      }
      judge(index + 1, found);
    }
    return { known };
  } finally {
    await world.close();
  }
}

/**
 * The guild's views, read once the fence has passed: every node has seen the step by then, so
 * they must agree at once. What disagrees is read again for a moment, to tell a lag from a lasting
 * disagreement; both fail. Returns the views last read.
 */
async function readAgreeing(
  world: World,
  guildId: string,
  tolerated: ReadonlySet<KnownDefect>,
  found: Disagreement[],
): Promise<GuildViews> {
  const check = viewDisagreements;
  const first = await readViews(world, guildId);
  const atOnce = check(first);
  if (atOnce.every((d) => d.known && tolerated.has(d.known))) {
    found.push(...atOnce);
    return first;
  }
  // Read again for a moment: a disagreement fails either way, and this only tells the message
  // whether it lasted, so its length decides nothing (and a failing run's shrinking stays quick).
  const started = Date.now();
  let later = await readViews(world, guildId);
  while (check(later).length > 0 && Date.now() - started < DIAGNOSIS_MS) {
    await sleep(5);
    later = await readViews(world, guildId);
  }
  const lasting = check(later);
  const waited = Date.now() - started;
  const still = new Set(lasting.map((d) => d.views));
  const before = new Set(atOnce.map((d) => d.views));
  for (const d of atOnce) {
    found.push(
      still.has(d.views) ? d : { ...d, detail: `${d.detail} (agreed ${waited} ms later)` },
    );
  }
  found.push(...lasting.filter((d) => !before.has(d.views)));
  return later;
}
