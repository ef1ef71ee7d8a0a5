import { setTimeout as sleep } from 'node:timers/promises';
import { HOUSES } from '../../src/records/houses.js';
import {
  openEventStream,
  type StreamEvent,
  type TestEventStream,
} from '../support/event-stream.js';
import { eventually } from '../support/eventually.js';
import { PATIENCE_MS, patiently } from '../support/patience.js';
import { GUILD_NAMES, GUILDS, type GuildName } from './steps.js';
import {
  AREAS,
  type Area,
  type AreaBodies,
  bodiesOf,
  type Disagreement,
  eventData,
  json,
  show,
} from './view-checks.js';
import type { GuildViews } from './views.js';
import { FENCE, type World } from './world.js';

/*
 * The event streams against the answers: the API's stream of each guild and, while it is
 * published, its page's stream; and the fence that tells when a step's events have all come.
 */

export interface StreamState {
  stream: TestEventStream;
  /** Events already judged. */
  seen: number;
}

/** Events of `stream` from index `from` on, of one event name. */
const eventsOf = (stream: TestEventStream, from: number, name: string): StreamEvent[] =>
  stream.events.slice(from).filter((event) => event.event === name);

/**
 * Waits until each named event has arrived on `stream` past `from`, or the patience ceiling has
 * passed: an answer that changed must reach an open stream; what is missing then is reported.
 */
export async function awaitEvents(
  stream: TestEventStream,
  from: number,
  names: readonly string[],
): Promise<void> {
  await eventually(
    async () => names.every((name) => eventsOf(stream, from, name).length > 0),
    (arrived) => arrived,
  );
}

/**
 * One stream's events since the step began against what changed: exactly one event for each
 * area whose answer changed, carrying the answer now; none for the others.
 */
export function eventDisagreements(
  guildId: string,
  streamName: string,
  stream: TestEventStream,
  from: number,
  areas: readonly Area[],
  changed: (area: Area) => boolean,
  expected: (area: Area) => string,
): Disagreement[] {
  const found: Disagreement[] = [];
  for (const area of areas) {
    const sent = eventsOf(stream, from, area);
    const views = `${streamName} ${area} events`;
    if (changed(area)) {
      const last = sent.at(-1);
      if (!last) {
        found.push({ guildId, views, detail: `the ${area} answer changed; no event came` });
      } else if (last.data !== expected(area)) {
        found.push({
          guildId,
          views,
          detail: `sent ${last.data}, the answer is ${expected(area)}`,
        });
      } else if (sent.length > 1) {
        found.push({
          guildId,
          views,
          detail: `${sent.length} events for one change: ${show(sent)}`,
        });
      }
    } else if (sent.length > 0) {
      found.push({
        guildId,
        views,
        detail: `the ${area} answer did not change, yet ${sent.length} event(s) came: ${show(sent.map((event) => event.data))}`,
        ...(area === 'players' || area === 'jobs' ? { known: 'unchangedEvents' as const } : {}),
      });
    }
  }
  return found;
}

/**
 * A write to a guild no step touches, then its event: every node had seen the step's commit by
 * then (SQLite's data version, PostgreSQL's notifications come in commit order), so an event the
 * step would cause is on its way. A short grace lets it land. Each fence writes a number never
 * written before: a copy brought back may have restored an earlier one, and a stream that sees
 * its answer return to what it was sends nothing.
 */
export async function fence(world: World): Promise<void> {
  const stream = world.streams.get(FENCE);
  if (!stream) throw new Error('no fence stream');
  const from = stream.events.length;
  world.fences += 1;
  const value = world.fences;
  await world.game.run(
    `INSERT INTO house_points (guild_id, ${HOUSES.join(', ')}) VALUES (?, ?, 0, 0, 0)
     ON CONFLICT (guild_id) DO UPDATE SET gryffindor = excluded.gryffindor`,
    [FENCE, value],
  );
  const arrived = () =>
    eventsOf(stream, from, 'points').some(
      (event) => (json(event.data) as { gryffindor?: number }).gryffindor === value,
    );
  if (!(await eventually(async () => arrived(), Boolean))) {
    throw new Error(`the fence's points event (${value}) never came`);
  }
  // Only an event no step should cause can land after the grace: it is then counted at the next
  // step, so a busy machine moves such a failure, never makes one.
  await sleep(30);
}

