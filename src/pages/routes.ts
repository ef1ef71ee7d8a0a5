import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  type AnswerCache,
  type Built,
  type CachedAnswer,
  matchesEtag,
} from '../answers/answer-cache.js';
import { CHART_BOUNDS, CHART_DEFAULTS, chartAnswer } from '../answers/chart.js';
import { ApiError, type ErrorPage, type ErrorPages } from '../answers/errors.js';
import { chartSeries, weekChange } from '../answers/house-cup.js';
import { integerOfText, invalidIntegerText, isWithin } from '../answers/integer-text.js';
import { currentPoints } from '../answers/stored-points.js';
import type { Budgets } from '../budgets/budgets.js';
import type { RenderSlots } from '../budgets/render-slots.js';
import { openStream, STREAM_RETRY_AFTER_S } from '../events/open-stream.js';
import type { Logger } from '../logger.js';
import type { ReadService } from '../read/service.js';
import { ID_PATTERN } from '../records/field.js';
import { HOUSES, type House } from '../records/houses.js';
import { periodAt } from '../records/periods.js';
import { DEFAULT_PAGE_TITLE } from '../records/published-guild.js';
import { type Asset, loadAssets } from './assets.js';
import { HALL_SIZE, termsView } from './hall-of-cups.js';
import { AWARDS_SHOWN } from './latest-awards.js';
import { PublicStreams } from './public-streams.js';
import {
  badRequestPage,
  CHART_DAYS,
  methodNotAllowedPage,
  notFoundPage,
  scoreboardPage,
  tooManyRequestsPage,
  unavailablePage,
} from './scoreboard-page.js';

/*
 * The public scoreboard (docs/scoreboard.md): GET /cup/:guildId (HTML), its chart, its live points
 * and its assets. No key: only for guilds that chose to publish, limited per client address,
 * nothing from another origin and no player data.
 */

interface PublicPagesOptions {
  read: ReadService;
  cache: AnswerCache;
  generation(guildId: string): string;
  budgets: Budgets;
  /** PUBLIC_LIMIT_PER_MINUTE; 0 = no limit. */
  limitPerMinute: number;
  /** PUBLIC_STREAMS_PER_ADDRESS; 0 = no limit. */
  streamsPerAddress: number;
  /** Where these routes claim every error under /cup, answered with the pages below. */
  errorPages: ErrorPages;
  /** The node's render slots, shared with the API and the bot. */
  renders: RenderSlots;
  logger: Logger;
}

/** Everything on these routes comes from this server: no other origin, no framing elsewhere. */
const SECURITY_HEADERS = {
  'content-security-policy':
    "default-src 'self'; img-src 'self'; style-src 'self'; script-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
};

const GUILD_ID = new RegExp(ID_PATTERN);
const HTML = 'text/html; charset=utf-8';
const NOT_FOUND = Buffer.from(notFoundPage());
const TOO_MANY = Buffer.from(tooManyRequestsPage());
const UNAVAILABLE = Buffer.from(unavailablePage());
const NOT_ALLOWED = Buffer.from(methodNotAllowedPage());
const BAD_ADDRESS = Buffer.from(badRequestPage('This address cannot be read.'));

/** The statuses with a page of their own. */
const ERROR_PAGES: Readonly<Record<number, Buffer>> = {
  400: BAD_ADDRESS,
  405: NOT_ALLOWED,
  429: TOO_MANY,
};

/**
 * The page for any error under /cup that these routes do not answer themselves: an undecodable
 * or unknown path, another method, a failed read. The status stays what the server said; any
 * other client error names no scoreboard, so it shows the page of a missing one.
 */
function errorPage(status: number): ErrorPage {
  const body = ERROR_PAGES[status] ?? (status >= 500 ? UNAVAILABLE : NOT_FOUND);
  return { type: HTML, body, headers: SECURITY_HEADERS };
}

