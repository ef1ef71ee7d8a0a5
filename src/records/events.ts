import type { ChangeArea } from './guild-changes.js';

/*
 * The events of a guild (docs/live-updates.md, docs/webhooks.md): what its event stream sends,
 * what a webhook subscription asks for, and the webhook messages each sends. One entry each, from
 * which the streams' event names, the webhooks' message types (and so their records' CHECK), a
 * subscription's choices and which change sends which message derive.
 *
 * A new event is an entry here; tsc then asks for the reading of its data (src/events/
 * area-answers.ts) and its label in each catalogue (src/bot/i18n/). Its messages are new values
 * of the webhooks' `type` columns, whose CHECK lives in migrations applied in the field: a new
 * migration writes them (test/store/choice-checks-migration.test.ts says which).
 * The order is the streams' (an event id lists the events in it, src/events/event-id.ts): a new
 * event goes last.
 */

/** An event's data, as its JSON reads: what picks among several messages. */
export type EventData = Readonly<Record<string, unknown>>;

interface EventType<M extends string = string> {
  /** The area of guild_changes whose changes it tells of. */
  readonly area: ChangeArea;
  /** The webhook messages it sends (their `type`). */
  readonly messages: readonly [M, ...M[]];
  /** Which of several messages a change sends, from the event's data at that moment. */
  readonly pick?: (data: EventData) => M;
}

/** Keeps an entry's message types literal, and its `pick` to them. */
const event = <const M extends string>(type: EventType<M>): EventType<M> => type;

export const EVENTS = {
  points: event({ area: 'points', messages: ['points.changed'] }),
  premium: event({ area: 'premium', messages: ['premium.changed'] }),
  players: event({ area: 'players', messages: ['players.changed'] }),
  jobs: event({ area: 'jobs', messages: ['jobs.changed'] }),
  // The guild's latest term: started while it is open, ended once it has an end.
  term: event({
    area: 'terms',
    messages: ['term.started', 'term.ended'],
    pick: (data) => (data.endedAt === null ? 'term.started' : 'term.ended'),
  }),
  // The guild's latest award, its ledger entry; the points it changed go as `points` too.
  award: event({ area: 'awards', messages: ['points.awarded'] }),
};

export type EventName = keyof typeof EVENTS;

/** The event names, in the order a stream sends them. */
export const EVENT_NAMES = Object.keys(EVENTS) as readonly EventName[];

/** Every message an event sends. */
type EventMessage = (typeof EVENTS)[EventName]['messages'][number];

/** Each event's messages, in EVENT_NAMES order. */
export const EVENT_MESSAGES: readonly EventMessage[] = EVENT_NAMES.flatMap(
  (name) => EVENTS[name].messages,
);

/** The event that tells of a change of `area`; undefined for the areas none tells of. */
export const EVENT_OF_AREA: ReadonlyMap<ChangeArea, EventName> = new Map(
  EVENT_NAMES.map((name) => [EVENTS[name].area, name]),
);

/** The message a change of `name` sends; `data` reads the event's data, when several may go. */
export function messageOf(name: EventName, data: () => EventData): EventMessage {
  const type: EventType<EventMessage> = EVENTS[name];
  return type.pick ? type.pick(data()) : type.messages[0];
}

/**
 * The events of a comma list (`points,term`: any case, spaces around a name), each once, in
 * EVENT_NAMES' order; null when a name is none of them. The command line's `--events` and
 * Discord's `events:` read it.
 */
export function eventList(text: string): EventName[] | null {
  const given = text.split(',').map((each) => each.trim().toLowerCase());
  if (given.some((each) => !(EVENT_NAMES as readonly string[]).includes(each))) return null;
  return EVENT_NAMES.filter((event) => given.includes(event));
}
