import { ApplicationCommandOptionType as OptionType } from 'discord.js';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHART_BOUNDS } from '../../src/answers/chart.js';
import { MESSAGES } from '../../src/answers/errors.js';
import type { IntegerBounds } from '../../src/answers/integer-text.js';
import { ENGLISH } from '../../src/bot/i18n/index.js';
import { loadCommands } from '../../src/bot/loader.js';
import { commandServices } from '../../src/bot/services.js';
import { loadConfig } from '../../src/config.js';
import { buildApp } from '../../src/http/app.js';
import type { AnyEndpoint, Parameter } from '../../src/http/endpoint.js';
import { ENDPOINTS } from '../../src/http/endpoints/index.js';
import { registerInteractions } from '../../src/interactions/route.js';
import { createKeyVerifier } from '../../src/keys/key-verifier.js';
import { createLogger } from '../../src/logger.js';
import { ALICE } from '../bot/support/fixture.js';
import { publicPages } from '../pages/support.js';
import { commandData, interactionObject } from '../support/fake-discord/objects.js';
import { type CommandOption, InteractionSigner } from '../support/fake-discord.js';
import { fixture, MEMBER_WITH_THREE, RICH } from '../support/fixture.js';
import { openTestStore, type TestStore } from '../support/store.js';
import { accepts, dateText, integerText, optionValueText } from './support/numeric-fuzz.js';

/*
 * Every numeric and date parameter of every route, fuzzed (issue 29: `Infinity` and its kind
 * passed the checks; a width of Infinity aborted the process). The API's parameters come from
 * the endpoint declarations, the integer options from the command definitions, so a new one is
 * fuzzed without a change here; the public chart's sizes are its own route's. Every answer is a
 * success with a sound body or that parameter's own 400, never a 5xx; then the app still serves.
 * In process, through app.inject, on SQLite (the store-side cases run on both stores in
 * test/http/numeric-parameters.test.ts).
 */

const PATH_VALUES: Record<string, string> = { guildId: RICH, userId: MEMBER_WITH_THREE };
const HISTORY_400S = new Set<string>([MESSAGES.fromAfterTo, MESSAGES.tooManyEntries]);
/** A date whose answer would name an instant outside the years 0001 to 9999. */
const YEARS_400S = new Set<string>([
  MESSAGES.fromOutsideYears,
  MESSAGES.toOutsideYears,
  MESSAGES.atOutsideYears,
]);

function pathOf(endpoint: AnyEndpoint): string {
  return endpoint.path.replace(/:(\w+)/g, (_, name: string) => {
    const value = PATH_VALUES[name];
    if (value === undefined) throw new Error(`give the fuzz a value for :${name}`);
    return value;
  });
}

// A date parameter is one whose example is an ISO 8601 instant (`from`, `to`, `at`).
const isDate = (p: Parameter) => p.schema.type === 'string' && p.description.includes('ISO 8601');

interface Target {
  path: string;
  parameter: Parameter;
  bounds: IntegerBounds;
}

/** By `endpoint path?name`, so that a counterexample names its parameter, not a whole endpoint. */
const NUMERIC = new Map<string, Target>();
const DATES = new Map<string, Omit<Target, 'bounds'>>();
for (const endpoint of ENDPOINTS) {
  for (const parameter of endpoint.query) {
    const label = `${endpoint.path}?${parameter.name}`;
    const path = pathOf(endpoint);
    if (parameter.schema.type === 'integer') {
      NUMERIC.set(label, { path, parameter, bounds: parameter.schema });
    } else if (isDate(parameter)) DATES.set(label, { path, parameter });
  }
}

function at<T>(map: ReadonlyMap<string, T>, label: string): T {
  const found = map.get(label);
  if (found === undefined) throw new Error(`no ${label}`);
  return found;
}

/** What a date parameter is sent with: `at` names an instant of a period. */
const PAIRED: Record<string, string> = { at: '&period=week' };

/** Whether the text starts with a day its month has, told by Date itself. */
function startsWithCalendarDay(text: string): boolean {
  const day = text.slice(0, 10);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return false;
  const read = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(read.getTime()) && read.toISOString().slice(0, 10) === day;
}

let test: TestStore;
let app: FastifyInstance;
let key: string;
const signer = new InteractionSigner();