function send(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: CachedAnswer | Asset,
  cacheControl: string,
) {
  reply.headers(SECURITY_HEADERS);
  if (answer.etag) {
    reply.header('etag', answer.etag).header('cache-control', cacheControl);
    if (matchesEtag(request.headers['if-none-match'], answer.etag)) {
      reply.code(304).send();
      return;
    }
  }
  const status = 'status' in answer ? answer.status : 200;
  reply
    .code(status)
    .header('content-type', answer.type ?? 'application/json; charset=utf-8')
    .send(answer.body);
}

function tooManyRequests(reply: FastifyReply, retryAfterS: number | string) {
  reply
    .code(429)
    .headers(SECURITY_HEADERS)
    .header('retry-after', String(retryAfterS))
    .header('content-type', HTML)
    .send(TOO_MANY);
}

function notFound(reply: FastifyReply) {
  reply.code(404).headers(SECURITY_HEADERS).header('content-type', HTML).send(NOT_FOUND);
}

/** A chart size out of its bounds: 400, with the API's text for it. */
function badSize(reply: FastifyReply, name: 'width' | 'height') {
  const page = badRequestPage(invalidIntegerText(name, CHART_BOUNDS[name]));
  reply.code(400).headers(SECURITY_HEADERS).header('content-type', HTML).send(page);
}