/**
 * Opens the public stream of each guild that is published now, as its page's script does; a
 * guild no longer published must have had its stream ended.
 */
export async function followPublicStreams(world: World, found: Disagreement[]): Promise<void> {
  for (const name of GUILD_NAMES) {
    const guildId = GUILDS[name];
    const [row] = await world.game.rows<{ n: number | string }>(
      'SELECT count(*) AS n FROM published_guilds WHERE guild_id = ?',
      [guildId],
    );
    const published = Number(row?.n) > 0;
    const stream = world.publicStreams.get(name);
    if (published && !stream) {
      const opened = await openEventStream(`${world.node.url}/cup/${guildId}/events`);
      if (opened.status !== 200) {
        found.push({
          guildId,
          views: 'published ≠ /cup events',
          detail: `${opened.status} ${opened.body}`,
        });
        continue;
      }
      await opened.waitForEvents(1);
      world.publicStreams.set(name, opened);
    } else if (!published && stream) {
      world.publicStreams.delete(name);
      const ended = await patiently(stream.ended, 'the stream to end').then(
        () => true,
        () => false,
      );
      stream.close();
      if (!ended) {
        found.push({
          guildId,
          views: 'unpublished ≠ /cup events',
          detail: `the page's stream stayed open for ${PATIENCE_MS / 1000} s`,
        });
      }
    }
  }
}

/** The guild's API stream and, while published, its public stream, against what changed. */
export async function streamDisagreements(
  world: World,
  name: GuildName,
  views: GuildViews,
  before: AreaBodies,
  streams: Map<string, StreamState>,
  publicBefore: ReadonlyMap<GuildName, number>,
): Promise<Disagreement[]> {
  const guildId = GUILDS[name];
  const now = bodiesOf(views);
  const changed = (area: keyof AreaBodies) => now[area] !== before[area];
  const found: Disagreement[] = [];
  const state = streams.get(guildId);
  if (state) {
    await awaitEvents(state.stream, state.seen, AREAS.filter(changed));
    found.push(
      ...eventDisagreements(
        guildId,
        '/v1/events',
        state.stream,
        state.seen,
        AREAS,
        changed,
        (area) => eventData(views, area),
      ),
    );
    found.push(...latestDisagreements(guildId, '/v1/events', state.stream, AREAS, views));
    state.seen = state.stream.events.length;
  }
  const page = world.publicStreams.get(name);
  if (page) {
    // A stream opened by this step starts past its first event (the standings when it opened).
    const from = publicBefore.get(name) ?? 1;
    if (changed('points')) await awaitEvents(page, from, ['points']);
    found.push(
      ...eventDisagreements(guildId, '/cup events', page, from, ['points'], changed, () =>
        eventData(views, 'points'),
      ),
    );
    found.push(...latestDisagreements(guildId, '/cup events', page, ['points'], views));
  }
  return found;
}

/** Whatever the step, the last event of each area carries the answer now. */
function latestDisagreements(
  guildId: string,
  streamName: string,
  stream: TestEventStream,
  areas: readonly (typeof AREAS)[number][],
  views: GuildViews,
): Disagreement[] {
  const found: Disagreement[] = [];
  for (const area of areas) {
    const last = stream.events.filter((event) => event.event === area).at(-1);
    if (last?.data !== eventData(views, area)) {
      found.push({
        guildId,
        views: `${streamName} last ${area} event ≠ the answer`,
        detail: `last event ${last?.data}, answer ${eventData(views, area)}`,
      });
    }
  }
  return found;
}