beforeAll(async () => {
  test = await openTestStore('sqlite', fixture);
  key = (await test.store.keyStore.create({ name: 'fuzz' })).key;
  await test.store.publication.publish(RICH);
  const keyVerifier = createKeyVerifier(test.store.keyTable);
  await keyVerifier.load();
  const logger = createLogger({ level: 'silent' });
  app = await buildApp({
    read: test.store.read,
    keyVerifier,
    logger,
    databaseReady: () => test.store.ready(),
    config: { rateLimitPerMinute: 0, failureLimitPerMinute: 0 },
    mounts: [
      publicPages(test.store),
      (mounted, { failures, budgets }) =>
        registerInteractions(
          mounted,
          {
            publicKey: signer.publicKey,
            // Never called: every command fuzzed here answers within the HTTP response.
            restUrl: 'http://127.0.0.1:9',
            services: commandServices(test.store, loadConfig({})),
            logger,
          },
          failures,
          budgets.interactionIds,
        ),
    ],
  });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await test?.cleanup();
});

const method = fc.constantFrom('GET' as const, 'HEAD' as const);

/** `?name=text`, encoded, sometimes with the parameter given twice. */
const queryOf = (name: string, text: string, twice: boolean) =>
  `?${name}=${encodeURIComponent(text)}${twice ? `&${name}=1` : ''}`;

function soundBody(url: string, body: Buffer, type: string, limit: number | null) {
  if (url.includes('/chart.png')) {
    expect(type).toBe('image/png');
    expect(body.subarray(1, 4).toString()).toBe('PNG');
    return;
  }
  const parsed = JSON.parse(body.toString()) as { status?: number; results?: unknown[] };
  expect(parsed.status).toBe(200);
  if (limit !== null) expect(parsed.results?.length).toBeLessThanOrEqual(limit);
}

