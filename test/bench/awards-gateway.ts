import { HOUSES } from '../../src/records/houses.js';
import {
  type CommandOption,
  FAKE_TOKEN,
  FakeDiscord,
  type InteractionCallback,
} from '../support/fake-discord.js';
import type { Served } from './processes.js';
import { percentile } from './stats.js';

/*
 * An award's answer over the gateway (docs/awards.md, "In Discord"): the real node (the production
 * build, its own process, on the section's scratch copy) logged in to the fake Discord, which runs
 * in the bench's process, sends `/award give` as INTERACTION_CREATE and times each one from its
 * dispatch to the bot's callback arriving (the fake's own `roundTripMs`). Each answer must be an
 * immediate public reply (type 4, the award's text), never a deferral (type 5) that a slow award
 * would need. `/points` of a guild with points, a command that answers at once without writing,
 * takes turns with it as the baseline: one award, one /points, the pair's order alternating.
 * One interaction at a time, a short pause between: what a member meets on a node that is not
 * saturated. Awards are spread over guilds of their own, at most AWARDS_PER_GUILD each, so that
 * none meets the guild's 30 a minute.
 */

/** Awards given in one guild at most: under the 30 a minute every guild is held to. */
const AWARDS_PER_GUILD = 25;
/** Untimed interactions of each command first: the node's code compiled, its caches warm. */
const WARM_UP = 5;
/** Longer than any answer may take (Discord's 3 s, then a deferral's 15 minutes would start). */
const GIVE_UP_MS = 10_000;
const PAUSE_MS = 10;
/** Guilds /points is asked of, in turn. */
const POINTS_GUILDS = 20;
const USER = { id: '500000000000000002', username: 'bench-prefect' };
const MEMBER = { id: '500000000000000003', username: 'bench-student' };
/** Guilds of their own for the awards: the dataset has none of these ids. */
const awardGuildOf = (i: number) => String(1_400_000_000_000_000_000n + BigInt(i));

export interface GatewayFigures {
  samples: number;
  /** Answers of type 4 (a reply carrying the message), and the others. */
  immediate: number;
  deferred: number;
  /** Dispatch of INTERACTION_CREATE → the callback at the fake Discord. */
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

export interface AwardsGatewayReport {
  award: GatewayFigures;
  points: GatewayFigures;
  /** Guilds the awards were spread over. */
  guilds: number;
}

export interface AwardsGatewayOptions {
  /** Guilds of the dataset that have points: /points is asked of them. */
  pointsGuilds: readonly string[];
  samples: number;
  /** Starts the real node with this configuration besides its defaults (sections.ts' serve). */
  serve(env: Record<string, string>): Promise<Served>;
  stop(served: Served): Promise<void>;
  failures: string[];
  log(line: string): void;
}

const give = (n: number): CommandOption[] => [
  {
    name: 'give',
    type: 1,
    options: [
      {
        name: 'house',
        type: 3,
        value: HOUSES[n % HOUSES.length] ?? 'gryffindor',
      },
      { name: 'points', type: 4, value: 1 + (n % 20) },
      { name: 'reason', type: 3, value: `Bench award ${n}: helped a first year` },
      ...(n % 2 === 0 ? [{ name: 'member', type: 6, value: MEMBER.id }] : []),
    ],
  },
];

function within<T>(promise: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${what}: no answer in ${GIVE_UP_MS} ms`)),
      GIVE_UP_MS,
    );
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

function figures(callbacks: readonly InteractionCallback[]): GatewayFigures {
  const times = callbacks.map((c) => c.roundTripMs).sort((a, b) => a - b);
  const immediate = callbacks.filter((c) => c.type === 4).length;
  return {
    samples: callbacks.length,
    immediate,
    deferred: callbacks.length - immediate,
    p50Ms: percentile(times, 50),
    p99Ms: percentile(times, 99),
    maxMs: times.at(-1) ?? 0,
  };
}

export async function awardsGateway(options: AwardsGatewayOptions): Promise<AwardsGatewayReport> {
  const { samples, failures } = options;
  const total = samples + WARM_UP;
  const guilds = Array.from({ length: Math.ceil(total / AWARDS_PER_GUILD) }, (_, i) =>
    awardGuildOf(i),
  );
  const pointsGuilds = options.pointsGuilds.slice(0, POINTS_GUILDS);
  const fake = await FakeDiscord.start({ guilds: [...guilds, ...pointsGuilds] });
  let node: Served | undefined;
  try {
    node = await options.serve({ DISCORD_TOKEN: FAKE_TOKEN, DISCORD_REST_URL: fake.restUrl });
    await within(fake.waitForHandshake(0), 'the bot logging in');
    const award = async (n: number) => {
      const guildId = guilds[n % guilds.length] ?? '';
      const interaction = fake.command('award', give(n), { guildId, user: USER }, [MEMBER]);
      const callback = await within(fake.sendInteraction(interaction), `/award give #${n}`);
      const content = callback.data.content ?? '';
      // A refusal (the rate, bad input) is a type 4 too, but private: not an award's answer.
      if (((callback.data.flags ?? 0) & 64) !== 0 || !content.includes('Award #')) {
        failures.push(
          `awards gateway: /award give #${n} answered ${JSON.stringify(callback.data)}`,
        );
      }
      return callback;
    };
    const points = async (n: number) => {
      const guildId = pointsGuilds[n % pointsGuilds.length] ?? '';
      const interaction = fake.command('points', [], { guildId, user: USER });
      const callback = await within(fake.sendInteraction(interaction), `/points #${n}`);
      if ((callback.data.embeds?.length ?? 0) === 0) {
        failures.push(`awards gateway: /points answered ${JSON.stringify(callback.data)}`);
      }
      return callback;
    };
    const awards: InteractionCallback[] = [];
    const baseline: InteractionCallback[] = [];
    options.log(`awards: ${samples} /award give and ${samples} /points over the gateway`);
    for (let n = 0; n < total; n++) {
      const pair =
        n % 2 === 0
          ? [await award(n), await points(n)]
          : [await points(n), await award(n)].reverse();
      if (n >= WARM_UP) {
        awards.push(pair[0] as InteractionCallback);
        baseline.push(pair[1] as InteractionCallback);
      }
      await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
    }
    return { award: figures(awards), points: figures(baseline), guilds: guilds.length };
  } finally {
    if (node) await options.stop(node);
    await fake.close();
  }
}