export async function registerPublicPages(
  app: FastifyInstance,
  options: PublicPagesOptions,
): Promise<PublicStreams> {
  const { read, cache, generation, budgets } = options;
  const assets = loadAssets();
  const streams = new PublicStreams({ read, cache, generation, logger: options.logger });
  options.errorPages.own('/cup', errorPage);
  app.addHook('preClose', (done) => {
    streams.close();
    done();
  });

  const cached = async (
    request: FastifyRequest,
    reply: FastifyReply,
    guildId: string,
    cacheKey: string,
    build: () => Promise<Built>,
  ) => {
    const answer = await cache.get(cacheKey, () => generation(guildId), build);
    // The chart of a published guild whose points were removed is the API's 404 JSON: here, as
    // every error under /cup, the 404 page.
    if (answer.status === 404 && answer.type !== HTML) return notFound(reply);
    send(request, reply, answer, 'no-cache');
  };

  await app.register(async (cup) => {
    // Each client address gets PUBLIC_LIMIT_PER_MINUTE requests a minute, across nodes with Redis.
    cup.addHook('onRequest', (request, reply, done) => {
      if (options.limitPerMinute <= 0) return done();
      budgets.publicRequests.hit(request.ip, (count, leftMs) => {
        if (count <= options.limitPerMinute) return done();
        tooManyRequests(reply, Math.max(1, Math.ceil(leftMs / 1000)));
      });
    });

    cup.get<{ Params: { file: string } }>(
      '/cup/assets/:file',
      { schema: { hide: true } },
      (request, reply) => {
        const asset = assets.get(request.params.file);
        if (!asset) return notFound(reply);
        send(request, reply, asset, 'public, max-age=300');
      },
    );

    cup.get<{ Params: { guildId: string }; Querystring: { overlay?: string } }>(
      '/cup/:guildId',
      { schema: { hide: true } },
      async (request, reply) => {
        const { guildId } = request.params;
        if (!GUILD_ID.test(guildId)) return notFound(reply);
        const overlay = request.query.overlay === '1';
        await cached(request, reply, guildId, `cup:${guildId}:${overlay}`, async () => {
          const publication = await read.publication.get(guildId);
          if (!publication) return { status: 404, body: NOT_FOUND, type: HTML, keep: false };
          const now = Date.now();
          const week = periodAt('week', new Date(now));
          const standings = await currentPoints(read, guildId);
          const change = standings && (await weekChange(read, guildId, standings, now));
          const series =
            standings && !overlay ? (await chartSeries(read, guildId, CHART_DAYS, now)).points : [];
          // The hall's terms and, before them, the open one when there is one.
          const terms = await read.terms.list(guildId, { limit: HALL_SIZE + 1 });
          const awards = await read.ledger.list(
            guildId,
            { limit: AWARDS_SHOWN },
            { source: 'award' },
          );
          const body = scoreboardPage({
            guildId,
            title: publication.title ?? DEFAULT_PAGE_TITLE,
            standings,
            weekChange: change ?? NO_CHANGE,
            overlay,
            series,
            terms: termsView(terms.items, terms.next !== null),
            awards: awards.items,
            weekEndsAt: week.to,
          });
          // Both move on with time alone: the chart ends now (a minute, as the PNG's lines do),
          // and "this week" is the UTC week from Monday 00:00, which starts again from nothing at
          // its end: the page then is drawn anew, whether or not anything was written.
          const staleAt = Math.min(now + 60_000, Date.parse(week.to));
          return { status: 200, body, type: HTML, staleAt };
        });
      },
    );

    cup.get<{ Params: { guildId: string }; Querystring: Record<string, unknown> }>(
      '/cup/:guildId/chart.png',
      { schema: { hide: true } },
      async (request, reply) => {
        const { guildId } = request.params;
        if (!GUILD_ID.test(guildId) || !(await read.publication.isPublished(guildId))) {
          return notFound(reply);
        }
        const width = sizeOf(request.query, 'width');
        if (width === null) return badSize(reply, 'width');
        const height = sizeOf(request.query, 'height');
        if (height === null) return badSize(reply, 'height');
        const answer = chartAnswer(read, options.renders, guildId, {
          width,
          height,
          days: CHART_DEFAULTS.days,
        });
        // A chart to render (none cached, none being built) counts against the address's budget.
        const current = generation(guildId);
        const toRender =
          !cache.peek(answer.cacheKey, current) && !cache.isBuilding(answer.cacheKey, current);
        if (toRender) {
          const waitS = await new Promise<number>((resolve) =>
            budgets.renders.take({ address: request.ip }, resolve),
          );
          if (waitS > 0) return tooManyRequests(reply, waitS);
        }
        try {
          await cached(request, reply, guildId, answer.cacheKey, answer.build);
        } catch (error) {
          // Every render slot of the node taken: the page's own 429.
          if (!(error instanceof ApiError) || error.status !== 429) throw error;
          tooManyRequests(reply, error.headers['retry-after'] ?? 1);
        }
      },
    );

    cup.get<{ Params: { guildId: string } }>(
      '/cup/:guildId/events',
      { schema: { hide: true } },
      async (request, reply) => {
        const { guildId } = request.params;
        if (!GUILD_ID.test(guildId) || !(await read.publication.isPublished(guildId))) {
          return notFound(reply);
        }
        reply.headers(SECURITY_HEADERS);
        // Awaited: nothing answers this request until the address' slot is known (with Redis,
        // a moment later), and a refusal or a failure is answered by this route.
        await openStream(reply, {
          slots: budgets.streams,
          owner: `public:${request.ip}`,
          limit: options.streamsPerAddress,
          refuse: () => tooManyRequests(reply, STREAM_RETRY_AFTER_S),
          start: (response, slot) => streams.add(guildId, response, () => slot.release()),
        });
      },
    );
  });
  return streams;
}

const NO_CHANGE = Object.fromEntries(HOUSES.map((house) => [house, null])) as Record<House, null>;

/**
 * A size of the chart: the default when absent; else read as every numeric parameter is
 * (integer-text.ts) within the API's bounds, or null: the same 400 text as the API's.
 */
function sizeOf(query: Record<string, unknown>, name: 'width' | 'height'): number | null {
  const text = query[name];
  if (text === undefined) return CHART_DEFAULTS[name];
  const value = typeof text === 'string' ? integerOfText(text) : undefined;
  return isWithin(value, CHART_BOUNDS[name]) ? value : null;
}