describe('every numeric and date parameter, fuzzed', () => {
  it('finds the parameters in the declarations', () => {
    expect([...NUMERIC.keys()]).toEqual(
      expect.arrayContaining([
        '/v1/players/:guildId?limit',
        '/v1/jobs/:guildId?limit',
        '/v1/points/:guildId/chart.png?width',
        '/v1/points/:guildId/chart.png?height',
        '/v1/points/:guildId/chart.png?days',
      ]),
    );
    expect([...DATES.keys()]).toEqual([
      '/v1/players/:guildId?at',
      '/v1/players/:guildId/:userId/rank?at',
      '/v1/points/:guildId/history?from',
      '/v1/points/:guildId/history?to',
      '/v1/points/:guildId/log?from',
      '/v1/points/:guildId/log?to',
    ]);
  });

  it('a numeric parameter: a success within its bounds, else its own 400', async () => {
    const target = fc
      .constantFrom(...NUMERIC.keys())
      .chain((label) =>
        fc.tuple(fc.constant(label), integerText(at(NUMERIC, label).bounds), fc.boolean(), method),
      );
    await fc.assert(
      fc.asyncProperty(target, async ([label, text, twice, verb]) => {
        const { path, parameter, bounds } = at(NUMERIC, label);
        const url = `${path}${queryOf(parameter.name, text, twice)}`;
        const response = await app.inject({ method: verb, url, headers: { authorization: key } });
        const ok = !twice && accepts(text, bounds);
        // A well-formed term id names no term of the fixture: the history's own 404.
        const found = parameter.name === 'term' ? 404 : 200;
        expect(response.statusCode, url).toBe(ok ? found : 400);
        if (verb === 'HEAD') return;
        if (ok && found === 404) {
          expect(response.json(), url).toEqual({ error: MESSAGES.noTerm, status: 404 });
          return;
        }
        if (!ok) {
          expect(response.json(), url).toEqual({ error: parameter.invalid, status: 400 });
          return;
        }
        const limit = parameter.name === 'limit' ? Number(text) : null;
        soundBody(url, response.rawPayload, String(response.headers['content-type']), limit);
      }),
      { numRuns: 400 },
    );
  });

  it('a date parameter: the series, or a 400 of the history; no day a month lacks', async () => {
    const target = fc.tuple(fc.constantFrom(...DATES.keys()), dateText, fc.boolean());
    await fc.assert(
      fc.asyncProperty(target, async ([label, text, twice]) => {
        const { path, parameter } = at(DATES, label);
        const url = `${path}${queryOf(parameter.name, text, twice)}${PAIRED[parameter.name] ?? ''}`;
        const response = await app.inject({ url, headers: { authorization: key } });
        const body = response.json<{
          error?: string;
          status: number;
          points?: unknown[];
          results?: unknown[];
        }>();
        expect(body.status, url).toBe(response.statusCode);
        // Text that starts with no calendar day is that parameter's 400, never a later one.
        if (twice || !startsWithCalendarDay(text)) {
          expect(body, url).toEqual({ error: parameter.invalid, status: 400 });
        } else if (response.statusCode === 200) {
          // The ledger's instants filter it: a range may keep no entry.
          const least = path.includes('/log') ? 0 : 1;
          expect((body.points ?? body.results)?.length, url).toBeGreaterThanOrEqual(least);
          // Every instant it names has four digits of year, never `-000001-…` or `+010000-…`.
          expect(response.body, url).not.toMatch(/"[+-]\d{6}-/);
        } else {
          expect(response.statusCode, url).toBe(400);
          expect([parameter.invalid, ...HISTORY_400S, ...YEARS_400S], url).toContain(body.error);
        }
      }),
      { numRuns: 300 },
    );
  });

  it("the public chart's size: the picture within its bounds, else a 400 page naming it", async () => {
    const sizes = (['width', 'height'] as const).map((name) => ({
      name,
      bounds: CHART_BOUNDS[name],
    }));
    const target = fc
      .constantFrom(...sizes)
      .chain((size) => fc.tuple(fc.constant(size), integerText(size.bounds), method));
    await fc.assert(
      fc.asyncProperty(target, async ([{ name, bounds }, text, verb]) => {
        const url = `/cup/${RICH}/chart.png${queryOf(name, text, false)}`;
        const response = await app.inject({ method: verb, url });
        const ok = accepts(text, bounds);
        expect(response.statusCode, url).toBe(ok ? 200 : 400);
        if (verb === 'HEAD') return;
        if (ok) soundBody(url, response.rawPayload, String(response.headers['content-type']), null);
        else expect(response.body).toContain(`Invalid ${name}: must be an integer from`);
      }),
      { numRuns: 150 },
    );
  });

  it('an integer option of a command: an answer, never the apology', async () => {
    const options = await integerOptions();
    expect(options.map((o) => o.path.join(' '))).toContain('apikey revoke id');
    let sent = 0;
    const target = fc.tuple(fc.constantFrom(...options), optionValueText);
    await fc.assert(
      fc.asyncProperty(target, async ([{ path, type, others }, raw]) => {
        sent += 1;
        const [command = '', ...rest] = path;
        const leaf: CommandOption = { name: rest.at(-1) ?? '', type, value: 0 };
        const given = [leaf, ...others];
        const tree: CommandOption[] =
          rest.length === 2 ? [{ name: rest[0] ?? '', type: 1, options: given }] : given;
        const interaction = interactionObject(
          { id: String(900_000_000_000_000_000n + BigInt(sent)), token: `fuzz-${sent}` },
          2,
          { guildId: RICH, user: ALICE },
          commandData('1', command, tree, []),
        );
        // A function, so that `$&` and friends in the fuzzed text stay literal.
        const body = JSON.stringify(interaction).replace('"value":0', () => `"value":${raw}`);
        const response = await app.inject({
          method: 'POST',
          url: '/interactions',
          headers: signer.headers(body),
          payload: body,
        });
        expect(response.statusCode, body).toBe(200);
        const answer = response.json<{ type: number; data?: { content?: string } }>();
        expect(answer.type, raw).toBe(4);
        expect(answer.data?.content, raw).not.toBe(ENGLISH.t.errors.apology);
      }),
      { numRuns: 150 },
    );
  });

  it('still serves after all of it', async () => {
    const points = await app.inject({ url: `/v1/points/${RICH}`, headers: { authorization: key } });
    expect(points.statusCode).toBe(200);
    expect((await app.inject({ url: '/readyz' })).statusCode).toBe(200);
  });
});

/** Every integer or number option of the commands, as [command, subcommand?, option]. */
async function integerOptions() {
  const numeric: number[] = [OptionType.Integer, OptionType.Number];
  const found: { path: string[]; type: number; others: CommandOption[] }[] = [];
  type Option = {
    name: string;
    type: number;
    options?: readonly Option[];
    required?: boolean;
    choices?: readonly { value: string | number }[];
  };
  const walk = (path: string[], options: readonly Option[]) => {
    for (const option of options) {
      if (option.type === OptionType.Subcommand) walk([...path, option.name], option.options ?? []);
      else if (numeric.includes(option.type)) {
        // The required options beside it (an award's house and reason), each with a sound value.
        const others = options
          .filter((o) => o.required && o !== option)
          .map((o) => ({ name: o.name, type: o.type, value: soundValue(o) }));
        found.push({ path: [...path, option.name], type: option.type, others });
      }
    }
  };
  for (const { definition } of await loadCommands()) {
    walk([definition.name], (definition.options ?? []) as readonly Option[]);
  }
  return found;
}

/** A value Discord could send for a required option that is not the one fuzzed. */
function soundValue(option: {
  type: number;
  choices?: readonly { value: string | number }[];
}): string | number {
  const choice = option.choices?.[0]?.value;
  if (choice !== undefined) return choice;
  if (option.type === OptionType.User) return MEMBER_WITH_THREE;
  if (option.type === OptionType.Integer || option.type === OptionType.Number) return 1;
  return 'fuzzed';
}
