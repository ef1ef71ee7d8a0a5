import { EVERY_AREA } from '../areas.js';
import { defineEndpoint } from '../endpoint.js';
import { openEventStream } from '../event-streams.js';
import { guildIdParam } from '../parameters.js';
import { DEMO_GUILD } from './demo-ids.js';

/**
 * What a client reads first from the demo guild (test/ops/openapi.test.ts checks it live). The
 * demo guild has a term: its digest is the ids' fifth part, held from the start.
 */
const EXAMPLE = [
  'id: mA9rSj7X....ZBssEqsv',
  'event: points',
  'data: {"gryffindor":1240,"slytherin":1185,"ravenclaw":960,"hufflepuff":1012,"status":200}',
  '',
  'id: mA9rSj7X.mlMcw1mB...ZBssEqsv',
  'event: premium',
  `data: {"guildId":"${DEMO_GUILD}","premium":true,"status":200}`,
  '',
  'id: mA9rSj7X.mlMcw1mB.dZwkns6Q..ZBssEqsv',
  'event: players',
  'data: {"count":47}',
  '',
  'id: mA9rSj7X.mlMcw1mB.dZwkns6Q.M7OTWm9L.ZBssEqsv',
  'event: jobs',
  'data: {"count":6}',
  '',
  ': keep-alive',
  '',
  '',
].join('\n');

export const streamEvents = defineEndpoint({
  area: EVERY_AREA,
  path: '/v1/events/:guildId',
  operationId: 'streamEvents',
  summary: 'Live updates of a guild (server-sent events)',
  description:
    'A text/event-stream that stays open: at once one event per area (points and premium: the body GET /v1/points/:guildId and GET /v1/premium/:guildId answer, 200 or 404; players and jobs: {"count":N}), then one event each time an area\'s answer changes. Every event has an id: send the last one back in Last-Event-ID when reconnecting to get only the areas that changed since. A ": keep-alive" comment comes at least every 25 s. At most EVENT_STREAMS_PER_KEY (default 20) open streams per key; one more is a 429.',
  params: [guildIdParam],
  query: [],
  headers: [
    {
      name: 'Last-Event-ID',
      description:
        'The id of the last event received: only the areas that changed since are sent (all four when it is absent or not an id of this API)',
      example: 'mA9rSj7X.mlMcw1mB.dZwkns6Q.M7OTWm9L',
    },
  ],
  guildScoped: true,
  ok: {
    description: 'The stream: four events at once, then one per change',
    mediaType: 'text/event-stream',
    example: EXAMPLE,
  },
  handle(deps, { params }, request, reply) {
    openEventStream(deps.events, request, reply, params.guildId);
  },
});
